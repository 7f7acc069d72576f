/**
 * The `fork` tool (context ladder L4): a child that sees this whole conversation — the branch from
 * the root to this point, with its latest compaction and what that kept — with the brief as its
 * last message, and answers in prose. It sends the parent's model, system prompt and tools, so it
 * reads the parent's cached prefix; it is read-only (writing and delegating tools are refused when
 * called, bash runs and any change it leaves fails it). Several briefs run as parallel forks.
 *
 * Its parameters are exactly what the fork-gate reads (`brief`, `briefs`, `from`), so the gate's
 * `tool_call` hook blocks a brief that must be a task before this runs. The description never offers
 * the fork for implementation; the three pre-flight questions are the delegation rule's, said once
 * (gate/rule.ts). The runner loads on the first call, like the task tool's.
 */
import type { ExtensionAPI, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { FORK_TOOL_DESCRIPTION } from "../gate/rule.ts";
import { toolParameters } from "../request/generate.ts";
import { FORK_TOOL_NAME } from "./fork-brief.ts";
import type { ForkDetails, ForkParams, ForkToolDeps } from "./fork-call.ts";
import { deferredComponent, labelStandIn, onDemand, piPackage, resultText } from "./on-demand.ts";

export type { ForkToolDeps };

/** Generated from the request table, as the task tool's are (task-params.ts). */
export const ForkParamsSchema = toolParameters("fork");

/** The runner and Pi's package, loaded on the first call. */
const body = onDemand(async () => (await Promise.all([import("./fork-call.ts"), piPackage.get()]))[0]);

/** The renderers (and pi-tui), loaded on the first render. */
const renderers = onDemand(() => import("./fork-render.ts"));

export function registerForkTool(pi: ExtensionAPI, deps: Omit<ForkToolDeps, "appendEntry">): void {
	const appendEntry = (customType: string, data: unknown) => pi.appendEntry(customType, data);
	const tool: ToolDefinition<typeof ForkParamsSchema, ForkDetails> = {
		name: FORK_TOOL_NAME,
		label: "Fork",
		description: FORK_TOOL_DESCRIPTION,
		// No promptSnippet: the delegation rule in the system prompt says what the tool is for; a
		// line in Pi's tool list too would repeat it on every request of the parent.
		parameters: ForkParamsSchema,
		async execute(toolCallId, params, signal, onUpdate, ctx) {
			const { runForkCall } = await body.get();
			return runForkCall(toolCallId, params, signal, onUpdate, ctx, { ...deps, appendEntry });
		},
		renderCall: (args, theme, context) =>
			deferredComponent(
				renderers,
				(r) => r.renderForkCall(args as Partial<ForkParams>, theme),
				labelStandIn(theme.fg("toolTitle", theme.bold("fork")), 4),
				context?.invalidate,
			),
		renderResult: (result, options, theme, context) =>
			deferredComponent(
				renderers,
				(r) =>
					r.spacedAbove(
						r.renderForkResult(
							result.details,
							resultText(result.content),
							options.expanded,
							theme,
							context?.isError === true,
						),
					),
				() => [],
				context?.invalidate,
			),
	};
	pi.registerTool(tool);
}
