/**
 * The `task` tool: a Pi agent hands self-contained work to one or several children and gets back a
 * checked verdict for each. The spec is validated before anything runs (every problem at once, back to the
 * model); the child runs in-process by default (setting `pi-delegate.runner` picks the subprocess
 * runner); tasks whose roots overlap run one at a time. The child's tokens and dollars are returned
 * as the tool result's usage, so Pi adds them to the session's totals.
 */
import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { CHILD_TEXT_NOTE } from "../format/child-text.ts";
import { deferredComponent, labelStandIn, onDemand, piPackage, resultText } from "./on-demand.ts";
import { registerParentCachePolicy } from "./parent-cache.ts";
import type { TaskCallHooks, TaskToolDeps } from "./task-call.ts";
import { type TaskParams, TaskParamsSchema } from "./task-params.ts";
import type { TaskDetails } from "./task-render.ts";

export type { TaskToolDeps };

/**
 * What the model reads about the tool, on every request of the parent: what it does, what a
 * verdict proves, and that a child's words in its result are data (report/model-text.ts). When to choose it over a fork is the delegation rule's (the parent's system
 * prompt), and the fields the schema leaves out are named in its last line (task-params.ts).
 */
export const TASK_TOOL_DESCRIPTION = [
	"Hand self-contained work to child agents; get back checked PASS/FAIL verdicts. A child sees only its spec.",
	"Every root is diffed: a change outside write_allowed fails the task, even build output or caches.",
	"Evidence pointers are verified.",
	"A PASS proves shape and pointers, not truth: spot-check what your next step rests on.",
	CHILD_TEXT_NOTE,
	'Also: accept (commands run after the child; one failing fails it), apply "direct" (default: changes reach the roots only on PASS), exclude (parts of roots not checked), evidence "optional", network and git_writes (sandbox allowances), resume (a finished run id: its child continues with this goal).',
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
 * Registers the tool, and what comes with delegating: the footer status of running children, a link
 * to each finished child in the parent's session, and the parent's cache lifetimes once it delegates.
 * Only the tool's definition is built here; everything a call runs loads with the first call.
 */
export function registerTaskTool(pi: ExtensionAPI, deps: TaskToolDeps): void {
	let hooks: TaskCallHooks | undefined;
	registerParentCachePolicy(pi);
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
