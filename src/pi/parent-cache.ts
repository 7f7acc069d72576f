/**
 * The parent's side of the cache policy (plan/cache-policy.ts, `applyParentPolicy`): once the
 * session has called `task`, and the gaps between its requests so far show that an hour pays
 * (`parentLifetime`: most of its latest pauses past five minutes ended within the hour), its
 * requests write their cache entries for an hour; otherwise Pi's five minutes stand. The gaps are
 * measured here, between the requests this handler sees, and forgotten when a session starts.
 * It edits the payload through `before_provider_request`, the route Pi documents for it; an edit
 * that fails leaves the request as Pi built it.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { onDemand } from "./on-demand.ts";

/** The policy's code, loaded with the session's first request rather than when Pi starts. */
const policy = onDemand(() => import("../plan/cache-policy.ts"), { beforeFirstPrompt: true });

/** Gaps kept: the policy weighs only the latest few long ones. */
const GAPS_KEPT = 64;

/** Registers the policy; returns the function that removes it. `now` is the clock (milliseconds). */
export function registerParentCachePolicy(
	pi: Pick<ExtensionAPI, "on">,
	toolName = "task",
	now: () => number = Date.now,
): () => void {
	const gaps: number[] = [];
	let last: number | undefined;
	const stopReset = pi.on("session_start", () => {
		gaps.length = 0;
		last = undefined;
	});
	const stop = pi.on("before_provider_request", async (event) => {
		const at = now();
		if (last !== undefined) gaps.push(at - last);
		if (gaps.length > GAPS_KEPT) gaps.shift();
		last = at;
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
