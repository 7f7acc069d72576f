/**
 * Two gaps left open after the ninth round's third pass (test/fixtures/briefs/README.md): a value
 * asked for with "give", and an act word inside a noun phrase a preposition opens with no
 * determiner; and a thing given a second object ("give the README a table of contents"), which
 * forked; a change joined after an indirect question ("find which flags are dead and remove
 * them"), which forked; and verbs of finding out. Each class with near twins that must still block.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("open gaps of the agents' register", () => {
	it("reads 'give' with one object, a value of a thing, as asking for the value", () => {
		forks("For each of the nightly deploy jobs, give its average duration.");
		forks("For every queue, give the median wait time.");
		forks("Give the retry count of each job.");
		blocks("Give each deploy job a timeout.");
		blocks("Give the parser a maximum duration.");
		blocks("Give the failing jobs a retry limit.");
	});

	it("reads a thing given a second object as changed, whatever the object, unless it is a look or an answer item", () => {
		// Forked before: "a retry count" and "a table of contents" were read as prose handed to the writer.
		blocks("Give the failing jobs a retry count.");
		blocks("Give the README a table of contents.");
		blocks("Give every endpoint a rate limit.");
		forks("Give each finding a severity.");
		forks("Give the new parser a quick look and tell me what worries you.");
		forks("Give the migration plan a once-over.");
		forks("Give me a count of the failing jobs.");
	});

	it("reads a change joined after an indirect question, on what it found, as an order", () => {
		// Forked before: the question "which flags are dead" carried the change along with it.
		blocks("Find which flags are dead and remove them.");
		blocks("Identify which flags are dead and remove them.");
		blocks("Check which flags are dead and delete them.");
		blocks("Check whether the cache is stale and clear it.");
		forks("Find which tests touch the network and list them.");
		forks("Explain what it does and why it needs a lock.");
		forks("Look for places where we catch an error and drop it silently.");
		forks("Find which commits changed the parser and summarise them.");
	});

	it("reads verbs of finding out as reading", () => {
		for (const verb of ["Ascertain", "Gauge", "Itemise", "Uncover", "Unearth", "Discover", "Corroborate"]) {
			forks(`${verb} the retry budget of the three services; report what you find.`);
		}
		blocks("Uncover the root cause and fix it.");
		blocks("Ascertain the retry budget and raise it to five.");
		blocks("Discover which flags are dead and remove them.");
	});

	it("reads an act word after a preposition and modifiers, before a plural noun, as part of the noun", () => {
		forks("Look for hard-coded retry loops in src/.");
		forks("Look for unused build scripts in tools/.");
		forks("Check for stale deploy targets.");
		blocks("Retry failed deploy runs.");
		blocks("Search for hard-coded retry loops and remove them.");
		blocks("Look for failed deploy runs and retry them.");
	});
});
