import type { TaskPlan } from "../plan/types.ts";
import { problemReplacer } from "../problems.ts";
import type { PlannedCall } from "../run/delegate.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { type RequestFlags, RUN_FLAGS, requestFlags, requestFlagUsage } from "./request-flags.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const USAGE = [
	"Usage: pi-delegate run <spec.json | -> [options]",
	"",
	"Runs a task: validates the spec, snapshots every root, runs a child agent under the spec's budgets,",
	"snapshots again, checks the boundary and the child's result envelope, and prints the verdict with",
	"its evidence, metrics and the audit directory. Progress goes to stderr, the report to stdout.",
	"",
	"Options:",
	requestFlagUsage(["run"], 25),
	"  --approve, --no-approve  trust or distrust the project's .pi/ files for this run",
	"  --json                 print the result as JSON instead of the report",
	"  --background           check and plan here, then run in a process of its own that outlives",
	"                         this shell; print the run id and return (see runs, wait, send, stop)",
	"",
	"Exit codes: 0 PASS, 1 FAIL, 2 invalid spec or setup problem (bad flags, no model or credentials,",
	"a provider extension that does not load, a model that cannot be reached). With --background:",
	"0 started, 2 bad input (nothing started), 1 the run could not be started.",
	"Every run is recorded under ~/.pi/agent/pi-delegate/runs/ (PI_DELEGATE_RUNS_DIR overrides).",
].join("\n");

const OPTIONS = {
	...RUN_FLAGS,
	...TRUST_OPTIONS,
	json: { type: "boolean" },
	background: { type: "boolean" },
	/** The supervisor of a background run (cli/supervise.ts); not for people to type. */
	supervise: { type: "boolean" },
} as const;

export interface RunArgs extends RequestFlags {
	file: string;
	trust: boolean | undefined;
	json: boolean;
	background: boolean;
	supervise: boolean;
}

export function parseRunArgs(argv: string[]): RunArgs {
	const parsed = parseFlags(argv, OPTIONS);
	const [file, ...extra] = parsed.positionals;
	if (file === undefined) throw new UsageError("missing the spec file to run");
	if (extra.length > 0) throw new UsageError(`expected one spec file, got ${parsed.positionals.length}`);
	const trust = trustOverride(parsed.values);
	const { json, background, supervise } = parsed.values;
	if (background && supervise) throw new UsageError("--supervise is the background run's own; give --background alone");
	return {
		file,
		...requestFlags(parsed.values),
		trust,
		json: json === true,
		background: background === true,
		supervise: supervise === true,
	};
}

export const runCommand: Command = {
	name: "run",
	summary: "run a task spec with a child agent and print its checked verdict",
	usage: USAGE,
	async run(argv, io) {
		const args = parseRunArgs(argv);
		if (!args.supervise) return runFromCli(args, io, argv);
		const { readHeader, supervisedIO, reportRecord, dropLog } = await import("./supervise.ts");
		const header = await readHeader(io);
		if (header === undefined) throw new UsageError("--supervise is the background run's own; give --background");
		// A supervisor has no terminal: a stop comes as SIGTERM (or through its control endpoint).
		process.on("SIGHUP", () => {});
		const code = await runFromCli(args, supervisedIO(io, header), argv, reportRecord);
		dropLog(header, code);
		return code;
	},
};

/** Loads, plans and executes the task with progress on stderr; Ctrl-C cancels the child (FAIL). */
async function runFromCli(
	args: RunArgs,
	io: CommandIO,
	argv: readonly string[],
	onRecord?: (dir: string) => void,
): Promise<ExitCode> {
	const { refuseRunsDir } = await import("./runs-dir-gate.ts");
	if (refuseRunsDir(io, args.trust, "cannot run")) return EXIT.badInput;
	const { planCall } = await import("../run/delegate.ts");
	const { layerOfFlags, shellSources } = await import("./sources.ts");
	const { conversationOfFile } = await import("../run/branch.ts");
	const { resolve } = await import("node:path");
	const conversation = args.session === undefined ? undefined : conversationOfFile(resolve(io.cwd, args.session));
	if (conversation && !conversation.ok) {
		const { formatProblems } = await import("../problems.ts");
		io.stderr(`✗ cannot run: the session file cannot be used\n${formatProblems(conversation.problems)}\n`);
		return EXIT.badInput;
	}
	const source = args.file === "-" ? { text: await io.readStdin(), label: "standard input" } : { file: args.file };
	const called = await planCall(
		{
			...(await shellSources(args, io)),
			...(conversation?.ok && { branch: () => conversation.branch, parentSession: conversation.session }),
		},
		[
			{
				kind: "task",
				where: { path: [] },
				spec: {},
				source,
				layer: layerOfFlags(args),
				defaults: [],
				...(args.resume !== undefined && { resume: { run: args.resume, where: { source: "--resume", path: [] } } }),
			},
		],
	);
	const plan = called.ok ? called.plans[0] : undefined;
	if (!called.ok || plan?.kind !== "task") {
		const { refusalText } = await import("./refusal.ts");
		if (!called.ok) io.stderr(`${refusalText(called, args.file === "-" ? "standard input" : args.file)}\n`);
		return EXIT.badInput;
	}
	if (args.background) {
		called.host.dispose();
		const { runInBackground } = await import("./background.ts");
		return runInBackground(argv, io, args.json, "text" in source ? source.text : undefined);
	}
	return executeFromCli(args, io, called, plan, onRecord);
}

/** Executes the planned task with progress on stderr, prints its report, and says the exit code. */
async function executeFromCli(
	args: RunArgs,
	io: CommandIO,
	called: Extract<PlannedCall, { ok: true }>,
	plan: TaskPlan,
	onRecord: ((dir: string) => void) | undefined,
): Promise<ExitCode> {
	const { runChild } = await import("../run/delegate.ts");
	const { progressPrinter } = await import("./progress.ts");
	const { renderReport } = await import("../report/task-report.ts");
	const cancel = new AbortController();
	const onSigint = () => cancel.abort("cancelled");
	process.once("SIGINT", onSigint);
	// A background run's supervisor has no terminal: SIGTERM is its Ctrl-C.
	if (args.supervise) process.once("SIGTERM", onSigint);
	const printer = progressPrinter(io.stderr, { id: plan.id, tty: io.isTTY });
	try {
		const progress = (p: Parameters<typeof printer.onProgress>[0]) => {
			if (p.type === "audit") onRecord?.(p.dir);
			printer.onProgress(p);
		};
		const result = await runChild(plan, called.context, { progress, signal: cancel.signal });
		if (result.kind !== "task") throw new Error("a task's plan came back as another kind of result");
		printer.done();
		io.stdout(args.json ? `${JSON.stringify(result, problemReplacer, 2)}\n` : renderReport(result, widthOf(io)));
		if (result.verdict === "PASS") return EXIT.pass;
		// A child that could not reach its model says nothing about the task: that is a setup problem.
		return result.problems.some((p) => p.code === "setup") ? EXIT.badInput : EXIT.fail;
	} finally {
		printer.done();
		process.removeListener("SIGINT", onSigint);
		process.removeListener("SIGTERM", onSigint);
		called.host.dispose();
	}
}
