import { existsSync } from "node:fs";
import { extname, resolve } from "node:path";
import { inline } from "../format/child-text.ts";
import { formatUsd } from "../format/numbers.ts";
import { terminalSafe } from "../format/text.ts";
import type { RunnerKind } from "../plan/types.ts";
import { problemReplacer } from "../problems.ts";
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import type { ChildrenRegistry, ChildrenState } from "../run/children.ts";
import type { WorkflowRequest } from "../workflow/launch.ts";
import { type RunSummary, runChildren } from "../workflow/report.ts";
import type { WorkflowLimits } from "../workflow/types.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { requestFlags, requestFlagUsage, WORKFLOW_FLAGS } from "./request-flags.ts";
import { TRUST_OPTIONS, trustOverride } from "./trust-flags.ts";

const USAGE = [
	"Usage: pi-delegate workflow run <file.ts | file.js | bundled-name> [options]",
	"                                [-- args...]",
	"",
	"Runs a workflow script: its default export, async function (wf, args), calls",
	"wf.agent(prompt, options) once per child. Each call is a checked task (or, with",
	"check: false, an unchecked child), planned and run as `pi-delegate run` runs one.",
	"The run keeps a journal under the runs directory; --resume replays the calls",
	"that did not change without a model request, and runs the rest.",
	"",
	"Options:",
	requestFlagUsage(["workflow-cli"], 24),
	"  --resume <run>        begin from an earlier run's journal (id or directory)",
	"  --rerun-failed        with --resume: rerun calls whose result did not pass",
	"  --concurrency <n>     children at once (default: the script's, else 4)",
	"  --usd <dollars>       the run's budget, all children (the script's, else 10)",
	"  --wall <seconds>      the run's time (default: the script's, else 3600)",
	"  --approve, --no-approve  trust or distrust the project's .pi/ files",
	"  --json                print the run's id, directory, status and children",
	"",
	"Arguments after -- reach the script as `args`. Ctrl-C stops every child.",
	"Bundled: code-review, deep-research, adversarial-review.",
	"Exit codes: 0 every checked child passed, 1 one did not (or the run was",
	"stopped), 2 bad input.",
].join("\n");

const OPTIONS = {
	...WORKFLOW_FLAGS,
	resume: { type: "string" },
	"rerun-failed": { type: "boolean" },
	concurrency: { type: "string" },
	usd: { type: "string" },
	wall: { type: "string" },
	...TRUST_OPTIONS,
	json: { type: "boolean" },
} as const;

export interface WorkflowArgs {
	file: string;
	args: string[];
	mode?: string;
	resume?: string;
	rerunFailed: boolean;
	limits: Partial<WorkflowLimits>;
	model?: string;
	runner?: RunnerKind;
	extensions: string[];
	trust: boolean | undefined;
	json: boolean;
}

function number(flag: string, text: string | undefined, whole: boolean): number | undefined {
	if (text === undefined) return undefined;
	const value = Number(text);
	if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) {
		throw new UsageError(`--${flag} must be a positive ${whole ? "whole " : ""}number, not "${text}"`);
	}
	return value;
}

export function parseWorkflowArgs(argv: string[]): WorkflowArgs {
	const [sub, ...rest] = argv;
	if (sub !== "run")
		throw new UsageError(sub === undefined ? "missing the subcommand: run" : `unknown subcommand "${sub}"; use run`);
	const dash = rest.indexOf("--");
	const own = dash < 0 ? rest : rest.slice(0, dash);
	const args = dash < 0 ? [] : rest.slice(dash + 1);
	const parsed = parseFlags(own, OPTIONS);
	const [file, ...extra] = parsed.positionals;
	if (file === undefined) throw new UsageError("missing the workflow file to run");
	if (extra.length > 0)
		throw new UsageError(`expected one workflow file, got ${extra.length + 1}; put the script's arguments after --`);
	const { values } = parsed;
	const request = requestFlags(values);
	if (values["rerun-failed"] && values.resume === undefined) throw new UsageError("--rerun-failed needs --resume");
	const concurrency = number("concurrency", values.concurrency, true);
	const usd = number("usd", values.usd, false);
	const wall = number("wall", values.wall, false);
	return {
		file,
		args,
		...(request.mode !== undefined && { mode: request.mode }),
		...(values.resume !== undefined && { resume: values.resume }),
		rerunFailed: values["rerun-failed"] === true,
		limits: {
			...(concurrency !== undefined && { concurrency }),
			...(usd !== undefined && { usd }),
			...(wall !== undefined && { wall_s: wall }),
		},
		...(request.model !== undefined && { model: request.model }),
		...(request.runner !== undefined && { runner: request.runner }),
		extensions: request.extensions,
		trust: trustOverride(values),
		json: values.json === true,
	};
}

export const workflowCommand: Command = {
	name: "workflow",
	summary: "run a workflow script of agent() calls, resumable from its journal",
	usage: USAGE,
	run: (argv, io) => runWorkflowCli(parseWorkflowArgs(argv), io),
};

/** Progress on stderr from the children registry: a line per step, and a redrawn status line on a terminal. */
function progressOn(registry: ChildrenRegistry, io: CommandIO) {
	const states = new Map<string, ProgressState>();
	const now = () => performance.now();
	const width = 79;
	const clear = io.isTTY ? "\r\u001b[2K" : "";
	const line = (text: string) => io.stderr(`${clear}${terminalSafe(text)}\n`);
	const footer = (state: ChildrenState) => {
		const running = state.children.filter((c) => c.state === "running");
		const first = running[0];
		if (!first) return "";
		const more = running.length > 1 ? ` (+${running.length - 1})` : "";
		return (
			statusLine(
				first.id,
				states.get(first.key) ?? INITIAL_PROGRESS,
				now() - (first.startedAt ?? now()),
				width - more.length,
			) + more
		);
	};
	const redraw = () => io.isTTY && io.stderr(`${clear}${footer(registry.state)}`);
	const timer = io.isTTY ? setInterval(redraw, 500) : undefined;
	timer?.unref();
	let finished = false;
	const unsubscribe = registry.subscribe((state, event) => {
		const child = state.children.find((c) => c.key === event.key);
		if (!child) return;
		const name = `${child.id}`;
		if (event.type === "started") line(`${name}  started`);
		else if (event.type === "progress") {
			states.set(child.key, foldProgress(states.get(child.key) ?? INITIAL_PROGRESS, event.progress));
			const p = event.progress;
			// What a child did or set off may quote it: kept to the step's one line.
			if (p.type === "tool_start" && !io.isTTY) line(`${name}    ${inline(p.summary)}`);
			if (p.type === "warning" || p.type === "budget_warning") line(`${name}  ! ${inline(p.message)}`);
		} else if (event.type === "ended") {
			const cost = event.state === "replayed" ? "" : ` · ${formatUsd(child.usd)}`;
			line(
				`${name}  ${event.state}${cost}${event.auditDir && event.state !== "replayed" ? `\n  ${event.auditDir}` : ""}`,
			);
		}
		redraw();
	});
	return {
		log: (text: string) => {
			line(text);
			redraw();
		},
		done: () => {
			if (timer) clearInterval(timer);
			if (finished) return;
			finished = true;
			unsubscribe();
			if (io.isTTY) io.stderr(clear);
		},
	};
}

/** What the run is and where its inputs come from: the command line's flags and this directory. */
async function requestOf(args: WorkflowArgs, io: CommandIO): Promise<WorkflowRequest> {
	const { BUNDLED_WORKFLOW_INFO } = await import("../workflow/bundled/catalog.ts");
	const { shellSources } = await import("./sources.ts");
	// A bare name (no directory, no extension) that is no file here names a bundled workflow, so a
	// misspelt one is answered with the closest bundled name, not "is not a script (no extension)".
	const bare = !args.file.includes("/") && extname(args.file) === "" && !existsSync(resolve(io.cwd, args.file));
	const bundled = bare || BUNDLED_WORKFLOW_INFO.some((w) => w.name === args.file);
	return {
		script: bundled ? { bundled: args.file } : { file: args.file },
		args: args.args,
		...(args.resume !== undefined && { resume: args.resume }),
		rerunFailed: args.rerunFailed,
		limits: args.limits,
		sources: await shellSources(args, io),
	};
}

/** Runs the workflow with progress on stderr; Ctrl-C stops every child (the run ends, exit 1). */
async function runWorkflowCli(args: WorkflowArgs, io: CommandIO): Promise<ExitCode> {
	const { refuseRunsDir } = await import("./runs-dir-gate.ts");
	if (refuseRunsDir(io, args.trust, "cannot run the workflow")) return EXIT.badInput;
	const { launchWorkflow } = await import("../workflow/launch.ts");
	const { ChildrenRegistry } = await import("../run/children.ts");
	const request = await requestOf(args, io);
	const registry = new ChildrenRegistry({ now: () => performance.now() });
	const progress = progressOn(registry, io);
	const cancel = new AbortController();
	const onSigint = () => cancel.abort("cancelled");
	process.once("SIGINT", onSigint);
	try {
		const launched = await launchWorkflow(request, {
			children: registry,
			log: progress.log,
			signal: cancel.signal,
			started: (run) => progress.log(`workflow ${run.id}\n  ${run.dir}`),
		});
		progress.done();
		if (!launched.ok) {
			const { formatProblems } = await import("../problems.ts");
			io.stderr(`✗ cannot run the workflow: ${terminalSafe(launched.what)}\n${formatProblems(launched.problems)}\n`);
			return EXIT.badInput;
		}
		const { summary } = launched;
		if (args.json) io.stdout(`${JSON.stringify(jsonOf(summary), problemReplacer, 2)}\n`);
		else {
			const { runReport } = await import("../workflow/report.ts");
			io.stdout(runReport(summary));
		}
		return summary.status === "passed" ? EXIT.pass : summary.status === "error" ? EXIT.badInput : EXIT.fail;
	} finally {
		progress.done();
		process.removeListener("SIGINT", onSigint);
	}
}

function jsonOf(summary: RunSummary) {
	return {
		runId: summary.runId,
		auditDir: summary.dir,
		status: summary.status,
		...(summary.stopReason !== undefined && { stopReason: summary.stopReason }),
		...(summary.error !== undefined && { error: summary.error }),
		...(summary.resumedFrom !== undefined && { resumedFrom: summary.resumedFrom }),
		spentUsd: summary.spentUsd,
		elapsedS: summary.elapsedS,
		children: runChildren(summary),
		report: summary.report,
	};
}
