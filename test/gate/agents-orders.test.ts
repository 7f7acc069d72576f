/**
 * Orders that went to a fork on the main branch, found while writing the twins of the ninth
 * round's classes (test/fixtures/briefs/README.md): a second order joined by "and" to a verb of
 * reading, a cleft that names the child's doing, and what code returns. Each with look-alikes
 * that still fork.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("orders hidden in the agents' register", () => {
	it("blocks a second order joined to a verb of reading by 'and', though its verb is unknown", () => {
		for (const brief of [
			"Review the code and harmonise the names.",
			"Read the logs and tune the thresholds.",
			"Tally the casts per directory and eliminate them.",
		]) {
			blocks(brief);
		}
		for (const brief of [
			"Look over the commit history since v2.0 and bucket the commits into features, fixes and chores.",
			"Check the config and all its uses.",
			"Look for places where we catch an error and drop it silently.",
		]) {
			forks(brief);
		}
	});

	it("blocks orders hidden in a cleft or in what code returns, which forked before, and not their look-alikes", () => {
		for (const brief of [
			"What you should do is add a test.",
			"All you need to do is bump the version.",
			"What I would like is a test for the parser.",
			"Return a list of users from the endpoint.",
			"Return an empty summary when the input is blank.",
		]) {
			blocks(brief);
		}
		for (const brief of [
			"What I'd like is a short list of the riskiest modules.",
			"What I would like is a summary of the parser.",
			"What you should do is explain it to me.",
			"Return a short report: the cause, the evidence, and your confidence.",
		]) {
			forks(brief);
		}
	});
});
