/**
 * The third round of polite orders and indirect rules: plain edits by placing verbs, arrows and
 * defects filed against named files, requests asked as chances and favours, go-aheads after a
 * question, wishes that a thing behaved otherwise, rules laid down about a thing or an act — each
 * with the rule that must fire and the words its reason must quote; and the look-alikes of each
 * that must stay forks. The sentences are not the corpus's: they check the rules read a class.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import type { ReasonKind } from "../../src/gate/types.ts";

type Case = [brief: string, kind: ReasonKind, rule: string, quote: string];

const ORDERS: Case[] = [
	["Put a length check at the top of `readHeader`.", "file-change", "place", "Put a length check"],
	["Strip the stray semicolons from every file under lib/.", "file-change", "place", "Strip"],
	["Check in the regenerated files.", "file-change", "change-verb", "Check in"],
	["`util.ts` -> `utils.ts` everywhere, please.", "file-change", "replacement", "->"],
	["`CONTRIBUTING.md`: the test command is outdated.", "file-change", "defect-filed", "outdated"],
	["Needs rewording.", "file-change", "stated-need", "Needs rewording"],
	["Could I trouble you for a fix to the date parser?", "file-change", "change-verb", "a fix"],
	["Might I suggest you move the helpers into lib/util.ts?", "file-change", "change-verb", "move"],
	["Is there still time to rename the flag? If so, go ahead.", "file-change", "go-ahead", "rename the flag"],
	["It would help if the logger flushed on exit.", "file-change", "stated-need", "flushed"],
	["The sooner the shim is gone, the better.", "file-change", "stated-need", "gone"],
	["src/cache.ts needs to evict on write.", "file-change", "stated-need", "evict"],
	["Pick the cache rework back up.", "file-change", "continue-work", "back up"],
	["Run `cargo fmt` on the crate.", "file-change", "run-command", "cargo fmt"],
];

const RULES: Case[] = [
	["None of the exported names should change.", "prohibition", "negative-subject", "change"],
	["It's not okay to skip the hooks.", "prohibition", "judged-not", "skip"],
	["Rebasing shared branches is a hard no.", "prohibition", "forbidden", "a hard no"],
	["There's to be no force-pushing.", "prohibition", "no-action", "no force-pushing"],
	["Hold fire on merging.", "prohibition", "negated-directive", "Hold fire"],
	["Don't bother opening an issue.", "prohibition", "no-need", "bother opening"],
];

/** Questions, explanations, answer formats and idioms that look like the cases above, and order nothing. */
const FORKS = [
	"Would you rewrite the loader if it were your project?",
	"Explain which files a child is allowed to change.",
	"Put simply, what does the meter count?",
	"Any chance this is a timing issue?",
	"Put the risks in a table in your answer.",
	"Is there any way the cache could be read twice? Walk me through how.",
	"Be a dear and explain the audit format.",
	"The flow is parse → check → render; where is it slowest?",
	"Check in the logs whether the retry fired.",
];

function expectReason([brief, kind, rule, quote]: Case) {
	const decision = readRules(brief);
	expect(decision.route, brief).toBe("task");
	const reason = decision.reasons.find((r) => r.kind === kind && r.rule === rule);
	expect(reason, `${brief}: ${JSON.stringify(decision.reasons)}`).toBeDefined();
	expect(reason?.quote).toContain(quote);
}

describe("the gate, third round of polite orders and indirect rules", () => {
	it.each(ORDERS)("orders a change: %s", (...c) => expectReason(c));
	it.each(RULES)("lays down a rule: %s", (...c) => expectReason(c));
	it.each(FORKS)("lets a look-alike through: %s", (brief) => {
		expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
	});
});
