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
import type { TaskResult } from "../run/outcome/result.ts";
import { returnedErrorsCount } from "./pi-version.ts";
import type { TaskDetails } from "./task-render.ts";
import { toolUsage } from "./tool-usage.ts";

export type TaskToolResult = AgentToolResult<TaskDetails> & { isError?: boolean };

/** `cwd`: the call's working directory, from which a passed task's roots are shown relative. */
export function toolResult(results: readonly TaskResult[], cwd?: string): TaskToolResult {
	const [only] = results;
	const single = results.length === 1 && only !== undefined;
	// The model reads the compact form (it is paid for on every later request); people see the full one.
	const options = cwd === undefined ? {} : { cwd };
	const forModel = single ? renderModelReport(only, options) : renderCombinedModelReport(results, options);
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
		usage: toolUsage(results.map((r) => r.metrics.usage)),
	} as TaskToolResult;
}
