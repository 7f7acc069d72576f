/**
 * Classes the tenth round's development files found (test/fixtures/briefs/README.md): each case
 * was misread before — a read-only brief blocked, or an order or rule let through — and its near
 * twin keeps the reading it had.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("words that name a property of every object", () => {
	it("reads 'constructor' and 'toString' as the words they are", () => {
		// "constructor" was read through a lookup table's prototype, as a function, not a word.
		forks("Why does the constructor of Foo call toString twice? Could a fork trace the constructor calls?");
		blocks("Could a fork make the constructor private?");
	});
});

describe("rules the gate let through", () => {
	it("blocks a limit stated before an order asked as a question", () => {
		// "can you walk through" asks nothing; what comes before it is no part of a question.
		blocks("Without touching the feature store, can you walk through the ranking code for me?");
		forks("The README could use a rewrite, don't you think?");
	});

	it("blocks a cap on the answer stated without a verb", () => {
		blocks("How does GPU memory get allocated? Three bullets at most, please.");
		blocks("How does it work? At most three bullets.");
		blocks("How does it work? Max two paragraphs.");
		blocks("How does it work? Three bullets tops.");
	});

	it("blocks a script written to a path in code, and a file named by its last noun", () => {
		blocks("Write a small comparison script at `scripts/bench_json.py` and tell me how to run it.");
		blocks("Write a comparison script.");
		forks("Write a summary at the top of your answer.");
		forks("Write up a review of the migration plan.");
	});

	it("blocks work in flight seen through, however long its name", () => {
		blocks("See the API versioning work through.");
		blocks("See the migration through to the end.");
		forks("See if the request goes through.");
		forks("See how the data flows through the pipeline.");
	});
});

describe("read-only briefs the gate blocked", () => {
	it("forks a capitalised name after 'and', which is no verb", () => {
		forks("Explain how our Python and Go clients differ in the way they serialise timestamps.");
		forks("Explain how Python and Go differ.");
		blocks("Read a.ts and fix the parser.");
	});

	it("forks a wish for an answer with words qualifying it", () => {
		forks("What is wrong with it? I want a frank review of the new notification fan-out.");
		forks("How does the CRDT merge cope with overlapping deletes? I'd like the intuition behind it.");
		blocks("What broke? I want a new endpoint for it.");
	});

	it("forks an answer that helps the writer do their own part", () => {
		forks("What's in the changelog since 2.3? A rundown would help me write the release email.");
		forks("Summarise the RFC discussion for me. I don't have time to wade through it.");
		blocks("Summarise it. I don't want you to touch the RFC.");
	});

	it("forks a wish to know whose 'never' is in what is asked", () => {
		forks("Compare the two logging setups. I want to know why the JSON fields never line up in Kibana.");
		blocks("I'd like to know how it deletes the rows. Also I want nothing deleted.");
	});

	it("forks a thing given a look, however long its name", () => {
		forks("Give the Kotlin coroutine code in the sync module a review.");
		blocks("Give the Kotlin coroutine code in the sync module a retry count.");
		blocks("Give the failing jobs in the nightly workflow a quick look and a timeout.");
	});

	it("forks an act word named by what it qualifies", () => {
		forks("Take a critical look at the README rewrite. Is it clear to a newcomer?");
		forks("Take a look at the Postgres upgrade. Is it safe?");
		blocks("Look at the README. Rewrite it.");
	});

	it("forks an idiom a permission frames", () => {
		forks("Is the cache worth it? Feel free to push back on my assumptions.");
		blocks("Is it worth it? You're free to push the branch.");
	});
});
