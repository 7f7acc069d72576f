/**
 * Where a run's dollars go, item by item, read from the emulator's request log alone: what each tool
 * definition and the system prompt cost in every request that carried them, what the reports cost
 * in every parent request after them, the cache writes nothing read, and the children's hand-back
 * output. Nothing here is a constant about pi-delegate: when its prompts, tools or cache placement
 * change, these figures move with the next run.
 *
 * A request's prompt tokens are billed in bands, in prompt order (cache-rules.ts): the cache read
 * first, then the 1-hour write, then the 5-minute write, then plain input. So the dollars of any
 * token range of a request are its overlap with each band at that band's price.
 */
import type { EmulatedModel, LogEntry } from "../emulator/index.ts";

/** Flat figures of one run, keyed so that medians can be taken key by key. */
export type Parts = Record<string, number>;

type Billed = LogEntry & { prompt: NonNullable<LogEntry["prompt"]>; usage: NonNullable<LogEntry["usage"]> };

const billed = (entries: readonly LogEntry[]): Billed[] =>
	entries.filter((e): e is Billed => e.prompt !== undefined && e.usage !== undefined && e.outcome === "ok");

/** Dollars of prompt tokens [start, end) of one request, at the prices of the bands they fell in. */
export function rangeDollars(entry: Billed, start: number, end: number, model: EmulatedModel): number {
	const u = entry.usage;
	const p = model.prices;
	const read = u.cache_read_input_tokens;
	const long = read + u.cache_creation.ephemeral_1h_input_tokens;
	const short = long + u.cache_creation.ephemeral_5m_input_tokens;
	const bands: Array<[number, number, number]> = [
		[0, read, p.cacheRead],
		[read, long, p.cacheWrite1h],
		[long, short, p.cacheWrite5m],
		[short, Number.POSITIVE_INFINITY, p.input],
	];
	const overlap = (a: number, b: number) => Math.max(0, Math.min(b, end) - Math.max(a, start));
	return bands.reduce((sum, [a, b, price]) => sum + overlap(a, b) * price, 0) / 1_000_000;
}

/** Each tool definition's token range in a request, by name. */
function toolRanges(entry: Billed): Map<string, [number, number]> {
	const ranges = new Map<string, [number, number]>();
	(entry.prompt.toolNames ?? []).forEach((name, i) => {
		ranges.set(name, [i === 0 ? 0 : entry.prompt.chain[i - 1]!.end, entry.prompt.chain[i]!.end]);
	});
	return ranges;
}

/** The system prompt's token range: from the end of the tools to the block the system hash ends. */
function systemRange(entry: Billed): [number, number] {
	const tools = entry.prompt.toolNames?.length ?? 0;
	const start = tools === 0 ? 0 : entry.prompt.chain[tools - 1]!.end;
	const at = entry.prompt.chain.findIndex((b) => b.hash === entry.prompt.systemHash);
	return [start, at < 0 ? start : entry.prompt.chain[at]!.end];
}

/** Tokens (of the first request) and dollars (over every request) of each tool and the system prompt. */
function prefixParts(entries: readonly Billed[], side: string, model: EmulatedModel): Parts {
	const parts: Parts = {};
	const first = entries[0];
	if (!first) return parts;
	for (const [name, [a, b]] of toolRanges(first)) parts[`${side}.tool.${name}.tokens`] = b - a;
	const [s, t] = systemRange(first);
	parts[`${side}.system.tokens`] = t - s;
	for (const entry of entries) {
		for (const [name, [a, b]] of toolRanges(entry)) {
			const key = `${side}.tool.${name}.usd`;
			parts[key] = (parts[key] ?? 0) + rangeDollars(entry, a, b, model);
		}
		const [a, b] = systemRange(entry);
		parts[`${side}.system.usd`] = (parts[`${side}.system.usd`] ?? 0) + rangeDollars(entry, a, b, model);
	}
	return parts;
}

/** The token band each of a request's writes was billed for, from the read (or the write before) to it. */
function writeBands(entry: Billed): Array<{ hash: string; tokens: number; ttl: string }> {
	const writes = [...entry.writes].sort((a, b) => a.tokens - b.tokens);
	let from = entry.read?.tokens ?? 0;
	return writes.map((w) => {
		const band = { hash: w.hash, tokens: w.tokens - from, ttl: w.ttl };
		from = w.tokens;
		return band;
	});
}

/** Whether `later` read the prefix `hash` (its hit contains it). */
function reads(later: Billed, hash: string): boolean {
	if (!later.read) return false;
	const chain = later.prompt.chain;
	const at = chain.findIndex((b) => b.hash === hash);
	return at >= 0 && at <= chain.findIndex((b) => b.hash === later.read!.hash);
}

const FIVE_MINUTES = 5 * 60_000;

/** Whether every read came within 5 minutes of the use before it: a 5-minute entry would have served. */
const shortReads = (writtenAt: number, readers: readonly Billed[]) =>
	readers.every((e, i) => e.clockAt - (i === 0 ? writtenAt : readers[i - 1]!.clockAt) <= FIVE_MINUTES);

/**
 * Cache writes of the requests `mine` picks that no later request read before the same prefix was
 * written again: their tokens, and what writing them cost over sending them as plain input. And the
 * 1-hour writes every read of which came within 5 minutes: their tokens, and what the hour cost over
 * a 5-minute write.
 */
function wastedWrites(all: readonly Billed[], mine: (e: Billed) => boolean, model: EmulatedModel) {
	const ordered = [...all].sort((a, b) => a.clockAt - b.clockAt || a.seq - b.seq);
	const p = model.prices;
	const waste = { tokens: 0, usd: 0, hourTokens: 0, hourUsd: 0 };
	ordered.forEach((entry, i) => {
		if (!mine(entry)) return;
		for (const band of writeBands(entry)) {
			const after = ordered.slice(i + 1);
			const rewritten = after.findIndex((e) => e.writes.some((w) => w.hash === band.hash));
			const readers = (rewritten < 0 ? after : after.slice(0, rewritten)).filter((e) => reads(e, band.hash));
			const price = band.ttl === "1h" ? p.cacheWrite1h : p.cacheWrite5m;
			if (readers.length === 0) {
				waste.tokens += band.tokens;
				waste.usd += (band.tokens * (price - p.input)) / 1_000_000;
			} else if (band.ttl === "1h" && shortReads(entry.clockAt, readers)) {
				waste.hourTokens += band.tokens;
				waste.hourUsd += (band.tokens * (p.cacheWrite1h - p.cacheWrite5m)) / 1_000_000;
			}
		}
	});
	return waste;
}

/** Each child conversation's last request. */
function lastOfEachChild(children: readonly Billed[]): Set<Billed> {
	const last = new Map<string, Billed>();
	for (const e of children) {
		const seen = last.get(e.conversation ?? "");
		if (!seen || e.seq > seen.seq) last.set(e.conversation ?? "", e);
	}
	return new Set(last.values());
}

/**
 * The dollars of the reports the parent read: burst b's report is the tail (`reportTokens[b]`
 * tokens) of the parent request that follows its delegating turn, and every later parent request
 * carries it at the same place.
 */
function reportDollars(parent: readonly Billed[], reportTokens: readonly number[], model: EmulatedModel): number {
	let usd = 0;
	reportTokens.forEach((tokens, burst) => {
		const at = parent.findIndex((e) => e.turn === 2 * burst + 1);
		if (at < 0) return;
		const end = parent[at]!.prompt.tokens;
		for (const entry of parent.slice(at)) usd += rangeDollars(entry, end - tokens, end, model);
	});
	return usd;
}

/** Every figure of one run the attribution needs (see cost-attribution.ts for how they are read). */
export function costParts(entries: readonly LogEntry[], reportTokens: readonly number[], model: EmulatedModel): Parts {
	const all = billed(entries);
	const parent = all.filter((e) => e.label === "parent").sort((a, b) => a.seq - b.seq);
	const children = all.filter((e) => e.label === "child");
	const last = lastOfEachChild(children);
	const parentWrites = wastedWrites(all, (e) => e.label === "parent", model);
	const lastWrites = wastedWrites(all, (e) => last.has(e), model);
	const handBack = [...last].reduce((sum, e) => sum + e.usage.output_tokens, 0);
	return {
		...prefixParts(parent, "parent", model),
		...prefixParts(children, "child", model),
		"parent.unreadWrites.tokens": parentWrites.tokens,
		"parent.unreadWrites.usd": parentWrites.usd,
		"parent.shortHourWrites.tokens": parentWrites.hourTokens,
		"parent.shortHourWrites.usd": parentWrites.hourUsd,
		"child.lastUnreadWrites.tokens": lastWrites.tokens / Math.max(1, last.size),
		"child.lastUnreadWrites.usd": lastWrites.usd,
		"child.handBack.tokens": handBack / Math.max(1, last.size),
		"reports.tokens": reportTokens.reduce((a, b) => a + b, 0) / Math.max(1, reportTokens.length),
		"reports.usd": reportDollars(parent, reportTokens, model),
	};
}

/** How many child conversations were in flight at once at most (first request to last answer). */
export function peakChildren(entries: readonly LogEntry[]): number {
	const spans = new Map<string, [number, number]>();
	for (const e of entries) {
		if (e.label !== "child" || e.conversation === undefined) continue;
		const [a, b] = spans.get(e.conversation) ?? [e.receivedAt, e.respondedAt];
		spans.set(e.conversation, [Math.min(a, e.receivedAt), Math.max(b, e.respondedAt)]);
	}
	const edges = [...spans.values()].flatMap(([a, b]) => [
		[a, 1],
		[b, -1],
	]);
	edges.sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
	let now = 0;
	let peak = 0;
	for (const [, step] of edges) {
		now += step!;
		peak = Math.max(peak, now);
	}
	return peak;
}
