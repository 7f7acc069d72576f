/**
 * The `task` tool's parameters, generated from the request table (src/request/): one task spec with
 * its `context` lists flattened to the top level (files, facts, commands, tail), as a model writes a
 * call most reliably — or several, in `tasks`, with the top-level fields as what they share. The
 * schema is deliberately looser than the spec's (no patterns or bounds, nothing required): Pi
 * validates a tool call with its own wording before `execute` runs, and we want every problem
 * reported in ours — all at once, each with its path, value and fix — which the planner's request
 * step (plan/request.ts) does inside `execute`.
 *
 * The definition is sent on every request of the parent's conversation, so the table gives the tool
 * the shortest description that still says the one thing a model gets wrong without it, and leaves
 * out the rarely set fields (all but goal, effort, read_only, roots, write_allowed, tasks, background), which the
 * tool's description names instead.
 */
import { toolParameters } from "../request/generate.ts";

export const TaskParamsSchema = toolParameters("task");

/** The call's arguments as the renderer reads them, before any check. */
export interface TaskParams {
	[field: string]: unknown;
	id?: string;
	goal?: string;
	effort?: string;
	read_only?: boolean;
	roots?: string[];
	write_allowed?: string[];
	tasks?: Array<{ id?: unknown; goal?: unknown }>;
}
