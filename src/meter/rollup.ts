/**
 * The spend rollup: the parent and every child in one view, each with its totals, hit ratio and
 * re-billed dollars, grouped by run, model, day or parent session, and added up.
 *
 * A run's totals are what its record states (result.json, a fork entry) when they disagree with
 * its requests, else the requests' own sums (which also split the cache lifetimes). Grouping by
 * model or day splits a run by its requests when they account for all of it; otherwise the run
 * counts whole under its start model and day. So every view adds up to the same total.
 */
import { findMisses, type ReadPrice } from "./rebill.ts";
import { linkSiblings } from "./siblings.ts";
import type { Miss, RequestDollars, RequestRecord, RequestTokens, SpendSource, SpendTotals } from "./types.ts";
import { addTotals, cacheWrite, EMPTY_TOTALS, hitRatio, totalsOf } from "./usage.ts";

export type SpendGrouping = "task" | "model" | "day" | "session";
export const SPEND_GROUPINGS: readonly SpendGrouping[] = ["task", "model", "day", "session"];

export interface Rebilled {
	tokens: number;
	dollars: number;
	misses: number;
}

/** One line of the view. */
export interface SpendRow {
	/** Run label, model, day (UTC) or session, by the grouping. */
	label: string;
	/** Per-run rows only. */
	source?: SpendSource;
	totals: SpendTotals;
	rebilled: Rebilled;
	/** False when any run in the row never finished. */
	complete: boolean;
}

export interface SpendReport {
	by: SpendGrouping;
	/** One row per source (the parent and every run), whatever the grouping. */
	runs: SpendRow[];
	/** The rows of the chosen grouping (the runs themselves for `task`). */
	rows: SpendRow[];
	total: SpendRow;
	/** Counted misses, in time order. */
	misses: Miss[];
}

export interface RollupOptions {
	by: SpendGrouping;
	/** Epoch ms: runs started and parent requests made before it are left out. */
	since?: number;
	/** Listed cache-read prices, for misses where nothing was read; rates seen in the records come first. */
	readPrice?: ReadPrice;
}

const NO_REBILL: Rebilled = Object.freeze({ tokens: 0, dollars: 0, misses: 0 });

function addRebilled(a: Rebilled, b: Rebilled): Rebilled {
	return { tokens: a.tokens + b.tokens, dollars: a.dollars + b.dollars, misses: a.misses + b.misses };
}

const missRebill = (m: Miss): Rebilled => ({ tokens: m.tokens, dollars: m.dollars, misses: 1 });

/** Cache-read dollars per token by model, from requests that read something. */
export function observedReadPrices(records: readonly RequestRecord[]): ReadPrice {
	const seen = new Map<string, { dollars: number; tokens: number }>();
	for (const r of records) {
		if (r.tokens.cacheRead <= 0 || r.dollars.cacheRead <= 0) continue;
		const s = seen.get(r.model) ?? { dollars: 0, tokens: 0 };
		seen.set(r.model, { dollars: s.dollars + r.dollars.cacheRead, tokens: s.tokens + r.tokens.cacheRead });
	}
	return (model) => {
		const s = seen.get(model);
		return s ? s.dollars / s.tokens : undefined;
	};
}

function sameTotals(a: { tokens: RequestTokens; dollars: RequestDollars }, b: SpendTotals): boolean {
	const t = a.tokens;
	return (
		t.input === b.tokens.input &&
		t.output === b.tokens.output &&
		t.cacheRead === b.tokens.cacheRead &&
		cacheWrite(t) === cacheWrite(b.tokens) &&
		Math.abs(a.dollars.total - b.dollars.total) < 1e-9
	);
}

/** The requests account for everything the source states (or it states nothing). */
function requestsComplete(source: SpendSource): boolean {
	return source.stated === undefined || sameTotals(source.stated, totalsOf(source.requests));
}

function sourceTotals(source: SpendSource): SpendTotals {
	if (requestsComplete(source)) return totalsOf(source.requests);
	const { tokens, dollars } = source.stated!;
	return { requests: source.requests.length, tokens, dollars, hitRatio: hitRatio(tokens) };
}

/** A fork's first request inherits the prefix of its parent session, when that session is in the view. */
function markForks(sources: readonly SpendSource[]): RequestRecord[] {
	const parents = new Map<string, string>();
	for (const s of sources) {
		if (s.kind !== "parent") continue;
		if (s.session?.file) parents.set(`file:${s.session.file}`, s.key);
		if (s.session?.id) parents.set(`id:${s.session.id}`, s.key);
	}
	return sources.flatMap((s) => {
		const parent =
			s.kind === "fork" ? (parents.get(`file:${s.session?.file}`) ?? parents.get(`id:${s.session?.id}`)) : undefined;
		const first = s.requests.findIndex((r) => r.purpose === "turn");
		if (parent === undefined || first < 0) return s.requests;
		return s.requests.map((r, i) => (i === first && r.inherits === undefined ? { ...r, inherits: parent } : r));
	});
}

function included(source: SpendSource, since: number | undefined): SpendSource | undefined {
	if (since === undefined) return source;
	if (source.kind === "parent") {
		const requests = source.requests.filter((r) => r.at >= since);
		return requests.length > 0 ? { ...source, requests } : undefined;
	}
	const started = source.startedAt ?? source.requests[0]?.at;
	return started !== undefined && started >= since ? source : undefined;
}

const dayOf = (ms: number): string =>
	Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString().slice(0, 10) : "(unknown)";

/** The group of a request (or of a whole source, without `at`). */
function groupLabel(by: SpendGrouping, source: SpendSource, request?: { model: string; at: number }): string {
	if (by === "model") return request?.model ?? source.model ?? "(unknown)";
	if (by === "day") return dayOf(request?.at ?? source.startedAt ?? Number.NaN);
	return source.session?.file ?? source.session?.id ?? "(no parent session)";
}

function group(
	by: SpendGrouping,
	runs: readonly SpendRow[],
	misses: readonly Miss[],
	lineageOf: Map<string, SpendSource>,
): SpendRow[] {
	const rows = new Map<string, SpendRow>();
	const add = (label: string, totals: SpendTotals, rebilled: Rebilled, complete: boolean) => {
		const row = rows.get(label) ?? { label, totals: EMPTY_TOTALS, rebilled: NO_REBILL, complete: true };
		rows.set(label, {
			label,
			totals: addTotals(row.totals, totals),
			rebilled: addRebilled(row.rebilled, rebilled),
			complete: row.complete && complete,
		});
	};
	for (const run of runs) {
		const source = run.source!;
		if (by !== "session" && requestsComplete(source) && source.requests.length > 0) {
			for (const r of source.requests) add(groupLabel(by, source, r), totalsOf([r]), NO_REBILL, source.complete);
		} else add(groupLabel(by, source), run.totals, NO_REBILL, source.complete);
	}
	for (const m of misses) {
		const source = lineageOf.get(m.lineage);
		if (!source) continue;
		add(groupLabel(by, source, by === "session" ? undefined : m), EMPTY_TOTALS, missRebill(m), true);
	}
	return [...rows.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** Builds the view over the sources the readers found. */
export function rollup(sources: readonly SpendSource[], options: RollupOptions): SpendReport {
	const records = linkSiblings(markForks(sources));
	const observed = observedReadPrices(records);
	const price: ReadPrice = (model) => observed(model) ?? options.readPrice?.(model);
	const kept = sources.map((s) => included(s, options.since)).filter((s): s is SpendSource => s !== undefined);
	const lineageOf = new Map(kept.map((s) => [s.key, s]));
	const since = options.since;
	// Judged over every record (a request just after --since still compares with the one before it), shown for the kept ones.
	const misses = findMisses(records, price).filter((m) => {
		const source = lineageOf.get(m.lineage);
		return source !== undefined && (since === undefined || source.kind !== "parent" || m.at >= since);
	});
	const runs = kept.map((source): SpendRow => {
		const own = misses.filter((m) => m.lineage === source.key);
		return {
			label: source.kind === "parent" ? "parent" : source.id,
			source,
			totals: sourceTotals(source),
			rebilled: own.reduce((sum, m) => addRebilled(sum, missRebill(m)), NO_REBILL),
			complete: source.complete,
		};
	});
	const rows = options.by === "task" ? runs : group(options.by, runs, misses, lineageOf);
	const total = runs.reduce(
		(sum, r): SpendRow => ({
			label: "total",
			totals: addTotals(sum.totals, r.totals),
			rebilled: addRebilled(sum.rebilled, r.rebilled),
			complete: sum.complete && r.complete,
		}),
		{ label: "total", totals: EMPTY_TOTALS, rebilled: NO_REBILL, complete: true },
	);
	return { by: options.by, runs, rows, total, misses: [...misses].sort((a, b) => a.at - b.at) };
}
