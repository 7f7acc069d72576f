/**
 * Re-billed dollars and their causes, over request sequences the provider emulator bills by
 * Anthropic's caching rules. One token per character; every expected figure is worked out by hand
 * in the comments from the list prices in bench.ts.
 */
import { describe, expect, it } from "vitest";
import { groupKey } from "../../src/meter/prefix.ts";
import { findMisses } from "../../src/meter/rebill.ts";
import { linkSiblings } from "../../src/meter/siblings.ts";
import type { RequestRecord } from "../../src/meter/types.ts";
import { hitRatio, totalsOf } from "../../src/meter/usage.ts";
import { block, listedReadPrice, MODEL_A, MODEL_B, meterBench, piRequest } from "./bench.ts";

const turn1 = [{ role: "user" as const, size: 500 }];
const turn2 = [...turn1, { role: "assistant" as const, size: 200 }, { role: "user" as const, size: 300 }];
const turn3 = [...turn2, { role: "assistant" as const, size: 200 }, { role: "user" as const, size: 300 }];
const misses = (records: RequestRecord[]) => findMisses(records, listedReadPrice);

describe("a clean run", () => {
	it("bills each turn as the emulator does and counts no miss", () => {
		const bench = meterBench();
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn1 }), atMinute: 0 });
		const r2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn2 }), atMinute: 1 });
		// r1 writes its whole 3500-token prompt for 5 minutes: 3500 × $3.75/M + 100 out × $15/M.
		expect(r1.tokens).toEqual({ input: 0, cacheWrite5m: 3500, cacheWrite1h: 0, cacheRead: 0, output: 100 });
		expect(r1.dollars.total).toBeCloseTo(0.013125 + 0.0015, 12);
		// r2 reads those 3500 and writes the 500 it adds: 3500 × $0.30/M + 500 × $3.75/M + out.
		expect(r2.tokens).toEqual({ input: 0, cacheWrite5m: 500, cacheWrite1h: 0, cacheRead: 3500, output: 100 });
		expect(r2.dollars.total).toBeCloseTo(0.00105 + 0.001875 + 0.0015, 12);
		expect(hitRatio(r2.tokens)).toBe(3500 / 4000);
		const totals = totalsOf([r1, r2]);
		expect(totals.tokens.cacheRead).toBe(3500);
		// 3500 read of 3500 + 4000 prompt tokens.
		expect(totals.hitRatio).toBe(3500 / 7500);
		expect(misses([r1, r2])).toEqual([]);
	});
});

describe("a miss of each cause", () => {
	it("model switch: the whole previous prompt is paid again on the new model", () => {
		const bench = meterBench();
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn1 }), atMinute: 0 });
		const r2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn2 }), atMinute: 1 });
		const r3 = bench.send({
			lineage: "p",
			model: MODEL_B,
			request: piRequest({ model: MODEL_B, system: 3000, messages: turn3 }),
			atMinute: 2,
		});
		expect(r3.tokens.cacheRead).toBe(0);
		expect(r3.tokens.cacheWrite5m).toBe(4500);
		const [miss, ...rest] = misses([r1, r2, r3]);
		expect(rest).toEqual([]);
		// min(4000, 4500) − 0 read = 4000 tokens at $6.25/M written instead of $0.50/M read.
		expect(miss?.tokens).toBe(4000);
		expect(miss?.dollars).toBeCloseTo(4000 * 5.75e-6, 12);
		expect(miss?.cause).toEqual({ kind: "model", from: `emulator/${MODEL_A.id}`, to: `emulator/${MODEL_B.id}` });
		expect(miss?.request).toBe(2);
	});

	it("idle past the 5-minute lifetime: nothing is read ten minutes later", () => {
		const bench = meterBench();
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn1 }), atMinute: 0 });
		const r2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn2 }), atMinute: 10 });
		expect(r2.tokens).toMatchObject({ cacheRead: 0, cacheWrite5m: 4000 });
		const [miss] = misses([r1, r2]);
		// 3500 tokens written at $3.75/M that were cached and readable at $0.30/M.
		expect(miss?.tokens).toBe(3500);
		expect(miss?.dollars).toBeCloseTo(3500 * 3.45e-6, 12);
		expect(miss?.causes).toEqual([{ kind: "idle", idleMs: 10 * 60_000, lifetime: "5m" }]);
	});

	it("a 1-hour write read ten minutes later is no miss", () => {
		const bench = meterBench();
		const r1 = bench.send({
			lineage: "p",
			request: piRequest({ system: 3000, messages: turn1, ttl: "1h" }),
			atMinute: 0,
		});
		const r2 = bench.send({
			lineage: "p",
			request: piRequest({ system: 3000, messages: turn2, ttl: "1h" }),
			atMinute: 10,
		});
		expect(r1.tokens.cacheWrite1h).toBe(3500);
		expect(r1.dollars.cacheWrite).toBeCloseTo(3500 * 6e-6, 12);
		expect(r2.tokens).toMatchObject({ cacheRead: 3500, cacheWrite1h: 500 });
		expect(misses([r1, r2])).toEqual([]);
	});

	it("system prompt changed: blamed on the system prompt; ten minutes idle is no cause under a 1-hour write", () => {
		const bench = meterBench();
		const r1 = bench.send({
			lineage: "p",
			request: piRequest({ system: 3000, messages: turn1, ttl: "1h" }),
			atMinute: 0,
		});
		const r2 = bench.send({
			lineage: "p",
			request: piRequest({ system: [block(3000, "S", "1h")], messages: turn2, ttl: "1h" }),
			atMinute: 10,
		});
		const [miss] = misses([r1, r2]);
		// 3500 tokens written for an hour ($6/M) instead of read ($0.30/M).
		expect(miss?.tokens).toBe(3500);
		expect(miss?.dollars).toBeCloseTo(3500 * 5.7e-6, 12);
		expect(miss?.causes).toEqual([{ kind: "prefix", position: { at: "system" } }]);
	});

	it("system prompt changed after a 5-minute write went stale: both causes, the change first", () => {
		const bench = meterBench();
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn1 }), atMinute: 0 });
		const r2 = bench.send({
			lineage: "p",
			request: piRequest({ system: [block(3000, "S", "5m")], messages: turn2 }),
			atMinute: 10,
		});
		expect(misses([r1, r2])[0]?.causes.map((c) => c.kind)).toEqual(["prefix", "idle"]);
	});

	it("tool definitions changed: nothing after them is read", () => {
		const tools = (description: string) => [
			{ name: "read", description, input_schema: { type: "object" }, cache_control: { type: "ephemeral" as const } },
		];
		const bench = meterBench();
		const r1 = bench.send({
			lineage: "p",
			request: piRequest({ system: 3000, messages: turn1, tools: tools("a".repeat(200)) }),
			atMinute: 0,
		});
		const r2 = bench.send({
			lineage: "p",
			request: piRequest({ system: 3000, messages: turn2, tools: tools("b".repeat(200)) }),
			atMinute: 1,
		});
		expect(r2.tokens.cacheRead).toBe(0);
		const [miss] = misses([r1, r2]);
		expect(miss?.tokens).toBe(r1.tokens.cacheWrite5m);
		expect(miss?.cause).toEqual({ kind: "prefix", position: { at: "tools" } });
	});

	it("an earlier message changed: the system prompt is still read, the rest is paid again", () => {
		const bench = meterBench();
		const first = [{ role: "user" as const, size: 2000 }];
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: first }), atMinute: 0 });
		const edited = [{ role: "user" as const, size: 2000, fill: "v" }, ...turn2.slice(1)];
		const r2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: edited }), atMinute: 1 });
		expect(r2.tokens).toMatchObject({ cacheRead: 3000, cacheWrite5m: 2500 });
		const [miss] = misses([r1, r2]);
		// min(5000, 5500) − 3000 read = 2000, at $3.75/M instead of the $0.30/M this request read at.
		expect(miss?.tokens).toBe(2000);
		expect(miss?.dollars).toBeCloseTo(2000 * 3.45e-6, 12);
		expect(miss?.cause).toEqual({ kind: "prefix", position: { at: "message", index: 0 } });
	});

	it("unknown when nothing explains it (no prefix hashes, same model, not idle)", () => {
		const bench = meterBench();
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn1 }), atMinute: 0 });
		bench.cache.clear();
		const r2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: turn2 }), atMinute: 1 });
		const { prefix: _p1, ...bare1 } = r1;
		const { prefix: _p2, ...bare2 } = r2;
		expect(misses([bare1, bare2])[0]?.causes).toEqual([{ kind: "unknown" }]);
	});
});

describe("a compaction is a chosen reset, not a miss", () => {
	it("does not count the request after it, though the same bill without the marker is a miss", () => {
		const bench = meterBench();
		const first = [{ role: "user" as const, size: 2000 }];
		const r1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: first }), atMinute: 0 });
		const r2 = bench.send({
			lineage: "p",
			request: piRequest({ system: 3000, messages: [...first, ...turn2.slice(1)] }),
			atMinute: 1,
		});
		const summary = [
			{ role: "user" as const, size: 1500, fill: "c" },
			{ role: "user" as const, size: 300 },
		];
		const r3 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: summary }), atMinute: 2 });
		expect(r3.tokens).toMatchObject({ cacheRead: 3000, cacheWrite5m: 1800 });
		// Without the marker: min(5500, 4800) − 3000 = 1800 tokens would count.
		expect(misses([r1, r2, r3]).map((m) => m.tokens)).toEqual([1800]);
		expect(misses([r1, r2, { ...r3, afterReset: "compaction" }])).toEqual([]);
	});
});

describe("siblings", () => {
	const sibling = (lineage: string, fill: string, atMinute: number) => ({
		lineage,
		request: piRequest({ system: 3000, messages: [{ role: "user" as const, size: 500, fill }] }),
		atMinute,
		durationMs: 2000,
	});
	const grouped = (r: RequestRecord) => ({ ...r, group: groupKey(r.model, r.prefix!) });

	it("the second of two overlapping siblings pays the write the first made moments later", () => {
		const bench = meterBench();
		const [a, b] = bench.sendTogether([sibling("a", "a", 0), sibling("b", "b", 0.01)]).map(grouped);
		// Both wrote the shared 3000-token system prompt and their own 500-token brief.
		expect([a!.tokens.cacheWrite5m, b!.tokens.cacheWrite5m]).toEqual([3500, 3500]);
		const c = grouped(bench.send(sibling("c", "c", 1)));
		expect(c.tokens).toMatchObject({ cacheRead: 3000, cacheWrite5m: 500 });
		const linked = linkSiblings([a!, b!, c]);
		expect(linked.map((r) => r.siblingOf)).toEqual([undefined, "a", "b"]);
		const found = misses(linked);
		// b against a: min(3500, 3500) − 0 read = 3500 tokens (the brief of a included: the
		// comparison cannot tell a shared token from a sibling's own), $3.75/M instead of $0.30/M.
		// c read the shared prefix: 500 tokens short of b's prompt, under the noise floor.
		expect(found).toHaveLength(1);
		expect(found[0]).toMatchObject({ lineage: "b", against: "sibling", tokens: 3500 });
		expect(found[0]?.dollars).toBeCloseTo(3500 * 3.45e-6, 12);
		expect(found[0]?.cause).toEqual({ kind: "sibling", sibling: "a" });
	});

	it("a sibling sent after the other's cache expired misses for idleness, not for the sibling", () => {
		const bench = meterBench();
		const a = grouped(bench.send(sibling("a", "a", 0)));
		const d = grouped(bench.send(sibling("d", "d", 10)));
		const [miss] = misses(linkSiblings([a, d]));
		expect(miss?.causes).toEqual([{ kind: "idle", idleMs: 10 * 60_000, lifetime: "5m" }]);
	});
});

describe("a fork's first request is compared with the parent it inherited from", () => {
	const first = [{ role: "user" as const, size: 2000 }];
	const parentTurn2 = [...first, { role: "assistant" as const, size: 200 }, { role: "user" as const, size: 300 }];
	const forkBrief = [
		...parentTurn2,
		{ role: "assistant" as const, size: 200 },
		{ role: "user" as const, size: 300, fill: "f" },
	];

	it("reads the parent's prefix: no miss", () => {
		const bench = meterBench();
		const p1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: first }), atMinute: 0 });
		const p2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: parentTurn2 }), atMinute: 1 });
		const f = bench.send({ lineage: "f", request: piRequest({ system: 3000, messages: forkBrief }), atMinute: 2 });
		expect(f.tokens.cacheRead).toBe(5500);
		expect(misses([p1, p2, { ...f, inherits: "p" }])).toEqual([]);
	});

	it("with other tools than the parent's it pays the parent's prefix again, blamed on the tools", () => {
		const bench = meterBench();
		const p1 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: first }), atMinute: 0 });
		const p2 = bench.send({ lineage: "p", request: piRequest({ system: 3000, messages: parentTurn2 }), atMinute: 1 });
		const tools = [{ name: "submit_result", input_schema: { type: "object" } }];
		const f = bench.send({
			lineage: "f",
			request: piRequest({ system: 3000, messages: forkBrief, tools }),
			atMinute: 2,
		});
		const found = misses([p1, p2, { ...f, inherits: "p" }]);
		expect(found).toHaveLength(1);
		expect(found[0]).toMatchObject({ lineage: "f", against: "parent", tokens: 5500 });
		expect(found[0]?.cause).toEqual({ kind: "prefix", position: { at: "tools" } });
		// Without the inheritance a first request is never a miss (Pi's rule).
		expect(misses([p1, p2, f])).toEqual([]);
	});
});
