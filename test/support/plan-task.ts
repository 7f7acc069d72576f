/**
 * The one planner asked for a task, as tests of a task's plan ask: a task's inputs (its spec and its
 * request's layer beside what every child is planned from) in, the task's plan out.
 */
import { planChild } from "../../src/plan/plan.ts";
import type { DefaultDecision } from "../../src/plan/request-types.ts";
import type { Planned, TaskInputs, TaskPlan, UncheckedPlan } from "../../src/plan/types.ts";
import type { ProblemPlace } from "../../src/problems.ts";
import type { Effort } from "../../src/request/choices.ts";
import type { Budget } from "../../src/request/limits.ts";

export function planTask(inputs: TaskInputs, defaults: DefaultDecision[] = []): Planned<TaskPlan> {
	const { spec, request, ...common } = inputs;
	return planChild({ ...common, request: { kind: "task", spec, layer: request, defaults } }) as Planned<TaskPlan>;
}

/** What an unchecked child is asked with, beside a task's inputs (whose spec it does not have). */
export interface UncheckedAsk {
	id: string;
	prompt: string;
	effort: Effort;
	budget: Budget;
	/** Its tools, as the caller named them. */
	childTools?: { names: readonly string[]; where: ProblemPlace };
}

/** The one planner asked for an unchecked child, from a task's inputs less the spec. */
export function planUnchecked(inputs: Omit<TaskInputs, "spec">, ask: UncheckedAsk): Planned<UncheckedPlan> {
	const { request, ...common } = inputs;
	const { childTools, ...rest } = ask;
	return planChild({
		...common,
		request: { kind: "unchecked", ...rest, layer: request, defaults: [], ...(childTools && { tools: childTools }) },
	}) as Planned<UncheckedPlan>;
}
