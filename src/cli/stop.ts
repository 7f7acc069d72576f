/**
 * `pi-delegate stop RUN…`: stops running runs as a user's stop does (Ctrl-C of `run`): the child is
 * stopped, its roots are still diffed and judged, and its result says it was stopped. It waits for
 * each run's end, so what it prints is how the run ended.
 */
import { renderTable } from "../format/table.ts";
import { terminalSafe } from "../format/text.ts";
import { askRun } from "../run/control/client.ts";
import { type Command, type CommandIO, EXIT, type ExitCode, UsageError, widthOf } from "./command.ts";
import { parseFlags } from "./flags.ts";
import {
	badInput,
	findTargets,
	RUN_ARGUMENT_USAGE,
	RUNS_FLAG_USAGE,
	runsDirOf,
	TARGET_FLAGS,
	type Target,
} from "./run-target.ts";
import { timeoutOf, waitForRun } from "./run-wait.ts";
import { listedRun } from "./runs-view.ts";

/** How long `stop` waits for a stopped run's end by default: its after-snapshot and checks. */
const STOP_WAIT_S = 60;

const USAGE = `Usage: pi-delegate stop RUN… [--timeout S] [--json] [--runs DIR]

Stops each RUN that is queued or running, as Ctrl-C stops \`run\`: the child is stopped, what it
changed is still checked, and its result says it was stopped. Then waits for each run's end (at
most S seconds, default ${STOP_WAIT_S}) and prints how it ended.

${RUN_ARGUMENT_USAGE}

Options:
  --timeout S  wait at most S seconds for the runs' ends (a positive number)
${RUNS_FLAG_USAGE}

Exit codes: 0 every run named was stopped and has ended, 1 any was not running (nothing to stop)
or had not ended at the time-out, 2 bad input.`;

const FLAGS = { ...TARGET_FLAGS, timeout: { type: "string" } } as const;

interface Stopped {
	id: string;
	dir: string;
	/** Whether it was running and took the stop. */
	stopped: boolean;
	state: string;
	/** Still going when the wait for its end gave up. */
	timedOut: boolean;
}

async function stopOne(target: Target, io: CommandIO, signal: AbortSignal): Promise<Stopped> {
	const asked = await askRun(target.dir, { op: "stop" }, { env: io.env });
	const answer = asked.reached ? asked.answer : undefined;
	const stopped = answer?.ok === true && answer.op === "stop" && answer.stopping;
	if (!stopped) {
		const run = await listedRun(target.dir, target.id, io.env);
		return { id: target.id, dir: target.dir, stopped: false, state: run.state, timedOut: false };
	}
	const end = await waitForRun(target, io.env, signal);
	return { id: target.id, dir: target.dir, stopped: true, state: end.state, timedOut: end.timedOut };
}

const stateText = (s: Stopped) =>
	s.timedOut
		? `${s.state} (stopping; not ended at the time-out)`
		: s.stopped
			? s.state
			: `${s.state} (not running: nothing to stop)`;

export const stopCommand: Command = {
	name: "stop",
	summary: "stop running runs as Ctrl-C would; their results say stopped",
	usage: USAGE,
	async run(argv, io): Promise<ExitCode> {
		const parsed = parseFlags(argv, FLAGS);
		if (parsed.positionals.length === 0) throw new UsageError("name the runs to stop (stop RUN…)");
		const timeout = timeoutOf(parsed.values.timeout, 60);
		if (typeof timeout === "object") return badInput(io, "stop", [timeout]);
		const found = findTargets(parsed.positionals, io, runsDirOf(io, parsed.values.runs));
		if ("problems" in found) return badInput(io, "stop", found.problems);
		const signal = AbortSignal.timeout((timeout ?? STOP_WAIT_S) * 1000);
		const done = await Promise.all(found.targets.map((target) => stopOne(target, io, signal)));
		if (parsed.values.json) io.stdout(`${JSON.stringify({ runs: done }, null, 2)}\n`);
		else {
			const rows = done.map((s) => [s.id, stateText(s)]);
			io.stdout(`${terminalSafe(renderTable(["ID", "STATE"], rows, [], { maxWidth: widthOf(io) }))}\n`);
		}
		return done.every((s) => s.stopped && !s.timedOut) ? EXIT.pass : EXIT.fail;
	},
};
