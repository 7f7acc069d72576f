/**
 * A resumed leg, decided: the spec a resumed task runs under, and the refusal of one that would be
 * allowed more than its first leg without the caller saying so. Pure.
 *
 * A resumed task's spec is its first leg's with the call's fields laid over it, field by field
 * (`context`'s lists one by one). What the child may do is never taken from the record: whether it
 * may write and where, its network and `.git` allowances, the parts of its roots left unchecked,
 * and its budget come from the call alone, with the defaults a call without `resume` would get. A
 * record lies in a directory a child without the sandbox could write, and a leg's authority must
 * be the caller's decision each time, never something the record carried over. Then, because the
 * settings may give a weaker default than the first leg had (no sandbox, changes made in place),
 * a leg that would be less guarded than its first in a way the call did not name is refused.
 */
import { inside, type Problem, type ProblemPlace } from "../problems.ts";
import { isRecord } from "../values.ts";
import type { LegAuthority, ResumeSource } from "./resume-types.ts";
import type { Planned, TaskPlan } from "./types.ts";

/** The spec fields a resumed task takes from the call alone, never from its first leg's record. */
export const FROM_THE_CALL_ALONE = [
	"read_only",
	"write_allowed",
	"exclude",
	"network",
	"git_writes",
	"sandbox",
	"apply",
	"budget",
];

/** The `context` lists a resumed task keeps from its first leg (the tail is the caller's conversation: never). */
const KEPT_CONTEXT = ["facts", "files", "commands"];

/**
 * The spec of a resumed task: the first leg's recorded spec (only the fields a spec has, without
 * those the call alone decides), with the call's own fields over it.
 */
export function resumedSpec(first: Record<string, unknown>, call: Record<string, unknown>): Record<string, unknown> {
	const kept: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(first)) {
		if (key === "resolved" || FROM_THE_CALL_ALONE.includes(key) || value === undefined) continue;
		if (key !== "context") kept[key] = value;
		else if (isRecord(value))
			kept.context = Object.fromEntries(KEPT_CONTEXT.filter((k) => value[k] !== undefined).map((k) => [k, value[k]]));
	}
	const context = isRecord(call.context) ? { ...(kept.context as object), ...call.context } : kept.context;
	return { ...kept, ...call, ...(context !== undefined && { context }) };
}

/** What the new leg's plan allows, in the same terms. */
export type PlannedAuthority = Required<Pick<LegAuthority, "network" | "gitWrites" | "writeAllowed">> & {
	sandbox: string;
	apply: string;
};

/**
 * Every way the new leg would be allowed more than its first, on a field the call did not give
 * (`given`: the spec fields the call named): the sandbox off where it enforced, changes made in
 * place where they waited for a PASS, the network or `.git` opened, a root writable that was not.
 */
export function wideningProblems(
	first: LegAuthority,
	next: PlannedAuthority,
	given: readonly string[],
	where: ProblemPlace,
): Problem[] {
	const problems: Problem[] = [];
	// The field's place in the call: beside `resume` (`tasks[1].sandbox`), or the flag's own input.
	const call = { ...where, path: where.path.slice(0, -1) };
	const widened = (field: string, value: unknown, message: string, fix: string) => {
		if (!given.includes(field)) problems.push({ ...inside(call, field), code: "conflict", value, message, fix });
	};
	if (first.sandbox === "enforce" && next.sandbox !== "enforce")
		widened(
			"sandbox",
			next.sandbox,
			`resumes a run whose child ran under the sandbox, but this leg would run with sandbox "${next.sandbox}" (from the settings)`,
			'say sandbox: "enforce" in the call to keep it, or sandbox: "off" to run this leg without it',
		);
	if (first.apply === "on-pass" && next.apply === "direct")
		widened(
			"apply",
			next.apply,
			'resumes a run whose changes waited for a PASS (apply "on-pass"), but this leg would change the roots directly (from the settings)',
			'say apply: "on-pass" in the call to keep it, or apply: "direct" to change the roots as the child works',
		);
	if (next.network && !first.network)
		widened("network", true, "would open the network its first leg did not have", "say network: true in the call");
	if (next.gitWrites && !first.gitWrites)
		widened(
			"git_writes",
			true,
			"would let the child write .git, which its first leg could not",
			"say git_writes: true in the call",
		);
	const newlyWritable = next.writeAllowed.filter((root) => !first.writeAllowed.includes(root));
	if (newlyWritable.length > 0)
		widened(
			"write_allowed",
			newlyWritable,
			"would let the child write roots its first leg could not",
			"name the roots it may write in write_allowed (with read_only: false) in the call",
		);
	return problems;
}

/**
 * A resumed task's plan: the plan any call with its spec gets, naming the leg it continues; refused
 * when it would be allowed more than that leg on a field the call did not give.
 */
export function resumedTask(planned: Planned<TaskPlan>, source: ResumeSource): Planned<TaskPlan> {
	if (!planned.ok) return planned;
	const { plan } = planned;
	const next: PlannedAuthority = {
		sandbox: plan.sandbox.mode,
		apply: plan.apply.mode,
		network: plan.sandbox.mode === "enforce" && plan.sandbox.network,
		gitWrites: plan.sandbox.mode === "enforce" && plan.sandbox.gitWritable,
		writeAllowed: plan.boundary.writeAllowed,
	};
	const first = source.authority ?? { network: false, gitWrites: false, writeAllowed: [] };
	const problems = wideningProblems(first, next, source.given ?? [], source.where);
	if (problems.length > 0)
		return { ok: false, what: "the resumed task would be allowed more than the run it continues", problems };
	return { ok: true, plan: { ...plan, resumes: source.link } };
}
