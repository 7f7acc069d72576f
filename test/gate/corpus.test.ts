/**
 * The gate against every labelled brief: the targets (recall >= 0.98 on must-be-task briefs, false
 * blocks <= 5 % of fork briefs) over the whole corpus, on each split and in each file, the kinds
 * each task brief must trip, and the shape of the corpus itself (size, balance, hard cases,
 * categories).
 *
 * The held-out split (test/fixtures/briefs/README.md) is scored, never tuned on: its misses are
 * not printed here, and its recall and false blocks are held to the figures they reached — a
 * recall floor above the target, which it meets, and a false-block ceiling above the target, which
 * it does not yet meet. Tuning the gate until it passes would make it one more tuning file.
 */
import { describe, expect, it } from "vitest";
import { scoreCorpus } from "../../bench/support/gate-score.ts";
import { classifyBrief } from "../../src/gate/classify.ts";
import { allBriefs, corpusFiles, corpusSplits, HELD_OUT_PREFIX, readOnce } from "./corpus.ts";

const RECALL_TARGET = 0.98;
const FALSE_BLOCK_TARGET = 0.05;
/**
 * The held-out split's recall: 1878 of 1907 (0.985), over forty-three files — the 0.98 target is
 * met; 1877 would break this floor. The rules alone catch 1834. It was scored twice in the
 * fifteenth round, each time after the gate was fixed and with a fresh pair written just before:
 * 1793 of 1822 at the first score (heldout-polite26/agents18: 86 of 86); 1878 of 1907 at the
 * second (heldout-polite27/agents19: 81 of 85) — test/fixtures/briefs/README.md, "The fifteenth
 * round". The gate the round started from catches 1872.
 */
const HELD_OUT_RECALL_FLOOR = 0.9845;
/**
 * The held-out split's false blocks: 140 of 2480 (5.6 %), above the 5 % target; the rules alone
 * block 251 (10.1 %), the gate the round started from 156 (6.3 %), the second fresh pair 9 of 125.
 * This is a ceiling, not the target: it fails if the gate blocks 141 or more.
 */
const HELD_OUT_FALSE_BLOCK_CEILING = 0.0566;
/**
 * The tuning split's false blocks: 165 of 10934 (1.5 %). The second reader was trained on this
 * split, so the figure says what the gate does on briefs it has seen, not on new ones; 166 would
 * break it.
 */
const TUNING_FALSE_BLOCK_BUDGET = 0.0151;
/**
 * The whole corpus's false blocks: 305 of 13414 (2.27 %) with the second reader; 306 would break
 * it. Its recall is held to the target.
 */
const CORPUS_FALSE_BLOCK_CEILING = 0.02276;

describe("the brief corpus", () => {
	const rows = allBriefs();

	it("is big, balanced and hard enough for the figures to mean something", () => {
		expect(rows.length).toBeGreaterThanOrEqual(150);
		const forks = rows.filter((r) => r.label === "fork").length;
		// Neither label rare: the development files are written about two forks to a task, as briefs come.
		expect(forks / rows.length).toBeGreaterThan(0.4);
		expect(forks / rows.length).toBeLessThan(0.65);
		expect(rows.filter((r) => r.hard).length).toBeGreaterThanOrEqual(40);
		expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
		expect(new Set(rows.map((r) => r.brief)).size).toBe(rows.length);
	});

	it("covers every kind of fork brief and every kind of task brief", () => {
		const categories = (label: string) => new Set(rows.filter((r) => r.label === label).map((r) => r.category));
		for (const c of ["exploration", "opinion", "review", "explain", "compare", "summary"]) {
			expect(categories("fork")).toContain(c);
		}
		for (const c of [
			"prohibition",
			"scope-limit",
			"write-boundary",
			"file-change",
			"command",
			"continuation",
			"stated-need",
		]) {
			expect(categories("task")).toContain(c);
		}
		for (const kind of ["prohibition", "write-boundary", "file-change"] as const) {
			expect(rows.some((r) => r.kinds.includes(kind))).toBe(true);
		}
	});
});

/** The gate's decision on each brief, made once: every figure below reads the same decisions. */
const decide = readOnce(classifyBrief);

describe("the gate on the corpus", () => {
	it("holds the whole corpus to the recall target and its false-block ceiling, and lets no task it was tuned on through", () => {
		const tuning = corpusSplits().tuning;
		const tasks = new Set(tuning.filter((r) => r.label === "task").map((r) => r.id));
		expect(scoreCorpus(tuning, decide).misses.filter((id) => tasks.has(id))).toEqual([]);
		const score = scoreCorpus(allBriefs(), decide);
		expect(score.recall).toBeGreaterThanOrEqual(RECALL_TARGET);
		expect(score.falseBlockRate).toBeLessThanOrEqual(CORPUS_FALSE_BLOCK_CEILING);
	}, 180_000);

	it("meets the targets on the tuning split", () => {
		const score = scoreCorpus(corpusSplits().tuning, decide);
		expect(score.briefs).toBeGreaterThanOrEqual(1000);
		expect(score.recall).toBe(1);
		expect(score.falseBlockRate).toBeLessThanOrEqual(TUNING_FALSE_BLOCK_BUDGET);
	});

	it(`holds the held-out split to its recall floor of ${HELD_OUT_RECALL_FLOOR} and false-block ceiling of ${HELD_OUT_FALSE_BLOCK_CEILING}`, () => {
		const score = scoreCorpus(corpusSplits()["held-out"], decide);
		expect(score.briefs).toBeGreaterThanOrEqual(100);
		expect(score.falseBlockRate).toBeLessThanOrEqual(HELD_OUT_FALSE_BLOCK_CEILING);
		expect(score.recall).toBeGreaterThanOrEqual(HELD_OUT_RECALL_FLOOR);
	});

	for (const file of corpusFiles().filter((f) => !f.name.startsWith(HELD_OUT_PREFIX))) {
		it(`meets the targets in ${file.name}.jsonl and finds every expected kind`, () => {
			const score = scoreCorpus(file.rows, decide);
			expect(score.recall).toBeGreaterThanOrEqual(RECALL_TARGET);
			// In a file of 14 forks one block is 7 %: a file may have one, the split holds the budget.
			const budget = Math.max(1, FALSE_BLOCK_TARGET * score.forks);
			expect(score.falsePositives).toBeLessThanOrEqual(budget);
			expect(score.kindMisses).toEqual([]);
		});
	}

	it("quotes every reason exactly: the quote is the brief's text at its offset", () => {
		for (const row of allBriefs()) {
			for (const r of decide(row.brief).reasons) {
				expect(row.brief.slice(r.offset, r.offset + r.quote.length), `${row.id} ${r.rule}`).toBe(r.quote);
				expect(r.quote.trim(), `${row.id} ${r.rule}`).not.toBe("");
			}
		}
	});

	it("is scored so that a gate that lets everything through fails the targets", () => {
		const open = scoreCorpus(allBriefs(), () => ({ route: "fork", reasons: [] }));
		expect(open.recall).toBe(0);
		expect(open.falseBlockRate).toBe(0);
		const shut = scoreCorpus(allBriefs(), () => ({
			route: "task",
			reasons: [{ kind: "prohibition", quote: "x", offset: 0, rule: "test" }],
		}));
		expect(shut.falseBlockRate).toBe(1);
		expect(shut.precision).toBeLessThan(0.6);
	});
});
