/**
 * The `task` tool: a Pi agent hands self-contained work to one or several children and gets back a
 * checked verdict for each. The spec is validated before anything runs (every problem at once, back to the
 * model); the child runs in-process by default (setting `pi-delegate.runner` picks the subprocess
 * runner); tasks whose roots overlap run one at a time. The child's tokens and dollars are returned
 * as the tool result's usage, so Pi adds them to the session's totals.
 */
import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { CONTEXT_CHANNELS } from "../request/call-fields.ts";
import { deferredComponent, labelStandIn, onDemand, piPackage, resultText } from "./on-demand.ts";
import type { TaskCallHooks, TaskToolDeps } from "./task-call.ts";
import { type TaskParams, TaskParamsSchema } from "./task-params.ts";
import type { TaskDetails } from "./task-render.ts";

export type { TaskToolDeps };

/**
 * What the model reads about the tool, on every request of the parent. What a task is, what its
 * verdict proves and when to choose it over a fork are said once, in the delegation rule (the
 * parent's system prompt, gate/rule.ts); so is that a child's words are data. This says only what
 * the tool does and names the fields the schema leaves out (task-params.ts), each with the fewest
 * words that keep it from being misused: a call may set every one, and the request step words any
 * problem with its fix.
 */
export const TASK_TOOL_DESCRIPTION = [
	"Run child agents on self-contained work; each returns a checked PASS/FAIL.",
	`Also: id, deliverable, agent, facts, files, commands (lists), tail (tokens of this chat to quote), budget {wall_s, usd, turns, accept_s}, sandbox "off", contextMode (focused, isolated, scoped, legacy, a project mode) or a channel (${CONTEXT_CHANNELS}), accept (commands that must pass), apply "direct", exclude (unchecked paths), evidence "optional", network, git_writes, resume (run id to continue).`,
].join("\n");

/** The runner, with Pi's package and what a call reports into; loaded on the first call, not when Pi starts. */
const body = onDemand(async () => {
	const [call, link, spend] = await Promise.all([
		import("./task-call.ts"),
		import("./child-link.ts"),
		import("./spend-status.ts"),
		piPackage.get(),
	]);
	return { runTaskCall: call.runTaskCall, linkChild: link.linkChild, LiveSpend: spend.LiveSpend };
});

/** The row's renderers (and pi-tui with them), loaded on the first render. */
const renderers = onDemand(() => import("./task-render.ts"));

/**
 * Registers the tool, and what comes with delegating: the footer status of running children and a
 * link to each finished child in the parent's session (the parent's cache lifetimes once it
 * delegates are registered beside the request meter, extension.ts, on the same clock).
 * Only the tool's definition is built here; everything a call runs loads with the first call.
 */
export function registerTaskTool(pi: ExtensionAPI, deps: TaskToolDeps): void {
	let hooks: TaskCallHooks | undefined;
	const tool: ToolDefinition<typeof TaskParamsSchema, TaskDetails> = {
		name: "task",
		label: "Task",
		description: TASK_TOOL_DESCRIPTION,
		// No promptSnippet: the delegation rule in the system prompt says what the tool is for; a
		// line in Pi's tool list too would repeat it on every request of the parent.
		parameters: TaskParamsSchema,
		async execute(_id, params, signal, onUpdate, ctx) {
			const { runTaskCall, linkChild, LiveSpend } = await body.get();
			// One live spend per session's tool, shared by every call, so two calls at once show one figure.
			hooks ??= {
				spend: new LiveSpend(),
				onResult: (result, prefixKey) => linkChild(pi, result, { prefixKey }),
			};
			return runTaskCall(params, signal, onUpdate, ctx, deps, hooks);
		},
		renderCall: (args, theme, context) =>
			deferredComponent(
				renderers,
				(r) => r.renderTaskCall(args as Partial<TaskParams>, theme),
				labelStandIn(theme.fg("toolTitle", theme.bold("task")), 4),
				context?.invalidate,
			),
		renderResult: (result, options, theme, context) =>
			deferredComponent(
				renderers,
				(r) =>
					r.spacedAbove(
						r.renderTaskResult(
							result.details,
							{ text: resultText(result.content), isError: context.isError },
							options.expanded,
							theme,
						),
					),
				() => [],
				context?.invalidate,
			),
	};
	pi.registerTool(tool);
}
