/**
 * The model runtime children share. Pi (1.6) offers an extension no public way to reach its own
 * runtime, so pi-delegate builds one the way Pi does — from the same agent directory's auth.json and
 * models.json — and then adds the providers that are registered outside those files:
 *
 * - inside Pi, the parent's extension-registered providers are copied from `ctx.modelRegistry`
 *   (getRegisteredProviderIds / getRegisteredNativeProvider / getRegisteredProviderConfig are public);
 * - on the command line, provider extensions named by `--extension` (or the `providerExtensions`
 *   setting) are loaded by Pi's own extension loader into a host session that stays open for the
 *   process's lifetime, so their providers stay registered in the shared runtime.
 *
 * One runtime serves every child: a fresh runtime per child costs time and memory for nothing.
 */
import { join } from "node:path";
import {
	type AgentSession,
	createAgentSession,
	DefaultResourceLoader,
	type ModelRegistry,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { Problem } from "../problems.ts";
import type { ModelChoice } from "./types.ts";

export interface Host {
	runtime: ModelRuntime;
	/** Load errors of provider extensions, as problems. */
	problems: Problem[];
	dispose(): void;
}

export async function createRuntime(agentDir: string): Promise<ModelRuntime> {
	return ModelRuntime.create({
		authPath: join(agentDir, "auth.json"),
		modelsPath: join(agentDir, "models.json"),
		allowModelNetwork: false,
	});
}

/** A runtime for the command line, with the given provider extensions loaded into it. */
export async function createCliHost(options: {
	cwd: string;
	agentDir: string;
	extensions: readonly string[];
}): Promise<Host> {
	const runtime = await createRuntime(options.agentDir);
	if (options.extensions.length === 0) return { runtime, problems: [], dispose() {} };
	const loader = new DefaultResourceLoader({
		cwd: options.cwd,
		agentDir: options.agentDir,
		settingsManager: SettingsManager.inMemory({}),
		noExtensions: true,
		additionalExtensionPaths: [...options.extensions],
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await loader.reload();
	const problems: Problem[] = loader.getExtensions().errors.map((e) => ({
		path: "--extension",
		value: e.path,
		message: `the extension failed to load: ${e.error}`,
		fix: "fix the extension, or leave it out",
	}));
	const { session }: { session: AgentSession } = await createAgentSession({
		cwd: options.cwd,
		agentDir: options.agentDir,
		modelRuntime: runtime,
		resourceLoader: loader,
		sessionManager: SessionManager.inMemory(options.cwd),
		settingsManager: SettingsManager.inMemory({}),
		noTools: "all",
	});
	await session.bindExtensions({});
	return { runtime, problems, dispose: () => session.dispose() };
}

/** A runtime for children started inside Pi: the agent dir's providers plus the parent's extension-registered ones. */
export async function createPiHost(agentDir: string, parent: ModelRegistry): Promise<Host> {
	const runtime = await createRuntime(agentDir);
	for (const id of parent.getRegisteredProviderIds()) {
		const native = parent.getRegisteredNativeProvider(id);
		if (native) runtime.registerNativeProvider(native);
		else {
			const config = parent.getRegisteredProviderConfig(id);
			if (config) runtime.registerProvider(id, config);
		}
	}
	return { runtime, problems: [], dispose() {} };
}

/** Says, before anything runs, whether a chosen model exists and has credentials. */
export async function checkModel(runtime: ModelRuntime, choice: ModelChoice): Promise<Problem[]> {
	const ref = `${choice.provider}/${choice.id}`;
	const model = runtime.getModel(choice.provider, choice.id);
	if (!model) {
		const known = runtime.getModels(choice.provider).map((m) => `${choice.provider}/${m.id}`);
		return [
			{
				path: `model (${choice.reason})`,
				value: ref,
				message:
					known.length > 0
						? `no model "${choice.id}" in provider "${choice.provider}"`
						: `no provider "${choice.provider}" is configured`,
				fix:
					known.length > 0
						? `use one of: ${known.slice(0, 8).join(", ")}${known.length > 8 ? ", …" : ""} (pi --list-models shows all)`
						: "check the name (pi --list-models), add it to models.json, or load its provider extension with --extension",
			},
		];
	}
	const auth = await runtime.checkAuth(choice.provider).catch(() => undefined);
	if (!auth && !runtime.hasConfiguredAuth(choice.provider)) {
		return [
			{
				path: `model (${choice.reason})`,
				value: ref,
				message: `no credentials for provider "${choice.provider}"`,
				fix: `log in with pi (/login), or set the provider's API key environment variable`,
			},
		];
	}
	return [];
}
