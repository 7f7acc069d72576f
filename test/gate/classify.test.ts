/**
 * The classifier, rule by rule and hard case by hard case: each case names the reason it must
 * find (kind, rule, the exact words) or says it must find none. A case here fails if its rule is
 * removed or loosened; the corpus test measures the whole.
 */
import { describe, expect, it } from "vitest";
import { readRules, reasonKinds } from "../../src/gate/classify.ts";
import type { ReasonKind } from "../../src/gate/types.ts";

type Expect = [kind: ReasonKind, rule: string, quote: string];

function expectTask(brief: string, ...wanted: Expect[]) {
	const decision = readRules(brief);
	expect(decision.route, brief).toBe("task");
	const found = decision.reasons.map((r) => [r.kind, r.rule, r.quote]);
	for (const w of wanted) expect(found, brief).toContainEqual(w);
}

function expectFork(brief: string) {
	const decision = readRules(brief);
	expect(decision.reasons, brief).toEqual([]);
	expect(decision.route).toBe("fork");
}

describe("prohibitions", () => {
	it("reads a negation heading an order, in every spelling", () => {
		expectTask("Investigate the flaky test. Do not change anything.", [
			"prohibition",
			"negated-directive",
			"Do not change",
		]);
		expectTask("Investigate. Don’t touch the tests.", ["prohibition", "negated-directive", "Don’t touch"]);
		expectTask("Investigate. DON'T EDIT FILES.", ["prohibition", "negated-directive", "DON'T EDIT"]);
		expectTask("Read it and never run git.", ["prohibition", "negated-directive", "never run"]);
		expectTask("Look, but you must not write anything.", ["prohibition", "negated-directive", "must not write"]);
		expectTask("Could you not touch the tests?", ["prohibition", "negated-directive", "not touch"]);
		expectTask("Let's not touch the schema.", ["prohibition", "negated-directive", "not touch"]);
	});

	it("reads a negation split by a line break, and a new line as a new sentence", () => {
		expectTask("Please do\nnot edit the config.", ["prohibition", "negated-directive", "do\nnot edit"]);
		expectTask("Look at the cache layer\nDon't change it", ["prohibition", "negated-directive", "Don't change"]);
	});

	it("reads Markdown lists item by item", () => {
		expectTask("Steps:\n- read src/a.ts\n- don't edit it", ["prohibition", "negated-directive", "don't edit"]);
		expectTask("Constraints:\n* only src/gate\n* no new dependencies", ["prohibition", "only", "only src/gate"]);
		expectTask("1. read the loader\n2. never commit", ["prohibition", "negated-directive", "never commit"]);
	});

	it("counts limits on what the child may look at", () => {
		expectTask("Only read src/gate and tell me what it does.", ["prohibition", "only", "Only read src/gate"]);
		expectTask("Look only at the tests.", ["prohibition", "only", "Look only"]);
		expectTask("Summarise the design, and only the budget parts.", ["prohibition", "only", "only the budget"]);
		expectTask("Stick to the files we discussed.", ["prohibition", "scope-limit", "Stick to the files"]);
		expectTask("Avoid the fixtures; summarise the schema.", ["prohibition", "avoid", "Avoid the fixtures"]);
		expectTask("Read nothing outside test/ and report.", ["prohibition", "only", "nothing outside"]);
	});

	it("counts stated limits: without, no, must not change, off-limits, read-only, rule labels", () => {
		expectTask("Find out why, without changing any code.", ["prohibition", "without", "without changing"]);
		expectTask("No edits, please; where is the timeout set?", ["prohibition", "no-action", "No edits"]);
		expectTask("The public schema must not change. Suggest a way.", ["prohibition", "constraint", "must not change"]);
		expectTask("src/api is off-limits. Review the rest.", ["prohibition", "forbidden", "off-limits"]);
		expectTask("Look into the flaky test (read-only).", ["prohibition", "read-only", "read-only"]);
		expectTask("Stay read-only and list the callers.", ["prohibition", "read-only", "read-only"]);
		expectTask("Strict rule: nothing gets installed.", ["prohibition", "rule-label", "Strict rule"]);
		expectTask("Follow the conventions in CONTRIBUTING.md and review it.", [
			"prohibition",
			"obey-rules",
			"Follow the conventions",
		]);
		expectTask("Leave src/api alone.", ["prohibition", "leave-alone", "Leave src/api alone"]);
	});

	it("counts 'no need to' and 'don't bother' when what is not needed is a change", () => {
		expectTask("No need to fix anything; why is it flaky?", ["prohibition", "no-need", "No need to fix anything"]);
		expectTask("Don't bother fixing the warnings.", ["prohibition", "no-need", "Don't bother fixing"]);
		expectFork("Don't bother with the benchmarks; how slow is the loader?");
	});

	it("ignores idioms that forbid nothing", () => {
		expectFork("Do not hesitate to read as many files as you need. How are modes resolved?");
		expectFork("Never mind the tests. How does the parser handle unicode?");
		expectFork("Don't worry about formatting; which function parses the spec?");
		expectFork("Don't forget to cite file:line for each claim. Where is the lock taken?");
	});

	it("ignores a prohibition asked about or described", () => {
		expectFork("Why does AGENTS.md say never to use synchronous fs calls?");
		expectFork("Why don’t the snapshot tests run on Windows?");
		expectFork("Explain why the spec must not contain nested roots.");
		expectFork("Explain why we never commit the lockfile.");
		expectFork("The README says `git push --force` is forbidden. Why?");
		expectFork("Tell me if only the parser fails on that input.");
		expectFork("Is the cache read-only in this mode?");
		expectFork("No changes were made to the lockfile. Explain the diff.");
	});

	it("reads negated exploration as a statement and an order to look", () => {
		expectFork("I don't know why this test fails; find out.");
		expectFork("The tests don't pass on main. Find out which commit broke them.");
		expectFork("It never returns early, does it? Check the loop.");
	});

	it("reads quoted words after a cue as data, and quoted words without one as instruction", () => {
		expectFork('Explain the comment that says "never call dispose twice".');
		expectFork('The reviewer wrote: "don\'t merge until the meter is fixed". What did they mean?');
		expectTask('Remember: "never edit the lockfile". Now look at the loader.', [
			"prohibition",
			"negated-directive",
			"never edit",
		]);
	});
});

describe("file-changing orders", () => {
	it("reads plain imperatives, chained and after a condition", () => {
		expectTask("Fix the typo in README.md.", ["file-change", "change-verb", "Fix the typo"]);
		expectTask("Find the bug and fix it.", ["file-change", "change-verb", "fix it"]);
		expectTask("If you find it, fix it.", ["file-change", "change-verb", "fix it"]);
		expectTask("Explain the bug, then patch it.", ["file-change", "change-verb", "patch it"]);
		expectTask("Find out why it fails and fix it.", ["file-change", "change-verb", "fix it"]);
	});

	it("reads an order inside a question, but not a noun or a topic", () => {
		expectTask("Could you fix the typo in a.ts?", ["file-change", "change-verb", "fix the typo"]);
		expectTask("Can you please update the changelog?", ["file-change", "change-verb", "update the changelog"]);
		expectTask("Would you mind cleaning up the imports?", ["file-change", "change-verb", "cleaning up the imports"]);
		expectTask("Why don't you just fix it?", ["file-change", "change-verb", "fix it"]);
		expectFork("Why did the fix fail?");
		expectFork("Could you walk me through the fix we landed?");
		expectFork("Can you check whether we should delete the legacy adapter?");
		expectFork("How would you fix the race in the root lock?");
		expectFork("Fix for the leak landed in PR 12 — does it cover the runner?");
	});

	it("tells prose from files by the object of write, create, make and draft", () => {
		expectFork("Write a short summary of the design.");
		expectFork("Make a list of the open questions.");
		expectFork("Draft a reply to the reviewer.");
		expectTask("Write a test for parseSpec.", ["file-change", "change-verb", "Write a test"]);
		expectTask("Write the summary to docs/summary.md.", ["file-change", "change-verb", "Write the summary"]);
		expectTask("Draft the migration script.", ["file-change", "change-verb", "Draft the migration script"]);
	});

	it("ignores the idioms of change verbs", () => {
		expectFork("Review the diff and push back on anything risky.");
		expectFork("Give three opinions on the split. Commit to one answer.");
		expectFork("Update: the build is green. Compare the strategies.");
		expectFork("Save your conclusions for the end.");
		expectFork("Clean answer please: which runner is default?");
		expectTask("Fix report generation in the CLI.", ["file-change", "change-verb", "Fix report generation"]);
		expectTask("Update your docs page on budgets.", ["file-change", "change-verb", "Update your docs page"]);
	});

	it("reads phrasal verbs, unknown verbs with an object, continuations and stated needs", () => {
		expectTask("Get rid of the dead code.", ["file-change", "change-verb", "Get rid"]);
		expectTask("Put the helper in its own file.", ["file-change", "change-verb", "Put the helper"]);
		expectTask("Beef up the error message.", ["file-change", "unknown-verb", "Beef up the error"]);
		expectTask("Finish the refactor.", ["file-change", "continue-work", "Finish the refactor"]);
		expectTask("Continue where we left off.", ["file-change", "continue-work", "Continue where we left"]);
		expectTask("Resume.", ["file-change", "continue-work", "Resume"]);
		expectTask("The typo in CONTRIBUTING.md needs fixing.", ["file-change", "stated-need", "needs fixing"]);
		expectTask("I want the old adapter removed.", ["file-change", "stated-need", "I want the old adapter removed"]);
		expectTask("These fixtures need to go.", ["file-change", "stated-need", "need to go"]);
	});

	it("treats code as data unless the brief says to run it", () => {
		expectFork("Look at how `rm -rf` is guarded in the cleanup script.");
		expectFork("The snippet:\n```\ngit push --force origin main\n```\nIs that safe?");
		expectTask("Run `git push` after the tests.", ["file-change", "run-command", "Run `git push` after"]);
		expectTask("Run this:\n```\ngit stash && git checkout main\n```\nThen report.", [
			"file-change",
			"run-command",
			"git stash && git checkout main",
		]);
		expectFork("Run `git status` and tell me what is dirty.");
		expectTask("git commit -am wip and push.", ["file-change", "command", "git commit -am wip"]);
	});
});

describe("write boundaries", () => {
	it("names the paths an order changes and the paths a prohibition keeps", () => {
		const d = readRules("Edit src/a.ts, but leave src/b.ts alone.");
		const paths = d.reasons.flatMap((r) => (r.path ? [[r.path.text, r.path.sense]] : []));
		expect(paths).toEqual([
			["src/a.ts", "change"],
			["src/b.ts", "keep"],
		]);
		expect(reasonKinds(d)).toEqual(["prohibition", "write-boundary", "file-change"]);
	});

	it("reads a path in inline code, and 'outside' as naming what may change", () => {
		const code = readRules("Fix the typo in `docs/guide.md`.");
		expect(code.reasons.find((r) => r.kind === "write-boundary")?.path).toEqual({
			text: "docs/guide.md",
			sense: "change",
		});
		const outside = readRules("Don't change anything outside src/gate.");
		expect(outside.reasons.find((r) => r.kind === "write-boundary")?.path).toEqual({
			text: "src/gate",
			sense: "change",
		});
	});

	it("reads restricting and permitting phrases", () => {
		expectTask("Restrict your changes to docs/.", [
			"write-boundary",
			"restrict-changes",
			"Restrict your changes to docs/",
		]);
		expectTask("Changes must stay in src/gate.", [
			"write-boundary",
			"restrict-changes",
			"Changes must stay in src/gate",
		]);
		expectTask("You are allowed to edit the fixtures.", [
			"write-boundary",
			"permission",
			"allowed to edit the fixtures",
		]);
	});

	it("is no boundary when a path is only read", () => {
		expectFork("Read src/gate/classify.ts and explain the pipeline.");
		expectFork("Compare src/run/runners/subprocess.ts with src/run/runners/in-process.ts.");
	});

	it("does not take and/or, PASS/FAIL or Node.js for paths", () => {
		expectFork("Explain the PASS/FAIL verdict and/or the Node.js version check.");
	});
});

describe("spelling tricks, where authority is at stake", () => {
	it("reads look-alike apostrophes, full-width letters, invisible characters and CRLF as plain text", () => {
		expectTask("Investigate. Donʼt edit anything.", ["prohibition", "negated-directive", "Donʼt edit"]);
		expectTask("Investigate. Don′t edit.", ["prohibition", "negated-directive", "Don′t edit"]);
		expectTask("Investigate. ＤＯ ＮＯＴ edit it.", ["prohibition", "negated-directive", "ＤＯ ＮＯＴ edit"]);
		expectTask("Investigate. Never ed\u200bit the file.", ["prohibition", "negated-directive", "Never ed\u200bit"]);
		expectTask("Investigate. Do\u00a0not edit.", ["prohibition", "negated-directive", "Do\u00a0not edit"]);
		expectTask("Steps:\r\n- read a.ts\r\n- never push\r\n", ["prohibition", "negated-directive", "never push"]);
	});

	it("keeps every quote exact however the brief is spelled", () => {
		for (const brief of ["ＦＩＸ ａ.ts", "Fix\u200b the file", "Don’t\r\ntouch it", "«Never» push"]) {
			for (const r of readRules(brief).reasons) expect(brief.slice(r.offset, r.offset + r.quote.length)).toBe(r.quote);
		}
	});
});

describe("decisions", () => {
	it("report every reason, sorted by offset, each once", () => {
		const d = readRules("Don't touch src/api. Fix the typo in a.ts and commit it.");
		expect(d.route).toBe("task");
		const offsets = d.reasons.map((r) => r.offset);
		expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
		expect(d.reasons.map((r) => r.quote)).toEqual(["Don't touch", "src/api", "Fix the typo", "a.ts", "commit it"]);
	});

	it("are the same for the same brief", () => {
		const brief = "Could you fix the typo in a.ts? Don't touch src/api.";
		expect(readRules(brief)).toEqual(readRules(brief));
	});

	it("handle empty, blank and punctuation-only briefs as forks", () => {
		for (const brief of ["", "   ", "?!", "```\n```", "—"]) expectFork(brief);
	});
});
