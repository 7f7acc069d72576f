/**
 * An in-process model runtime with Pi's faux provider, for runner tests. Faux usage is an estimate
 * and its cost is always 0, so tests that need dollars patch usage onto the scripted messages
 * through `priced`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	type AssistantMessage,
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxProvider,
	fauxText,
	fauxToolCall,
} from "@earendil-works/pi-ai";
import { ModelRuntime } from "@earendil-works/pi-coding-agent";

export { fauxAssistantMessage, fauxText, fauxToolCall };

export interface FauxRuntime {
	runtime: ModelRuntime;
	agentDir: string;
	provider: string;
	model: string;
	/** Queues the assistant turns (one per model request). */
	script(steps: FauxResponseStep[]): void;
	/** System prompts the model received, one per request. */
	systemPrompts: string[];
}

export async function fauxRuntime(): Promise<FauxRuntime> {
	const agentDir = mkdtempSync(join(tmpdir(), "pi-delegate-agent-"));
	const runtime = await ModelRuntime.create({
		authPath: join(agentDir, "auth.json"),
		modelsPath: null,
		allowModelNetwork: false,
		refreshOnCreate: false,
	});
	const faux = fauxProvider({
		provider: "faux",
		models: [{ id: "faux-1", cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } }],
	});
	runtime.registerNativeProvider(faux.provider);
	const systemPrompts: string[] = [];
	return {
		runtime,
		agentDir,
		provider: "faux",
		model: "faux-1",
		systemPrompts,
		script(steps) {
			faux.setResponses(
				steps.map((step) => (context, options, state, model) => {
					const system = context.messages.find((m) => m.role === "system") as
						| { sections?: Record<string, string>; content?: string }
						| undefined;
					systemPrompts.push(system?.sections ? Object.values(system.sections).join("\n\n") : (system?.content ?? ""));
					return typeof step === "function" ? step(context, options, state, model) : step;
				}),
			);
		},
	};
}

/** Gives a scripted message a usage with a real cost, so usd budgets can be tested. */
export function priced(message: AssistantMessage, costUsd: number): AssistantMessage {
	return {
		...message,
		usage: {
			input: 1000,
			output: 100,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 1100,
			cost: { input: costUsd / 2, output: costUsd / 2, cacheRead: 0, cacheWrite: 0, total: costUsd },
		},
	};
}
