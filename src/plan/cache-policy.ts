/**
 * How long a child's prompt-cache writes live, decided per request kind, and the edit of an
 * Anthropic Messages payload that carries it out. Pure: the child side (the subprocess child's
 * extension, the in-process session's payload hook; see cache-hook.ts) calls `applyCachePolicy` on
 * every request it sends.
 *
 * Pi marks three breakpoints on every request (the last tool, the system prompt, the last block of
 * the last user message) with the 5-minute lifetime. That is right for a chat, wrong for two kinds
 * of delegated request:
 * - a prefix that outlives five minutes: the tools and system prompt every task of a session shares
 *   are read again when the next task starts, often after the 5-minute entry expired. Written once
 *   with the 1-hour lifetime (2× input instead of 1.25×) it is read at 0.1× instead of written again;
 * - a request nothing reads after: the last request of a child writes its new tokens to the cache
 *   (1.25× input) for a next request that never comes. Moving its breakpoint back to where the
 *   previous request put one keeps the read of everything cached and writes nothing.
 *
 * And one kind of block Pi does not mark: the opening every task's brief shares
 * (prompt/brief-head.ts). It is split into a block of its own and marked, so siblings read it with
 * the prefix. Apart from that marker only markers Pi placed are changed: a request Pi sends
 * uncached stays uncached.
 */

import { BRIEF_HEAD } from "../prompt/brief-head.ts";
import type { Budget } from "../request/limits.ts";
import { isRecord } from "../values.ts";

/** Cache lifetimes Anthropic offers. */
export type CacheLifetime = "5m" | "1h";

/** Who else will read a child's prefix (tools + system prompt). */
export type PrefixReuse =
	/** Tasks later in the same parent session: possibly after more than five minutes. */
	| "session"
	/** Only siblings started with it: they read it within seconds. */
	| "siblings"
	/** Nothing but the child's own later requests: a kind run once. */
	| "none";

/** The policy a child's requests follow; plain data, so it can travel to a subprocess child. */
export interface ChildCachePolicy {
	/** Lifetime of the tools and system-prompt breakpoints. */
	prefix: CacheLifetime;
	/** The child's turn budget: the request of its last turn is the last request, which nothing reads after. */
	turns: number;
	/**
	 * The opening of the first message that every task shares (prompt/brief-head.ts): given a
	 * breakpoint of its own, with the prefix's lifetime, so siblings read it with the prefix.
	 */
	head?: string;
}

/** A request of a child, by what can read its cache writes afterwards. */
export type RequestKind =
	/** The first request: the prefix (siblings may read it) and the brief (its own next request reads it). */
	| "first"
	/** A later request: its new tokens are read by the child's next request, seconds later. */
	| "later"
	/** The request of the budget's last turn: nothing reads after it. */
	| "last";

/** The prefix lifetime for a child whose prefix others read as `reuse` says. */
export function prefixLifetime(reuse: PrefixReuse): CacheLifetime {
	// A read refreshes an entry, so siblings reading within seconds need no more than five minutes;
	// only a reader after a gap (the next task of a session) makes the 1-hour write pay.
	return reuse === "session" ? "1h" : "5m";
}

/**
 * Whose prefix recurs: a prefix this session has already run a child with is one its tasks share,
 * and it will be read again after gaps longer than five minutes; a prefix new to the session is
 * read by its siblings within seconds (were it written for an hour and never used again, the hour
 * would cost 0.75× input for nothing); from the command line a run is one task.
 */
export function prefixReuse(input: { entry: "tool" | "cli"; seenBefore: boolean }): PrefixReuse {
	if (input.entry === "cli") return "none";
	return input.seenBefore ? "session" : "siblings";
}

/** The policy of a task child whose prefix others read as `reuse` says. */
export function taskCachePolicy(
	plan: { budget: Pick<Budget, "turns">; child: { firstMessage: string } },
	reuse: PrefixReuse,
): ChildCachePolicy {
	const policy: ChildCachePolicy = { prefix: prefixLifetime(reuse), turns: plan.budget.turns };
	if (plan.child.firstMessage.startsWith(BRIEF_HEAD)) policy.head = BRIEF_HEAD;
	return policy;
}

/** The kind of the request about to be sent after `turnsDone` assistant turns, with a budget of `turns`. */
export function requestKind(turnsDone: number, turns: number): RequestKind {
	if (turnsDone + 1 >= turns) return "last";
	return turnsDone === 0 ? "first" : "later";
}

type Block = Record<string, unknown>;
type Message = { role?: unknown; content?: unknown };

const hasMarker = (block: unknown): block is Block => isRecord(block) && isRecord(block.cache_control);

function blocks(message: unknown): Block[] {
	const content = isRecord(message) ? message.content : undefined;
	return Array.isArray(content) ? content.filter(isRecord) : [];
}

/** Block types Anthropic takes a breakpoint on. */
const MARKABLE = new Set(["text", "image", "document", "tool_result"]);

function withLifetime(marker: unknown, lifetime: CacheLifetime): Record<string, unknown> {
	const base = isRecord(marker) ? marker : { type: "ephemeral" };
	const { ttl: _ttl, ...rest } = base;
	return lifetime === "1h" ? { ...rest, ttl: "1h" } : rest;
}

/** Sets the prefix lifetime on every marked tool and system block. */
function markPrefix(payload: Record<string, unknown>, lifetime: CacheLifetime): void {
	for (const key of ["tools", "system"] as const) {
		const list = payload[key];
		if (!Array.isArray(list)) continue;
		for (const item of list) if (hasMarker(item)) item.cache_control = withLifetime(item.cache_control, lifetime);
	}
}

/**
 * The last request: the marker on the last message moves to the last block of the user message
 * before the last assistant turn (where the previous request put it), so the request reads what is
 * cached and writes nothing. With no earlier user message it is dropped: the prefix markers still
 * read what siblings cached.
 */
function unmarkLast(messages: Message[]): void {
	const last = messages.at(-1);
	const marked = blocks(last).findLast(hasMarker);
	if (!marked) return;
	const marker = marked.cache_control;
	delete marked.cache_control;
	const lastAssistant = messages.findLastIndex((m) => m.role === "assistant");
	const previousUser = messages.slice(0, Math.max(0, lastAssistant)).findLast((m) => m.role === "user");
	const target = blocks(previousUser).at(-1);
	if (target && MARKABLE.has(String(target.type))) target.cache_control = marker;
}

/** Anthropic takes at most this many breakpoints in one request; a fifth is refused (400). */
const MAX_MARKERS = 4;

function markerCount(payload: Record<string, unknown>, messages: Message[]): number {
	const lists = [payload.tools, payload.system].filter(Array.isArray) as unknown[][];
	const inMessages = messages.reduce((sum, m) => sum + blocks(m).filter(hasMarker).length, 0);
	return lists.reduce((sum, list) => sum + list.filter(hasMarker).length, inMessages);
}

/**
 * Splits the first message's opening `head` into a block of its own and marks it, the one marker
 * the policy adds: the text the model reads is the same, but a cached prefix now ends after the
 * head, which every task shares, so siblings read it instead of each writing it with their own
 * brief. The split is made on every request of the child, so their blocks stay the same from one
 * request to the next; only the marker waits for room (Anthropic takes four).
 */
function markHead(payload: Record<string, unknown>, messages: Message[], head: string, lifetime: CacheLifetime): void {
	const first = messages[0];
	const content = first?.role === "user" && Array.isArray(first.content) ? (first.content as unknown[]) : [];
	const opening = content[0];
	if (!isRecord(opening) || opening.type !== "text" || typeof opening.text !== "string") return;
	if (!opening.text.startsWith(head) || opening.text.length === head.length) return;
	const room = markerCount(payload, messages) < MAX_MARKERS;
	// A 1-hour marker may not follow a 5-minute one: a later 1-hour marker (PI_CACHE_RETENTION=long) makes the head's one hour too.
	const later = messages.some((m) =>
		blocks(m).some((b) => hasMarker(b) && (b.cache_control as { ttl?: unknown }).ttl === "1h"),
	);
	const headBlock: Block = { type: "text", text: head };
	if (room) headBlock.cache_control = withLifetime(undefined, later ? "1h" : lifetime);
	first!.content = [headBlock, { ...opening, text: opening.text.slice(head.length) }, ...content.slice(1)];
}

/** Whether Pi put any breakpoint on the request: without one it asked for no caching at all. */
function isCached(payload: Record<string, unknown>, messages: Message[]): boolean {
	const lists = [payload.tools, payload.system].filter(Array.isArray) as unknown[][];
	return lists.some((list) => list.some(hasMarker)) || messages.some((m) => blocks(m).some(hasMarker));
}

/**
 * The payload with the policy applied: a new object, or `payload` itself when it is not an
 * Anthropic Messages request Pi asked to cache. The kind of request is read from the payload (its
 * assistant turns so far), so a retried request is edited the same way.
 */
export function applyCachePolicy(payload: unknown, policy: ChildCachePolicy): unknown {
	if (!isRecord(payload) || !Array.isArray(payload.messages)) return payload;
	if (!isCached(payload, payload.messages as Message[])) return payload;
	const copy = structuredClone(payload) as Record<string, unknown> & { messages: Message[] };
	if (policy.prefix === "1h") markPrefix(copy, "1h");
	if (policy.head !== undefined) markHead(copy, copy.messages, policy.head, policy.prefix);
	const turnsDone = copy.messages.filter((m) => m.role === "assistant").length;
	if (requestKind(turnsDone, policy.turns) === "last") unmarkLast(copy.messages);
	return copy;
}

/** A gap past five minutes, and this many of the latest ones, decide the parent's lifetime. */
const FIVE_MINUTES_MS = 5 * 60_000;
const HOUR_MS = 60 * 60_000;
const GAPS_WEIGHED = 3;

/**
 * A gap between two requests of the parent (milliseconds), and whether it was a pause: the request
 * after it starts a new prompt (a person's message), rather than carrying tool results seconds
 * later. A bare number is a gap that was not a pause.
 */
export type ParentGap = number | { ms: number; pause: boolean };

const gapMs = (gap: ParentGap): number => (typeof gap === "number" ? gap : gap.ms);
const isPause = (gap: ParentGap): boolean => typeof gap !== "number" && gap.pause;

/**
 * How long the parent's cache entries should live, from the gaps between its requests so far
 * (oldest first). A 1-hour write costs 2× input instead of 1.25×, on every request; it pays only
 * when the next request comes more than five minutes and at most an hour later (the conversation is
 * read at 0.1× instead of written again at 1.25×). After a gap under five minutes both lifetimes
 * read it, and after one over an hour both write it again: there the hour is 0.75× input lost.
 *
 * So the latest few gaps that say which case the session is in are weighed: every gap past five
 * minutes (children that ran long, a person reading reports), and every pause before a new prompt
 * however short (a person who comes back within five minutes). The hour is chosen when most of them
 * ended past five minutes and within the hour. Before any such gap, `start` stands: Pi's five
 * minutes unless the caller chooses the hour. The hour at the start is the better bet once the
 * session has delegated: being wrong costs 0.75× of what one request writes, being right saves
 * 1.15× of the whole conversation on the next request (bench/README.md's cost section measures both).
 */
export function parentLifetime(gaps: readonly ParentGap[], start: CacheLifetime = "5m"): CacheLifetime {
	const telling = gaps.filter((gap) => gapMs(gap) > FIVE_MINUTES_MS || isPause(gap)).slice(-GAPS_WEIGHED);
	if (telling.length === 0) return start;
	const paying = telling.filter((gap) => gapMs(gap) > FIVE_MINUTES_MS && gapMs(gap) <= HOUR_MS).length;
	return paying * 2 > telling.length ? "1h" : "5m";
}

/**
 * The parent's requests once its conversation has delegated (an assistant turn called `toolName`)
 * and its gaps make the hour pay (`parentLifetime`): every marker Pi placed is written for an hour.
 * A delegating parent waits on its children and then on a person reading their reports; when those
 * waits last between five minutes and an hour, its next request reads the conversation (0.1×)
 * instead of writing it again (1.25×). With `lifetime` "5m" the payload goes out as Pi built it.
 */
export function applyParentPolicy(payload: unknown, toolName: string, lifetime: CacheLifetime = "1h"): unknown {
	if (lifetime === "5m") return payload;
	if (!isRecord(payload) || !Array.isArray(payload.messages)) return payload;
	const messages = payload.messages as Message[];
	const delegated = messages.some(
		(m) => m.role === "assistant" && blocks(m).some((b) => b.type === "tool_use" && b.name === toolName),
	);
	if (!delegated || !isCached(payload, messages)) return payload;
	const copy = structuredClone(payload) as Record<string, unknown> & { messages: Message[] };
	markPrefix(copy, "1h");
	for (const message of copy.messages) {
		for (const block of blocks(message))
			if (hasMarker(block)) block.cache_control = withLifetime(block.cache_control, "1h");
	}
	return copy;
}
