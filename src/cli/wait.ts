/**
 * `pi-delegate wait RUN… [--timeout S]`: waits until every run named has ended and exits with
 * their verdicts' code, so a script can start runs in the background and act on how they ended.
 */
import { renderTable } from "../format/table.ts";
import { terminalSafe } from "../format/text.ts";
import { passedState } from "../run/control/state.ts";
import { type Command, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import { badInput, findTargets, RUN_ARGUMENT_USAGE, RUNS_FLAG_USAGE, runsDirOf, TARGET_FLAGS } from "./run-target.ts";
import { timeoutOf, type Waited, waitForRun } from "./run-wait.ts";

const USAGE = `Usage: pi-delegate wait RUN… [--timeout S] [--json] [--runs DIR]

Waits until every RUN has ended, then prints how each ended (PASS, FAIL, stopped; done or failed
for an unchecked child; lost when the process that ran it died) and exits with their code. A run
that has ended already is answered at once.

${RUN_ARGUMENT_USAGE}

Options:
  --timeout S  give up after S seconds (a positive number) and say which runs are still going
${RUNS_FLAG_USAGE}

Exit codes: 0 every run PASS (or done), 1 any FAIL, stopped, failed or lost, ${EXIT.timedOut} none of those
but some still running at the time-out, 2 bad input.`;

const FLAGS = { ...TARGET_FLAGS, timeout: { type: "string" } } as const;

function exitOf(runs: readonly Waited[]): ExitCode {
	const ended = runs.filter((run) => !run.timedOut);
	if (ended.some((run) => !passedState(run.state))) return EXIT.fail;
	return ended.length < runs.length ? EXIT.timedOut : EXIT.pass;
}

function render(runs: readonly Waited[], width: number): string {
	const rows = runs.map((run) => [run.id, run.timedOut ? `${run.state} (still going at the time-out)` : run.state]);
	return renderTable(["ID", "STATE"], rows, [], { maxWidth: width });
}

export const waitCommand: Command = {
	name: "wait",
	summary: "wait for runs to end; exit with their verdicts' code",
	usage: USAGE,
	async run(argv, io) {
		const parsed = parseFlags(argv, FLAGS);
		const { json = false, runs } = parsed.values;
		if (parsed.positionals.length === 0) throw new UsageError("name the runs to wait for (wait RUN…)");
		const timeout = timeoutOf(parsed.values.timeout, 600);
		if (typeof timeout === "object") return badInput(io, "wait", [timeout]);
		const found = findTargets(parsed.positionals, io, runsDirOf(io, runs));
		if ("problems" in found) return badInput(io, "wait", found.problems);
		const signal = timeout === undefined ? undefined : AbortSignal.timeout(timeout * 1000);
		const waited = await Promise.all(found.targets.map((target) => waitForRun(target, io.env, signal)));
		if (json) io.stdout(`${JSON.stringify({ runs: waited }, null, 2)}\n`);
		else io.stdout(`${terminalSafe(render(waited, widthOf(io)))}\n`);
		return exitOf(waited);
	},
};
