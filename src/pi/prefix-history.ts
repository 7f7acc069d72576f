/**
 * Which prompt prefixes this session has run children with before — linked in its entries (so a
 * continued session remembers) or run by this extension instance (a session without entries still
 * does). A prefix seen before recurs: the planner writes it to the cache for an hour
 * (plan/cache-policy.ts). Every entry of one instance shares one history.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { linkedPrefixKeys } from "./child-link.ts";

const history = new WeakMap<object, Set<string>>();

/** The prefixes seen before in this session, for the instance `owner` stands for. */
export function seenPrefixes(ctx: ExtensionContext, owner: object): ReadonlySet<string> {
	const entries = (ctx.sessionManager as { getEntries?: () => unknown[] }).getEntries?.() ?? [];
	return new Set([...(history.get(owner) ?? []), ...linkedPrefixKeys(entries)]);
}

/** Records the prefixes a call's children are about to run with. */
export function rememberPrefixes(owner: object, keys: Iterable<string>): void {
	const seen = history.get(owner) ?? new Set<string>();
	history.set(owner, seen);
	for (const key of keys) seen.add(key);
}
