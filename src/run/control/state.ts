/**
 * A run's state from what a reader finds, folded without any I/O: its result.json (present, and
 * what it says) and its control endpoint (answering or not). The endpoint is asked first and wins:
 * while something answers for the run, it is queued or running whatever result.json says, since a
 * child without the sandbox can write its own audit directory and a result.json forged there must
 * neither end a `wait` nor show a PASS. Once nothing answers, result.json is the run's own (the run
 * writes it before it closes its endpoint) and gives the verdict; no result.json and nothing
 * answering is a run whose supervisor died: lost.
 */
import { isRecord } from "../../values.ts";
import type { EndState, RunState, RunStatus } from "./protocol.ts";

/** What a reader found of one run. */
export interface RunFindings {
	/** Whether anything listens at the run's socket, and its status when it answered. */
	endpoint: { reached: false } | { reached: true; status: RunStatus | undefined };
	result: { found: false } | { found: true; value: Record<string, unknown> } | { found: true; error: string };
}

/** A run as `runs`, `wait` and `runs show` see it. */
export interface RunView {
	state: RunState;
	/** task, fork or unchecked (from the status or the result), when known. */
	kind: string | undefined;
	/** Dollars so far (running) or in all (ended), when known. */
	usd: number | undefined;
	/** The live status, while the run answers. */
	status: RunStatus | undefined;
	/** result.json, once the run has ended and it could be read. */
	result: Record<string, unknown> | undefined;
	/** Why the state is what it is, when that is not plain. */
	detail: string | undefined;
}

const KINDS: readonly string[] = ["task", "fork", "unchecked"];

/** Whether a result says a user stopped the run (the caller's cancel, as `stop` and Ctrl-C give it). */
function stoppedByUser(result: Record<string, unknown>): boolean {
	const problems = Array.isArray(result.problems) ? result.problems : [];
	return problems.some((p) => isRecord(p) && p.code === "child" && p.value === "cancelled");
}

/** How an ended run's result.json says it ended; undefined when it says nothing a result says. */
export function endOf(result: Record<string, unknown>): { state: EndState; verdict: string } | undefined {
	const kind = result.kind ?? "task";
	if (!KINDS.includes(kind as string)) return undefined;
	if (kind === "unchecked") {
		if (result.status !== "done" && result.status !== "failed") return undefined;
		return { state: stoppedByUser(result) ? "stopped" : result.status, verdict: result.status };
	}
	if (result.verdict !== "PASS" && result.verdict !== "FAIL") return undefined;
	return { state: stoppedByUser(result) ? "stopped" : result.verdict, verdict: result.verdict };
}

function usdOf(result: Record<string, unknown>): number | undefined {
	const metrics = isRecord(result.metrics) ? result.metrics : undefined;
	const usage = isRecord(metrics?.usage) ? metrics.usage : undefined;
	return typeof usage?.costUsd === "number" && Number.isFinite(usage.costUsd) ? usage.costUsd : undefined;
}

const NONE = { kind: undefined, usd: undefined, status: undefined, result: undefined, detail: undefined };

export function foldRun(found: RunFindings): RunView {
	const { endpoint, result } = found;
	if (endpoint.reached) {
		const status = endpoint.status;
		if (status === undefined)
			return { ...NONE, state: "running", detail: "its control endpoint is busy and did not answer" };
		return { ...NONE, state: status.state, kind: status.kind, usd: status.usd, status };
	}
	if (!result.found)
		return {
			...NONE,
			state: "lost",
			detail:
				"it has no result and nothing answers for it (a run started with another PI_DELEGATE_CONTROL_DIR is asked with that one)",
		};
	if ("error" in result) return { ...NONE, state: "lost", detail: `nothing answers for it and ${result.error}` };
	const end = endOf(result.value);
	const kind = typeof result.value.kind === "string" ? result.value.kind : "task";
	if (end === undefined)
		return { ...NONE, state: "lost", kind, detail: "nothing answers for it and its result.json says no verdict" };
	return { ...NONE, state: end.state, kind, usd: usdOf(result.value), result: result.value };
}

/** Whether a state is an end a script may take as a pass (exit 0): a PASS, or an unchecked child done. */
export const passedState = (state: RunState) => state === "PASS" || state === "done";

/** Whether a run is still going (queued or running). */
export const liveState = (state: RunState) => state === "queued" || state === "running";
