/**
 * The parent's side of the cache policy (plan/cache-policy.ts, `applyParentPolicy`): once the
 * session has called `task`, its requests write their cache entries for an hour unless the gaps
 * between its requests show the hour does not pay (`parentLifetime`: most of its latest pauses
 * ended within five minutes or past the hour); then Pi's five minutes stand. A session that cannot
 * continue after its prompt (a print run with no session file) starts at five minutes instead.
 *
 * The gaps are measured on the session's clock (session-clock.ts) between the requests this handler
 * sees, and, when a session starts, between the requests its entries record (the request meter's
 * `pi-delegate.request` entries, stamped with the same clock): a session continued after a pause
 * (`pi --continue`, `pi -p --session FILE` once per burst) weighs the pauses it had before, instead
 * of starting blind in every process. A gap is a pause when the request after it starts a prompt
 * (the session's last message before it is the user's). It edits the payload through
 * `before_provider_request`, the route Pi documents for it; an edit that fails leaves the request
 * as Pi built it.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { REQUEST_ENTRY_TYPE } from "../meter/request-entry-type.ts";
import type { CacheLifetime, ParentGap } from "../plan/cache-policy.ts";
import { isRecord } from "../values.ts";
import { onDemand } from "./on-demand.ts";

/** The policy's code, loaded with the session's first request rather than when Pi starts. */
const policy = onDemand(() => import("../plan/cache-policy.ts"), { beforeFirstPrompt: true });

/** Gaps kept: the policy weighs only the latest few telling ones. */
const GAPS_KEPT = 64;

/** A request the session sent: when (epoch ms), and whether it started a prompt. */
export interface SentRequest {
	at: number;
	startsPrompt: boolean;
}

/**
 * The requests the session's entries record, in entry order: each meter entry's time, and whether
 * the last message entry before it is the user's (Pi appends the prompt before its request).
 */
export function recordedRequests(entries: readonly unknown[]): SentRequest[] {
	let lastRole: unknown;
	return entries.flatMap((entry) => {
		if (!isRecord(entry)) return [];
		if (entry.type === "message") lastRole = isRecord(entry.message) ? entry.message.role : undefined;
		if (entry.type !== "custom" || entry.customType !== REQUEST_ENTRY_TYPE) return [];
		const at = isRecord(entry.data) ? entry.data.at : undefined;
		return typeof at === "number" && Number.isFinite(at) ? [{ at, startsPrompt: lastRole === "user" }] : [];
	});
}

/** Whether a provider payload starts a prompt: its last message is the user's, with no tool result in it. */
export function startsPrompt(payload: unknown): boolean {
	const messages = isRecord(payload) ? payload.messages : undefined;
	const last = Array.isArray(messages) ? messages.at(-1) : undefined;
	if (!isRecord(last) || last.role !== "user") return false;
	const content = Array.isArray(last.content) ? last.content : [];
	return !content.some((block) => isRecord(block) && block.type === "tool_result");
}

interface StartContext {
	hasUI?: boolean;
	sessionManager?: { getEntries?: () => unknown[]; getSessionFile?: () => string | undefined };
}

/**
 * Whether the conversation can go on after the prompt under way: a person or a host sends the next
 * one (Pi has a UI: interactive or RPC), or the session is saved to a file a later `pi --continue`
 * or `--session` reads. A print run with `--no-session` ends with its prompt: no later request can
 * read what it writes after a pause, so no hour is bought for one before the pauses say it pays.
 */
export function canContinue(ctx: StartContext | undefined): boolean {
	return ctx?.hasUI === true || ctx?.sessionManager?.getSessionFile?.() !== undefined;
}

/**
 * Registers the policy; returns the function that removes it. `now` is the session's clock (epoch
 * ms); `options.start` the lifetime before any telling gap (`parentLifetime`), five minutes unless
 * given, and five minutes in a session that cannot continue after its prompt (`canContinue`);
 * `options.onLifetime` hears the lifetime the session's pauses call for at every request.
 */
export function registerParentCachePolicy(
	pi: Pick<ExtensionAPI, "on">,
	toolName = "task",
	now: () => number = Date.now,
	options: { start?: CacheLifetime; onLifetime?: (lifetime: CacheLifetime) => void } = {},
): () => void {
	const gaps: ParentGap[] = [];
	let last: number | undefined;
	let start: CacheLifetime | undefined = options.start;
	const sent = (request: SentRequest) => {
		if (last !== undefined && request.at >= last) gaps.push({ ms: request.at - last, pause: request.startsPrompt });
		if (gaps.length > GAPS_KEPT) gaps.shift();
		last = request.at;
	};
	const stopReset = pi.on("session_start", (_event, ctx) => {
		const context = ctx as StartContext | undefined;
		gaps.length = 0;
		last = undefined;
		start = canContinue(context) ? options.start : undefined;
		for (const request of recordedRequests(context?.sessionManager?.getEntries?.() ?? [])) sent(request);
	});
	const stop = pi.on("before_provider_request", async (event) => {
		sent({ at: now(), startsPrompt: startsPrompt(event.payload) });
		try {
			const { applyParentPolicy, parentLifetime } = policy.ready() ?? (await policy.get());
			const lifetime = parentLifetime(gaps, start);
			options.onLifetime?.(lifetime);
			const edited = applyParentPolicy(event.payload, toolName, lifetime);
			return edited === event.payload ? undefined : edited;
		} catch {
			return undefined;
		}
	});
	return () => {
		stop();
		stopReset();
	};
}
