/**
 * The classes of holdout-agents2's false blocks (test/fixtures/briefs/README.md, ninth round, batch
 * 5): read-only briefs in the agents' register that blocked on the main branch, each with near twins
 * that must still block.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("holdout-agents2's classes of false blocks", () => {
	it("judges an arranging verb by its object, not by the criterion it arranges by", () => {
		forks("Look for hard-coded timeouts in src/. Group them by owning module and say which ones are too short.");
		forks("- search lib/ for deprecated calls\n- sort them by package\n- say which have a replacement");
		blocks("Sort the imports by module.");
		blocks("Group the tests by package.");
		blocks("Find the hard-coded timeouts and group them into src/timeouts.ts.");
	});

	it("reads a source gone by as evidence, like one relied on", () => {
		forks("Count the callers of the legacy parser. Go by the import graph in reports/deps.json where it is fresh.");
		forks("Which flags are still read? If the docs and the code disagree, go by the code.");
		blocks("Go by the style guide and rename the helpers to match.");
		blocks("If the docs and the code disagree, go by the code and fix the docs.");
	});

	it("reads a part of the answer given on a condition of its own as the answer's form", () => {
		forks("Explain why the worker restarts twice. Include a short excerpt if it makes the cause clearer.");
		forks("Compare the two parsers. Include the relevant lines where they behave differently.");
		blocks("Include line numbers in the log output.");
		blocks("Include a snippet in README.md if it helps.");
		blocks("Include the new helper in the exports of src/index.ts.");
	});

	it("reads a wish that the answer's items be told or arranged as a wish about the answer", () => {
		forks("Review the open migrations. I want the risky ones called out first, then the rest.");
		forks("Summarise the audit findings. I'd like the critical ones listed first and the minor ones kept brief.");
		blocks("I want the breaking changes reverted first, then the deprecations.");
		blocks("I'd like the risky migrations rolled back first.");
		blocks("I'd like the risky ones listed in docs/risks.md.");
	});

	it("reads a hypothetical relative clause on a named noun as an item of the answer", () => {
		forks(
			"Outline how you would split the router: the seams, the order you would cut them in, and the tests that would catch a slip.",
		);
		forks("Name the one query that would tell the two theories apart, and the checks you'd run first.");
		blocks("Write the test that would catch a regression in src/router.ts.");
		blocks("The first thing you would do is delete the cache.");
	});

	it("reads an act word after a determiner and its modifiers, or in a relative clause of the team's, as a noun", () => {
		forks("- list the scripts in package.json\n- flag the ones added after the v4 release\nReturn a table.");
		forks("What I'd like: the slowest suites, and for each the flaky upload step it waits on.");
		forks("Tabulate the images we publish (docker/*): base image and size.");
		forks("Tabulate the services they deploy from this repo (deploy/*.yaml): name and region.");
		blocks("Release v3 once the tests pass.");
		blocks("Publish the images we build to the registry.");
		blocks("Deploy the services we build from this repo.");
	});
});

describe("a check the child is allowed to run, to help it answer", () => {
	it("reads a permitted run of tests, benchmarks or a linter as reading, not as an order to act", () => {
		forks("Feel free to run the unit tests if it helps you answer.");
		forks("You can run the test suite if that helps you check your theory.");
		forks("You're welcome to rerun the benchmarks to confirm the numbers before you answer.");
		forks("Feel free to execute the linter to see which rules fire.");
		blocks("Feel free to run the migrations if it helps.");
		blocks("Feel free to run the tests and fix whatever fails.");
		blocks("Feel free to delete the cache if it helps you answer.");
		blocks("Run the tests.");
		blocks("You can run the tests, then update the snapshots.");
	});
});
