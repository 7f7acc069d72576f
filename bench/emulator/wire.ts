/**
 * The slice of the Anthropic Messages API the emulator speaks: the request it accepts (validated
 * loosely, as the real API accepts fields it does not use), the usage it returns and the error bodies
 * it sends. Field names are the API's own (snake_case).
 */
import { type Static, Type } from "typebox";
import { Value } from "typebox/value";

export const Ttl = Type.Union([Type.Literal("5m"), Type.Literal("1h")], {
	description: "Cache lifetime of a breakpoint: 5 minutes (the default) or 1 hour",
});
export type Ttl = Static<typeof Ttl>;

export const WireCacheControl = Type.Object(
	{
		type: Type.Literal("ephemeral", { description: "The only cache type the API supports" }),
		ttl: Type.Optional(Ttl),
	},
	{ description: "A cache breakpoint: the prefix up to and including this block may be cached" },
);
export type WireCacheControl = Static<typeof WireCacheControl>;

export const WireBlock = Type.Object(
	{
		type: Type.String({ description: "Block type: text, image, tool_use, tool_result, thinking, …" }),
		cache_control: Type.Optional(WireCacheControl),
	},
	{ additionalProperties: true, description: "One content block; the fields beyond `type` depend on it" },
);
export type WireBlock = Static<typeof WireBlock> & Record<string, unknown>;

export const WireMessage = Type.Object(
	{
		role: Type.Union([Type.Literal("user"), Type.Literal("assistant"), Type.Literal("system")], {
			description: "Who speaks; `system` only for mid-conversation system messages",
		}),
		content: Type.Union([Type.String(), Type.Array(WireBlock)], {
			description: "A plain string (one text block) or a list of content blocks",
		}),
	},
	{ additionalProperties: true, description: "One turn of the conversation" },
);
export type WireMessage = Omit<Static<typeof WireMessage>, "content"> & { content: string | WireBlock[] };

export const WireTool = Type.Object(
	{
		name: Type.String({ description: "Tool name the model calls it by" }),
		description: Type.Optional(Type.String({ description: "What the tool does, shown to the model" })),
		input_schema: Type.Optional(Type.Unknown({ description: "JSON schema of the tool's input" })),
		cache_control: Type.Optional(WireCacheControl),
	},
	{ additionalProperties: true, description: "One tool definition" },
);
export type WireTool = Static<typeof WireTool> & Record<string, unknown>;

export const MessagesRequest = Type.Object(
	{
		model: Type.String({ description: "Model id" }),
		max_tokens: Type.Integer({ minimum: 1, description: "Output cap in tokens" }),
		messages: Type.Array(WireMessage, { minItems: 1, description: "The conversation so far" }),
		system: Type.Optional(
			Type.Union([Type.String(), Type.Array(WireBlock)], { description: "System prompt, string or text blocks" }),
		),
		tools: Type.Optional(Type.Array(WireTool, { description: "Tools the model may call" })),
		tool_choice: Type.Optional(
			Type.Object(
				{ type: Type.String({ description: "auto, any, tool or none" }) },
				{ additionalProperties: true, description: "How the model must use tools" },
			),
		),
		thinking: Type.Optional(
			Type.Object(
				{ type: Type.String({ description: "enabled, adaptive or disabled" }) },
				{ additionalProperties: true, description: "Extended thinking settings" },
			),
		),
		stream: Type.Optional(Type.Boolean({ description: "Answer as server-sent events" })),
	},
	{ additionalProperties: true, description: "Body of POST /v1/messages" },
);
export type MessagesRequest = Omit<Static<typeof MessagesRequest>, "messages" | "system" | "tools"> & {
	messages: WireMessage[];
	system?: string | WireBlock[];
	tools?: WireTool[];
};

/** Checks a parsed body; returns the request or the API-style messages describing what is wrong. */
export function parseMessagesRequest(body: unknown): { request: MessagesRequest } | { errors: string[] } {
	if (Value.Check(MessagesRequest, body)) return { request: body as MessagesRequest };
	const seen = new Set<string>();
	for (const error of Value.Errors(MessagesRequest, body)) {
		const path = error.instancePath.split("/").filter(Boolean).join(".") || "(body)";
		seen.add(`${path}: ${error.message}`);
		if (seen.size >= 3) break;
	}
	return { errors: [...seen] };
}

/** The usage object of a response, with the 5-minute / 1-hour split of cache writes. */
export interface WireUsage {
	input_tokens: number;
	cache_creation_input_tokens: number;
	cache_read_input_tokens: number;
	cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
	output_tokens: number;
	service_tier: "standard";
}

/** A content block of the emulator's reply. */
export type ReplyBlock =
	| { type: "text"; text: string }
	| { type: "thinking"; thinking: string; signature: string }
	| { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "pause_turn" | "refusal";

/** A complete (non-streaming) response body. */
export interface WireReply {
	id: string;
	type: "message";
	role: "assistant";
	model: string;
	content: ReplyBlock[];
	stop_reason: StopReason;
	stop_sequence: null;
	usage: WireUsage;
}

export type ErrorType =
	| "invalid_request_error"
	| "authentication_error"
	| "permission_error"
	| "not_found_error"
	| "request_too_large"
	| "rate_limit_error"
	| "api_error"
	| "overloaded_error";

/** The error type the API pairs with an HTTP status (docs: "API errors"). */
export function errorTypeForStatus(status: number): ErrorType {
	switch (status) {
		case 400:
			return "invalid_request_error";
		case 401:
			return "authentication_error";
		case 403:
			return "permission_error";
		case 404:
			return "not_found_error";
		case 413:
			return "request_too_large";
		case 429:
			return "rate_limit_error";
		case 529:
			return "overloaded_error";
		default:
			return status >= 500 ? "api_error" : "invalid_request_error";
	}
}

/** An error body as the API sends it. */
export function errorBody(type: ErrorType, message: string, requestId: string) {
	return { type: "error" as const, error: { type, message }, request_id: requestId };
}
