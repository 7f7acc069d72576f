/**
 * The runs directory must lie apart from every root a child may touch. Inside one, a child that can
 * write there (a writable root, or anywhere without the sandbox) could rewrite its own record, and
 * the record's own writes would show as changes of the root; holding one, a child could put a
 * directory that reads as a run beside the real ones, which every reader of the runs directory would
 * count. So a call refuses a plan whose runs directory is inside one of its roots, equal to one, or
 * holds one, before anything runs (`refuseByRunsDir`, applied where a call's children are planned:
 * run/delegate.ts and a workflow's calls). Pure: the runs directory's real path (every symlink
 * resolved) is loaded with the inputs, and a task's roots are real paths already.
 */
import { join, resolve } from "node:path";
import type { Problem, ProblemPlace } from "../problems.ts";
import type { Setting } from "../settings/types.ts";
import { isInside } from "../spec/paths.ts";
import type { ChildPlan, CommonInputs, Planned } from "./types.ts";

/**
 * Where runs are recorded: PI_DELEGATE_RUNS_DIR, else the `runsDir` setting (`~` is the home; a
 * relative path is taken from `cwd`), else under Pi's agent dir.
 */
export function decideRunsDir(
	inputs: { runsDirOverride?: string; home: string; agentDir: string; cwd?: string },
	setting?: string,
): string {
	if (inputs.runsDirOverride) return resolve(inputs.cwd ?? inputs.agentDir, inputs.runsDirOverride);
	if (setting) return resolve(inputs.cwd ?? inputs.agentDir, setting.replace(/^~(?=$|\/)/, inputs.home));
	return join(inputs.agentDir, "pi-delegate", "runs");
}

/**
 * What chose the runs directory, as a problem about it names it: the variable, the setting's key in
 * its file (with line and column), or the default.
 */
export function runsDirPlace(inputs: { runsDirOverride?: string }, setting?: Setting<string>): ProblemPlace {
	if (inputs.runsDirOverride) return { source: RUNS_DIR_ENV, path: [] };
	if (setting?.origin.kind === "file") return setting.origin.place;
	return { source: "the default runs directory", path: [] };
}

/** The variable that chooses the runs directory over every setting. */
export const RUNS_DIR_ENV = "PI_DELEGATE_RUNS_DIR";

/** What a refusal for the runs directory says before its problems. */
export const RUNS_DIR_REFUSED = "the runs directory cannot take the run's record";

const FIX = `point ${RUNS_DIR_ENV} (or "runsDir" in the "pi-delegate" section of settings.json) at a directory outside every watched root`;

const meets = (a: string, b: string) => a === b || isInside(a, b);

/** A plan refused when its runs directory may not hold its record (the plan kept, for preview). */
export function refuseByRunsDir(planned: Planned, inputs: Parameters<typeof runsDirOverlap>[1]): Planned {
	if (!planned.ok) return planned;
	const overlap = runsDirOverlap(planned.plan, inputs);
	return overlap ? { ok: false, what: RUNS_DIR_REFUSED, problems: [overlap], plan: planned.plan } : planned;
}

/** Why `plan`'s runs directory may not hold its record, when it may not. */
export function runsDirOverlap(
	plan: Pick<ChildPlan, "kind" | "audit" | "claim"> & { apply?: { roots: readonly string[] } },
	inputs: Pick<CommonInputs, "runsDirOverride" | "runsDirReal"> & {
		settings: { settings: { runsDir?: Setting<string> | undefined } };
	},
): Problem | undefined {
	const dir = plan.audit.runsDir;
	const forms = [...new Set([dir, inputs.runsDirReal ?? dir])];
	const place: ProblemPlace = runsDirPlace(inputs, inputs.settings.settings.runsDir);
	const real = forms.length > 1 ? ` (it is ${forms[1]})` : "";
	// An unchecked child that cannot write watches nothing and can reach nothing: its record is safe anywhere.
	// A task on private copies does not hold the roots it copies, and still must not hold its record.
	const held = [...plan.claim.roots, ...(plan.apply?.roots ?? [])];
	const roots = plan.kind === "unchecked" && !plan.claim.write ? [] : held;
	for (const root of roots) {
		if (forms.some((form) => meets(form, root))) {
			const message = `the runs directory ${dir} lies inside the watched root ${root}${real}: the child could rewrite its own record`;
			return { ...place, code: "conflict", value: dir, message, fix: FIX };
		}
		if (forms.some((form) => isInside(root, form))) {
			const message = `the runs directory ${dir} holds the watched root ${root}: the child could put what reads as a run beside the real ones`;
			return { ...place, code: "conflict", value: dir, message, fix: FIX };
		}
	}
	return undefined;
}
