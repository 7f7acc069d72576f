/**
 * The task worker: the kind of child a `task` delegation starts. Its role is deliberately short and
 * generic — every task-specific word (goal, deliverable, authority, budget) is in the first message
 * (task-brief.ts), so that every task worker in a project sends the same system prompt and shares
 * one cached prefix. The role names no tool: the child's tool array states its tools, and those
 * follow its authority (taskTools).
 */
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import type { TaskSpec } from "../spec/schema.ts";
import type { ChildKind } from "./child-view.ts";

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
