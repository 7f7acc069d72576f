/**
 * Why a request paid again for cached tokens, from what the records can show. Pi's own notice names
 * two causes (a model switch, an idle gap past 5 minutes); the meter adds the ones pi-delegate can
 * observe, and lists every cause it sees, the most telling first:
 *
 * 1. model switch: the model differs from the compared request's (caches are per model);
 * 2. tool definitions, system prompt or request options changed: the prefix hashes differ there,
 *    which re-bills everything after that position whatever else happened;
 * 3. idle past the cache lifetime: the gap since the compared request is at least the lifetime of
 *    what that conversation last wrote (1 hour when only 1-hour entries were written, else 5 min);
 * 4. an earlier message changed: the hashes first differ at message N of the compared request
 *    (a context edit, pruning, a different branch); not for siblings, whose first messages differ
 *    by design;
 * 5. a sibling's write was not readable yet: the compared request is a sibling's first request
 *    with the same prefix, still running when this one was sent (a cache entry becomes readable
 *    only once its response starts);
 * 6. unknown, when none of these is observed.
 */
import { firstDifference } from "./prefix.ts";
import type { MissCause, PreviousRequest, RequestRecord } from "./types.ts";

/** What a request was compared with. */
export type Comparison = "previous" | "parent" | "sibling";

export const LIFETIME_MS: Record<"5m" | "1h", number> = { "5m": 5 * 60_000, "1h": 60 * 60_000 };

/** The sibling's request was still running when `r` was sent. Without a duration nothing is claimed. */
function overlapped(sibling: RequestRecord, r: RequestRecord): boolean {
	return sibling.durationMs !== undefined && r.at < sibling.at + sibling.durationMs;
}

export function attributeCauses(
	basis: PreviousRequest,
	r: RequestRecord,
	against: Comparison,
	idleMs: number,
): MissCause[] {
	const causes: MissCause[] = [];
	if (basis.model !== r.model) causes.push({ kind: "model", from: basis.model, to: r.model });
	const before = basis.record.prefix;
	const position = before && r.prefix ? firstDifference(before, r.prefix) : undefined;
	const early = position !== undefined && position.at !== "message";
	if (position && early) causes.push({ kind: "prefix", position });
	if (idleMs >= LIFETIME_MS[basis.lifetime]) causes.push({ kind: "idle", idleMs, lifetime: basis.lifetime });
	// Siblings differ in their first message by design (per-run text goes there): not a cause.
	if (position && !early && against !== "sibling") causes.push({ kind: "prefix", position });
	if (against === "sibling" && overlapped(basis.record, r)) {
		causes.push({ kind: "sibling", sibling: basis.record.lineage });
	}
	if (causes.length === 0) causes.push({ kind: "unknown" });
	return causes;
}
