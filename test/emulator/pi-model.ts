/** A pi-ai model object pointing Pi's real Anthropic provider at an emulator. */
import type { Context, Model } from "@earendil-works/pi-ai";
import { type EmulatedModel, SONNET } from "../../bench/emulator/index.ts";

export function piModel(url: string, model: EmulatedModel = SONNET): Model<"anthropic-messages"> {
	return {
		id: model.id,
		name: model.name,
		api: "anthropic-messages",
		provider: "emulator",
		baseUrl: url,
		reasoning: false,
		input: ["text", "image"],
		cost: {
			input: model.prices.input,
			output: model.prices.output,
			cacheRead: model.prices.cacheRead,
			cacheWrite: model.prices.cacheWrite5m,
		},
		contextWindow: model.contextWindow,
		maxTokens: model.maxTokens,
	};
}

/** A context with a system prompt long enough to cache on Sonnet, one tool, and one user message. */
export function piContext(firstMessage: string, systemRepeat = 250): Context {
	return {
		systemPrompt: "You answer questions about files. ".repeat(systemRepeat),
		messages: [{ role: "user", content: firstMessage, timestamp: 0 }],
		tools: [
			{
				name: "read",
				description: "Read a file",
				parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
			},
		],
	} as Context;
}
