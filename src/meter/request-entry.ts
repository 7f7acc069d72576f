/**
 * The stored form of one metered request: the data of a `pi-delegate.request` custom session entry.
 *
 * The message hashes of consecutive requests share almost everything (a turn appends a message or
 * two), so each entry stores only how many leading hashes it keeps from the previous entry of the
 * same session and the hashes it adds. Storing every list whole would grow a long session's file
 * quadratically. `anchor`, the last kept hash, lets a reader check that the entry before it is the
 * one it was encoded against (a session copied by Pi's /fork keeps only the entries on its path);
 * when the check fails the message hashes are unknown and the rest of the entry still counts.
 */
import Type, { type Static } from "typebox";
import { Value } from "typebox/value";
import type { PrefixHashes } from "./types.ts";

export { REQUEST_ENTRY_TYPE } from "./request-entry-type.ts";

export const RequestEntrySchema = Type.Object(
	{
		v: Type.Literal(1, { description: "Format version of this entry." }),
		at: Type.Number({ description: "When the request was sent, epoch milliseconds." }),
		model: Type.String({ description: "The model the request went to, as provider/id." }),
		api: Type.String({
			description: "The wire format the payload was read as: anthropic, openai-chat or openai-responses.",
		}),
		tools: Type.String({ description: "Hash of the tool definitions." }),
		system: Type.String({ description: "Hash of the tool definitions and the system prompt." }),
		options: Type.String({
			description: "Hash of the above and the options that reach the messages (tool_choice, thinking).",
		}),
		count: Type.Integer({ minimum: 0, description: "How many messages the request sent." }),
		keep: Type.Integer({
			minimum: 0,
			description: "Leading message hashes repeated from the previous entry of this session.",
		}),
		anchor: Type.Optional(
			Type.String({ description: "The last repeated hash, to check the previous entry is the one meant." }),
		),
		add: Type.Array(Type.String(), { description: "Hashes of the messages after the repeated ones, in order." }),
	},
	{ description: "One provider request as the request meter recorded it." },
);
export type RequestEntry = Static<typeof RequestEntrySchema>;

/** What the request meter hands its sink for each request. */
export interface MeteredRequest {
	at: number;
	model: string;
	api: string;
	prefix: PrefixHashes;
}

/** Encodes a request against the message hashes of the previous entry of the same session (if any). */
export function encodeRequestEntry(request: MeteredRequest, previous: readonly string[] | undefined): RequestEntry {
	const messages = request.prefix.messages ?? [];
	let keep = 0;
	if (previous) while (keep < previous.length && keep < messages.length && previous[keep] === messages[keep]) keep++;
	return {
		v: 1,
		at: request.at,
		model: request.model,
		api: request.api,
		tools: request.prefix.tools,
		system: request.prefix.system,
		options: request.prefix.options,
		count: messages.length,
		keep,
		...(keep > 0 ? { anchor: messages[keep - 1] } : {}),
		add: messages.slice(keep),
	};
}

/** Reads an entry's data; undefined when it is not a request entry this version understands. */
export function parseRequestEntry(data: unknown): RequestEntry | undefined {
	if (!Value.Check(RequestEntrySchema, data)) return undefined;
	return data.keep + data.add.length === data.count ? data : undefined;
}

/**
 * The request's prefix hashes, given the message hashes decoded from the previous entry. The
 * message hashes are left out when the previous entry does not match.
 */
export function decodeRequestEntry(entry: RequestEntry, previous: readonly string[] | undefined): PrefixHashes {
	const head = { tools: entry.tools, system: entry.system, options: entry.options };
	if (entry.keep === 0) return { ...head, messages: [...entry.add] };
	if (!previous || previous.length < entry.keep || previous[entry.keep - 1] !== entry.anchor) return head;
	return { ...head, messages: [...previous.slice(0, entry.keep), ...entry.add] };
}
