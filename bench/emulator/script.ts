/**
 * What the emulated model says. A script lists conversations; each gives the assistant's turns in
 * order. A conversation is picked for a new request by a marker in its first user message, or else
 * by order of arrival; `default` serves every conversation nothing else claims.
 *
 * JSON scripts hold fixed turns. A TypeScript module (default export) may also give a turn, or a
 * whole conversation, as a function of the request — e.g. answer from the last tool result.
 */
import { type Static, Type } from "typebox";
import type { MessagesRequest } from "./wire.ts";

export const ToolCallSpec = Type.Object(
	{
		name: Type.String({ description: "Tool to call" }),
		input: Type.Record(Type.String(), Type.Unknown(), { description: "Arguments of the call" }),
		id: Type.Optional(Type.String({ description: "tool_use id; derived from conversation and turn when absent" })),
	},
	{ additionalProperties: false, description: "One tool call in an assistant turn" },
);
export type ToolCallSpec = Static<typeof ToolCallSpec>;

export const FailureSpec = Type.Union(
	[
		Type.Object(
			{
				status: Type.Integer({ minimum: 400, maximum: 599, description: "HTTP status, e.g. 429, 500, 529" }),
				type: Type.Optional(Type.String({ description: "Error type; derived from the status when absent" })),
				message: Type.Optional(Type.String({ description: "Error message" })),
				retryAfterSeconds: Type.Optional(Type.Number({ minimum: 0, description: "Sent as retry-after" })),
			},
			{ additionalProperties: false, description: "Answer with an HTTP error instead of a message" },
		),
		Type.Object(
			{
				cut: Type.Integer({ minimum: 0, description: "SSE events sent before the connection is dropped" }),
			},
			{ additionalProperties: false, description: "Start streaming, then drop the connection mid-message" },
		),
		Type.Object(
			{
				streamError: Type.String({ description: "Error type of an `error` event sent mid-stream" }),
				after: Type.Optional(Type.Integer({ minimum: 0, description: "SSE events sent before the error event" })),
				message: Type.Optional(Type.String({ description: "Error message" })),
			},
			{ additionalProperties: false, description: "Start streaming, then send an `error` event and end" },
		),
	],
	{ description: "One failed attempt at a turn" },
);
export type FailureSpec = Static<typeof FailureSpec>;

export const TurnSpec = Type.Object(
	{
		text: Type.Optional(Type.String({ description: "Text of the reply" })),
		thinking: Type.Optional(Type.String({ description: "A thinking block sent before the text" })),
		tools: Type.Optional(Type.Array(ToolCallSpec, { description: "Tool calls after the text" })),
		stop: Type.Optional(
			Type.Union(
				[
					Type.Literal("end_turn"),
					Type.Literal("max_tokens"),
					Type.Literal("stop_sequence"),
					Type.Literal("tool_use"),
					Type.Literal("pause_turn"),
					Type.Literal("refusal"),
				],
				{ description: "stop_reason; tool_use when there are tool calls, else end_turn" },
			),
		),
		failures: Type.Optional(
			Type.Array(FailureSpec, { description: "Failures for the first attempts; the next attempt succeeds" }),
		),
		delayMs: Type.Optional(Type.Number({ minimum: 0, description: "Wait before the first byte (real ms)" })),
	},
	{ additionalProperties: false, description: "One assistant turn" },
);
export type TurnSpec = Static<typeof TurnSpec>;

export const JsonTurn = Type.Union([Type.String({ description: "A text reply" }), TurnSpec], {
	description: "An assistant turn: a text reply or a full turn",
});

export const JsonScript = Type.Object(
	{
		conversations: Type.Optional(
			Type.Array(
				Type.Object(
					{
						match: Type.Optional(
							Type.String({ description: "Marker that must appear in the first user message; else taken by order" }),
						),
						label: Type.Optional(Type.String({ description: "Name shown in the request log" })),
						turns: Type.Array(JsonTurn, { description: "The assistant's turns, in order" }),
					},
					{ additionalProperties: false, description: "One scripted conversation" },
				),
				{ description: "Scripted conversations" },
			),
		),
		default: Type.Optional(Type.Array(JsonTurn, { description: "Turns for any conversation nothing else claims" })),
	},
	{ additionalProperties: false, description: "An emulator script" },
);

/** A tool result found in the request's last user message. */
export interface ToolResultView {
	toolUseId: string;
	/** Name of the tool, from the matching tool_use block. */
	name?: string;
	text: string;
	isError: boolean;
}

/** What a turn function sees of the request it answers. */
export interface TurnRequest {
	conversation: string;
	label?: string;
	/** 0-based index of the assistant turn being produced (assistant messages already in the request). */
	turn: number;
	/** 1 for the first try of this turn, 2 for the first retry, … */
	attempt: number;
	model: string;
	/** System prompt text. */
	system: string;
	/** Names of the tools offered. */
	tools: string[];
	firstUserText: string;
	/** Text of the last user message (empty when it holds only tool results). */
	lastUserText: string;
	/** Tool results in the last user message. */
	toolResults: ToolResultView[];
	request: MessagesRequest;
}

export type TurnFunction = (request: TurnRequest) => string | TurnSpec | Promise<string | TurnSpec>;
export type Turn = string | TurnSpec | TurnFunction;

export interface ScriptConversation {
	/** A marker in the first user message, or a test of it; absent: taken by order of arrival. */
	match?: string | ((firstUserText: string) => boolean);
	label?: string;
	/** Fixed turns, or one function answering every turn. */
	turns: readonly Turn[] | TurnFunction;
}

export interface Script {
	conversations?: readonly ScriptConversation[];
	default?: readonly Turn[] | TurnFunction;
}

/** The turn `index` of a conversation, or undefined when the script has run out. */
export function turnAt(turns: readonly Turn[] | TurnFunction, index: number): Turn | undefined {
	return typeof turns === "function" ? turns : turns[index];
}

/** Runs a turn function if needed and gives the turn as a full spec. */
export async function resolveTurn(turn: Turn, request: TurnRequest): Promise<TurnSpec> {
	const value = typeof turn === "function" ? await turn(request) : turn;
	return typeof value === "string" ? { text: value } : value;
}
