/**
 * An in-process model runtime with Pi's faux provider, for runner tests. Faux usage is an estimate
 * and its cost is always 0, so tests that need dollars patch usage onto the scripted messages
 * through `priced`.
 */
import { join } from "node:path";
import {
	type AssistantMessage,
	type AssistantMessageEventStream,
	createAssistantMessageEventStream,
	createFauxCore,
	createProvider,
	type FauxResponseStep,
	fauxAssistantMessage,
	fauxText,
	fauxToolCall,
} from "@earendil-works/pi-ai";
import { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { tempDir } from "./temp.ts";

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
	const agentDir = tempDir("pi-delegate-agent-");
	const runtime = await ModelRuntime.create({
		authPath: join(agentDir, "auth.json"),
		modelsPath: null,
		allowModelNetwork: false,
		refreshOnCreate: false,
	});
	const faux = createFauxCore({
		provider: "faux",
		models: [{ id: "faux-1", cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } }],
	});
	const withCost =
		(stream: typeof faux.stream): typeof faux.stream =>
		(model, context, options) => {
			const inner = stream(model, context, options);
			const outer = createAssistantMessageEventStream();
			void (async () => {
				for await (const event of inner) {
					if (event.type === "done") applyCost(event.message);
					outer.push(event);
				}
				outer.end();
			})();
			return outer as AssistantMessageEventStream;
		};
	runtime.registerNativeProvider(
		createProvider({
			id: "faux",
			auth: { apiKey: { name: "Faux", resolve: async () => ({ auth: {} }) } },
			models: faux.models,
			api: { stream: withCost(faux.stream), streamSimple: withCost(faux.streamSimple) },
		}),
	);
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

type Priced = AssistantMessage & { pricedUsd?: number };

/** Replaces the faux provider's zero cost with the price a message was scripted with. */
function applyCost(message: Priced): void {
	if (message.pricedUsd === undefined) return;
	const usd = message.pricedUsd;
	delete message.pricedUsd;
	message.usage = {
		...message.usage,
		cost: { input: usd / 2, output: usd / 2, cacheRead: 0, cacheWrite: 0, total: usd },
	};
}

/**
 * Gives a scripted message a real cost, so usd budgets can be tested. (Faux replaces a scripted
 * usage with its own estimate, so the price travels on the message and is applied to the result.)
 */
export function priced(message: AssistantMessage, costUsd: number): AssistantMessage {
	return Object.assign(message, { pricedUsd: costUsd });
}
