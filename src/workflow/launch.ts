/**
 * One workflow run, from any entry point: load the script (a file, or a bundled one), load the
 * run's inputs once, find the journal to resume from, open the run's audit directory, run the
 * engine with the real ports, and record how it ended. `pi-delegate workflow run` and the Pi
 * commands are thin adapters over `launchWorkflow`: they parse their input, pass their clock,
 * progress sinks and cancel signal, and print the summary.
 *
 * Bad input — a script that cannot be loaded, a RUN that is not a run, inputs that cannot be
 * loaded — is refused before anything runs or is written.
 */
import { basename } from "node:path";
import type { Problem } from "../problems.ts";
import type { RecordFault } from "../run/audit/audit.ts";
import { recordProblems } from "../run/audit/record-seal.ts";
import type { ChildrenRegistry } from "../run/children.ts";
import { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import { closest } from "../suggest.ts";
import { BUNDLED_WORKFLOWS, isBundledScript } from "./bundled/index.ts";
import { type EngineOutcome, type RunSettings, runWorkflow } from "./engine.ts";
import { scriptLocation, WorkflowStopped } from "./errors.ts";
import { JOURNAL_VERSION, type RunLine } from "./journal.ts";
import { checkLimits, type LoadedScript, loadScript } from "./load-script.ts";
import { errorText, type RunSummary, runChildren } from "./report.ts";
import { createRunDir, journalProblem, locateRun, type RunDir, readRunJournal, workflowName } from "./run-dir.ts";
import { openWorkflowShell, type ShellOpening, type WorkflowSources } from "./shell.ts";
import { type AgentResult, DEFAULT_LIMITS, type WorkflowLimits } from "./types.ts";

export type ScriptSource = { file: string } | { bundled: string };

export interface WorkflowRequest {
	script: ScriptSource;
	args: readonly string[];
	/** `--resume RUN`: a run id or directory. */
	resume?: string;
	/** Rerun calls whose recorded result did not pass. */
	rerunFailed?: boolean;
	/** Limits from the command line; they override the script's own. */
	limits?: Partial<WorkflowLimits>;
	/** Where inputs come from; `request.runMode` is the run-level mode. */
	sources: WorkflowSources;
}

export interface WorkflowIO {
	children: ChildrenRegistry;
	/** A line of the run's progress: a log, a phase, a warning. */
	log(text: string): void;
	signal?: AbortSignal;
	prefixGate?: PrefixGate;
	/** Shared with the caller's other children (the session's); default: the run's own. */
	locks?: RootLocks;
	/** The text "open its report" shows for a child. */
	report?(result: AgentResult): string;
	now?: () => Date;
	/** Told once the run's directory exists. */
	started?(run: { id: string; dir: string }): void;
	/** Loads the run's inputs; default `openWorkflowShell` (a test gives a faux model runtime). */
	open?(sources: WorkflowSources): Promise<ShellOpening>;
}

export type WorkflowLaunch =
	| { ok: false; what: string; problems: Problem[] }
	| { ok: true; summary: RunSummary; outcome: EngineOutcome };

async function scriptOf(
	source: ScriptSource,
	cwd: string,
): Promise<{ ok: true; script: LoadedScript; name: string } | { ok: false; what: string; problems: Problem[] }> {
	if ("file" in source) {
		const loaded = await loadScript(source.file, cwd);
		return loaded.ok ? { ...loaded, name: workflowName(source.file) } : loaded;
	}
	const found = BUNDLED_WORKFLOWS.find((w) => w.name === source.bundled);
	if (!found) {
		return {
			ok: false,
			what: `no bundled workflow "${source.bundled}"`,
			problems: [
				{
					source: "(workflow)",
					path: [],
					code: "not_found",
					value: source.bundled,
					message: "is not bundled",
					fix: bundledFix(source.bundled),
				},
			],
		};
	}
	const module = await found.load();
	const limits = checkLimits(module.limits, ["limits"]).limits;
	const script: LoadedScript = {
		file: `bundled/${found.file}`,
		path: found.file,
		hash: `bundled:${found.name}`,
		fn: module.default,
		limits,
		files: (file) => isBundledScript(found.name, file),
	};
	return { ok: true, script, name: found.name };
}

function previousOf(request: WorkflowRequest, runsDir: string) {
	if (request.resume === undefined) return { ok: true as const, calls: [], run: undefined };
	const located = locateRun(request.resume, runsDir, request.sources.cwd);
	if ("problem" in located) return { ok: false as const, problems: [located.problem] };
	let journal: ReturnType<typeof readRunJournal>;
	try {
		journal = readRunJournal(located.dir);
	} catch (error) {
		return { ok: false as const, problems: [journalProblem(request.resume, located.dir, error)] };
	}
	return { ok: true as const, calls: journal.calls, run: basename(located.dir) };
}

type Loaded = Extract<Awaited<ReturnType<typeof scriptOf>>, { ok: true }>;
type Previous = Extract<ReturnType<typeof previousOf>, { ok: true }>;

/** The run's first journal line: what ran, with what, from which earlier run. */
function header(dir: RunDir, script: Loaded, request: WorkflowRequest, previous: Previous, at: Date): RunLine {
	const mode = request.sources.request.runMode;
	return {
		type: "run",
		version: JOURNAL_VERSION,
		runId: dir.id,
		script: script.script.file,
		scriptHash: script.script.hash,
		args: [...request.args],
		...(mode !== undefined && { mode }),
		...(previous.run !== undefined && { resumedFrom: previous.run }),
		startedAt: at.toISOString(),
	};
}

/** How the run ended, in the report's terms; a stop is a reason, not an error. */
function summaryOf(
	dir: RunDir,
	script: Loaded,
	outcome: EngineOutcome,
	previous: Previous,
	elapsedS: number,
): RunSummary {
	const error =
		outcome.error === undefined || outcome.error instanceof WorkflowStopped
			? undefined
			: errorText(outcome.error, scriptLocation(outcome.error, script.script.path));
	return {
		runId: dir.id,
		dir: dir.dir,
		status: outcome.status,
		// A run the script's error ended says so once, as the error.
		...(outcome.stopReason !== undefined && error === undefined && { stopReason: outcome.stopReason }),
		...(error !== undefined && { error }),
		calls: outcome.calls,
		spentUsd: outcome.spentUsd,
		elapsedS,
		mostAtOnce: outcome.mostAtOnce,
		...(previous.run !== undefined && { resumedFrom: previous.run }),
		report: outcome.report,
	};
}

/**
 * A bundled workflow run without the argument its usage requires (`deep-research` with no
 * question) is refused before anything is recorded: it would otherwise start a run that does
 * nothing. A resume takes its arguments from the journal.
 */
function missingArgument(request: WorkflowRequest): WorkflowLaunch | undefined {
	if (!("bundled" in request.script) || request.resume !== undefined) return undefined;
	const name = request.script.bundled;
	const required = BUNDLED_WORKFLOWS.find((w) => w.name === name)?.usage.match(/^<([^>]+)>/)?.[1];
	if (required === undefined || request.args.join(" ").trim() !== "") return undefined;
	const problem: Problem = {
		source: "(workflow)",
		path: ["args"],
		code: "required",
		value: undefined,
		message: `is required: ${name} needs a ${required}`,
		fix: `give the ${required} after the name, e.g. ${name} ${BUNDLED_EXAMPLES[required] ?? `"…"`}`,
	};
	return { ok: false, what: `${name} needs a ${required}`, problems: [problem] };
}

/** What an argument of each kind looks like, for the fix. */
const BUNDLED_EXAMPLES: Readonly<Record<string, string>> = {
	question: `"where are budgets enforced?"`,
	target: "src/",
};

export async function launchWorkflow(request: WorkflowRequest, io: WorkflowIO): Promise<WorkflowLaunch> {
	const now = io.now ?? (() => new Date());
	const script = await scriptOf(request.script, request.sources.cwd);
	if (!script.ok) return script;
	const missing = missingArgument(request);
	if (missing) return missing;
	const opened = await (io.open ?? openWorkflowShell)(request.sources);
	if (!opened.ok) return opened;
	const { shell } = opened;
	try {
		const previous = previousOf(request, shell.runsDir);
		if (!previous.ok) return { ok: false, what: "cannot resume", problems: previous.problems };
		const startedAt = now();
		const dir = createRunDir(shell.runsDir, script.name, startedAt);
		io.started?.({ id: dir.id, dir: dir.dir });
		dir.append(header(dir, script, request, previous, startedAt));
		const mode = request.sources.request.runMode;
		const settings: RunSettings = {
			runId: dir.id,
			cwd: request.sources.cwd,
			...(mode !== undefined && { mode }),
			args: request.args,
			limits: { ...DEFAULT_LIMITS, ...script.script.limits, ...request.limits },
			previous: previous.calls,
			...(previous.run !== undefined && { previousRun: previous.run }),
			rerunFailed: request.rerunFailed === true,
			...(io.signal && { signal: io.signal }),
			scriptFiles: script.script.files,
		};
		const outcome = await runWorkflow(script.script.fn, settings, {
			// Siblings share one gate: a child waits for a sibling's identical prompt prefix to be cached.
			...shell.ports({ prefixGate: io.prefixGate ?? new PrefixGate(), ...(io.locks && { locks: io.locks }) }),
			journal: (line) => dir.append(line),
			children: io.children,
			log: (text) => io.log(text),
			now,
			...(io.report && { report: io.report }),
		});
		const endedAt = now();
		const ended = summaryOf(dir, script, outcome, previous, (endedAt.getTime() - startedAt.getTime()) / 1000);
		const reason = outcome.stopReason;
		dir.append({ type: "end", status: outcome.status, at: endedAt.toISOString(), ...(reason && { reason }) });
		const summary = withRecordFaults(ended, dir.seal(), dir.dir);
		const unwritten = dir.finish(recordOf(summary, script.script, request));
		return { ok: true, summary: unwritten ? withRecordFaults(summary, [unwritten], dir.dir) : summary, outcome };
	} finally {
		shell.dispose();
	}
}

/** A run whose own record is not whole did not pass, whatever its children did: the record is its proof. */
function withRecordFaults(summary: RunSummary, faults: readonly RecordFault[], dir: string): RunSummary {
	if (faults.length === 0) return summary;
	const words = recordProblems(faults, dir).map((p) => p.message);
	return {
		...summary,
		status: summary.status === "passed" ? "failed" : summary.status,
		record: [...(summary.record ?? []), ...words],
	};
}

/** result.json of the run: what every reader of the runs directory can read without the journal. */
function recordOf(summary: RunSummary, script: LoadedScript, request: WorkflowRequest) {
	return {
		version: 1,
		kind: "workflow",
		id: summary.runId,
		status: summary.status,
		verdict: summary.status === "passed" ? "PASS" : "FAIL",
		script: script.file,
		scriptHash: script.hash,
		args: request.args,
		...(summary.resumedFrom && { resumedFrom: summary.resumedFrom }),
		...(summary.stopReason && { stopReason: summary.stopReason }),
		...(summary.error && { error: summary.error }),
		...(summary.record && { record: summary.record }),
		spentUsd: summary.spentUsd,
		elapsedS: summary.elapsedS,
		children: runChildren(summary),
		...(typeof summary.report === "string" && { report: summary.report }),
	};
}
/** The fix for a name that is not bundled: the closest bundled name when there is one, else every name. */
function bundledFix(name: string): string {
	const names = BUNDLED_WORKFLOWS.map((w) => w.name);
	const match = closest(name, names);
	return match === undefined
		? `use one of: ${names.join(", ")}`
		: `did you mean "${match}"? (bundled: ${names.join(", ")})`;
}
