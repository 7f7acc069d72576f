/**
 * The end of a run on private copies: the child's change, read from its copies, is kept in the
 * audit record as changes.patch whatever the verdict, and applied to the real roots only when the
 * task passed (land.ts), all files or none. What happened is the result's `apply`.
 */
import type { Change } from "../../boundary/types.ts";
import type { AuditWriter } from "../audit/audit.ts";
import type { ApplyRecord } from "../outcome/apply.ts";
import { type Collected, collectChanges, fileChanges } from "./changes.ts";
import type { Workspace } from "./copy.ts";
import { land } from "./land.ts";
import { gitPatch, patchStats } from "./patch.ts";

export const PATCH_FILE = "changes.patch" as const;

export interface FinishInput {
	workspace: Workspace;
	/** The boundary's delta, with the copies as its roots. */
	delta: readonly Change[];
	/** Whether every check passed: only then does the change reach the real roots. */
	passed: boolean;
	audit: AuditWriter;
	/** Holds the real roots exclusively while the change is applied; released by what it returns. */
	hold?: () => Promise<() => void>;
}

/** Why a passed task's change cannot be applied as it is, before trying. */
function blocked(collected: Collected): string | undefined {
	if (collected.conflicts.length > 0) return `the real root changed ${collected.conflicts.join(", ")} during the run`;
	const [first, ...more] = collected.uncarried;
	if (first) return `${first.path} is ${first.why}${more.length > 0 ? ` (and ${more.length} more)` : ""}`;
	return undefined;
}

/**
 * Keeps the change in the record and, on a pass, applies it. A passing run holds the real roots
 * from reading its change to landing it: a run that reads while another lands would find the file
 * changed and its content before gone, and could keep no patch of its own change.
 */
export async function finishCopies(input: FinishInput): Promise<ApplyRecord> {
	const release = input.passed && input.hold ? await input.hold() : () => {};
	try {
		const collected = await collectChanges(input.workspace, input.delta);
		const changes = fileChanges(collected);
		const files = patchStats(changes);
		const kept = changes.length > 0;
		if (kept) input.audit.writeText(PATCH_FILE, gitPatch(changes));
		const record = { mode: "on-pass" as const, base: collected.base, ...(kept && { patch: PATCH_FILE }), files };
		if (!input.passed) return { ...record, applied: false, reason: "the task failed, so nothing was applied" };
		const why = blocked(collected);
		if (why) return { ...record, applied: false, reason: why };
		if (!kept) return { ...record, applied: true };
		const failed = await land(
			collected.touched,
			input.workspace.copies.map((c) => c.root),
		);
		return failed ? { ...record, applied: false, reason: failed } : { ...record, applied: true };
	} finally {
		release();
	}
}
