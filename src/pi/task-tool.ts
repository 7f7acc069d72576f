/**
 * The `task` tool: a Pi agent hands self-contained work to one or several children and gets back a
 * checked verdict for each. The spec is validated before anything runs (every problem at once, back to the
 * model); the child runs in-process by default (setting `pi-delegate.runner` picks the subprocess
 * runner); tasks whose roots overlap run one at a time. The child's tokens and dollars are returned
 * as the tool result's usage, so Pi adds them to the session's totals.
 */
import { defineTool, type ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { PREFLIGHT_QUESTIONS } from "../gate/rule.ts";
import { linkChild } from "./child-link.ts";
import { registerParentCachePolicy } from "./parent-cache.ts";
import { LiveSpend } from "./spend-status.ts";
import type { TaskToolDeps } from "./task-call.ts";
import { TaskParamsSchema } from "./task-params.ts";

export type { TaskToolDeps };

import { renderTaskCall, renderTaskResult, type TaskDetails } from "./task-render.ts";

export const TASK_TOOL_DESCRIPTION = [
	"Hand self-contained work to child agents and get back checked PASS/FAIL verdicts. A child sees only its spec",
	"(with tail: this conversation's latest turns, as background). Use it for work that writes files, must obey a rule,",
	"or needs a result you can check.",
	"Every root is diffed: a change outside write_allowed (exact entries of roots) fails the task, even an incidental",
	"one (build output, caches). Evidence pointers are verified; budgets stop a child. Several tasks: one call, tasks.",
	"A PASS proves shape and pointers, not truth: spot-check what your next step rests on.",
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

/**
 * Registers the tool, and what comes with delegating: the footer status of running children, a link
 * to each finished child in the parent's session, and the parent's cache lifetimes once it delegates.
 */
export function registerTaskTool(pi: ExtensionAPI, deps: TaskToolDeps): void {
	const spend = new LiveSpend();
	const hooks = {
		spend,
		onResult: (result: Parameters<typeof linkChild>[1], prefixKey: string) => linkChild(pi, result, { prefixKey }),
	};
	registerParentCachePolicy(pi);
	pi.registerTool(
		defineTool<typeof TaskParamsSchema, TaskDetails>({
			name: "task",
			label: "Task",
			description: TASK_TOOL_DESCRIPTION,
			promptSnippet: "Delegate self-contained work to a child agent and get a checked PASS/FAIL",
			parameters: TaskParamsSchema,
			async execute(_id, params, signal, onUpdate, ctx) {
				const { runTaskCall } = await loadTaskCall();
				return runTaskCall(params, signal, onUpdate, ctx, deps, hooks);
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
