/**
 * What a reader finds of a run, gathered: its endpoint asked for its status, and, only when nothing
 * answers, its result.json read as a record's file (never through a link, never from a FIFO or a
 * device, with a ceiling: audit/audit.ts `readRun`). The fold (state.ts) decides the state.
 */
import { readRun } from "../audit/audit.ts";
import { ANSWER_MS, type AskOptions, askRun } from "./client.ts";
import { foldRun, type RunFindings, type RunView } from "./state.ts";

/** How long to wait before asking an endpoint that closed unanswered once more. */
const RETRY_MS = 250;

/** Finds what there is of the run recorded in `dir` and folds it into its state. */
export async function observeRun(dir: string, options: AskOptions = {}): Promise<RunView> {
	const started = Date.now();
	let asked = await askRun(dir, { op: "status" }, options);
	// A run that has just ended may accept a connection and close it unanswered as its endpoint
	// shuts down: one closed at once (not a busy one that let the time run out) is asked again once,
	// after a moment, before it is called busy.
	const closedAtOnce = Date.now() - started < (options.timeoutMs ?? ANSWER_MS) / 2;
	if (asked.reached && asked.answer === undefined && closedAtOnce && !options.signal?.aborted) {
		await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
		asked = await askRun(dir, { op: "status" }, options);
	}
	if (asked.reached) {
		const status = asked.answer?.ok && asked.answer.op === "status" ? asked.answer.status : undefined;
		return foldRun({ endpoint: { reached: true, status }, result: { found: false } });
	}
	return foldRun({ endpoint: { reached: false }, result: resultFound(dir) });
}

/** result.json as the fold takes it. */
export function resultFound(dir: string): RunFindings["result"] {
	const run = readRun(dir);
	if (run.error !== undefined) return { found: true, error: run.error };
	if (run.result === undefined) return { found: false };
	if (typeof run.result !== "object" || run.result === null || Array.isArray(run.result))
		return { found: true, error: "result.json is not a JSON object" };
	return { found: true, value: run.result };
}
