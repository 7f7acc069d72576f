/**
 * Where a child's cache policy (cache-policy.ts) meets Pi: the one payload edit, hooked in the two
 * ways a child can be built. A subprocess child's extension registers a `before_provider_request`
 * handler, the route Pi documents for payload edits. An in-process child has no extension runner of
 * its own (its resource loader loads none, by design), so the same edit wraps the session's agent
 * `onPayload`, the function Pi's SDK hands every provider request through (it is where Pi's own
 * extension handlers run).
 *
 * Either way an edit that throws is dropped and the payload goes out as Pi built it: a cache
 * lifetime is never worth a failed request.
 */
import { applyCachePolicy, type ChildCachePolicy } from "../../plan/cache-policy.ts";

/** The payload with the policy applied, or unchanged when anything goes wrong. */
export function safelyApplied(payload: unknown, policy: ChildCachePolicy): unknown {
	try {
		return applyCachePolicy(payload, policy);
	} catch {
		return payload;
	}
}

/** The part of Pi's extension API the subprocess child's hook needs. */
export interface PayloadEvents {
	on(event: "before_provider_request", handler: (event: { payload: unknown }) => unknown): unknown;
}

/** Registers the policy on an extension (the subprocess child's); no policy, no handler. */
export function registerCachePolicy(pi: PayloadEvents, policy: ChildCachePolicy | undefined): void {
	if (!policy) return;
	pi.on("before_provider_request", (event) => safelyApplied(event.payload, policy));
}

type OnPayload = (payload: unknown, model: unknown) => unknown;

/**
 * Wraps an in-process session's payload hook with the policy. Pi's own hook runs first, so what it
 * returns (an extension's replacement) is what the policy edits. A session without the hook (a Pi
 * that builds its agent another way) is left alone.
 */
export function installCachePolicy(session: { agent: object }, policy: ChildCachePolicy | undefined): void {
	if (!policy || !("onPayload" in session.agent)) return;
	const agent = session.agent as { onPayload?: OnPayload };
	const previous = agent.onPayload;
	agent.onPayload = async (payload, model) => {
		const replaced = previous ? await previous(payload, model) : undefined;
		return safelyApplied(replaced ?? payload, policy);
	};
}
