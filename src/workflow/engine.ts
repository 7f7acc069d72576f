/**
 * `runWorkflow`: runs a script's function with the `wf` API, under the determinism guard and the
 * run's limits, and reports how it ended. Everything a call touches goes through `EnginePorts`
 * (calls.ts), so tests run the engine against fakes and each entry point supplies the real ones.
 *
 * While it runs, the determinism guard refuses the clock and randomness to the script's own file.
 */
import { formatSeconds } from "../format/numbers.ts";
import type { PathSegment, Problem } from "../problems.ts";
import { passed } from "../run/outcome/result.ts";
import { CallRunner, type CallSettings, type EnginePorts } from "./calls.ts";
import { installScriptGuard, type ScriptFiles } from "./determinism.ts";
import { WorkflowInputError, WorkflowStopped } from "./errors.ts";
import type { CallLine } from "./journal.ts";
import { limited } from "./limits.ts";
import type { AgentResult, ParallelOptions, RunStatus, Workflow, WorkflowFunction } from "./types.ts";

export interface RunSettings extends CallSettings {
	cwd: string;
	mode?: string;
	args: readonly string[];
	/** Cancels the whole run (Ctrl-C, a command's stop). */
	signal?: AbortSignal;
	/** The script's own files: the determinism guard refuses the clock and randomness to them. */
	scriptFiles: ScriptFiles;
}

export interface EngineOutcome {
	status: RunStatus;
	/** Why the run was stopped, when it was. */
	stopReason?: string;
	/** What the script threw, when it threw (a refusal, a determinism error, a bug). */
	error?: unknown;
	/** What the script returned: the run's report. */
	report: unknown;
	calls: CallLine[];
	/** Dollars the children of this run spent (replayed results cost nothing again). */
	spentUsd: number;
	/** The most children that ran at once. */
	mostAtOnce: number;
}

function positiveInt(value: unknown, where: readonly PathSegment[]): number {
	if (typeof value === "number" && Number.isInteger(value) && value >= 1) return value;
	const message = "must be a whole number of at least 1";
	const code = typeof value === "number" ? "invalid_value" : "invalid_type";
	throw new WorkflowInputError("parallel() was refused", [
		{ path: where, code, value, message, fix: "give e.g. { concurrency: 4 }" },
	]);
}

function thunkList(thunks: unknown): Array<() => unknown> {
	const problems: Problem[] = Array.isArray(thunks)
		? thunks.flatMap((t, i): Problem[] =>
				typeof t === "function"
					? []
					: [
							{
								path: ["parallel()", i],
								code: "invalid_type",
								value: t,
								message: "must be a function",
								fix: "wrap the call: () => wf.agent(…)",
							},
						],
			)
		: [
				{
					path: ["parallel()"],
					code: "invalid_type",
					value: thunks,
					message: "must be a list of functions",
					fix: "pass [() => wf.agent(…), …]",
				},
			];
	if (problems.length > 0) throw new WorkflowInputError("parallel() was refused", problems);
	return thunks as Array<() => unknown>;
}

function api(calls: CallRunner, settings: RunSettings, ports: EnginePorts): Workflow {
	// `async` turns a callback's synchronous throw into a rejection.
	const call = async <T>(fn: () => T) => fn();
	const wf = {
		agent: (prompt: unknown, options?: unknown) => calls.agent(prompt, options),
		parallel: async (thunks: unknown, options?: ParallelOptions) => {
			const list = thunkList(thunks);
			const limit =
				options?.concurrency === undefined
					? settings.limits.concurrency
					: positiveInt(options.concurrency, ["parallel()", "concurrency"]);
			return limited(
				list.map((thunk) => () => call(thunk)),
				limit,
			);
		},
		chain: async (...steps: Array<(previous: unknown) => unknown>) => {
			let value: unknown;
			for (const step of steps) {
				if (typeof step !== "function") {
					throw new WorkflowInputError("chain() was refused", [
						{
							path: ["chain()"],
							code: "invalid_type",
							value: step,
							message: "every step must be a function",
							fix: "pass (previous) => …",
						},
					]);
				}
				const previous = value;
				value = await call(() => step(previous));
			}
			return value;
		},
		phase: async (name: string, fn: () => unknown) => {
			const started = ports.now().getTime();
			ports.log(`▸ ${name}`);
			try {
				return await call(fn);
			} finally {
				ports.log(`◂ ${name} · ${formatSeconds((ports.now().getTime() - started) / 1000)}`);
			}
		},
		log: (text: unknown) => ports.log(String(text)),
		mode: settings.mode,
		cwd: settings.cwd,
	};
	return Object.freeze(wf) as unknown as Workflow;
}

function statusOf(calls: readonly CallLine[], stopReason: string | undefined, error: unknown): RunStatus {
	if (error instanceof WorkflowStopped || (error === undefined && stopReason !== undefined)) return "stopped";
	if (error !== undefined) return "error";
	return calls.every((line) => passed(line.result as AgentResult)) ? "passed" : "failed";
}

/** Runs the script to its end (or its first uncaught throw) and waits for every call it made. */
export async function runWorkflow(
	fn: WorkflowFunction,
	settings: RunSettings,
	ports: EnginePorts,
): Promise<EngineOutcome> {
	const guard = installScriptGuard(settings.scriptFiles);
	const calls = new CallRunner(settings, ports);
	const wall = setTimeout(
		() => calls.stop(`the run's time of ${settings.limits.wall_s} s is up`),
		settings.limits.wall_s * 1000,
	);
	wall.unref?.();
	const onCancel = () => calls.stop("cancelled");
	settings.signal?.addEventListener("abort", onCancel, { once: true });
	if (settings.signal?.aborted) onCancel();
	let report: unknown;
	let error: unknown;
	try {
		const wf = api(calls, settings, ports);
		const script = Promise.resolve(fn(wf, Object.freeze([...settings.args])));
		script.catch(() => {});
		report = await Promise.race([script, guard.refused]);
	} catch (thrown) {
		error = thrown;
	}
	// A determinism refusal ends the run even where the script could not catch it, and also where it
	// caught it and went on: determinism is not the script's to waive.
	const refusal = guard.refusal();
	if (refusal !== undefined) {
		error = refusal;
		calls.stop(`the script was refused ${refusal.message.split(" is refused")[0]}`);
	}
	try {
		// A call the script did not await still ends before the run does, and a refusal it never saw counts.
		const unseen = await calls.settle();
		error ??= unseen;
	} finally {
		calls.close();
		clearTimeout(wall);
		settings.signal?.removeEventListener("abort", onCancel);
		guard.release();
	}
	return {
		status: statusOf(calls.lines, calls.stopReason, error),
		...(calls.stopReason !== undefined && { stopReason: calls.stopReason }),
		...(error !== undefined && { error }),
		report,
		calls: [...calls.lines].sort((a, b) => a.seq - b.seq),
		spentUsd: calls.spent,
		mostAtOnce: calls.mostAtOnce,
	};
}
