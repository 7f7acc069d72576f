/**
 * The gaps the ninth round left open (test/fixtures/briefs/README.md), each read as a class with
 * near twins: an act word qualifying a noun after "and", a wh-clause told across an aside, output
 * items sorted from an output file, and an order joined after a relative clause that acts on what
 * the clause found.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("the ninth round's open gaps, as classes", () => {
	it("reads an act word qualifying a noun after 'and' as part of the noun", () => {
		forks("Explain the build and release process.");
		forks("Describe the test and deploy pipeline for the mobile app.");
		forks("Walk me through the lint and publish steps in CI.");
		blocks("Build and release the package.");
		blocks("Review the code and release the package.");
	});

	it("reads a wh-clause told by a verb of making or finding across an aside", () => {
		forks("Can you reconstruct, from the git history, why the retry loop was added?");
		forks("Could you draft, in a few lines, how we would split the monolith?");
		forks("Can you recover, from the reflog, which commit was lost?");
		blocks("Can you reconstruct, from the backup, the users table?");
		blocks("Reconstruct, from the backup, what the table held, and restore it.");
	});

	it("reads output items sorted from an output file as the answer's items", () => {
		forks("Sort the type errors in tsc.log by file, most first, then say which file to tackle first.");
		forks("Order the failures in junit.xml by duration, slowest first.");
		blocks("Sort the imports in src/a.ts by name.");
		blocks("Sort the entries in config/keys.json by name.");
		blocks("Sort the warnings in lint.txt by rule and fix the top three.");
	});

	it("reads an order after a relative clause that acts on what the clause found", () => {
		blocks("Find the callers that pass user input and sanitize them.");
		blocks("Find the handlers that log secrets and redact them.");
		blocks("List the tests that hit the network and stub them.");
		forks("Look for places where we catch an error and drop it silently.");
		forks("Find the callers that pass user input and tell me which are unsafe.");
		forks("Find the modules that import lodash and all their uses.");
	});
});
