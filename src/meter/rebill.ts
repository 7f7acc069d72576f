/**
 * Re-billed tokens and dollars, defined exactly as Pi's `/session` defines them (Pi 1.6,
 * core/cache-stats.js, printed as "Cache Re-billed: $0.73 (161,744 tokens, 2 misses)"):
 *
 * - Requests are compared in order with the previous request of the same conversation. The
 *   previous request's prompt (uncached input + cache write + cache read) is what was in the cache.
 * - A request misses when it read less than the smaller of the two prompts: the missed tokens are
 *   `min(previous prompt, this prompt) − this request's cache read`. Misses of 1024 tokens or fewer
 *   are not counted (breakpoint granularity, not a loss).
 * - The missed tokens were billed at this request's own paid rate, `(input $ + cache-write $) /
 *   (input + cache-write tokens)`, instead of its cache-read rate (`cache-read $ / cache-read
 *   tokens`, or the model's listed read price when nothing was read). The re-billed dollars are
 *   `missed tokens × max(0, paid rate − read rate)`.
 * - A compaction or branch summary is a chosen reset: the next request has no previous request, so
 *   it cannot miss. A model switch is not exempt: it re-bills the whole prompt.
 * - A request with no prompt tokens (a failed call) neither misses nor replaces the previous one.
 *   A request that reports no cache activity counts as a miss only if an earlier request of the
 *   conversation reported some (a provider that never caches means nothing by it).
 * - A cache-warming request becomes the previous request without being judged itself.
 *
 * The meter extends the rule in two places only, to children: the first request of a fork is
 * compared with the parent's latest request before it (the prefix it inherited), and the first
 * request of a child with no other comparison is compared with the first request of the sibling
 * that sent the same prefix before it. Causes are attributed in causes.ts.
 */
import { attributeCauses, type Comparison } from "./causes.ts";
import type { Miss, PreviousRequest, RequestRecord } from "./types.ts";

export type { PreviousRequest };

import { promptTokens } from "./usage.ts";

/** Pi's noise floor: per-request misses at or below it are breakpoint granularity, not a loss. */
export const NOISE_FLOOR_TOKENS = 1024;

/** Dollars per token of a model's cache reads, when a request read nothing to derive it from. */
export type ReadPrice = (model: string) => number | undefined;

/** Pi's miss for one request against the previous one, before causes; undefined when nothing is counted. */
export function piMiss(
	prev: PreviousRequest | undefined,
	r: RequestRecord,
	readPrice: ReadPrice,
): { tokens: number; dollars: number; idleMs: number; modelChanged: boolean } | undefined {
	const t = r.tokens;
	const prompt = promptTokens(t);
	const write = t.cacheWrite5m + t.cacheWrite1h;
	if (!prev || prompt <= 0 || (t.cacheRead + write === 0 && !prev.reportedCache)) return undefined;
	const tokens = Math.min(prev.promptTokens, prompt) - t.cacheRead;
	if (tokens <= NOISE_FLOOR_TOKENS) return undefined;
	const paidTokens = t.input + write;
	const paidRate = paidTokens > 0 ? (r.dollars.input + r.dollars.cacheWrite) / paidTokens : 0;
	const readRate = t.cacheRead > 0 ? r.dollars.cacheRead / t.cacheRead : (readPrice(r.model) ?? 0);
	return {
		tokens,
		dollars: tokens * Math.max(0, paidRate - readRate),
		idleMs: Math.max(0, r.at - prev.at),
		modelChanged: r.model !== prev.model,
	};
}

/** The request as the next one's previous request; undefined when it sent no prompt (Pi keeps the older one). */
export function asPrevious(
	r: RequestRecord,
	index: number,
	before: PreviousRequest | undefined,
): PreviousRequest | undefined {
	const prompt = promptTokens(r.tokens);
	if (prompt <= 0) return undefined;
	const { cacheWrite5m, cacheWrite1h, cacheRead } = r.tokens;
	const lifetime = cacheWrite5m > 0 ? "5m" : cacheWrite1h > 0 ? "1h" : (before?.lifetime ?? "5m");
	return {
		promptTokens: prompt,
		model: r.model,
		at: r.at,
		reportedCache: (before?.reportedCache ?? false) || cacheRead + cacheWrite5m + cacheWrite1h > 0,
		lifetime,
		record: r,
		index,
	};
}

/** The records of each lineage with their positions, in the given order. */
function lineages(records: readonly RequestRecord[]): Map<string, Array<{ r: RequestRecord; index: number }>> {
	const out = new Map<string, Array<{ r: RequestRecord; index: number }>>();
	records.forEach((r, index) => {
		const list = out.get(r.lineage) ?? [];
		list.push({ r, index });
		out.set(r.lineage, list);
	});
	return out;
}

/** A lineage's own turns as previous requests, ignoring every other lineage: what forks and siblings compare with. */
function ownTurns(list: ReadonlyArray<{ r: RequestRecord; index: number }>): PreviousRequest[] {
	const turns: PreviousRequest[] = [];
	let prev: PreviousRequest | undefined;
	for (const { r, index } of list) {
		if (r.afterReset) prev = undefined;
		if (r.purpose !== "turn") continue;
		const next = asPrevious(r, index, prev);
		if (next) turns.push(next);
		prev = next ?? prev;
	}
	return turns;
}

function latestBefore(turns: readonly PreviousRequest[], at: number): PreviousRequest | undefined {
	let found: PreviousRequest | undefined;
	for (const t of turns) if (t.at <= at) found = t;
	return found;
}

/** What a lineage's first turn is compared with, when it has no history of its own. */
function firstComparison(
	r: RequestRecord,
	turns: ReadonlyMap<string, PreviousRequest[]>,
): { basis: PreviousRequest; against: Comparison } | undefined {
	const parent = r.inherits === undefined ? undefined : latestBefore(turns.get(r.inherits) ?? [], r.at);
	if (parent) return { basis: parent, against: "parent" };
	const sibling = r.siblingOf === undefined ? undefined : turns.get(r.siblingOf)?.[0];
	if (sibling && sibling.at <= r.at) return { basis: sibling, against: "sibling" };
	return undefined;
}

/** Pi's scan over one lineage, with the first-turn comparison of a child added. */
function lineageMisses(
	list: ReadonlyArray<{ r: RequestRecord; index: number }>,
	turns: ReadonlyMap<string, PreviousRequest[]>,
	readPrice: ReadPrice,
): Miss[] {
	const misses: Miss[] = [];
	let prev: PreviousRequest | undefined;
	let started = false;
	for (const { r, index } of list) {
		if (r.afterReset) {
			prev = undefined;
			started = true;
		}
		if (r.purpose === "summary" || r.purpose === "other") continue;
		if (r.purpose === "warm") {
			prev = asPrevious(r, index, prev) ?? prev;
			started = true;
			continue;
		}
		const compared = prev
			? { basis: prev, against: "previous" as const }
			: started
				? undefined
				: firstComparison(r, turns);
		const miss = piMiss(compared?.basis, r, readPrice);
		if (miss && compared) {
			const causes = attributeCauses(compared.basis, r, compared.against, miss.idleMs);
			misses.push({
				lineage: r.lineage,
				request: index,
				at: r.at,
				model: r.model,
				tokens: miss.tokens,
				dollars: miss.dollars,
				idleMs: miss.idleMs,
				against: compared.against,
				cause: causes[0] ?? { kind: "unknown" },
				causes,
			});
		}
		started = true;
		prev = asPrevious(r, index, prev ?? compared?.basis) ?? prev;
	}
	return misses;
}

/**
 * Every counted miss among `records`, ordered by position. Records of one lineage must be in the
 * order they were made (a session file's order, which is what Pi scans); lineages may interleave.
 */
export function findMisses(records: readonly RequestRecord[], readPrice: ReadPrice): Miss[] {
	const groups = lineages(records);
	const turns = new Map([...groups].map(([key, list]) => [key, ownTurns(list)] as const));
	return [...groups.values()]
		.flatMap((list) => lineageMisses(list, turns, readPrice))
		.sort((a, b) => a.request - b.request);
}
