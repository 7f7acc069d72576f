import { describe, expect, it } from "vitest";
import { observedReadPrices, rollup } from "../../src/meter/rollup.ts";
import { linkSiblings } from "../../src/meter/siblings.ts";
import type { RequestRecord, SpendSource } from "../../src/meter/types.ts";
import { ZERO_DOLLARS } from "../../src/meter/usage.ts";
import { dollars, percent, shortCount } from "../../src/meter/words.ts";

const DAY = Date.UTC(2026, 11, 1, 23, 59);

function request(
	lineage: string,
	at: number,
	model: string,
	read: number,
	write: number,
	total: number,
): RequestRecord {
	return {
		lineage,
		at,
		model,
		purpose: "turn",
		tokens: { input: 0, cacheWrite5m: write, cacheWrite1h: 0, cacheRead: read, output: 0 },
		dollars: { ...ZERO_DOLLARS, cacheRead: read * 3e-7, cacheWrite: write * 3.75e-6, total },
	};
}

function run(key: string, requests: RequestRecord[], stated?: number): SpendSource {
	return {
		key,
		kind: "task",
		id: key,
		auditDir: `/runs/${key}`,
		startedAt: requests[0]?.at ?? DAY,
		model: "p/a",
		complete: true,
		source: stated === undefined ? "events" : "result",
		...(stated === undefined
			? {}
			: {
					stated: {
						tokens: { input: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0, output: 0 },
						dollars: { ...ZERO_DOLLARS, total: stated },
					},
				}),
		requests,
		skippedLines: 0,
	};
}

describe("rollup", () => {
	it("splits a run across models and days by its requests, when they account for all of it", () => {
		const split = run("split", [
			request("split", DAY, "p/a", 0, 100, 1),
			request("split", DAY + 2 * 60_000, "p/b", 0, 100, 2),
		]);
		const byModel = rollup([split], { by: "model" });
		expect(byModel.rows.map((r) => [r.label, r.totals.dollars.total])).toEqual([
			["p/a", 1],
			["p/b", 2],
		]);
		const byDay = rollup([split], { by: "day" });
		expect(byDay.rows.map((r) => [r.label, r.totals.dollars.total])).toEqual([
			["2026-12-01", 1],
			["2026-12-02", 2],
		]);
	});

	it("counts a run whose stated totals its requests do not explain whole, under its own model and start day", () => {
		const partial = run("partial", [request("partial", DAY, "p/b", 0, 100, 1)], 5);
		const view = rollup([partial], { by: "model" });
		expect(view.rows.map((r) => [r.label, r.totals.dollars.total])).toEqual([["p/a", 5]]);
		expect(view.total.totals.dollars.total).toBe(5);
		expect(view.runs[0]?.totals.requests).toBe(1);
	});

	it("with --since keeps a run whole or leaves it out, by its start", () => {
		const early = run("early", [
			request("early", DAY - 60_000, "p/a", 0, 100, 1),
			request("early", DAY + 60_000, "p/a", 0, 100, 1),
		]);
		const late = run("late", [request("late", DAY + 60_000, "p/a", 0, 100, 1)]);
		expect(rollup([early, late], { by: "task", since: DAY }).runs.map((r) => r.label)).toEqual(["late"]);
	});

	it("learns a model's cache-read price from the requests that read, for misses that read nothing", () => {
		const price = observedReadPrices([request("x", 0, "p/a", 1000, 0, 0), request("x", 0, "p/a", 3000, 0, 0)]);
		expect(price("p/a")).toBeCloseTo(3e-7, 15);
		expect(price("p/other")).toBeUndefined();
	});
});

describe("linkSiblings", () => {
	const first = (lineage: string, minute: number, group = "g"): RequestRecord => ({
		...request(lineage, DAY + minute * 60_000, "p/a", 0, 2000, 0),
		group,
	});

	it("links each first request to the sibling that came just before it, within the longest cache lifetime", () => {
		const linked = linkSiblings([
			first("a", 0),
			first("b", 1),
			first("c", 2),
			first("other", 3, "h"),
			first("late", 70),
		]);
		expect(linked.map((r) => r.siblingOf)).toEqual([undefined, "a", "b", undefined, undefined]);
	});

	it("never replaces a link the executor set, nor a fork's inheritance, and links only first requests", () => {
		const linked = linkSiblings([
			first("a", 0),
			{ ...first("b", 1), siblingOf: "z" },
			{ ...first("c", 2), inherits: "parent" },
			{ ...first("a", 3) },
		]);
		expect(linked.map((r) => [r.siblingOf, r.inherits])).toEqual([
			[undefined, undefined],
			["z", undefined],
			[undefined, "parent"],
			[undefined, undefined],
		]);
	});
});

describe("numbers for an 80-column table", () => {
	it("abbreviates counts to five characters at most, and never rounds across a unit without saying so", () => {
		const cases: Array<[number, string]> = [
			[0, "0"],
			[999, "999"],
			[999.6, "1.0k"],
			[1234, "1.2k"],
			[9_949, "9.9k"],
			[9_950, "10k"],
			[161_744, "162k"],
			[999_499, "999k"],
			[999_500, "1.0M"],
			[16_400_000, "16M"],
		];
		for (const [n, text] of cases) expect(shortCount(n)).toBe(text);
		expect(dollars(0.0141)).toBe("$0.0141");
		expect(dollars(12.345)).toBe("$12.35");
		expect(percent(undefined)).toBe("—");
		expect(percent(0.875)).toBe("88%");
	});
});
