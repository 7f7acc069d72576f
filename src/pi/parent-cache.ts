/**
 * The parent's side of the cache policy (run/cache-policy.ts, `applyParentPolicy`): once the
 * session has called `task`, its requests write their cache entries for an hour, so the
 * conversation outlives the children's runs and the time a person takes to read their reports.
 * It edits the payload through `before_provider_request`, the route Pi documents for it; an edit
 * that fails leaves the request as Pi built it.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { onDemand } from "./on-demand.ts";

/** The policy's code, loaded with the session's first request rather than when Pi starts. */
const policy = onDemand(() => import("../plan/cache-policy.ts"), { beforeFirstPrompt: true });

/** Registers the policy; returns the function that removes it. */
export function registerParentCachePolicy(pi: Pick<ExtensionAPI, "on">, toolName = "task"): () => void {
	return pi.on("before_provider_request", async (event) => {
		try {
			const { applyParentPolicy } = policy.ready() ?? (await policy.get());
			const edited = applyParentPolicy(event.payload, toolName);
			return edited === event.payload ? undefined : edited;
		} catch {
			return undefined;
		}
	});
}
