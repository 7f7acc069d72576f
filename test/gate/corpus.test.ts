/**
 * The gate against every labelled brief: the targets (recall >= 0.98 on must-be-task briefs, false
 * blocks <= 5 % of fork briefs) over the whole corpus, on each split and in each file, the kinds
 * each task brief must trip, and the shape of the corpus itself (size, balance, hard cases,
 * categories).
 *
 * The held-out split (test/fixtures/briefs/README.md) is scored, never tuned on: its misses are
 * not printed here, and its recall and false blocks are held to the figures they reached, a floor
 * and a ceiling short of the targets, which it does not yet meet. Tuning rules until it passes
 * would make it one more tuning file.
 */
import { describe, expect, it } from "vitest";
import { scoreCorpus } from "../../bench/support/gate-score.ts";
import { classifyBrief } from "../../src/gate/classify.ts";
import { allBriefs, corpusFiles, corpusSplits, HELD_OUT_PREFIX } from "./corpus.ts";

const RECALL_TARGET = 0.98;
const FALSE_BLOCK_TARGET = 0.05;
/**
 * The held-out split's recall: 1350 of 1402 (0.963), over thirty-one files, short of the 0.98
 * target; 1349 would break it. The twenty-seven files held out before the twelfth round stand at 1190
 * of 1235 (1191 before it); the round's two fresh pairs, written before its first pass and after its
 * second, caught 77 of 82 and 83 of 85 (76 and 82 by the gate the round started from): the first
 * scored after the round's first pass and, unchanged, at its end; the second once, at its end
 * (test/fixtures/briefs/README.md, "The twelfth round").
 */
const HELD_OUT_RECALL_FLOOR = 0.9629;
/**
 * The held-out split's false blocks: 170 of 1725 (9.9 %), above the 5 % target. The twenty-seven
 * files held out before the twelfth round stand at 144 of 1472 (145 before it); the round's two fresh
 * pairs at 16 of 128 and 10 of 125, as the gate the round started from blocked. One clause the
 * readers do not know blocks a long brief: the allow-list and the read-only backstop block a fork
 * whose words they cannot read as read-only, because a wrong block costs a rewritten call and a
 * wrong fork an unchecked order. This is a ceiling, not the target: it fails if the gate blocks 171
 * or more.
 */
const HELD_OUT_FALSE_BLOCK_CEILING = 0.0986;
/**
 * The tuning split's false-block budget since the read-only backstop (src/gate/backstop.ts) and
 * the allow-list (src/gate/allow.ts): they block any brief that does not read as read-only, and
 * trade wrongly blocked forks (a rewritten call each) for orders no rule reads (an unchecked fork
 * each). It stands at 320 of 5620 (5.7 %) since the twelfth round added its development files
 * (round12-agents: 107 of 1050 forks, 142 of 1046 on first sight), each written fresh and studied
 * after its first score; the files before them at 213 of 4570 (220 before the round). 321 would
 * break it.
 */
const TUNING_FALSE_BLOCK_BUDGET = 0.057;
/**
 * The whole corpus's false blocks: 490 of 7345 (6.67 %) since the twelfth round's fresh files and
 * held-out pairs (365 of 6042, 6.04 %, before them); 491 would break it. Its recall is held to the
 * target.
 */
const CORPUS_FALSE_BLOCK_CEILING = 0.0668;
/**
 * Tuning files held to the blocks they ended at rather than the 5 % target: the development files
 * in the agents' register. round10-agents (the tenth round's five files) was blocked 15–24 % of its
 * forks on first sight, 7.9 % (52 of 656) after that round and 6.7 % (44) after the twelfth;
 * round11-agents (the eleventh round's eleven files) 10–21 % on first sight, 9.2 % (133 of 1443)
 * after that round and 8.9 % (129) after the twelfth; round12-agents (the twelfth round's eight
 * files) 8–18 % on first sight (142 of 1046) and 10.2 % (107 of 1050) after the round. One more block
 * breaks any.
 */
const FILE_FALSE_BLOCK_BUDGETS: Readonly<Record<string, number>> = {
	"round10-agents": 44,
	"round11-agents": 129,
	"round12-agents": 107,
};

describe("the brief corpus", () => {
	const rows = allBriefs();

	it("is big, balanced and hard enough for the figures to mean something", () => {
		expect(rows.length).toBeGreaterThanOrEqual(150);
		const forks = rows.filter((r) => r.label === "fork").length;
		expect(forks / rows.length).toBeGreaterThan(0.4);
		expect(forks / rows.length).toBeLessThan(0.6);
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

describe("the gate on the corpus", () => {
	it("holds the whole corpus to the recall target and its false-block ceiling, and lets no task it was tuned on through", () => {
		const tuning = corpusSplits().tuning;
		const tasks = new Set(tuning.filter((r) => r.label === "task").map((r) => r.id));
		expect(scoreCorpus(tuning).misses.filter((id) => tasks.has(id))).toEqual([]);
		const score = scoreCorpus(allBriefs());
		expect(score.recall).toBeGreaterThanOrEqual(RECALL_TARGET);
		expect(score.falseBlockRate).toBeLessThanOrEqual(CORPUS_FALSE_BLOCK_CEILING);
	});

	it("meets the targets on the tuning split", () => {
		const score = scoreCorpus(corpusSplits().tuning);
		expect(score.briefs).toBeGreaterThanOrEqual(1000);
		expect(score.recall).toBe(1);
		expect(score.falseBlockRate).toBeLessThanOrEqual(TUNING_FALSE_BLOCK_BUDGET);
	});

	it(`holds the held-out split to its recall floor of ${HELD_OUT_RECALL_FLOOR} and false-block ceiling of ${HELD_OUT_FALSE_BLOCK_CEILING}`, () => {
		const score = scoreCorpus(corpusSplits()["held-out"]);
		expect(score.briefs).toBeGreaterThanOrEqual(100);
		expect(score.falseBlockRate).toBeLessThanOrEqual(HELD_OUT_FALSE_BLOCK_CEILING);
		expect(score.recall).toBeGreaterThanOrEqual(HELD_OUT_RECALL_FLOOR);
	});

	for (const file of corpusFiles().filter((f) => !f.name.startsWith(HELD_OUT_PREFIX))) {
		it(`meets the targets in ${file.name}.jsonl and finds every expected kind`, () => {
			const score = scoreCorpus(file.rows);
			expect(score.recall).toBeGreaterThanOrEqual(RECALL_TARGET);
			// In a file of 14 forks one block is 7 %: a file may have one, the split holds the budget.
			const budget = FILE_FALSE_BLOCK_BUDGETS[file.name] ?? Math.max(1, FALSE_BLOCK_TARGET * score.forks);
			expect(score.falsePositives).toBeLessThanOrEqual(budget);
			expect(score.kindMisses).toEqual([]);
		});
	}

	it("quotes every reason exactly: the quote is the brief's text at its offset", () => {
		for (const row of allBriefs()) {
			for (const r of classifyBrief(row.brief).reasons) {
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
