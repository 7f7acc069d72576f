/**
 * Findings kept in a file nobody named ("list the flaky tests in a new file") are a write the gate
 * must send to a task; a file read where the findings are ("look for secrets in a config file"),
 * and the answer's own shape, still fork.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("findings kept in an unnamed file", () => {
	it("block when the file is new, or the findings go into or to it", () => {
		// Each forked before: no path was named, so nothing read as a place the findings were kept.
		blocks("List the flaky tests in a new file.");
		blocks("List the flaky tests in a new file, flaky.txt.");
		blocks("Summarise the findings in a new markdown file under docs/.");
		blocks("Note each finding in a separate text document.");
		blocks("Collect the failing test names into a file.");
		blocks("Report them to a new markdown new file.");
	});

	it("still fork when a file is only read, compared against, or the answer is shaped", () => {
		forks("Look for hard-coded secrets in a config file or the environment, and tell me where.");
		forks("Compare the output to a file from last week's run and tell me what differs.");
		forks("List the flaky tests in a table.");
		forks("List the flaky tests in your reply.");
	});
});
