/**
 * A call's results as one tool result: the compact report for the model (paid for on every later
 * request of the parent's conversation), the full report for people, and the children's usage
 * summed, so Pi adds it to the session's totals.
 */
import type { AgentToolResult } from "@earendil-works/pi-coding-agent";
import {
	renderCombinedModelReport,
	renderCombinedReport,
	renderModelReport,
	renderReport,
} from "../report/task-report.ts";
import type { TaskResult } from "../run/result.ts";
import type { ChildUsage } from "../run/types.ts";
import { returnedErrorsCount } from "./pi-version.ts";
import type { TaskDetails } from "./task-render.ts";

function toPiUsage(u: ChildUsage) {
	return {
		input: u.input,
		output: u.output,
		cacheRead: u.cacheRead,
		cacheWrite: u.cacheWrite,
		totalTokens: u.input + u.output + u.cacheRead + u.cacheWrite,
		cost: { ...u.cost, total: u.costUsd },
	};
}

function sumUsage(results: readonly TaskResult[]): ChildUsage {
	const add = (f: (u: ChildUsage) => number) => results.reduce((sum, r) => sum + f(r.metrics.usage), 0);
	return {
		input: add((u) => u.input),
		output: add((u) => u.output),
		cacheRead: add((u) => u.cacheRead),
		cacheWrite: add((u) => u.cacheWrite),
		costUsd: add((u) => u.costUsd),
		cost: {
			input: add((u) => u.cost.input),
			output: add((u) => u.cost.output),
			cacheRead: add((u) => u.cost.cacheRead),
			cacheWrite: add((u) => u.cost.cacheWrite),
		},
	};
}

export type TaskToolResult = AgentToolResult<TaskDetails> & { isError?: boolean };

export function toolResult(results: readonly TaskResult[]): TaskToolResult {
	const [only] = results;
	const single = results.length === 1 && only !== undefined;
	// The model reads the compact form (it is paid for on every later request); people see the full one.
	const forModel = single ? renderModelReport(only) : renderCombinedModelReport(results);
	const failed = results.some((r) => r.verdict === "FAIL");
	// Before Pi 0.99 a returned isError was ignored: a FAIL must be thrown to be an error there.
	if (failed && !returnedErrorsCount()) throw new Error(forModel);
	const details: TaskDetails = single
		? { kind: "result", result: only, report: renderReport(only) }
		: { kind: "results", results: [...results], report: renderCombinedReport(results) };
	return {
		content: [{ type: "text", text: forModel }],
		details,
		isError: failed,
		usage: toPiUsage(sumUsage(results)),
	} as TaskToolResult;
}
