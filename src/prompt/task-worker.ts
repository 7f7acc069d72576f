/**
 * What a task child is: by default the task worker, a kind whose role is deliberately short and
 * generic — every task-specific word (goal, deliverable, authority, budget) is in the first message
 * (task-brief.ts), so that every task worker in a project sends the same system prompt and shares
 * one cached prefix. The role names no tool: the child's tool array states its tools, and those
 * follow its authority.
 *
 * The planner (src/plan/task.ts) is the one place a task child is put together from it.
 */
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
