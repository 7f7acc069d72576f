/**
 * The classes of holdout-agents' false blocks (test/fixtures/briefs/README.md, ninth round, batch
 * 3): read-only briefs in the agents' register that blocked on the main branch, each with near twins
 * that must still block.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import { blocks, forks } from "./expect-gate.ts";

describe("holdout-agents' classes of false blocks", () => {
	it("reads listing verbs outside the old vocabulary as listing, unless the list goes to a file", () => {
		forks("Inventory the queues the worker consumes: name, consumer, and retry policy.");
		forks("Catalogue the scripts in package.json and say which ones CI still calls.");
		blocks("Catalogue the scripts and write the list to docs/scripts.md.");
		blocks("Inventory the queues and add the missing ones to config/queues.yaml.");
	});

	it("reads a status, a rundown or a briefing made from a file as prose, not a change to the file", () => {
		forks("Prepare a short status of the migration from reports/migration.json: what is done and what is left.");
		forks("Compile a quick rundown of the failing jobs from ci/jobs.json, longest first.");
		blocks("Prepare the fixtures from db/seed.sql and load them.");
		blocks("Compile the TypeScript sources in src/ into dist/.");
	});

	it("reads a second wh-clause after 'and' as part of what to explain", () => {
		forks("Explain what the `postinstall` hook does and why the CLI needs it.");
		forks("Tell me how the retry loop works and where it gives up.");
		blocks("Explain what the hook does and drop the lock.");
		blocks("Tell me how the cache works and fix it.");
	});

	it("reads an act word before a relative clause with a past verb as a noun", () => {
		forks("Find the PR or commit that removed the timeout and explain why it went.");
		forks("Track down the merge which broke the nightly build and tell me what it changed.");
		blocks("Find the failing test and commit that fix.");
		blocks("Commit that change.");
	});

	it("reads an act word after an article and an adjective as a noun, unless a verb of doing takes it", () => {
		forks("The e2e suite hangs on a fresh checkout but not on CI. Work out why from the setup script.");
		forks("After a clean install the binary is missing, yet a global install works. Explain why.");
		blocks("Do a fresh clone of the repo and report its size.");
		blocks("Perform a full rebuild.");
		blocks("Do a rebuild.");
	});

	it("reads the verb of a guessed 'must be …ing' as what the writer believes happens", () => {
		forks("Something must be truncating the log file at midnight. Find out from the rotation config what.");
		forks("The worker must be restarting in a loop. Figure out from the entrypoint why.");
		blocks("The cron job must be stopped before you touch the scheduler config.");
		blocks("Something must be deleting the temp files. Stop it.");
	});

	it("reads the answer's items listed after a colon, whatever word heads them", () => {
		forks(
			"Prepare an overview of the packages from package.json: direct dependencies, dev dependencies, and their licences.",
		);
		blocks("Fix the build: backfill tests, then docs.");
		blocks("Summarise the gaps: backfill the tests, then the docs.");
	});

	it("reads what the answer is based on or grounded in as evidence", () => {
		forks("Suggest a cache size. Base your suggestion on the hit rates in metrics/cache.json.");
		forks("Recommend a timeout. Ground it in the latency numbers in bench/results/api.json.");
		blocks("Base the new exporter on src/metrics/legacy.ts.");
		blocks("Base your implementation on src/metrics/legacy.ts. Why is it slow?");
		blocks("Ground the wire in the junction box.");
	});

	it("reads an answer formatted after a file, or made in the answer, as the answer's form", () => {
		forks("Write the upgrade notes in your reply; format them the way UPGRADING.md does.");
		forks(
			"Draft, in your answer, the release note for this branch. I'll paste it in myself, so style it like RELEASES.md.",
		);
		blocks("Look at src/a.ts. Format it the way src/b.ts does.");
		blocks("Draft the entry and format it into CHANGELOG.md the way the others are.");
		blocks("Draft, in CHANGELOG.md, the entry for this branch.");
		blocks("Write the summary in your reply. Then open CHANGELOG.md and format it like RELEASES.md does.");
	});

	it("reads a rule state the writer doubts as a property of the code, not a rule", () => {
		forks("The `archive` bucket is supposedly read-only, but an object in it changed. What could have written it?");
		forks("The mirror is meant to be read-only, yet a commit landed on it. How?");
		blocks("This task is supposed to be read-only. What writes to the volume?");
		blocks("You are meant to be read-only here. What writes to the volume?");
		blocks("The repo is meant to be read-only for this review. What does the cache key depend on?");
	});

	it("reads what the child would push back on, in a list of items, as an item of the answer", () => {
		forks("Call out anything that looks unsafe, anything untested, and anything you'd push back on.");
		blocks("Anything you'd change, change it.");
		blocks("Go through the plan and rewrite anything you'd push back on.");
	});

	it("reads 'at most' and 'no more than' as limits on the answer", () => {
		blocks("Compare the two queues. Answer in no more than four sentences.");
		blocks("Compare pnpm and yarn. Answer in a table with at most five rows.");
		forks("Compare pnpm and yarn. A table works well, one row per concern.");
	});
});

/** The reason kinds a task must trip, found where only the read-only backstop blocked before. */
const kinds = (brief: string) => readRules(brief).reasons.map((r) => r.kind);

describe("holdout-agents' tasks read by a rule, not only by the backstop", () => {
	it("reads a need stated about a thing after an aside in brackets", () => {
		expect(kinds('The flag\'s help text ("dry rnu") needs fixing in src/cli/flags.ts.')).toContain("file-change");
		forks("The cache (see src/cache.ts) is slow. Why?");
	});

	it("reads a new value a thing in a named file needs as a change", () => {
		expect(kinds("The pool size in config/db.yaml is 10; it needs to be 20 before the launch.")).toContain(
			"file-change",
		);
		forks("The pool size in config/db.yaml is 10; the runbook says it has to be 20. Which is right?");
		forks("Does the pool size in config/db.yaml need to be 20?");
	});

	it("reads work taken up again from a file onwards as continued work", () => {
		expect(kinds("Continue from src/migrations/0042.ts onwards; the earlier ones are done.")).toContain("file-change");
		blocks("Continue from src/a.ts onwards and explain what each file does.");
	});

	it("reads things gathered into a file as a change", () => {
		expect(kinds("Collect the error classes into a single src/errors.ts.")).toContain("file-change");
		forks("Collect the error classes from src/ into a table, with where each is thrown.");
	});
});
