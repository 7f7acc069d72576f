/**
 * Points Pi at an emulator: writes an agent directory whose models.json declares a custom provider
 * (api `anthropic-messages`, so Pi's real Anthropic provider and the official SDK do the talking) with
 * the emulated models at their list prices. The same directory serves a `pi` subprocess (through
 * PI_CODING_AGENT_DIR) and an in-process SDK session (through `openModelRuntime`).
 *
 * The models declare no `promptCache` lifetime, so Pi's cache warming never sends refresh requests of
 * its own; measured traffic is only what a session asks for.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { EMULATED_MODELS, type EmulatedModel, SONNET } from "./models.ts";

export const EMULATOR_PROVIDER = "emulator";
export const EMULATOR_API_KEY = "emulator-key";

export interface AgentDirOptions {
	/** The emulator's base URL. */
	url: string;
	/** Directory to write into (created if missing); default: a fresh temporary directory. */
	dir?: string;
	models?: readonly EmulatedModel[];
	/** Model Pi starts with when no --model is given. */
	defaultModel?: string;
	/** Extra settings merged into settings.json. */
	settings?: Record<string, unknown>;
}

export interface EmulatorAgentDir {
	agentDir: string;
	modelsPath: string;
	authPath: string;
	provider: string;
	/** `emulator/<id>` for `pi --model`; the default model when `id` is omitted. */
	modelRef(id?: string): string;
	/** Environment for a `pi` subprocess. */
	env: { PI_CODING_AGENT_DIR: string };
}

/** The models.json document for an emulator at `url`. */
export function modelsJson(url: string, models: readonly EmulatedModel[] = EMULATED_MODELS) {
	return {
		providers: {
			[EMULATOR_PROVIDER]: {
				name: "Anthropic API emulator",
				baseUrl: url,
				api: "anthropic-messages",
				apiKey: EMULATOR_API_KEY,
				models: models.map((m) => ({
					id: m.id,
					name: m.name,
					reasoning: false,
					input: ["text", "image"],
					cost: {
						input: m.prices.input,
						output: m.prices.output,
						cacheRead: m.prices.cacheRead,
						cacheWrite: m.prices.cacheWrite5m,
					},
					contextWindow: m.contextWindow,
					maxTokens: m.maxTokens,
				})),
			},
		},
	};
}

export function writeAgentDir(options: AgentDirOptions): EmulatorAgentDir {
	const agentDir = options.dir ?? mkdtempSync(join(tmpdir(), "pi-emulator-agent-"));
	mkdirSync(agentDir, { recursive: true });
	const models = options.models ?? EMULATED_MODELS;
	const defaultModel = options.defaultModel ?? (models.includes(SONNET) ? SONNET.id : models[0]!.id);
	const modelsPath = join(agentDir, "models.json");
	const authPath = join(agentDir, "auth.json");
	writeFileSync(modelsPath, `${JSON.stringify(modelsJson(options.url, models), null, "\t")}\n`);
	writeFileSync(authPath, "{}\n", { mode: 0o600 });
	const settings = {
		defaultProvider: EMULATOR_PROVIDER,
		defaultModel,
		defaultThinkingLevel: "off",
		...options.settings,
	};
	writeFileSync(join(agentDir, "settings.json"), `${JSON.stringify(settings, null, "\t")}\n`);
	return {
		agentDir,
		modelsPath,
		authPath,
		provider: EMULATOR_PROVIDER,
		modelRef: (id = defaultModel) => `${EMULATOR_PROVIDER}/${id}`,
		env: { PI_CODING_AGENT_DIR: agentDir },
	};
}

/** A ModelRuntime reading the agent directory's models.json, with every network refresh off. */
export async function openModelRuntime(dir: EmulatorAgentDir): Promise<ModelRuntime> {
	return ModelRuntime.create({
		authPath: dir.authPath,
		modelsPath: dir.modelsPath,
		modelsStorePath: join(dir.agentDir, "models-store.json"),
		allowModelNetwork: false,
		refreshOnCreate: false,
	});
}
