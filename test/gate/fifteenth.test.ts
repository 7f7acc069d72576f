/**
 * The classes the fifteenth round's development files (`round17-*`, `round18-*`) found for the rules
 * (test/fixtures/briefs/README.md, "The fifteenth round"): descriptions, quotes and questions the
 * rules read as rules or orders, and a few limits and orders they missed. Each first case was read
 * wrong before; its near twins keep the reading they had.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import { blocks, forks } from "./expect-gate.ts";

describe("a question opened by 'do' and a subject", () => {
	it("asks about the code, its second course included", () => {
		forks("Do we really delete their readings or only hide them?");
		forks("Kiln firing: do we record the actual peak temperature reached, or only the target?");
		forks("Bird names: do we store the scientific name, the common name, or both?");
		forks("Does the sync retry, or only log the failure?");
	});
	it("still orders when the question asks the child to act, or no question is asked", () => {
		blocks("Do you mind deleting the stale fixtures?");
		blocks("Do only the parser, please.");
		blocks("Do not touch the lockfile. Do we cache the results?");
		blocks("Can you fix the parser, or only report it?");
	});
});

describe("'never' before what goes on or what was done", () => {
	it("describes: a gerund, an irregular past participle", () => {
		forks("The loss jumped from 2.1 to 9.8 and never recovered. Why?");
		forks("The run diverged around step 41k, loss jumping to 9.8 and never recovering. What went wrong?");
		forks("Quick one: what does `--only-staged` do? Saw it in the hook and never understood it.");
		forks("The cron job has never run since the move, as far as I've seen. Any idea why?");
	});
	it("still forbids before a base form", () => {
		blocks("Never bring the service down while you investigate.");
		blocks("Look at the parser, and never write to the cache.");
		blocks("Never run the migrations against prod.");
		blocks("Never read the secrets file.");
	});
});

describe("a quote the brief goes on to ask about or attribute", () => {
	it("is talked about, not an order", () => {
		forks(
			'The previous agent left this in the ticket: "Do not bump Linkerd until the CNI issue is resolved." Is that still a real concern?',
		);
		forks(
			'A reviewer left this on my PR: "don\'t use @customElement in library code". Is that a reasonable rule for us?',
		);
		forks(
			"'Never trust the clock time if the seal number is missing' - that's straight out of the rules doc. How does the code enforce it?",
		);
		forks('Summarise this feedback: "I don\'t want the deploy script asking every time." What does it tell us?');
	});
	it("stays an instruction when the question only checks it was understood, or none follows", () => {
		blocks('Remember: "never edit the lockfile". Is that clear?');
		blocks('One rule: "do not touch src/api". Does that make sense?');
		blocks('One thing: "do not push to main". Does that work for you?');
		blocks('Remember: "never edit the lockfile". Does that sound ok?');
		blocks('Remember: "never edit the lockfile". Fix the parser.');
		blocks('From the ticket: "Do not bump Linkerd." Check the upgrade notes.');
	});
});

describe("'only' and 'nowhere else' that say where a symptom shows", () => {
	it("describes: before what a thing does, with a circumstance, inside a why", () => {
		forks(
			"From the ticket:\n- Quiz totals wrong after round 4\n- Only happens with 8+ teams\nAny idea what's going on?",
		);
		forks("It segfaults when called through the wrapper, but only with arrays over 10k elements. What's going on?");
		forks("Look into why uploads fail from Safari but nowhere else.");
	});
	it("still limits an order", () => {
		blocks("Only touch files with a .ts extension.");
		blocks("Review the PR, only with an eye on security.");
		blocks("Make the change in src/api and nowhere else.");
		blocks("Only read the parser, and explain why it is slow.");
	});
});

describe("what the answer may not hold, where 'nothing' opens its clause", () => {
	it("limits: 'nothing longer', 'nothing about …'", () => {
		blocks("Tell me what order the scripts run in. One sentence per script, nothing longer.");
		blocks("Tell me how the points table is worked out — and please, nothing about how you'd redesign it.");
		blocks("Explain the retry loop, nothing about the UI.");
	});
	it("describes when a statement says it", () => {
		forks("The docs say nothing about retries. Why?");
		forks("I found nothing about it in the logs. Any idea?");
	});
});

describe("the writer's own state and what did not happen", () => {
	it("describes: 'Not deciding anything', 'nothing rolled back', 'the user only sees'", () => {
		forks("What would depend on the legacy format if we dropped it? Not deciding anything, just thinking aloud.");
		forks("Who last changed the rounding, and why? Not trying to blame anyone.");
		forks("The output says `Result: True`, yet nothing rolled back. What does the result mean?");
		forks("The script only runs on Mondays. Why?");
	});
	it("still orders a state made so, or a limit on the child", () => {
		blocks("Make sure nothing changed in src/api.");
		blocks("Make sure the job only runs on Mondays.");
		blocks("Read only files under src/ and explain the loader.");
		blocks("Fix the test. Not doing it today is not an option.");
	});
});

describe("two courses weighed", () => {
	it("asks when the second course gives the thing another shape or place", () => {
		forks("Would you write the tour poll as a separate little app, or bolt it onto the existing one? Genuinely torn.");
		forks("Would you keep the exporter as a script, or fold it into the CLI?");
	});
	it("still orders one course asked politely", () => {
		blocks("Would you write the tour poll as a separate little app?");
		blocks("Would you fix the parser, please, or ask me first?");
		blocks("Would you update the README, or fix the docs?");
	});
});

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

describe("'only' after a thing reported, past a label", () => {
	it("describes: the verb before it is conjugated, or a label's colon stands before the statement", () => {
		forks(
			"Context: the user reports that after submitting the comment form, the stream appends the comment twice, but only in Safari. Why?",
		);
		forks("Triage: the watchdog resets on the rev-C boards, and only after about 6 hours of uptime. Any idea why?");
		forks("The Android build crashes on cold start, only on Android 14 devices. What registers the receiver?");
	});
	it("still limits an order it follows", () => {
		blocks("Rebuild the index, but only on staging.");
		blocks("Check the logs, and only in the last hour.");
		blocks("Triage: read the logs, and only after the deploy.");
	});
	it("keeps a boundary whose change word opens the statement: 'changes only in src/export/'", () => {
		const rules = readRules("Goal: stream the rows.\nConstraints:\n- changes only in src/export/\n- signatures stay");
		expect(rules.reasons.filter((r) => r.kind === "write-boundary").map((r) => r.quote)).toEqual(["src/export/"]);
	});
});

describe("the twentieth round's last readings", () => {
	it("describes: 'never seem to', 'no clue', a name after 'never', 'Don't know whether', no change since a time", () => {
		forks("Lost property items never seem to reach the donated state. What's supposed to move them?");
		forks("Where is the row list coming from, is it hardcoded or from the venue config? no clue");
		forks("Map out which CronJobs collide. Don't know whether `timeZone` is even available — tell me that as well.");
	});
	it("still forbids an order", () => {
		blocks("Never seem to touch the config.");
		blocks("Don't tell anyone about the leak.");
		blocks("Don't trust the dashboard; read the raw logs.");
		blocks("Look at the parser, but never Redis.");
		blocks("No code changes since the last review, please.");
	});
});
