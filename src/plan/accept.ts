/**
 * The acceptance commands a task is held to, decided once: the spec's own list, else the list its
 * agent file sets, with the time they may take together. pi-delegate runs them itself after the child
 * ends (run/accept.ts), so the verdict rests on their exit, not on the child's word. Pure.
 */
import type { AgentDefinition } from "../agents/definition.ts";
import { DEFAULT_ACCEPT_S } from "../request/limits.ts";
import type { TaskSpec } from "../spec/schema.ts";

/** The commands run after the child ends, in order, and their shared budget. */
export interface AcceptPlan {
	commands: readonly string[];
	/** Seconds they may take together (budget.accept_s); the one still running then is stopped and fails. */
	budget_s: number;
	/** Where the list comes from. */
	reason: string;
}

/** The spec's acceptance commands, else the agent's; undefined when neither names any. */
export function decideAccept(
	spec: Pick<TaskSpec, "accept" | "budget">,
	agent: Pick<AgentDefinition, "accept" | "name"> | undefined,
): AcceptPlan | undefined {
	const budget_s = spec.budget.accept_s ?? DEFAULT_ACCEPT_S;
	if (spec.accept !== undefined) return { commands: [...spec.accept], budget_s, reason: "the spec's accept" };
	if (agent?.accept !== undefined && agent.accept.length > 0) {
		return { commands: [...agent.accept], budget_s, reason: `the agent "${agent.name}" sets accept` };
	}
	return undefined;
}
