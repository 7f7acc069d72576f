/**
 * A cache breakpoint at the end of the branch a fork inherits. Pi marks the last tool, the system
 * prompt and the last user message; in a fork the last user message is the brief, so the prefix the
 * parent cached ends one message before Pi's breakpoint. A provider finds it there as long as its
 * entry is alive (it looks back from a breakpoint over earlier block boundaries for a cached prefix),
 * but it can only *write* at a breakpoint. When the parent's entry has expired, or the fork branches
 * from an earlier point, the first of several sibling forks would write only its own prefix, brief
 * included, and every sibling after it would pay for the whole branch again.
 *
 * So the fork marks the end of the inherited messages as well: the first sibling writes the shared
 * prefix there, and the others read it. It is also what makes a fork's first request repeat the
 * parent's last request byte for byte up to the brief. Only Anthropic Messages payloads carry
 * breakpoints, and never more than four: with four already (an OAuth system prompt), nothing is
 * added. Pure: the payload is copied, never changed in place.
 */

import { isRecord } from "../../values.ts";

/** The provider's limit on breakpoints in one request. */
export const MAX_BREAKPOINTS = 4;

/** Blocks a breakpoint may sit on (not thinking blocks, not empty text). */
const MARKABLE = new Set(["text", "image", "tool_result", "tool_use", "document"]);

export type BreakpointOutcome =
	| { added: true; at: number; payload: Record<string, unknown> }
	| { added: false; why: "not-anthropic" | "no-room" | "no-brief" | "already" | "unmarkable" };

function blocksOf(value: unknown): unknown[] {
	return Array.isArray(value) ? value : [];
}

/** Breakpoints already in the payload: system blocks, tool definitions, message blocks. */
function countMarkers(payload: Record<string, unknown>): number {
	const marked = (block: unknown) => isRecord(block) && block.cache_control !== undefined;
	const messages = blocksOf(payload.messages).flatMap((m) => (isRecord(m) ? blocksOf(m.content) : []));
	return [...blocksOf(payload.system), ...blocksOf(payload.tools), ...messages].filter(marked).length;
}

function textOf(message: Record<string, unknown>): string {
	const content = message.content;
	if (typeof content === "string") return content;
	return blocksOf(content)
		.map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : ""))
		.join("");
}

/** The index of the message that carries the brief: the last user message whose text holds it. */
export function briefIndex(messages: readonly unknown[], brief: string): number {
	for (let i = messages.length - 1; i >= 0; i--) {
		const m = messages[i];
		if (isRecord(m) && m.role === "user" && textOf(m).includes(brief)) return i;
	}
	return -1;
}

/**
 * The payload with a breakpoint on the last block of message `at - 1`, the end of the inherited
 * branch; `at` is the brief's index in the first request (later requests only append).
 */
export function markInheritedEnd(payload: unknown, at: number): BreakpointOutcome {
	if (!isRecord(payload) || !Array.isArray(payload.messages) || payload.system === undefined) {
		return { added: false, why: "not-anthropic" };
	}
	if (at < 1 || at > payload.messages.length) return { added: false, why: "no-brief" };
	const last = payload.messages[at - 1];
	const blocks = isRecord(last) ? blocksOf(last.content) : [];
	const target = blocks.at(-1);
	if (!isRecord(target) || !MARKABLE.has(String(target.type)) || (target.type === "text" && target.text === "")) {
		return { added: false, why: "unmarkable" };
	}
	if (target.cache_control !== undefined) return { added: false, why: "already" };
	if (countMarkers(payload) >= MAX_BREAKPOINTS) return { added: false, why: "no-room" };
	// The same marker Pi put on the last message: the same lifetime, so no 1 h entry follows a 5 m one.
	const newest = payload.messages.at(-1);
	const marker = (isRecord(newest) ? blocksOf(newest.content) : [])
		.map((b) => (isRecord(b) ? b.cache_control : undefined))
		.findLast((c) => c !== undefined) ?? { type: "ephemeral" };
	const messages = payload.messages.map((message, i) => {
		if (i !== at - 1 || !isRecord(message)) return message;
		const content = blocksOf(message.content).map((b, j, all) =>
			j === all.length - 1 && isRecord(b) ? { ...b, cache_control: marker } : b,
		);
		return { ...message, content };
	});
	return { added: true, at: at - 1, payload: { ...payload, messages } };
}
