/**
 * The `task` tool: a Pi agent hands one self-contained piece of work to a child and gets back a
 * checked verdict. The spec is validated before anything runs (every problem at once, back to the
 * model); the child runs in-process by default (setting `pi-delegate.runner` picks the subprocess
 * runner); tasks whose roots overlap run one at a time. The child's tokens and dollars are returned
 * as the tool result's usage, so Pi adds them to the session's totals.
 */
import { defineTool, type ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { PREFLIGHT_QUESTIONS } from "../gate/rule.ts";
import type { TaskToolDeps } from "./task-call.ts";
import { TaskParamsSchema } from "./task-params.ts";

export type { TaskToolDeps };

import { renderTaskCall, renderTaskResult, type TaskDetails } from "./task-render.ts";

export const TASK_TOOL_DESCRIPTION = [
	"Hand one self-contained piece of work to a child agent and get back a checked PASS or FAIL. The child sees",
	"only this spec, none of this conversation. Use it for work that writes files, must obey a rule, or needs a",
	"result you can check. Every root is diffed before and after: any change outside write_allowed fails the task,",
	"even an incidental one (build output, caches, __pycache__). The child's evidence pointers are verified; budgets",
	"stop it; every run is recorded. roots are watched, write_allowed (exact entries of roots, never nested in a",
	"watched one) may change; tasks on overlapping roots run one after another. A PASS proves shape and pointers,",
	"not truth: spot-check what your next step rests on. Not for trivial or back-and-forth work.",
	PREFLIGHT_QUESTIONS,
].join("\n");

let taskCall: Promise<typeof import("./task-call.ts")> | undefined;

/**
 * The runner loads on the first call, not when Pi starts. One import shared by every call: calls
 * made in the same message would otherwise each start loading it, and a module loader may hand the
 * second a half-initialised module.
 */
function loadTaskCall(): Promise<typeof import("./task-call.ts")> {
	taskCall ??= import("./task-call.ts");
	return taskCall;
}

export function registerTaskTool(pi: ExtensionAPI, deps: TaskToolDeps): void {
	pi.registerTool(
		defineTool<typeof TaskParamsSchema, TaskDetails>({
			name: "task",
			label: "Task",
			description: TASK_TOOL_DESCRIPTION,
			promptSnippet: "Delegate self-contained work to a child agent and get a checked PASS/FAIL",
			parameters: TaskParamsSchema,
			async execute(_id, params, signal, onUpdate, ctx) {
				const { runTaskCall } = await loadTaskCall();
				return runTaskCall(params, signal, onUpdate, ctx, deps);
			},
			renderCall: (args, theme) => renderTaskCall(args, theme),
			renderResult: (result, options, theme, context) =>
				renderTaskResult(
					result.details,
					{ text: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n"), isError: context.isError },
					options.expanded,
					theme,
				),
		}),
	);
}
