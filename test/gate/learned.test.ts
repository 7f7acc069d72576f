/**
 * The gate's second reader (src/gate/learned.ts): shipped as exactly what training on the tuning
 * split gives — so no held-out brief went into it and nobody tuned a weight by hand — and combined
 * with the rules only where it is nearly sure, never against a prohibition.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { trainedWeights, tuningBriefs } from "../../scripts/gate-train.ts";
import {
	classifyBrief,
	LEARNED_FORK,
	LEARNED_FORK_LIMIT,
	LEARNED_FORK_UNREAD,
	LEARNED_TASK,
	readRules,
} from "../../src/gate/classify.ts";
import { learnedFeatures, learnedReason, learnedTokens, readLearned } from "../../src/gate/learned.ts";
import { mustWrite } from "../../src/gate/propose.ts";
import type { GateReason } from "../../src/gate/types.ts";
import { BRIEFS_DIR, corpusSplits, readOnce } from "./corpus.ts";

describe("the second reader", () => {
	it("is shipped as training on the tuning split gives it, and reads no held-out brief", () => {
		const shipped = readFileSync(join(import.meta.dirname, "../../src/gate/learned-weights.ts"), "utf8");
		expect(shipped === trainedWeights(), "run node scripts/gate-train.ts").toBe(true);
		const tuning = corpusSplits().tuning;
		expect(tuningBriefs(BRIEFS_DIR).map((b) => b.brief)).toEqual(tuning.map((r) => r.brief));
	}, 120_000);

	it("reads words with their apostrophe endings, in lower case, curly apostrophes straightened", () => {
		expect(learnedTokens("Don’t touch `src/a.ts`; it's fine")).toEqual([
			"don't",
			"touch",
			"src",
			"a",
			"ts",
			"it's",
			"fine",
		]);
	});

	it("reads where sentences start and questions end, the last sentence apart, and what a negation reaches", () => {
		const features = [...learnedFeatures("Can you fix it? Don’t touch the lockfile.\nThen report back").keys()];
		expect(features).toEqual([
			...["can", "<s> can", "you", "can you", "fix", "you fix", "it", "fix it", "it <q>"],
			...["don't", "<s> don't", "touch", "don't touch", "the", "touch the", "lockfile", "the lockfile", "it don't"],
			...["then", "<s> then", "report", "then report", "back", "report back", "lockfile then"],
			...["<e> then", "<e> report", "<e> back"],
			...["~touch", "~the", "~lockfile", "~then"],
		]);
		// One sentence has no last sentence apart; a word counts once for each time it stands.
		const one = learnedFeatures("Check it, then check it again");
		expect([...one.keys()].some((f) => f.startsWith("<e>"))).toBe(false);
		expect(one.get("check it")).toBe(2);
	});

	it("quotes the sentence holding the words it weighed most, exactly as the brief has them", () => {
		const brief = "Some context first.\nWe DON’T   Use the yaml package in src/a.ts, right? More.";
		const reason = learnedReason(brief, { task: 0.9, toward: ["nothing here", "don't use"] });
		expect(reason).toEqual({
			kind: "not-read-only",
			quote: "We DON’T   Use the yaml package in src/a.ts, right?",
			offset: 20,
			rule: "learned",
		});
		expect(brief.slice(reason.offset, reason.offset + reason.quote.length)).toBe(reason.quote);
		// A feature that is part of a longer word is not found inside it; the first sentence stands in.
		expect(learnedReason("Leaving it. Then more", { task: 0.9, toward: ["leav", "more"] }).quote).toBe("Then more");
		expect(learnedReason("Leaving it. Then more", { task: 0.9, toward: ["leav"] }).quote).toBe("Leaving it.");
		// The marks are not words of the brief: the words they mark are looked for.
		const afterthought = "Look at the parser. Oh, and never touch the tests.";
		for (const toward of [["<e> tests"], ["~touch"], ["<s> oh"], ["parser <q>", "never"]])
			expect(learnedReason(afterthought, { task: 0.9, toward }).quote).toBe(
				toward[0] === "parser <q>" ? "Look at the parser." : "Oh, and never touch the tests.",
			);
	});
});

/** The rules' and the reader's readings of each brief, made once for the cases below. */
const rulesOf = readOnce(readRules);
const learnedOf = readOnce(readLearned);

describe("the gate with its second reader", () => {
	it("lets through a brief only a rule without a prohibition blocked, where the reader is nearly sure it asks", () => {
		const brief = "Nobody is allowed to push to main directly. How does the hook enforce that?";
		expect(rulesOf(brief).route).toBe("task");
		expect(learnedOf(brief).task).toBeLessThanOrEqual(LEARNED_FORK);
		expect(classifyBrief(brief)).toEqual({ route: "fork", reasons: [] });
	});

	it("never lets through a brief with a prohibition in it, however sure the reader is", () => {
		const briefs = corpusSplits().tuning.map((r) => r.brief);
		const prohibits = (b: string) => rulesOf(b).reasons.some((r) => r.kind === "prohibition");
		const overruled = briefs.filter((b) => prohibits(b) && learnedOf(b).task <= LEARNED_FORK_LIMIT);
		// The case exists in the corpus, so the guard is tested on real briefs.
		expect(overruled.length).toBeGreaterThan(0);
		for (const brief of overruled) expect(classifyBrief(brief)).toEqual(rulesOf(brief));
	}, 120_000);

	it("lets through a brief blocked for a limit only the allow-list read only where the reader is all but certain", () => {
		const limits = (r: GateReason) => ["unread-rule", "unread-limit"].includes(r.rule);
		const read = corpusSplits().tuning.map((r) => ({ brief: r.brief, rules: rulesOf(r.brief) }));
		const limited = read.filter(
			({ rules }) => rules.reasons.some(limits) && !rules.reasons.some((r) => r.kind === "prohibition"),
		);
		const chance = new Map(limited.map(({ brief }) => [brief, learnedOf(brief).task]));
		const certain = limited.filter(({ brief }) => (chance.get(brief) as number) <= LEARNED_FORK_LIMIT);
		const likely = limited.filter(({ brief }) => {
			const task = chance.get(brief) as number;
			return task > LEARNED_FORK_LIMIT && task <= LEARNED_FORK;
		});
		expect(certain.length).toBeGreaterThan(0);
		expect(likely.length).toBeGreaterThan(0);
		for (const { brief } of certain) expect(classifyBrief(brief)).toEqual({ route: "fork", reasons: [] });
		for (const { brief, rules } of likely) expect(classifyBrief(brief)).toEqual(rules);
	}, 120_000);

	it("lets through at a lower certainty a brief only the allow-list blocked, for an act it could not read; not one a rule of change blocked", () => {
		const between = (b: string) => {
			const task = learnedOf(b).task;
			return task > LEARNED_FORK && task <= LEARNED_FORK_UNREAD;
		};
		const briefs = corpusSplits()
			.tuning.map((r) => r.brief)
			.filter(between);
		const acts = (r: GateReason) => r.kind === "not-read-only" && !["unread-rule", "unread-limit"].includes(r.rule);
		const unread = briefs.filter((b) => rulesOf(b).route === "task" && rulesOf(b).reasons.every(acts));
		const changes = briefs.filter((b) => rulesOf(b).reasons.some((r) => r.kind === "file-change"));
		expect(unread.length).toBeGreaterThan(0);
		expect(changes.length).toBeGreaterThan(0);
		for (const brief of unread) expect(classifyBrief(brief)).toEqual({ route: "fork", reasons: [] });
		for (const brief of changes) expect(classifyBrief(brief)).toEqual(rulesOf(brief));
	}, 120_000);

	it("blocks a brief the rules let through where the reader is nearly sure it is work, quoting why", () => {
		const brief = "Wondering if the stale fixtures could all go away in one sweep.";
		expect(rulesOf(brief).route).toBe("fork");
		expect(learnedOf(brief).task).toBeGreaterThan(LEARNED_TASK);
		const decision = classifyBrief(brief);
		expect(decision.route).toBe("task");
		expect(decision.reasons).toEqual([{ kind: "not-read-only", quote: brief, offset: 0, rule: "learned" }]);
		// What reads as work is proposed as a task that may write.
		expect(mustWrite(decision)).toBe(true);
	});
});
