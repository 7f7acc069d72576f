/**
 * Classes the eleventh round's development files found (test/fixtures/briefs/README.md): each first
 * case was misread before — a read-only brief blocked, or an order or rule let through — and its
 * near twin keeps the reading it had.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("the writer's own state and plans", () => {
	it("forks a negation whose subject is the writer", () => {
		forks("Is the helper ever called? Looks like dead code to me but I'm not confident.");
		forks("The PDF export comes out squashed and I can't see why. Would you have a look at the figure code?");
		forks("phpinfo is disabled and I don't trust what the host's dashboard claims. Which PHP version runs there?");
		forks("Would be nice to understand how loyalty points are earned. Never really looked at that bit.");
		forks("Thoughts on moving the rules to YAML? Not asking for it to happen, I just want a second opinion.");
		blocks("I don't want the lockfile touched. Why is it stale?");
		blocks("Never run the migrations. Why do they fail?");
	});

	it("forks what nobody knows, did or uses", () => {
		forks("The bundle is 2.4 MB and nobody can say why. Tell me the top five contributors.");
		forks("There are loads of tests, yet none caught last week's bug. Are they testing the right things?");
		forks("Is there much dead code? Functions nobody calls, pages with no links pointing at them.");
		blocks("Nobody may push to main. Why did this land?");
		blocks("None of the public types may change. Why is the build red?");
	});

	it("forks the writer's next step, plan or find", () => {
		forks(
			"I've finished the schema change. I'll update the procs next. Before that, tell me which procs use SELECT *.",
		);
		forks("I'd appreciate your view on the README for the template I'm about to publish.");
		forks("Why would anyone put `git reset --hard` in a deploy script?? found it in deploy.sh and now I'm nervous.");
		blocks("Update the procs next, then tell me which ones use SELECT *.");
	});

	it("forks a habit, and a rule someone else keeps saying", () => {
		forks("Is there anywhere that logs abandoned carts? Marketing keeps asking and I've no idea what to tell them.");
		forks("A friend keeps telling me you should never store prices as floats. Is that a real problem?");
		blocks("Keep polling the endpoint and tell me when it flips.");
	});
});

describe("what a thing would do, and whether a course is wise", () => {
	it("forks a prediction and a foreseen cost", () => {
		forks("It works, but I've a feeling it would do something awful if the NAS isn't mounted. Can you check?");
		forks("What's slow on the database? An EXPLAIN on the top queries would probably tell us a lot.");
		forks("Which would you pick? Licensing matters to us — AGPL would be a problem.");
		blocks("The ideal fix would add a guard in parse().");
	});

	it("forks a course weighed, judged or asked about", () => {
		forks("Would love an opinion on whether I should vendor the date library or keep it as a dependency.");
		forks("Do you reckon it's worth switching the Pi project from Python to Rust?");
		forks("Would it be mad to have the rules written as data tables instead of classes?");
		forks("Would you bother writing property-based tests for the calculator?");
		forks("Would you keep the hand-written lexer in `src/lexer.c` or move to re2c? Make the case either way.");
		forks("At ~2TB/day, would you consolidate on Data Prepper, or keep Fluent Bit at the edge?");
		blocks("Check whether it matters or delete it.");
		blocks("It's worth adding a test.");
	});
});

describe("contrasts and descriptions that lay nothing down", () => {
	it("forks a contrast of values, states or settings after a statement", () => {
		forks("Why does the memcpy block? The source buffer comes from plain `malloc`, not `cudaHostAlloc`.");
		forks("Why is it slow? Since then the page got slower, not faster.");
		forks("Where does the shop decide which methods to show? Klarna appears for some customers and not for others.");
		forks("Loss goes NaN with bf16 on, never with it off. Go through the loop.");
		forks("Why does `pulumi up` report a replace from macOS, but never in CI?");
		blocks("Run it, but never on prod.");
		blocks("Use `pnpm`, not `npm`.");
	});

	it("forks act words that name: commits, plural subjects, names, measures, relative nouns", () => {
		forks('Commit `9f3c1ab` says "Revert the scratch allocator". Explain why it would interact badly.');
		forks("Summarise what changed between the tags. Release notes were never written for it.");
		forks("Push notifications stopped arriving on Android 14. Investigate channel creation.");
		forks("Factor in the checkpoint size, write bandwidth on the shared NFS, and how it saves.");
		forks("Here's the plan output from the staging apply I'm about to run — look it over.");
		forks("Benchmark `cargo bench` in the main checkout and in the worktree, and tell me whether it is faster.");
		forks("It fell after yesterday's toolchain upgrade. Pin down which actions miss the cache.");
		blocks("Commit `9f3c1ab` and push.");
		blocks("Delete files created by the job.");
	});

	it("forks a quote after a written thing's colon, and the words it heads", () => {
		forks(
			"The admin left a note on the `release` job: 'never trigger this by hand'. What would go wrong if someone did?",
		);
		forks('The README has a section headed "Things you must never do on the MX". Summarise it.');
		blocks("Remember: never trigger the release job by hand. Why does it exist?");
	});
});

describe("answers named, shaped and carried", () => {
	it("forks what the answer carries and how it is shaped", () => {
		forks("Tell me whether it regressed. Include the raw output.");
		forks("Say where it breaks. Give the lines and the reasoning.");
		forks("Summarise the report. Put the open items in a separate section.");
		forks("Enumerate the datasets each step reads. Format it as program → inputs → outputs.");
		forks("Turn the Slack export in `incidents/x.md` into a short narrative timeline.");
		forks("Summary of what `make release` does, step by step, for the CLI.");
		forks("Summarise it. A table of exception type, status and body shape would be ideal.");
		blocks("Tell me why. Include a regression test.");
		blocks("Give the judge a proper error.");
		blocks("Format it as h:mm:ss and update the snapshot.");
		blocks("Turn the config into YAML.");
	});

	it("forks facts, figures and judgement wished for", () => {
		forks("For each incident I need what broke, the current hypothesis, and who's on it.");
		forks("Which is quicker? I'd love some numbers if there's a benchmark lying around.");
		forks("Never mind the tests. I just want your gut feeling on whether the layout code reads well.");
		forks("The team wants opinions on replacing our config with PureConfig. Weigh it up.");
		forks("What I'm after is why the LR scheduler restarts warmup after resuming.");
		blocks("I need the old endpoint back.");
		blocks("I want the old adapter removed.");
	});

	it("blocks a cap on the answer's units, however it is put", () => {
		blocks("How could an attacker move it? Answer in under 200 words.");
		blocks("Explain the flow. Answer as a numbered list of under ten items.");
		blocks("Why is it slow? Three bullets, max.");
		blocks("Could you look into why the popup is blank? A handful of lines at most when it reports back.");
		forks("Simple products come back in under a second; configurable ones take nine. Why?");
	});

	it("forks checks run to answer", () => {
		forks("Run the Ember tests for checkout (`ember test --filter x`) and tell me which fail on this branch.");
		forks("Run the race detector on the server package and tell me whether it reproduces.");
		forks("Triage the flaky `TestScaleDown`. Run it with `-count=50 -race` and tell me the failure rate.");
		blocks("Run the linter with --fix and tell me what changed.");
	});
});

describe("orders and rules the gate let through", () => {
	it("blocks what a reading order leaves out", () => {
		blocks("Read that and `AStar.cpp`, but not the old `legacy/` tree. Tell me the top allocation sites.");
		blocks("Look at the 06-10 to 06-12 window and nothing earlier — older logs will mislead you.");
		blocks("Base your answer on the profiler output in perf/, not on reading the code.");
		blocks("Compare the two files, and read those two files only.");
		blocks("Look at those two places and nowhere else.");
		blocks("Look at `a.cpp` and `b.cpp`, restricting yourself to those two files, and list every malloc.");
		blocks("Don't bother with the Compose screens, they aren't on this path.");
		forks("Assume I know TypeScript but not the codebase.");
		forks("Review it: give me the trade-offs, not a decision.");
		forks("The flicker shows up on AMD cards and nowhere else. Find where textures alias.");
		forks("Don't bother with the benchmarks; how slow is the loader?");
	});

	it("blocks commands that write, however they are named", () => {
		blocks("Run `poetry lock --no-update`, then tell me whether the version moved.");
		blocks("Run `go mod tidy` and tell me what changes.");
		blocks("Run `crystal tool format src/` so CI goes green.");
		blocks("Run `flutter test --update-goldens` and tell me.");
		blocks("Run `make regen-fixtures`, then tell me how many files changed.");
		blocks("Run `pre-commit run --all-files` and tell me which hooks modified files.");
		blocks("If so, run `nomad job run` with the check index.");
		blocks("Confirm the labels changed, and if so run `helm rollback payments 14` to get staging green.");
		blocks("If it still points at the old registry, `kubectl patch` it over to the new one.");
		blocks("Check the worker's memory, and if needed restart the worker.");
		forks("Check whether the cache is stale, and if so, it fails; why?");
		blocks("Can you have someone check out the release-2.3 branch and see whether the bug was there?");
		forks("Run `go mod graph` and tell me what pulls x in.");
		forks("Check out the new dashboard and tell me what you think.");
	});

	it("blocks needs, wishes and requests of things", () => {
		blocks("That initializer needs the secure flag added for production.");
		blocks("A redirect from the old slugs to the new ones is required before launch.");
		blocks("The user would like `email` in the migration to be unique at the database level.");
		blocks("Could the Mirage factory for `invoice` get an `overdue` trait?");
		blocks("Could the print view use the same serif font as the website?");
		blocks("Can you have a sub-agent explain the band field? It shouldn't open anything in the vendor folder.");
		blocks("Have a look at the lighting code and write up what each ramp does in docs/lighting.md.");
		blocks("Write what you find up as a comment block at the top of `BatchRunner.vb`.");
		blocks("Carry on from `:feature:checkout`, and report which modules needed plugin changes.");
		blocks("Do the second one the same way.");
		forks("A test is required for every PR; why did this one merge without?");
		forks("Could `parse` get a `null` input?");
		forks("The parser is old. It shouldn't crash on empty input, yet it does; why?");
		forks("Have a poke around the billing service and see whether we still round VAT per line.");
	});

	it("blocks needs said after a phrase, in a relative, of a value, or relayed", () => {
		blocks("For the 4.0 release a `--json` output mode is required on `tool status`. Report what it prints.");
		blocks("On the prod cluster a replica count of 1 is required before Thursday's traffic test.");
		blocks("The rota page still shows last year's times, which needs sorting before Sunday.");
		blocks("The config has no comments. Each option ought to have a one-line explanation above it.");
		blocks("The user says the jump address has to match the linker script. Confirm which value is right.");
		blocks("Heads-up from the user: the page size is hammering the DB, and they want it back to the default.");
		blocks("Audit the globals for leaks. Findings go in a new section of `docs/storybook.md`.");
		forks("For the tests, which one needs fixing first?");
		forks("Findings go in your reply, grouped by file.");
		forks("A short memo is what I need back: what the sandbox protects against.");
	});

	it("blocks orders put as ensuring, narrowing, going ahead or giving", () => {
		blocks("Look at the attendance export and make sure it copes with apostrophes in names.");
		blocks("I want you to narrow it to an `after_update_commit` that fires on status changes.");
		blocks('Someone asked: "can a sub-agent bump `jdbc` to 10.7.6 and check the image builds?" Go ahead with that.');
		blocks("If that's the cause, break the loop by giving the child an explicit `Layout.preferredWidth`.");
		blocks("Any experimental fixes go on a scratch branch; nothing lands on main.");
		blocks("Give me the likely culprit in three bullets max.");
		forks("Make sure you explain it simply.");
		forks("Narrow down which commit broke it.");
		forks("Nothing goes to plan on Fridays; why?");
	});
});
