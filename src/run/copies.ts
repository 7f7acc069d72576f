/**
 * The execution's part in `apply: "on-pass"` (plan/apply.ts): before the child, the private copies
 * of its writable roots are made — under a shared hold of the real roots, so no writer changes them
 * mid-copy — and the plan is placed on them; after it, the change is kept and, on a pass, applied
 * under an exclusive hold (workspace/finish.ts). A copy that cannot be made ends the run as not
 * started, with the reason: the child never runs in the real root instead.
 */
import type { FileProbe } from "../envelope/verify.ts";
import type { PlacedCopy } from "../plan/apply.ts";
import { placeCopies } from "../plan/apply-place.ts";
import type { TaskPlan } from "../plan/types.ts";
import type { AuditWriter } from "./audit/audit.ts";
import { copyPlace } from "./child/tools.ts";
import { notStarted } from "./guarded.ts";
import { withApply } from "./outcome/apply-result.ts";
import type { TaskResult } from "./outcome/result.ts";
import type { RootLocks } from "./root-lock.ts";
import type { Boundary, ChildRunner, TaskProgress } from "./types.ts";
import { makeWorkspace, type Workspace } from "./workspace/copy.ts";
import { finishCopies } from "./workspace/finish.ts";

export interface CopyPorts {
	locks?: RootLocks;
	progress?: (progress: TaskProgress) => void;
	workspace?: typeof makeWorkspace;
}

export interface OpenedCopies {
	workspace?: Workspace;
	/** The plan placed on the copies. */
	placed?: TaskPlan;
	/** Why the copies could not be made. */
	failed?: string;
}

/** Makes an on-pass task's copies and places its plan on them; undefined for any other task. */
export async function openCopies(plan: TaskPlan, ports: CopyPorts): Promise<OpenedCopies | undefined> {
	const { apply } = plan;
	if (apply.mode !== "on-pass" || apply.roots.length === 0) return undefined;
	ports.progress?.({ type: "phase", phase: "snapshot", detail: "copying the writable roots" });
	// Without the sandbox the run already holds its real roots as a writer does (plan/apply.ts).
	const hold = apply.watchReal ? undefined : ports.locks;
	const release = hold ? await hold.acquire({ roots: apply.roots, write: false }) : () => {};
	try {
		const make = ports.workspace ?? makeWorkspace;
		const workspace = await make(apply.roots, { writeAllowed: plan.boundary.writeAllowed, mounted: apply.mounted });
		return { workspace, placed: placeCopies(plan, workspace.copies) };
	} catch (error) {
		const why = error instanceof Error ? error.message : String(error);
		return { failed: `its private copy of ${apply.roots.join(", ")} could not be made: ${why}` };
	} finally {
		release();
	}
}

/** A runner that starts nothing: the child could not be given its copies. */
export function notStartedRunner(reason: string): ChildRunner {
	return async () => notStarted(reason);
}

/** A probe that reads a mounted child's paths where they are on this side: in its copies (but what they share with the real root). */
export function copyProbe(probe: FileProbe, copies: readonly PlacedCopy[]): FileProbe {
	const place = copyPlace(copies);
	return { ...probe, look: (path) => probe.look(place(path)) };
}

/** Keeps the change, applies it on a pass, and says so in the result. */
export async function settleCopies(
	result: TaskResult,
	workspace: Workspace,
	boundary: Boundary,
	audit: AuditWriter,
	ports: CopyPorts,
	plan: TaskPlan,
): Promise<TaskResult> {
	ports.progress?.({ type: "phase", phase: "checking", detail: "applying the change to the real roots" });
	const hold = ports.locks && !plan.apply.watchReal ? ports.locks : undefined;
	const record = await finishCopies({
		workspace,
		delta: boundary.delta,
		passed: result.verdict === "PASS",
		audit,
		...(hold && { hold: () => hold.acquire({ roots: plan.apply.roots, write: true }) }),
	});
	return withApply(result, record, workspace.copies);
}
