/** A child's tool list as the planner decides it for a child outside a task: the given names (else Pi's default) and submit_result. */
import { DEFAULT_CHILD_TOOLS, withSubmit } from "../../src/plan/tools.ts";

export function childTools(listed: readonly string[] | undefined): string[] {
	return withSubmit(listed ?? DEFAULT_CHILD_TOOLS);
}
