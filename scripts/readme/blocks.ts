/**
 * Every generated block of README.md, in the order the README shows them: which run it shows, which
 * part of its output, and which masks apply. The runs are real `pi-delegate` commands in the scene
 * (scene.ts); the scripted children's answers are in answers.ts.
 */
import { join } from "node:path";
import { resetExamples } from "./scene.ts";
import type { BlockSpec, RunSpec } from "./types.ts";

const T4 = "examples/write-with-watched-root.json";

/** docs/preview.md's project runs on a logged-in user's model: a key in the environment. */
const LEDGER_KEY = { ANTHROPIC_API_KEY: "sk-ant-example" };

/** `pi-delegate preview` with `args` in the ledger project (docs/preview.md), with its example key. */
const ledgerPreview = (id: string, ...args: string[]): RunSpec => ({
	id,
	home: "ledger",
	env: LEDGER_KEY,
	cwd: (s) => s.ledger,
	argv: () => ["preview", ...args],
});

/**
 * A run in the second copy of the examples, side by side with the runs of the first, with a home of
 * its own too (an audit directory is named by the second a run started, and by its id); its lane
 * keeps its runs in the order listed.
 */
const inSecondCopy = (id: string, argv: string[], more: Partial<RunSpec> = {}): RunSpec => ({
	id,
	home: "scripted2",
	cwd: (s) => s.base2,
	argv: () => [...argv],
	lane: "examples-2",
	...more,
});

/** A child run in the second copy: the examples put back first, and started early. */
const FRESH_SECOND_COPY: Partial<RunSpec> = {
	needs: ["python3", "bwrap"],
	slow: true,
	prepare: (s) => resetExamples(s.base2),
};

/** What reads the runs the second copy's children left: it needs what they needed, or it reads none. */
const AFTER_SECOND_COPY: Partial<RunSpec> = { needs: ["python3", "bwrap"] };

const RUNS = {
	doctor: {
		id: "doctor",
		home: "new",
		cwd: (s) => s.demo,
		argv: () => ["doctor", "--json"],
		needs: ["bwrap"],
		slow: true,
	},
	e2e: {
		id: "e2e",
		home: "new",
		cwd: (s) => s.demo,
		argv: () => ["selftest", "--e2e"],
		needs: ["python3"],
		slow: true,
	},
	selftest: { id: "selftest", home: "new", cwd: (s) => s.demo, argv: () => ["selftest"] },
	preview: { id: "preview", home: "new", cwd: (s) => s.demo, argv: () => ["preview", "--approve"] },
	agents: { id: "agents", home: "new", cwd: (s) => s.demo, argv: () => ["agents", "--approve"] },
	modes: { id: "modes", home: "new", cwd: (s) => s.demo, argv: () => ["modes"] },
	runFail: {
		id: "run-fail",
		home: "scripted",
		cwd: (s) => s.base,
		argv: () => ["run", T4],
		env: { PI_DELEGATE_BWRAP: "off" },
		needs: ["python3"],
		lane: "examples",
		prepare: (s) => resetExamples(s.base),
	},
	runSandboxed: inSecondCopy("run-sandboxed", ["run", T4], FRESH_SECOND_COPY),
	runApplyFail: inSecondCopy("run-apply-fail", ["run", "examples/write-unsandboxed.json"], FRESH_SECOND_COPY),
	applyCheck: inSecondCopy("apply-check", ["apply", "fix-typo-unsandboxed", "--check"], AFTER_SECOND_COPY),
	applyKept: inSecondCopy("apply-kept", ["apply", "fix-typo-unsandboxed"], AFTER_SECOND_COPY),
	runs: inSecondCopy("runs", ["runs"], AFTER_SECOND_COPY),
	wait: inSecondCopy("wait", ["wait", "fix-typo-unsandboxed", "--timeout", "60"], AFTER_SECOND_COPY),
	runPass: {
		id: "run-pass",
		home: "scripted",
		cwd: (s) => s.base,
		argv: () => ["run", "examples/review.json"],
		needs: ["bwrap"],
		lane: "examples",
		prepare: (s) => resetExamples(s.base),
	},
	validateOk: { id: "validate-ok", home: "scripted", cwd: (s) => s.base, argv: () => ["validate", T4] },
	validateBad: { id: "validate-bad", home: "scripted", cwd: (s) => s.base, argv: () => ["validate", "typo.json"] },
	gate: {
		id: "gate",
		home: "scripted",
		cwd: (s) => s.todo,
		argv: () => ["gate", "Fix the flaky retry test in src/retry.ts, but do not touch its public API."],
	},
	workflow: {
		id: "workflow",
		home: "scripted",
		cwd: (s) => s.todo,
		argv: (s) => ["workflow", "run", join(s.repo, "examples/workflows/todo-triage.ts"), "--", "src"],
		needs: ["bwrap"],
		slow: true,
	},
	settingsTypo: { id: "settings-typo", home: "typo", cwd: (s) => s.demo, argv: () => ["modes"] },
	version: { id: "version", home: "new", cwd: (s) => s.demo, argv: () => ["--version"] },
	unknownCommand: { id: "unknown-command", home: "new", cwd: (s) => s.demo, argv: () => ["rn", "review.json"] },
	flagTypo: {
		id: "flag-typo",
		home: "new",
		cwd: (s) => s.spend,
		argv: () => ["spend", "--sesion", "session.jsonl"],
	},
	flagTwice: {
		id: "flag-twice",
		home: "scripted",
		cwd: (s) => s.base,
		argv: () => ["run", "examples/review.json", "--runner", "in-process", "--runner", "subprocess"],
	},
	spend: {
		id: "spend",
		home: "new",
		cwd: (s) => s.spend,
		argv: () => ["spend", "--session", "session.jsonl", "--runs", "runs"],
	},
	// docs/getting-started.md: doctor after logging in, and without bubblewrap.
	doctorKeyed: {
		id: "doctor-keyed",
		home: "keyed",
		cwd: (s) => s.demo,
		argv: () => ["doctor", "--json"],
		env: { ANTHROPIC_API_KEY: "sk-ant-example" },
		needs: ["bwrap"],
		slow: true,
	},
	doctorNoBwrap: {
		id: "doctor-no-bwrap",
		home: "new",
		cwd: (s) => s.demo,
		argv: () => ["doctor", "--json"],
		env: { PI_DELEGATE_BWRAP: "off" },
		slow: true,
	},
	// docs/preview.md: the ledger project, its scoped reviewer, the legacy mode, and two mistakes.
	previewLedger: ledgerPreview("preview-ledger"),
	previewReviewer: ledgerPreview("preview-reviewer", "--agent", "reviewer"),
	previewLegacy: ledgerPreview("preview-legacy", "--mode", "legacy"),
	previewTypoAgent: ledgerPreview("preview-typo-agent", "--agent", "reviwer"),
	previewTypoMode: ledgerPreview("preview-typo-mode", "--mode", "focussed"),
} satisfies Record<string, RunSpec>;

const GS = "docs/getting-started.md";
const PREVIEW = "docs/preview.md";

export const BLOCKS: readonly BlockSpec[] = [
	{ name: "doctor", kind: "doctor", run: RUNS.doctor, compare: "words", masks: ["programs"] },
	{
		name: "selftest-e2e",
		kind: "output",
		run: RUNS.e2e,
		stream: "stdout",
		exit: true,
		excerpt: [
			{ from: /^End-to-end selftest/, to: /^$/ },
			{ from: /^── case 1/, lines: 4 },
			{ from: /^── case 2/, lines: 4 },
			{ from: /^✓ \d+ of \d+ cases/, to: /are gone/ },
		],
	},
	{ name: "selftest", kind: "output", run: RUNS.selftest, stream: "stdout", masks: ["clipped"] },
	{
		name: "preview",
		kind: "output",
		run: RUNS.preview,
		stream: "stdout",
		masks: ["piDocs"],
		excerpt: [
			{ from: /^What a /, to: /^Tools \(/ },
			{ from: /^System prompt \(/, lines: 8 },
		],
	},
	{ name: "spec-t4", kind: "file", path: T4, lang: "json" },
	{ name: "run-fail", kind: "output", run: RUNS.runFail, stream: "stdout", exit: true, masks: ["elapsed", "pyc"] },
	{ name: "run-progress", kind: "output", run: RUNS.runFail, stream: "stderr", prompt: false },
	{ name: "run-sandboxed", kind: "output", run: RUNS.runSandboxed, stream: "stdout", masks: ["elapsed"] },
	{ name: "run-pass", kind: "output", run: RUNS.runPass, stream: "stdout", masks: ["elapsed"] },
	{ name: "pi-background", kind: "pi-background" },
	{ name: "gate", kind: "output", run: RUNS.gate, stream: "stdout", exit: true },
	{ name: "workflow", kind: "output", run: RUNS.workflow, stream: "stdout", masks: ["durations"] },
	{
		name: "workflow-progress",
		kind: "output",
		run: RUNS.workflow,
		stream: "stderr",
		prompt: false,
		masks: ["durations"],
		// Only the first phase: the lines of children running side by side interleave differently each run.
		excerpt: [{ from: /^workflow /, to: /^◂ find/ }],
	},
	{
		name: "run-apply-fail",
		kind: "output",
		run: RUNS.runApplyFail,
		stream: "stdout",
		exit: true,
		masks: ["elapsed", "pyc"],
		excerpt: [
			{ from: /^FAIL/, lines: 6 },
			{ from: /^Boundary/, to: /^Metrics/ },
		],
	},
	{ name: "apply-check", kind: "output", run: RUNS.applyCheck, stream: "stdout", exit: true },
	{ name: "apply-kept", kind: "output", run: RUNS.applyKept, stream: "stdout", exit: true },
	{ name: "validate-ok", kind: "output", run: RUNS.validateOk, stream: "stdout" },
	{ name: "validate-bad", kind: "output", run: RUNS.validateBad, stream: "stderr", exit: true },
	{ name: "modes", kind: "output", run: RUNS.modes, stream: "stdout" },
	// A run's age is how long ago it started: it differs each time the block is made.
	{ name: "runs", kind: "output", run: RUNS.runs, stream: "stdout", masks: ["ages"], compare: "words" },
	{ name: "wait", kind: "output", run: RUNS.wait, stream: "stdout", exit: true },
	{ name: "spend", kind: "output", run: RUNS.spend, stream: "stdout" },
	{ name: "agents", kind: "output", run: RUNS.agents, stream: "stdout" },
	{ name: "settings-typo", kind: "output", run: RUNS.settingsTypo, stream: "stderr", exit: true },
	{ name: "help", kind: "help" },
	{ name: "cli-reference", kind: "cli-reference" },
	{ name: "version", kind: "output", run: RUNS.version, stream: "stdout" },
	// The first line only: the overview (or the command's usage) follows it, and is shown above.
	{
		name: "unknown-command",
		kind: "output",
		run: RUNS.unknownCommand,
		stream: "stderr",
		exit: true,
		excerpt: [{ from: /^pi-/ }],
	},
	{ name: "flag-typo", kind: "output", run: RUNS.flagTypo, stream: "stderr", exit: true, excerpt: [{ from: /^pi-/ }] },
	{
		name: "flag-twice",
		kind: "output",
		run: RUNS.flagTwice,
		stream: "stderr",
		exit: true,
		excerpt: [{ from: /^pi-/ }],
	},
	{ name: "help-commands", kind: "help-commands" },
	{ name: "figures", kind: "figures" },
	// The documents in docs/, each block in the order its document shows it.
	{ name: "gs-doctor", doc: GS, kind: "doctor", run: RUNS.doctor, compare: "words", masks: ["programs"] },
	{ name: "gs-doctor-keyed", doc: GS, kind: "doctor", run: RUNS.doctorKeyed, compare: "words", masks: ["programs"] },
	{
		name: "gs-doctor-no-bwrap",
		doc: GS,
		kind: "doctor",
		run: RUNS.doctorNoBwrap,
		compare: "words",
		masks: ["programs"],
		excerpt: [{ from: /^! {2}bubblewrap/ }],
	},
	{
		name: "gs-selftest-e2e",
		doc: GS,
		kind: "output",
		run: RUNS.e2e,
		stream: "stdout",
		exit: true,
		excerpt: [
			{ from: /^End-to-end selftest/, to: /^$/ },
			{ from: /^── case 1/, lines: 4 },
			{ from: /^── case 2/, lines: 4 },
			{ from: /^✓ \d+ of \d+ cases/, to: /are gone/ },
		],
	},
	{
		name: "gs-preview",
		doc: GS,
		kind: "output",
		run: RUNS.preview,
		stream: "stdout",
		masks: ["piDocs"],
		excerpt: [{ from: /^What a /, to: /^Tools \(/ }],
	},
	{
		name: "preview-ledger",
		doc: PREVIEW,
		kind: "output",
		run: RUNS.previewLedger,
		stream: "stdout",
		masks: ["piDocs"],
		excerpt: [{ from: /^What a /, to: /^tool definitions/ }],
	},
	{
		name: "preview-reviewer",
		doc: PREVIEW,
		kind: "output",
		run: RUNS.previewReviewer,
		stream: "stdout",
		masks: ["piDocs"],
		excerpt: [
			{ from: /^What a /, lines: 1 },
			{ from: /^systemPromptMode /, lines: 1 },
			{ from: /^channel /, to: /^tool definitions/ },
		],
	},
	{
		name: "preview-legacy",
		doc: PREVIEW,
		kind: "output",
		run: RUNS.previewLegacy,
		stream: "stdout",
		masks: ["piDocs", "piOwnPrompt"],
		excerpt: [{ from: /^channel /, to: /^tool definitions/ }],
	},
	{
		name: "preview-typo-agent",
		doc: PREVIEW,
		kind: "output",
		run: RUNS.previewTypoAgent,
		stream: "stderr",
		exit: true,
	},
	{ name: "preview-typo-mode", doc: PREVIEW, kind: "output", run: RUNS.previewTypoMode, stream: "stderr", exit: true },
	{ name: "preview-modes", doc: PREVIEW, kind: "output", run: RUNS.modes, stream: "stdout" },
	{ name: "meter-spend", doc: "docs/meter.md", kind: "output", run: RUNS.spend, stream: "stdout" },
];
