/**
 * Whether a task's child may delegate (`delegate: { depth: N }`, off unless asked for), decided
 * against the `maxDelegateDepth` setting: a spec asking for more than the setting allows is refused,
 * naming the field, the value and the setting. A child allowed to delegate gets the `task` tool,
 * whose calls the execution brokers (run/nest.ts). Pure.
 */
import type { Problem } from "../problems.ts";
import type { Setting } from "../settings/types.ts";
import type { TaskSpec } from "../spec/schema.ts";

/** The tool a child that may delegate calls; its definition is host/nested-task-tool.ts. */
export const NESTED_TASK_TOOL = "task";

/** The child's delegation, or the problem with the spec's depth; undefined depth: the child may not delegate. */
export function decideDelegate(
	spec: Pick<TaskSpec, "delegate">,
	max: Setting<number>,
	agent?: { name: string; delegate?: { depth: number }; source: { label: string } },
): { delegate?: { depth: number }; problems: Problem[] } {
	const fromAgent = spec.delegate === undefined && agent?.delegate !== undefined;
	const depth = spec.delegate?.depth ?? agent?.delegate?.depth;
	if (depth === undefined || depth === 0) return { problems: [] };
	if (depth <= max.value) return { delegate: { depth }, problems: [] };
	const where = max.origin.kind === "file" ? `set in ${max.origin.label}` : "the default";
	return {
		problems: [
			{
				...(fromAgent && { source: agent!.source.label }),
				path: ["delegate", "depth"],
				code: "too_big",
				value: depth,
				message: `asks for children ${depth} levels deep, beyond the maxDelegateDepth setting (${max.value}, ${where})`,
				fix:
					max.value === 0
						? "remove delegate: the settings let no child delegate"
						: `ask for a depth of at most ${max.value}, or raise maxDelegateDepth in pi-delegate's settings`,
			},
		],
	};
}

/** The child's tools with `task` before the last (`submit_result` stays last), when it may delegate. */
export function withNestedTask(tools: readonly string[], delegate: { depth: number } | undefined): string[] {
	if (!delegate || tools.includes(NESTED_TASK_TOOL)) return [...tools];
	return [...tools.slice(0, -1), NESTED_TASK_TOOL, ...tools.slice(-1)];
}
