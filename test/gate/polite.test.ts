/**
 * Orders phrased as questions, offers and preferences; prohibitions stated as wishes, rules and
 * cautions; plain edits of named things; and the real questions and answer-format requests that
 * look like them. Each case names the rule that must fire and the words its reason must quote, so
 * a decision stays explainable: the quote is the phrase that made the brief a task.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import type { ReasonKind } from "../../src/gate/types.ts";

interface Case {
	brief: string;
	kind: ReasonKind;
	rule: string;
	/** Words the reason's quote must contain. */
	quote: string;
}

const ORDERS_AS_QUESTIONS: Case[] = [
	{ brief: "is it possible for you to add a regression test", kind: "file-change", rule: "change-verb", quote: "add" },
	{
		brief: "Would it be possible to regenerate the golden renders?",
		kind: "file-change",
		rule: "change-verb",
		quote: "regenerate",
	},
	{ brief: "Do you think you could tidy the imports?", kind: "file-change", rule: "change-verb", quote: "tidy" },
	{ brief: "why not just delete the stale fixtures", kind: "file-change", rule: "change-verb", quote: "delete" },
	{
		brief: "Would you be able to backfill tests for the date helpers?",
		kind: "file-change",
		rule: "change-verb",
		quote: "backfill",
	},
	{ brief: "How about renaming `run` to `start`?", kind: "file-change", rule: "change-verb", quote: "renaming" },
	{ brief: "What if you moved the limits into config.ts?", kind: "file-change", rule: "change-verb", quote: "moved" },
	{ brief: "Could we get the flaky test quarantined?", kind: "file-change", rule: "causative", quote: "quarantined" },
	{
		brief: "Is it possible to get the typo fixed?",
		kind: "file-change",
		rule: "causative",
		quote: "get the typo fixed",
	},
	{ brief: "Could I trouble you to fix the example?", kind: "file-change", rule: "change-verb", quote: "fix" },
];

const WISHES: Case[] = [
	{
		brief: "I'd prefer that you not touch the lockfile.",
		kind: "prohibition",
		rule: "stated-wish",
		quote: "prefer that you not touch",
	},
	{
		brief: "It would be best if you left the migrations folder as it is.",
		kind: "prohibition",
		rule: "stated-wish",
		quote: "left the migrations folder as it is",
	},
	{
		brief: "The one rule is that nothing in test/fixtures changes.",
		kind: "prohibition",
		rule: "stated-wish",
		quote: "nothing in test/fixtures changes",
	},
	{
		brief: "Make sure nothing under bench/results gets overwritten.",
		kind: "prohibition",
		rule: "stated-wish",
		quote: "gets overwritten",
	},
	{ brief: "One condition: the CI config stays put.", kind: "prohibition", rule: "stated-wish", quote: "stays put" },
	{ brief: "I'd hate for the changelog to be edited.", kind: "prohibition", rule: "stated-wish", quote: "edited" },
	{ brief: "Under no condition run git reset.", kind: "prohibition", rule: "forbidden", quote: "Under no condition" },
	{
		brief: "The snapshots need to stay exactly as they are.",
		kind: "prohibition",
		rule: "constraint",
		quote: "need to stay exactly as they are",
	},
	{ brief: "The .env files are not to be read.", kind: "prohibition", rule: "constraint", quote: "not to be read" },
];

const PLAIN_EDITS: Case[] = [
	{
		brief: "Touch up the wording in src/spec/problems.ts.",
		kind: "file-change",
		rule: "change-verb",
		quote: "Touch up",
	},
	{ brief: "Set runner in .pi/settings.json.", kind: "file-change", rule: "change-verb", quote: "Set runner" },
	{
		brief: "Leave a comment in the code wherever it is wrong.",
		kind: "file-change",
		rule: "leave-mark",
		quote: "Leave a comment",
	},
	{ brief: "Flag every stale call with a TODO.", kind: "file-change", rule: "edit-named", quote: "Flag every" },
	{ brief: "Note the new flag in UPGRADING.md.", kind: "file-change", rule: "edit-named", quote: "Note the new flag" },
	{ brief: "Have the logger print timestamps in UTC.", kind: "file-change", rule: "causative", quote: "Have" },
	{ brief: "In tsconfig.json, target should be ES2022.", kind: "file-change", rule: "stated-need", quote: "should be" },
];

/** Real questions, preferences about the answer and answer-format requests: forks. */
const LOOK_ALIKES = [
	"Is it possible that the cache is stale?",
	"Is it possible to run the gate without a build?",
	"Why not cache the token? What would break?",
	"Why not just delete the cache directory? Tell me what depends on it.",
	"Why not memoise it, in your view?",
	"Would it be possible to explain how leases expire?",
	"Do you think you could walk me through the lock ordering?",
	"Put them in a table in your answer.",
	"Present the results as a numbered list.",
	"Leave a comment in your answer wherever you are guessing.",
	"Add a one-line verdict at the top of your reply.",
	"I'd prefer a short answer.",
	"I'd rather not guess: what does the profile show?",
	"It would be best if you read the tests first.",
	"Our rule is that nobody edits the lockfile by hand; where did that come from?",
	"The one rule in CONTRIBUTING.md is that nothing in vendor changes. Why?",
	"Does anything make sure nothing under bench/results gets overwritten?",
	"Under which conditions is the sandbox off?",
	"What if the child deletes its audit directory — what happens?",
	"Have a look at the retry code and tell me whether it backs off.",
];

function expectReason(c: Case): void {
	const d = readRules(c.brief);
	expect(d.route, c.brief).toBe("task");
	const reason = d.reasons.find((r) => r.kind === c.kind && r.rule === c.rule);
	expect(reason, `${c.brief}: ${JSON.stringify(d.reasons)}`).toBeDefined();
	expect(reason?.quote).toContain(c.quote);
	expect(c.brief.slice(reason?.offset, (reason?.offset ?? 0) + (reason?.quote.length ?? 0))).toBe(reason?.quote);
}

describe("the gate reads orders phrased as questions, offers and suggestions", () => {
	for (const c of ORDERS_AS_QUESTIONS) it(c.brief, () => expectReason(c));
});

describe("the gate reads prohibitions stated as wishes, rules and cautions", () => {
	for (const c of WISHES) it(c.brief, () => expectReason(c));
});

describe("the gate reads plain edits of named things", () => {
	for (const c of PLAIN_EDITS) it(c.brief, () => expectReason(c));
});

describe("the gate lets through the questions and answer-format requests that look like them", () => {
	for (const brief of LOOK_ALIKES) {
		it(brief, () => {
			expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
		});
	}
});

describe("a suggestion the brief asks about is a question", () => {
	it("is an order alone, and a question when the next sentence asks what it would break", () => {
		expect(readRules("Why not drop the shim?").route).toBe("task");
		expect(readRules("Why not drop the shim? What still imports it?").route).toBe("fork");
		expect(readRules("Why not drop the shim, and then rerun the tests?").route).toBe("task");
	});
});
