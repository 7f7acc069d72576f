/**
 * The allow-list (src/gate/allow.ts): a brief no rule reads forks only if every clause of it is
 * positively read as read-only. Clause by clause, what it reads as read-only and as what; brief by
 * brief, what it blocks, with the rule that could not read the clause and the words it quotes. The
 * blocked briefs here are ones no rule family reads (asserted), so the allow-list is what decides.
 */
import { describe, expect, it } from "vitest";
import { readClause } from "../../src/gate/allow.ts";
import { joinAsides } from "../../src/gate/asides.ts";
import { briefHits, readRules } from "../../src/gate/classify.ts";
import { clauses } from "../../src/gate/clauses.ts";
import { proposeTask } from "../../src/gate/propose.ts";
import { dataRegions } from "../../src/gate/regions.ts";
import { sentences } from "../../src/gate/sentences.ts";
import { scan } from "../../src/gate/tokens.ts";

/** How each clause of a brief reads: "question", "context", … or "blocks:<rule>". */
function readings(brief: string): string[] {
	return sentences(scan(brief, dataRegions(brief)))
		.flatMap((s) => joinAsides(clauses(s)))
		.map((c) => {
			const r = readClause(c);
			return r.readOnly ? r.as : `blocks:${r.rule}`;
		});
}

describe("the allow-list reads a clause as read-only", () => {
	it.each([
		["What would break if we dropped Node 18?", ["question"]],
		["What would you change about the retry helper?", ["question"]],
		["Would you delete the adapter, if you were me?", ["question", "question"]],
		["Is it safe to run the build on a dirty tree?", ["question"]],
		["Tell me which tests are skipped.", ["understanding"]],
		["Give me a list of the env vars the worker reads.", ["understanding"]],
		["Have a look at the exporter.", ["understanding"]],
		["Walk me through the release script.", ["understanding"]],
		["Put them in a table in your answer.", ["answer"]],
		["I'd like to know why the cache misses.", ["answer"]],
		["A two-line summary of each package would be perfect.", ["answer"]],
		["We moved to pnpm last week.", ["context"]],
		["The flaky test is in test/x.ts.", ["context"]],
		["Someone said we should never mock the filesystem.", ["context"]],
	])("%s", (brief, expected) => {
		expect(readings(brief)).toEqual(expected);
	});

	it("reads context and a question together, and a condition that asks for an answer", () => {
		expect(readings("We moved to pnpm last week. Does anything still call npm?")).toEqual(["context", "question"]);
		expect(readings("Cheers if you can explain the release process.")).toEqual(["answer"]);
	});
});

describe("the allow-list blocks a clause it cannot read as read-only", () => {
	it.each([
		["Could you tidy the imports?", "blocks:unread-order"],
		["Is there any way you could tidy the imports?", "blocks:unread-order"],
		["Any chance the parser could be taught to skip BOMs?", "blocks:unread-request"],
		["How hard would it be for you to tidy the imports?", "blocks:unread-request"],
		["Would it be possible to regenerate the goldens?", "blocks:unread-order"],
		["The installer could really use a progress bar.", "blocks:unread-wish"],
		["The timeout should be thirty seconds.", "blocks:unread-wish"],
		["You'll want to rename the key.", "blocks:unread-order"],
		["It is you who tidies the imports.", "blocks:unread-you"],
		["Keep the answer short.", "blocks:unread-limit"],
		["Look only at the tests.", "blocks:unread-limit"],
		["Note each breaking change in UPGRADING.md.", "blocks:unread-record"],
	])("%s", (brief, expected) => {
		expect(readings(brief)).toContain(expected);
	});
});

describe("briefs no rule reads, decided by the allow-list", () => {
	it.each([
		["The installer could really use a progress bar.", "unread-wish", "could really use a progress bar"],
		[
			"Any way the parser might be taught to accept trailing commas?",
			"unread-request",
			"taught to accept trailing commas",
		],
		["It's high time the warnings in src/build were dealt with.", "unread-wish", "high time the warnings in src/build"],
		["Keep the answer short.", "unread-limit", "Keep the answer short"],
		// Statements only, about a named file: nothing is asked, so the change is implied.
		[
			"The changelog in CHANGELOG.md is missing the 2.1 entry.",
			"asks-nothing",
			"The changelog in CHANGELOG.md is missing",
		],
	])("blocks %s, quoting the clause", (brief, rule, quote) => {
		expect(briefHits(brief)).toEqual([]);
		const decision = readRules(brief);
		expect(decision.route).toBe("task");
		expect(decision.reasons).toEqual([{ kind: "not-read-only", rule, quote, offset: brief.indexOf(quote) }]);
	});

	it.each([
		"We moved to pnpm last week. Does anything in the scripts still assume npm?",
		"The flaky test is in test/x.ts. What makes it flaky?",
		"Put the findings in a table in your answer: file, line, what's wrong.",
		"If you were in charge, what would you change first?",
		"The job should finish in a minute but takes ten. Where does the time go?",
		"It's in the worker, not the API.",
	])("lets through %s", (brief) => {
		expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
	});

	it("proposes a task that writes for an order it could not read, and a read-only one for a limit", () => {
		const order = proposeTask("The installer could really use a progress bar.", { cwd: "/repo" });
		expect(order.params.read_only).toBe(false);
		expect(order.params.write_allowed).toHaveLength(1);
		const limit = proposeTask("Keep the answer short.", { cwd: "/repo" });
		expect(limit.params.read_only).toBe(true);
		expect(limit.params.write_allowed).toBeUndefined();
	});
});

describe("requests and forks the sixth round reads (test/fixtures/briefs/README.md)", () => {
	it.each([
		// A thing asked to behave otherwise than it does.
		'Could the banner say "beta" instead?',
		"Can the uploader resume a broken transfer rather than starting over?",
		"Would the summary email be able to list the skipped jobs too?",
		// "get" that gets something done, not a verb of knowing.
		"Honestly I was hoping we could get rid of the second config loader.",
		// A suggestion inside a wh-question.
		"What say we inline the two-line helpers?",
		// "drop it" that says where is a placement; a word, a pronoun and a particle is an order.
		"The cover letter template is ready - drop it in.",
		"Slip one in.",
		// A duty laid on a thing, not a wish to know.
		"The checkout page ought to remember the chosen currency.",
	])("blocks %s", (brief) => {
		expect(readRules(brief).route).toBe("task");
	});

	it.each([
		// Look-alikes the new readers leave alone: a state asked about, "get" that means coming to know.
		"Could it be that the uploader times out rather than failing?",
		"I was hoping you could get me up to speed on the billing code.",
		// Blocked before: a modal opening a question, an act word after "more", advice on where to start reading.
		"Shall we go over the slow tests together? Start with the slowest.",
		"Argue for shipping the old parser one more release.",
		"Best to begin with the router when you read the request path.",
	])("lets through %s", (brief) => {
		expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
	});
});

describe("forks the seventh round reads, and their near twins that still block (test/fixtures/briefs/README.md)", () => {
	it.each([
		// A passive question of what is possible, weighed by a word or a question after it.
		"Could the thumbnails be stored somewhere other than the app folder?",
		"Could the two parsers be merged without changing any output, and what would it cost?",
		"Could the queue live in Postgres rather than Redis, in theory?",
		// A modal opening a question about a thing.
		"Ought the release notes to list internal changes at all?",
		"Need the importer keep the original file names?",
		// An expectation asked about by a tag closing the same sentence.
		"The backup ought to finish before midnight, I'd assumed — does it?",
		"Nothing in the cache should be this stale — why is it?",
		// A rule reported as context, and a command the docs tell the reader to run.
		"Last month we agreed that nobody touches generated files without a review. Which of them were touched anyway?",
		"The wiki tells you to run `git clean -fdx` first. Why is that needed?",
		// A past the child cannot be ordered into, and whether something is still possible.
		"Would you have split the module this way?",
		"Is the file format settled, or can we still add fields?",
		"Can we ever remove the v1 endpoints, given the mobile clients?",
	])("lets through %s", (brief) => {
		expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
	});

	it.each([
		"Could you cache the thumbnails somewhere other than the app folder?",
		"The thumbnails should be cached somewhere other than the app folder.",
		"Could the dead routes be removed?",
		"The backup ought to finish before midnight — make it.",
		"Make sure nobody edits the generated files.",
		"Nobody edits the generated files without a review — that includes you.",
		"Run `git clean -fdx` first.",
		"Can we get the v1 endpoints removed?",
	])("blocks %s", (brief) => {
		expect(readRules(brief).route).toBe("task");
	});
});

describe("forks the eighth round reads, and their near twins that still block (test/fixtures/briefs/README.md)", () => {
	it.each([
		// What the answer holds, naming no file: read-only unless it limits the answer.
		"Include line numbers for each claim you make.",
		"Give the file and line for every problem you raise.",
		"Number your points and put the weakest last.",
		"Put a TL;DR at the top of your reply.",
		// A guess about the code, not a duty.
		"We must have a race in the scheduler somewhere. Which tasks share state?",
		"Someone must have changed the default port. When did it move?",
		"There must be a typo in the route table; which paths fail to match?",
		// A third party's own plan, asked about.
		"Finance plans to drop the old invoice format. Which reports still read it?",
		"The platform team is going to retire Node 18. What of ours still runs on it?",
	])("lets through %s", (brief) => {
		expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
	});

	it.each([
		"Include a regression test for each bug you find.",
		"Put a TL;DR at the top of docs/guide.md.",
		"Number the migrations in db/ and put the oldest first.",
		"We must fix the race in the scheduler.",
		"There must be no typos in the route table.",
		"We must have a fallback for the payment provider.",
		"Finance wants you to drop the old invoice format.",
		"Finance plans to drop the old invoice format. Can you start on it?",
		"Finance wants the old invoice format dropped.",
	])("blocks %s", (brief) => {
		expect(readRules(brief).route).toBe("task");
	});
});
