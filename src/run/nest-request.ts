/**
 * A child's `task` call as the spec of a grandchild. The call's arguments are the child's, so they
 * are taken as hostile: only the fields a call may set are read (its goal, deliverable, roots,
 * write_allowed and budget), and everything that bounds the grandchild is set here from its parent —
 * its depth, the sandbox, the network, git writes, and a budget of at most what remains. The spec is
 * then checked like any other (spec/validate.ts), every problem at once.
 */
import type { TaskPlan } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import { slugify } from "../spec/fields.ts";
import { loadSpecObject } from "../spec/load.ts";
import type { TaskSpec } from "../spec/schema.ts";

/** What remains of the parent's budget when the call is made. */
export interface Remaining {
	usd: number;
	wall_s: number;
	turns: number;
}

/** The least a grandchild can run on: below it, the call is refused rather than started to fail. */
const LEAST = { usd: 1e-9, wall_s: 1, turns: 1 } as const;

const record = (value: unknown): Record<string, unknown> =>
	value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A list of paths placed where the parent works (its copies), anything else left for the spec's check to refuse. */
const placed = (value: unknown, place: (path: string) => string) =>
	Array.isArray(value) ? value.map((entry) => (typeof entry === "string" ? place(entry) : entry)) : value;

/** The budget asked for, each part at most what remains (absent: all that remains). */
function budgetOf(asked: unknown, remaining: Remaining): Record<string, unknown> {
	const given = record(asked);
	const part = (key: keyof Remaining) => {
		const value = given[key];
		const left = key === "turns" ? Math.floor(remaining[key]) : remaining[key];
		return typeof value === "number" && Number.isFinite(value) ? Math.min(value, left) : (value ?? left);
	};
	return { usd: part("usd"), wall_s: part("wall_s"), turns: part("turns") };
}

/** Nothing of one part of the budget remains: a problem for each. */
function spentParts(remaining: Remaining): Problem[] {
	return (Object.keys(LEAST) as Array<keyof Remaining>).flatMap((key): Problem[] =>
		remaining[key] >= LEAST[key]
			? []
			: [
					{
						path: ["budget", key],
						code: "budget",
						value: remaining[key],
						message: `nothing of your budget's ${key} remains for a child`,
						fix: "finish the work yourself, or hand in what you have",
					},
				],
	);
}

export type NestedSpec = { ok: true; spec: TaskSpec } | { ok: false; what: string; problems: Problem[] };

/** The grandchild's checked spec from the call's arguments, bounded by its parent. */
export function nestedSpec(
	parent: TaskPlan,
	args: unknown,
	where: { place: (path: string) => string; home: string; remaining: Remaining },
): NestedSpec {
	const spent = spentParts(where.remaining);
	if (spent.length > 0) return { ok: false, what: "the task cannot start", problems: spent };
	const given = record(args);
	const writable = placed(given.write_allowed ?? [], where.place);
	const depth = (parent.delegate?.depth ?? 0) - 1;
	const input = {
		id: slugify(typeof given.goal === "string" ? given.goal : "task"),
		goal: given.goal,
		deliverable: given.deliverable,
		effort: parent.spec.effort,
		roots: placed(given.roots ?? parent.spec.resolved.roots, where.place),
		...(Array.isArray(writable) && writable.length > 0 ? { read_only: false, write_allowed: writable } : {}),
		budget: budgetOf(given.budget, where.remaining),
		...(parent.sandbox.mode === "enforce" && { sandbox: "enforce" }),
		network: parent.spec.network,
		git_writes: parent.spec.git_writes,
		...(depth > 0 && { delegate: { depth } }),
	};
	const checked = loadSpecObject(input, { cwd: where.place(parent.cwd), home: where.home });
	if (!checked.ok) return { ok: false, what: "the task is invalid", problems: [...checked.problems] };
	return { ok: true, spec: checked.spec };
}
