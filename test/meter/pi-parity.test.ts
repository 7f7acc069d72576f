/**
 * The meter's re-billed figures equal Pi's own `/session` figures on the same session entries:
 * Pi's computeCacheWaste and collectCacheMisses (core/cache-stats.js, not exported from the
 * package root, so imported by path) against the meter's fold + findMisses, over many generated
 * sessions with model switches, idle gaps, compactions, branch summaries, cache warming, failed
 * calls, tool usage and a provider that never reports caching.
 */
import type { SessionEntry } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import {
	collectCacheMisses,
	computeCacheWaste,
} from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/cache-stats.js";
import { createFold, foldEntry } from "../../src/meter/fold.ts";
import { findMisses } from "../../src/meter/rebill.ts";

const MODELS: Record<string, { input: number; write: number; read: number }> = {
	"anthropic/sonnet": { input: 3, write: 3.75, read: 0.3 },
	"anthropic/opus": { input: 5, write: 6.25, read: 0.5 },
	"plain/nocache": { input: 1, write: 0, read: 0 },
};
const priceSource = {
	getModel: (provider: string, id: string) => {
		const m = MODELS[`${provider}/${id}`];
		return m ? { cost: { cacheRead: m.read } } : undefined;
	},
};
const readPrice = (model: string) => (MODELS[model] ? MODELS[model].read / 1e6 : undefined);

/** Deterministic pseudo-random numbers (mulberry32), so a failure names a reproducible seed. */
function random(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function usage(model: string, input: number, read: number, write: number, long: number, output: number) {
	const p = MODELS[model]!;
	const cost = {
		input: (input * p.input) / 1e6,
		output: (output * 15) / 1e6,
		cacheRead: (read * p.read) / 1e6,
		cacheWrite: ((write - long) * p.write + long * p.input * 2) / 1e6,
		total: 0,
	};
	cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
	return {
		input,
		output,
		cacheRead: read,
		cacheWrite: write,
		cacheWrite1h: long,
		totalTokens: input + output + read + write,
		cost,
	};
}

function session(seed: number): SessionEntry[] {
	const rnd = random(seed);
	const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
	const entries: SessionEntry[] = [];
	let time = Date.UTC(2026, 11, 1, 9, 0, 0);
	let prompt = 2000;
	let model = pick(["anthropic/sonnet", "anthropic/opus", "plain/nocache"]);
	const base = (type: string) => ({
		type,
		id: `e${entries.length}`,
		parentId: null,
		timestamp: new Date(time).toISOString(),
	});
	for (let i = 0; i < 30; i++) {
		time += pick([2_000, 30_000, 4 * 60_000, 6 * 60_000, 70 * 60_000]);
		const roll = rnd();
		if (roll < 0.06)
			entries.push({
				...base("compaction"),
				summary: "s",
				firstKeptEntryId: "e0",
				tokensBefore: prompt,
			} as SessionEntry);
		else if (roll < 0.1) entries.push({ ...base("branch_summary"), fromId: "e0", summary: "b" } as SessionEntry);
		else if (roll < 0.14 && model !== "plain/nocache") {
			const [provider, id] = model.split("/");
			entries.push({
				...base("usage"),
				kind: "cache_warm",
				provider,
				model: id,
				usage: usage(model, 0, prompt, 0, 0, 1),
			} as SessionEntry);
		} else if (roll < 0.18) {
			entries.push({
				...base("message"),
				message: {
					role: "toolResult",
					toolCallId: "t",
					toolName: "x",
					content: [],
					isError: false,
					timestamp: time,
					usage: usage("anthropic/sonnet", 10, 0, 0, 0, 5),
				},
			} as unknown as SessionEntry);
		} else {
			if (rnd() < 0.15) model = pick(["anthropic/sonnet", "anthropic/opus"]);
			prompt = Math.max(500, prompt + Math.round((rnd() - 0.2) * 3000));
			const failed = rnd() < 0.05;
			const cached = model !== "plain/nocache";
			const read = failed || !cached ? 0 : Math.round(prompt * pick([0, 0.3, 0.8, 0.95, 1]));
			const write = failed || !cached ? 0 : Math.round((prompt - read) * pick([0, 0.5, 1]));
			const long = pick([0, write, Math.round(write / 2)]);
			const input = failed ? 0 : prompt - read - write;
			const [provider, id] = model.split("/");
			entries.push({
				...base("message"),
				message: {
					role: "assistant",
					content: [],
					api: "x",
					provider,
					model: id,
					usage: usage(model, input, read, write, long, failed ? 0 : 50),
					stopReason: failed ? "error" : "stop",
					timestamp: time,
				},
			} as unknown as SessionEntry);
		}
	}
	return entries;
}

describe("the meter counts cache misses exactly as Pi's /session does", () => {
	it.each(Array.from({ length: 60 }, (_, i) => i + 1))("on generated session %i", (seed) => {
		const entries = session(seed);
		const pi = computeCacheWaste(entries, priceSource);
		const piMisses = [...collectCacheMisses(entries, priceSource).values()];
		const fold = createFold("s");
		for (const e of entries) foldEntry(fold, e);
		const ours = findMisses(fold.records, readPrice);
		expect(ours.length).toBe(pi.missCount);
		expect(ours.reduce((n, m) => n + m.tokens, 0)).toBe(pi.missedTokens);
		expect(ours.reduce((n, m) => n + m.dollars, 0)).toBeCloseTo(pi.missedCost, 12);
		expect(ours.map((m) => [m.tokens, m.idleMs, m.cause.kind === "model"])).toEqual(
			piMisses.map((m) => [m.missedTokens, m.idleMs, m.modelChanged]),
		);
	});

	it("the generator produces misses of every kind Pi labels, so the comparison is not vacuous", () => {
		const all = Array.from({ length: 60 }, (_, i) => [
			...collectCacheMisses(session(i + 1), priceSource).values(),
		]).flat();
		expect(all.length).toBeGreaterThan(50);
		expect(all.some((m) => m.modelChanged)).toBe(true);
		expect(all.some((m) => !m.modelChanged && m.idleMs >= 5 * 60_000)).toBe(true);
		expect(all.some((m) => !m.modelChanged && m.idleMs < 5 * 60_000)).toBe(true);
	});
});
