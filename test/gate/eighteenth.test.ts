/**
 * The classes the eighteenth round's development files found for the rules (test/fixtures/briefs/README.md,
 * "The seventeenth round"): each first case was read wrong before; its near twins keep the reading
 * they had.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("a wish to learn", () => {
	it("asks: 'I want to know if …', 'I'd like to see if …'", () => {
		forks(
			"Benchmark the two encoders and report median and p99. I want to know if the hand-rolled one earns its keep.",
		);
		forks("I'd like to see if the cache helps at all.");
		forks("Please, I would like to know if the split times can come out negative.");
	});
	it("still wishes a change when the 'if' follows no verb of learning", () => {
		blocks("I'd love it if the page showed the id.");
		blocks("It would be great if the export included the totals.");
	});
});

describe("two kinds of one thing contrasted", () => {
	it("forks on ', not build frames' after a statement", () => {
		forks("DevTools timeline shows long raster frames, not build frames. Investigate likely causes.");
		forks("The profiler shows time in the allocator, not the parser. Why would that be?");
	});
	it("still limits an order", () => {
		blocks("Fix the raster frames, not the build frames.");
		blocks("The timeline shows raster frames. Look at the raster frames, not build frames.");
	});
});

describe("how things stand now", () => {
	it("describes: 'no longer fits', a plural noun and 'don't'", () => {
		forks("The bootloader no longer fits in its 32KB partition after the update. Which sections grew?");
		forks("The app no longer builds on CI. Why?");
		forks("What's the quiet hours setting for? Keepers don't exactly sleep normal hours anyway.");
		forks("Users don't see the banner. Why?");
	});
	it("still limits the answer, and still forbids after an address", () => {
		blocks("Keep the answer no longer than a page.");
		blocks("Explain it, no longer than a page.");
		blocks("Thanks, don't touch the config.");
		blocks("Thanks don't touch the config.");
	});
});

describe("the next step named", () => {
	it("carries the work on: 'Next step is getting it to …', 'Next up is wiring …'", () => {
		blocks(
			"`export_table()` still writes the old format the firmware no longer accepts. Next step is getting it to emit the 21-point table.",
		);
		blocks("The next step is adding the retry.");
		blocks("Next up is wiring the exporter into the CLI.");
	});
	it("asks or reads when the step is no change", () => {
		forks("What's the next step?");
		forks("What would the next step be, in your view?");
	});
});

describe("what the answer must leave out, after an order or a wish for it", () => {
	it("limits: ', not theories', ', not a fix', 'Cap it at half a page'", () => {
		blocks("Report what the logs show, not theories: I'll do the root-causing myself.");
		blocks("Look at the setup. I'd like a plausible explanation with the evidence, not a fix.");
		blocks("Explain how the rotation works. Cap it at half a page.");
	});
	it("states in a statement", () => {
		forks("It's a config issue, not a code fix. Why did it break?");
		forks("The logs hold facts, not theories. What do they show?");
	});
});

describe("the work done again on the next thing named", () => {
	it("orders: 'Do `envs/staging` next'", () => {
		blocks("Where are we on the upgrade? Do `envs/staging` next, the same way, and send me the plan.");
		blocks("Do `src/b.ts` too.");
	});
	it("asks when a subject follows", () => {
		forks("Do we handle `envs/staging` next, or prod?");
	});
});
