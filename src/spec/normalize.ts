/**
 * The normalized spec: every default applied and recorded, so the audit record shows exactly what
 * governed the run, then deep-frozen so no later stage can change the description of a delegation
 * after it was checked.
 */
import { DEFAULT_EVIDENCE_RULE } from "../request/choices.ts";
import { DEFAULT_ACCEPT_S, DEFAULT_BUDGETS, DEFAULT_EFFORT } from "../request/limits.ts";
import type { ResolvedRoots, TaskSpec, TaskSpecInput } from "./schema.ts";

/** Freezes an object graph in place and returns it. */
export function deepFreeze<T>(value: T): T {
	if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const child of Object.values(value)) deepFreeze(child);
	}
	return value;
}

export interface Normalized {
	spec: TaskSpec;
	/** Paths of the fields whose value came from a default: `effort`, `read_only`, `budget.wall_s`, … */
	defaulted: string[];
}

/** Applies defaults to a spec that passed validation. Copies everything; never touches the input. */
export function normalize(input: TaskSpecInput, resolved: ResolvedRoots): Normalized {
	const defaulted: string[] = [];
	const pick = <V>(path: string, given: V | undefined, fallback: V): V => {
		if (given !== undefined) return given;
		defaulted.push(path);
		return fallback;
	};
	const effort = pick("effort", input.effort, DEFAULT_EFFORT);
	const read_only = pick("read_only", input.read_only, true);
	const budgetDefaults = DEFAULT_BUDGETS[effort];
	const spec: TaskSpec = {
		id: input.id,
		goal: input.goal,
		deliverable: input.deliverable,
		effort,
		read_only,
		roots: [...input.roots],
		write_allowed: [...(input.write_allowed ?? [])],
		exclude: [...(input.exclude ?? [])],
		context: {
			facts: [...(input.context?.facts ?? [])],
			files: [...(input.context?.files ?? [])],
			commands: [...(input.context?.commands ?? [])],
			...(input.context?.tail !== undefined && { tail: { tokens: input.context.tail.tokens } }),
		},
		budget: {
			wall_s: pick("budget.wall_s", input.budget?.wall_s, budgetDefaults.wall_s),
			usd: pick("budget.usd", input.budget?.usd, budgetDefaults.usd),
			turns: pick("budget.turns", input.budget?.turns, budgetDefaults.turns),
			// Recorded only where it governs something, so a spec without acceptance commands reads as before.
			...((input.accept !== undefined || input.budget?.accept_s !== undefined) && {
				accept_s: pick("budget.accept_s", input.budget?.accept_s, DEFAULT_ACCEPT_S),
			}),
		},
		evidence: pick("evidence", input.evidence, DEFAULT_EVIDENCE_RULE),
		...(input.accept !== undefined && { accept: [...input.accept] }),
		...(input.apply !== undefined && { apply: input.apply }),
		...(input.delegate !== undefined && { delegate: { depth: input.delegate.depth } }),
		sandbox: input.sandbox,
		network: pick("network", input.network, false),
		git_writes: pick("git_writes", input.git_writes, false),
		resolved: {
			roots: [...resolved.roots],
			write_allowed: [...resolved.write_allowed],
			watched_only: [...resolved.watched_only],
			exclude: [...resolved.exclude],
		},
	};
	return { spec: deepFreeze(spec), defaulted };
}
