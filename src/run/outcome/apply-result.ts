/** A task's result with where its change went (apply on-pass). Pure. */
import type { Change } from "../../boundary/types.ts";
import type { PlacedCopy } from "../../plan/apply.ts";
import { fromCopy } from "../../plan/apply-place.ts";
import { type ApplyRecord, applyProblem } from "./apply.ts";
import type { TaskResult } from "./result.ts";

/**
 * A task's result once its change on copies is settled: paths in its roots and changes named as in
 * the real roots (the copies are gone once the run ends), the record of where the change went, and
 * a passed task failed when its change could not be applied.
 */
export function withApply(result: TaskResult, record: ApplyRecord, copies: readonly PlacedCopy[]): TaskResult {
	const back = (change: Change): Change => ({ ...change, root: fromCopy(change.root, copies) });
	const roots = new Map<string, boolean>();
	for (const { root, writable } of result.roots) {
		const real = fromCopy(root, copies);
		roots.set(real, (roots.get(real) ?? false) || writable);
	}
	const problem = result.verdict === "PASS" ? applyProblem(record) : undefined;
	return {
		...result,
		delta: result.delta.map(back),
		violations: result.violations.map(back),
		roots: [...roots].map(([root, writable]) => ({ root, writable })),
		apply: record,
		...(problem && { verdict: "FAIL" as const, problems: [...result.problems, problem] }),
	};
}
