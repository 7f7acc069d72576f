/**
 * The parent's side of the cache policy (plan/cache-policy.ts, `applyParentPolicy`): once the
 * session has called `task`, and the gaps between its requests so far show that an hour pays
 * (`parentLifetime`: most of its latest pauses past five minutes ended within the hour), its
 * requests write their cache entries for an hour; otherwise Pi's five minutes stand.
 *
 * The gaps are measured on the session's clock (session-clock.ts) between the requests this handler
 * sees, and, when a session starts, between the requests its entries record (the request meter's
 * `pi-delegate.request` entries, stamped with the same clock): a session continued after a pause
 * (`pi --continue`, `pi -p --session FILE` once per burst) weighs the pauses it had before, instead
 * of starting blind in every process. It edits the payload through `before_provider_request`, the
 * route Pi documents for it; an edit that fails leaves the request as Pi built it.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { REQUEST_ENTRY_TYPE } from "../meter/request-entry-type.ts";
import { isRecord } from "../values.ts";
import { onDemand } from "./on-demand.ts";

/** The policy's code, loaded with the session's first request rather than when Pi starts. */
const policy = onDemand(() => import("../plan/cache-policy.ts"), { beforeFirstPrompt: true });

/** Gaps kept: the policy weighs only the latest few long ones. */
const GAPS_KEPT = 64;

/** When each request the session's entries record was sent (epoch ms, in entry order). */
export function recordedRequestTimes(entries: readonly unknown[]): number[] {
	return entries.flatMap((entry) => {
		if (!isRecord(entry) || entry.type !== "custom" || entry.customType !== REQUEST_ENTRY_TYPE) return [];
		const at = isRecord(entry.data) ? entry.data.at : undefined;
		return typeof at === "number" && Number.isFinite(at) ? [at] : [];
	});
}

interface StartContext {
	sessionManager?: { getEntries?: () => unknown[] };
}

/** Registers the policy; returns the function that removes it. `now` is the session's clock (milliseconds). */
export function registerParentCachePolicy(
	pi: Pick<ExtensionAPI, "on">,
	toolName = "task",
	now: () => number = Date.now,
): () => void {
	const gaps: number[] = [];
	let last: number | undefined;
	const sent = (at: number) => {
		if (last !== undefined && at >= last) gaps.push(at - last);
		if (gaps.length > GAPS_KEPT) gaps.shift();
		last = at;
	};
	const stopReset = pi.on("session_start", (_event, ctx) => {
		gaps.length = 0;
		last = undefined;
		const entries = (ctx as StartContext | undefined)?.sessionManager?.getEntries?.() ?? [];
		for (const at of recordedRequestTimes(entries)) sent(at);
	});
	const stop = pi.on("before_provider_request", async (event) => {
		sent(now());
		try {
			const { applyParentPolicy, parentLifetime } = policy.ready() ?? (await policy.get());
			const edited = applyParentPolicy(event.payload, toolName, parentLifetime(gaps));
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
