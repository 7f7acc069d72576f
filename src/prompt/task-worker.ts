/**
 * The task worker: the kind of child a `task` starts. Its role is stable text (it goes in the system
 * prompt and must be byte-identical across runs); everything about one task is in its first message
 * (task-brief.ts). Its tools follow its authority.
 */
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import type { TaskSpec } from "../spec/schema.ts";
import type { ChildKind } from "./child-view.ts";

export const TASK_WORKER: ChildKind = {
	name: "task-worker",
	role: [
		"You carry out one task that another agent hands you in the next message. Stay inside the authority it",
		"gives you, base every claim you make on something you read or ran, and finish by handing in your result",
		"with the submit_result tool.",
	].join(" "),
};

/** Read-only tasks get the reading tools (and bash only when the spec lists commands); write tasks get editing tools and bash. */
export function taskTools(spec: Pick<TaskSpec, "read_only" | "context">): string[] {
	const tools = spec.read_only
		? ["read", "grep", "find", "ls", ...(spec.context.commands.length > 0 ? ["bash"] : [])]
		: ["read", "edit", "write", "bash", "grep", "find", "ls"];
	return [...tools, SUBMIT_RESULT_TOOL_NAME];
}
