/**
 * Briefs in the register parent agents write (test/fixtures/briefs/README.md, ninth round): each
 * class of read-only brief that the gate blocked before the round, with a fork that now goes
 * through and near twins that must still block — the same words ordering a change, limiting the
 * child, or writing a file.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import { blocks, forks } from "./expect-gate.ts";

/** A class: its forks (blocked on the main branch before the round, but for a few look-alikes that guard a twin's rule) and its twins, which block. */
const CLASSES: Array<{ name: string; fork: string[]; task: string[] }> = [
	{
		name: "a direction for reading: where to start, which way to follow",
		fork: [
			"Trace a request through the router: start at server.ts and follow it to the handler for /api/users.",
			"Start from `main()` in src/cli/index.ts and follow the `run` subcommand down to where the child is spawned. Report each hop.",
			"Tell me, step by step, what the installer does. Start at src/install/index.ts.",
		],
		task: [
			"Start at server.ts and add a log line at each hop.",
			"Start with the migration.",
			"Follow the rules in CONTRIBUTING.md and tell me where the config is loaded.",
			"Start at src/cli/index.ts, then move the spawn options into src/run/spawn-options.ts.",
			"Follow the call down to the handler and log each hop.",
			"Begin with the tests in test/boundary and make them pass.",
			"Read the tests and make them pass.",
		],
	},
	{
		name: "the answer's items grouped, sorted or ranked by a criterion",
		fork: [
			"Skim the issue tracker export in issues.json and group the open bugs by component.",
			"Tally the `any` casts per directory under src/ and sort the directories by count, highest first.",
			"Order the findings by severity, worst first, and give each a one-line justification.",
			"Could you sort the lint warnings by rule and count each?",
			"Sort the risks from highest to lowest and give a reason for each.",
			"Bucket the dependencies in package.json into runtime, build-only and test-only, and tabulate them.",
			"Break the estimate down by module; rough is fine.",
			"Group the failures by cause, explain each group and close with a summary.",
			"Find the failing tests and group the tests by error.",
		],
		task: [
			"Sort the entries of the dependency list in package.json alphabetically.",
			"Sort the imports in src/a.ts by name.",
			"Group the tests by feature into describe blocks.",
			"Sort the helpers by size into two new modules.",
			"Break the monolith down into packages.",
			"What do you say we split the router into one file per resource?",
			"Group the open bugs by component and write the result to docs/bugs.md.",
			"Group the open bugs by component in the tracker.",
			"Sort the imports by module.",
			"Order the keys by name.",
			"Sort the bugs by severity and close the duplicates.",
			"Rank the issues by impact and assign them.",
			"Review the issues and close the duplicates.",
		],
	},
	{
		name: "a plan, a note or a report drafted in the answer",
		fork: [
			"Given everything we've discussed, draft a plan for the migration to ESM. Just the plan, in your answer — we'll execute it later.",
			"Draft a plan for splitting src/run/execute.ts into smaller modules. Just the plan, as numbered steps in your reply.",
			"Write a short design note, in your reply, comparing a write-ahead log with the snapshot approach.",
			"Assemble a timeline of the changes to src/gate/allow.ts from the git log.",
			"Sketch how you would split the monolith into packages — in your answer.",
			"Return a short report: the cause, the evidence, and your confidence.",
		],
		task: [
			"Draft a plan for the ESM migration and commit it as docs/esm-plan.md.",
			"Write a note in the README, and explain it in your reply.",
			"Write what the function returns into docs/api.md.",
			"Sketch how you would split the monolith into packages, then do it.",
			"Return an error report when parsing fails.",
			"Sketch how you would split the monolith — in your answer only, nothing on disk yet.",
		],
	},
	{
		name: "a file or a command named as evidence to answer from",
		fork: [
			"Please investigate the memory growth. Use the heap snapshot in /tmp/heap.json if helpful and report likely culprits.",
			"Use the flame graph in /tmp/profile.svg and the timings in bench/results/gate.json as evidence, and tell me where the time goes.",
			"What changed in the public types? Use `git diff v1.4.0 v1.5.0 -- src/types.ts` as your starting point.",
		],
		task: [
			"Use the output in /tmp/out.json to seed the database.",
			"Use the snapshot in /tmp/s.json for the tests.",
			"Use the numbers in bench/x.json in the README table.",
			"Use the timings in bench/x.json if helpful and tune the thresholds in src/gate/limits.ts.",
			"Use the heap snapshot in /tmp/heap.json to find the leak, then fix it in src/daemon/cache.ts.",
			"Use pnpm instead of npm in the scripts.",
			"Use the logger in src/log.ts in the exporter.",
		],
	},
	{
		name: '"without" describing the items found',
		fork: [
			"List every public function in src/api without a doc comment.",
			"List every exported function without a test that calls it directly.",
			"Find the routes without tests.",
		],
		task: [
			"Find the slow tests without running them.",
			"List the callers without opening the tests.",
			"Find the bug without help.",
			"Explain the design without code samples.",
		],
	},
	{
		name: "attention directed, and a theory tested by reading",
		fork: [
			"Review the diff on this branch for correctness issues. Focus on error handling and edge cases; ignore style.",
			"Focus on the retry path in src/net/client.ts; the happy path has been reviewed. Is there a way for a request to be sent twice?",
			"Test the theory that the slowdown came with the zod upgrade: compare the lockfile history with the benchmark numbers.",
		],
		task: [
			"Focus on src/parser and make the error recovery skip to the next statement.",
			"Focus only on src/net: which functions retry?",
			"Focus on fixing the flaky test.",
			"Test the parser against the fixtures.",
		],
	},
	{
		name: "a noun that is also a change verb: a commit named by its hash, quoted keys",
		fork: [
			"We switched to vitest threads last week (commit a1b2c3d) and since then the CLI test fails. Why?",
			'Format your answer as JSON with keys "cause" and "fix".',
			"Gather the error messages the CLI can print and check them for consistency of tone and format.",
		],
		task: [
			"Revert commit a1b2c3d.",
			"Cherry-pick commit 4f9e2ab onto main.",
			'Tell me the fields "a" and "b". Then "fix it".',
		],
	},
	{
		name: "a plan laid out under a label and then critiqued",
		fork: [
			"Here is the plan we discussed: move the audit writer behind an interface, add a memory implementation for tests, then delete the old helper. Poke holes in it before anyone starts.",
			"Plan:\n1. Move the writer.\n2. Delete the helper.\nWhat could go wrong?",
		],
		task: [
			"Here is the plan we discussed: move the audit writer behind an interface, then delete the old helper. Go ahead.",
			"Plan:\n1. Move the writer.\n2. Delete the helper.\nStart with step one.",
			"Here is the plan: move the writer, delete the helper. Poke holes in it, then implement it.",
			"The plan: new endpoint, old one deprecated, docs updated.",
			"Here is the plan: delete the helper, then move the writer. Ready?",
			"Plan:\n1. Delete the helper.\n2. Move the writer.\nAny questions before you start?",
		],
	},
	{
		name: "work estimated, and a hypothetical asked as a topic",
		fork: [
			"Estimate how much work it would be to support Windows in the sandbox layer.",
			"Give me your assessment of the suite: which folders overlap, what you would reorganise if it were yours.",
		],
		task: ["Keep your work in src/gate.", "Explain it, and if you could add a test, great."],
	},
	{
		name: "the work itself said to be read-only, and nothing kept on disk, are rules",
		fork: ["There is nothing on disk yet; where would it go?", "Why is nothing written to disk when the run fails?"],
		task: [
			"This is read-only: look at src/audit and tell me which fields are never written.",
			"This task is read-only.",
			"Explain it in your answer, nothing written to disk.",
		],
	},
	{
		name: "batch 2: more verbs that arrange the answer's items, unless a change is joined to them",
		fork: [
			"Cluster the failing tests in ci.log by error message and tell me which cluster is most likely one root cause.",
			"Prioritise the open issues in issues.json by user impact; the top five is plenty.",
			"Rank-order the candidate causes from most to least likely.",
			"Collate the TODOs by owner, using the git blame.",
		],
		task: [
			"Cluster the failing tests by error message and mark each cluster's tests with `.skip` until we fix them.",
			"Prioritise the issues by user impact and label them in the tracker export issues.json.",
			"Bucket the commits since v2.0 into features, fixes and chores and write the changelog entries for each.",
		],
	},
	{
		name: "batch 2: evidence leaned on or taken as the answer's ground, verbs of consulting and assuming",
		fork: [
			"Treat the build log in build.log as your primary evidence and reconstruct the order of events during the failed release.",
			"Lean on the git blame of src/boundary/diff.ts to explain why the symlink check was added.",
			"Consult CONTRIBUTING.md and tell me whether our test layout follows it.",
			"Assume the cache is the culprit and see whether the evidence in the logs supports that.",
		],
		task: [
			"Treat warnings as errors.",
			"Treat src/vendor as read-only and explain how the parser is wired.",
			"Consult CONTRIBUTING.md and fix the lint errors.",
			"Revert the failed release.",
		],
	},
	{
		name: "batch 2: attention kept, a marker in code the items lack, a graph drafted for the reply",
		fork: [
			"Keep your attention on the error paths — the happy path is fine. Where can an exception escape the handler?",
			"Name every function in src/gate longer than sixty lines without a `Kept whole` comment.",
			"Produce a dependency graph of packages/*, as a Mermaid diagram in your reply.",
		],
		task: [
			"Keep your changes in src/gate.",
			"Name them without opening `src/secret.ts`.",
			"Produce a Mermaid dependency graph and commit it as docs/deps.md.",
		],
	},
	{
		name: "batch 2: the work handed over to the child, and an item the writer should concede",
		fork: [
			"I'm handing this to you because the context is long: we've been debating the in-process runner. Weigh the arguments and give me a recommendation.",
			"Prepare talking points for the design review: the three decisions worth defending and the one I should concede.",
		],
		task: [
			"I'm leaving this to you because you know the code: fix the parser.",
			"The files we should delete are in tmp/.",
			"The one thing we should do is bump the version.",
		],
	},
	{
		name: "the tuning split's last blocks: parts of the answer spared or left out, prose made for the reader",
		fork: [
			"Bullet points are fine; no need for prose.",
			"Leave out the obvious ones.",
			"Pull together the pros and cons we discussed.",
			"Translate this stack trace into plain English for me.",
			"How would one set the runner in .pi/settings.json? An explanation is all I need.",
			"Pick up the thread from your last answer and tell me what's left.",
			"Have to admit I don't get the boundary diff. Explain?",
		],
		task: [
			"No need for tests.",
			"No need to polish them.",
			"Leave out the migration.",
			"Skip the flaky test.",
			"Pull together the release notes into CHANGELOG.md.",
			"Translate the UI strings into German.",
			"Translate the strings in src/i18n/fr.json into English.",
			"A fix is all I need.",
			"Pick up the thread and finish the migration.",
			"I don't get why you would change it. Don't change it.",
		],
	},
];

describe("briefs in the agents' register", () => {
	for (const c of CLASSES) {
		it(`forks: ${c.name}`, () => {
			for (const brief of c.fork) forks(brief);
		});
		it(`still blocks its twins: ${c.name}`, () => {
			for (const brief of c.task) blocks(brief);
		});
	}

	it("finds a prohibition, not only a missing reading, in the work said to be read-only and in nothing kept on disk", () => {
		for (const brief of [
			"This is read-only: list every caller.",
			"Explain it in your answer, nothing written to disk.",
		]) {
			expect(readRules(brief).reasons.map((r) => r.kind)).toContain("prohibition");
		}
	});
});
