/**
 * `pi-delegate runs`: the runs in the runs directory, newest first, each with its kind, its state
 * (queued, running, PASS, FAIL, stopped, done, failed, lost), its dollars and its age; `runs show
 * RUN` prints a finished run's report again, as `run` printed it, or says what a running run is
 * doing and what a lost one was billed. A run's state is asked of the run itself while it answers
 * on its control endpoint, and read from its result.json only once nothing answers for it
 * (run/control/state.ts says why).
 */
import { formatUsd } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { terminalSafe } from "../format/text.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { badInput, findTargets, RUN_ARGUMENT_USAGE, RUNS_FLAG_USAGE, runsDirOf, TARGET_FLAGS } from "./run-target.ts";
import { showRun } from "./runs-show.ts";
import { ageText, type ListedRun, listRunsIn, runJson, runNames } from "./runs-view.ts";

/** How many runs `runs` lists without --all: a screenful. */
export const RUNS_LISTED = 20;

const USAGE = `Usage: pi-delegate runs [--all] [--json] [--runs DIR]
       pi-delegate runs show RUN [--json] [--runs DIR]

Lists the runs recorded in the runs directory, newest first: each run's id (its audit
directory's name), its kind, its state, what it cost and how long ago it started. A state is
queued or running while the run answers on its control endpoint; PASS, FAIL or stopped (a task
or a fork), done or failed (an unchecked child) once it has ended; lost when it has no result and
nothing answers for it (the process that ran it died).

\`runs show RUN\` prints a finished run's report again, as \`run\` printed it; for a running run,
what it is doing; for a lost one, what it was billed as far as its record goes.

${RUN_ARGUMENT_USAGE}

Options:
  --all        every run, not only the newest ${RUNS_LISTED}
${RUNS_FLAG_USAGE}

Exit codes: 0 listed or shown, 2 bad input.`;

const FLAGS = { ...TARGET_FLAGS, all: { type: "boolean" } } as const;

/** The table at the terminal's width. */
export function runsTable(runs: readonly ListedRun[], now: Date, width: number): string {
	const rows = runs.map((run) => [
		run.id,
		run.kind ?? "?",
		run.state,
		run.usd === undefined ? "?" : formatUsd(run.usd),
		ageText(run.startedAt, now),
	]);
	return renderTable(["ID", "KIND", "STATE", "DOLLARS", "AGE"], rows, ["left", "left", "left", "right", "right"], {
		maxWidth: width,
	});
}

async function list(io: CommandIO, runsDir: string, all: boolean, json: boolean): Promise<ExitCode> {
	const names = runNames(runsDir);
	const shown = all ? names : names.slice(0, RUNS_LISTED);
	const runs = await listRunsIn(runsDir, shown, io.env);
	if (json) {
		io.stdout(`${JSON.stringify({ runsDir, total: names.length, runs: runs.map(runJson) }, null, 2)}\n`);
		return EXIT.pass;
	}
	if (names.length === 0) {
		io.stdout(`no runs in ${runsDir}\n`);
		return EXIT.pass;
	}
	const more = names.length - shown.length;
	const tail = more > 0 ? `\n${more} older run${more === 1 ? "" : "s"} not shown (--all lists every one)` : "";
	// Run ids are folder names in a directory a child may write: nothing in them may drive the terminal.
	io.stdout(`${terminalSafe(runsTable(runs, new Date(), widthOf(io)))}${tail}\n`);
	return EXIT.pass;
}

export const runsCommand: Command = {
	name: "runs",
	summary: "list runs and their states, or show a run's report again",
	usage: USAGE,
	async run(argv, io): Promise<ExitCode> {
		const parsed = parseFlags(argv, FLAGS);
		const [verb, run, extra] = parsed.positionals;
		const { all = false, json = false, runs } = parsed.values;
		const runsDir = runsDirOf(io, runs);
		if (verb === undefined) return list(io, runsDir, all, json);
		if (verb !== "show")
			throw new UsageError(`unexpected argument "${verb}": the one subcommand is show (runs show RUN)`);
		if (run === undefined) throw new UsageError("name the run to show (runs show RUN)");
		if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}": runs show takes one RUN`);
		if (all) throw new UsageError("--all lists runs; runs show shows one");
		const found = findTargets([run], io, runsDir);
		if ("problems" in found) return badInput(io, "runs show", found.problems);
		return showRun(io, found.targets[0]!, json);
	},
};
