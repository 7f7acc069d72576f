/**
 * Waiting for runs to end, as `wait` and `stop` do: a run that has ended (or is lost) is answered
 * from the runs directory at once; a running one is asked to say when it ends (its endpoint's
 * `wait`), which it does after its result.json is written. A run whose endpoint goes away without
 * saying so (its process died) is looked at again: lost, or ended. result.json alone never ends a
 * wait while the run answers (run/control/state.ts says why).
 */
import type { Problem } from "../problems.ts";
import { askRun } from "../run/control/client.ts";
import type { RunState } from "../run/control/protocol.ts";
import { liveState } from "../run/control/state.ts";
import type { Target } from "./run-target.ts";
import { type ListedRun, listedRun } from "./runs-view.ts";

/** How a wait for one run came out. */
export interface Waited {
	id: string;
	dir: string;
	state: RunState;
	/** Still queued or running when the wait gave up. */
	timedOut: boolean;
	usd: number | undefined;
	detail: string | undefined;
}

/** Between two looks at a run whose endpoint closed without an answer (so a hostile one cannot spin us). */
const RETRY_MS = 200;

const waited = (run: ListedRun, timedOut: boolean): Waited => ({
	id: run.id,
	dir: run.dir,
	state: run.state,
	timedOut,
	usd: run.usd,
	detail: run.detail,
});

/** Waits for one run to end, or for `signal` (the time-out). */
export async function waitForRun(
	target: Target,
	env: Readonly<Record<string, string | undefined>>,
	signal?: AbortSignal,
): Promise<Waited> {
	for (;;) {
		const run = await listedRun(target.dir, target.id, env);
		if (!liveState(run.state)) return waited(run, false);
		if (signal?.aborted) return waited(run, true);
		const asked = await askRun(target.dir, { op: "wait" }, { env, timeoutMs: Number.POSITIVE_INFINITY, signal });
		const answer = asked.reached ? asked.answer : undefined;
		if (answer?.ok && answer.op === "wait")
			return { ...waited(run, false), state: answer.end.state, detail: undefined, usd: undefined };
		if (signal?.aborted) return waited(run, true);
		await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
	}
}

/** Reads `--timeout S`: a positive number of seconds, or the problem with it, whose fix suggests `exampleS`. */
export function timeoutOf(value: string | undefined, exampleS: number): number | undefined | Problem {
	if (value === undefined) return undefined;
	const seconds = Number(value);
	if (value.trim() !== "" && Number.isFinite(seconds) && seconds > 0) return seconds;
	return {
		source: "--timeout",
		path: [],
		code: "invalid_value",
		value,
		message: "is not a positive number of seconds",
		fix: `give the seconds to wait as a positive number, e.g. --timeout ${exampleS}`,
	};
}
