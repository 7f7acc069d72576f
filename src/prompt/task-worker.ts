/**
 * What a task child is: by default the task worker, a kind whose role is deliberately short and
 * generic — every task-specific word (goal, deliverable, authority, budget) is in the first message
 * (task-brief.ts), so that every task worker in a project sends the same system prompt and shares
 * one cached prefix. The role names no tool: the child's tool array states its tools, and those
 * follow its authority.
 *
 * `taskViewRequest` is the one place a task's view request is put together — the runner and
 * `preview --spec` both call it, so what preview shows for a spec is what a run of it sends.
 */
import type { AgentDefinition } from "../agents/definition.ts";
import type { ModeRegistry } from "../context/modes.ts";
import type { ContextFields } from "../context/primitives.ts";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import type { Problem } from "../problems.ts";
import type { TaskSpec } from "../spec/schema.ts";
import type { ParentPrompt, Strategy } from "./channels.ts";
import { kindFromAgent } from "./child-kind.ts";
import type { ChildKind, ChildViewRequest } from "./child-view.ts";
import { taskBrief } from "./task-brief.ts";

export const TASK_WORKER: ChildKind = Object.freeze({
	name: "task-worker",
	role: [
		"You carry out one delegated task and return a result that can be checked.",
		"The first message holds the whole task: what to do, what to deliver, which files you may change, and how to hand your result back.",
		"Stay within that authority, base every claim on something you read or ran, and say plainly what you could not establish or did not do.",
	].join("\n"),
	source: "built-in",
});

/** Read-only tasks get the reading tools (and bash only when the spec lists commands); write tasks get editing tools and bash. */
export function taskTools(spec: Pick<TaskSpec, "read_only" | "context">): string[] {
	const tools = spec.read_only
		? ["read", "grep", "find", "ls", ...(spec.context.commands.length > 0 ? ["bash"] : [])]
		: ["read", "edit", "write", "bash", "grep", "find", "ls"];
	return [...tools, SUBMIT_RESULT_TOOL_NAME];
}

export interface TaskViewInput {
	/** An agent definition to run the task as; the task worker when absent. */
	agent?: AgentDefinition;
	call?: ContextFields & { strategy?: Strategy };
	runMode?: string;
	registry: ModeRegistry;
	parent: ParentPrompt;
}

/**
 * The view request of a task child. An agent's tool list can narrow the task's tools but never
 * widen its authority: a tool the agent lists that the task does not allow (an editor in a
 * read-only task) is left out, with a warning saying so.
 */
export function taskViewRequest(
	spec: TaskSpec,
	input: TaskViewInput,
): { request: ChildViewRequest; warnings: Problem[] } {
	const allowed = taskTools(spec);
	const listed = input.agent?.tools;
	const warnings: Problem[] = [];
	let tools = allowed;
	if (listed !== undefined) {
		tools = allowed.filter((tool) => tool === SUBMIT_RESULT_TOOL_NAME || listed.includes(tool));
		const beyond = listed.filter((tool) => !allowed.includes(tool));
		if (beyond.length > 0) {
			warnings.push({
				path: `${input.agent?.source.label ?? "agent"}: tools`,
				value: beyond,
				message: `the agent lists ${beyond.join(", ")}, which this task's authority does not allow (${spec.read_only ? "read-only" : "write"} task); left out`,
				fix: spec.read_only
					? "give the task write_allowed roots if it must change files"
					: "nothing to do: a task's tools follow its authority",
			});
		}
	}
	return {
		request: {
			kind: input.agent ? kindFromAgent(input.agent) : TASK_WORKER,
			...(input.call !== undefined && { call: input.call }),
			...(input.runMode !== undefined && { runMode: input.runMode }),
			registry: input.registry,
			parent: input.parent,
			tools,
			firstMessage: taskBrief(spec),
		},
		warnings,
	};
}
