/**
 * The judgement: a change is allowed only when its root is one of the writable roots. Nothing else
 * counts — not who made the change, not whether it was intended: a `__pycache__/` left in a
 * watched-only root by a verification command fails the task exactly like a deliberate edit.
 */
import type { Change, Judgement } from "./types.ts";

/** Drops trailing slashes so `/a/b/` and `/a/b` name the same root. */
function normalise(root: string): string {
	const trimmed = root.replace(/\/+$/, "");
	return trimmed === "" ? "/" : trimmed;
}

/**
 * Splits changes into violations and allowed changes. `writeAllowed` holds roots as the snapshot
 * names them (absolute paths); match is exact, so a writable parent does not cover a watched child
 * root. The CLI resolves user-given paths by real path first (see resolveWriteAllowed).
 */
export function judgeChanges(changes: readonly Change[], writeAllowed: readonly string[]): Judgement {
	const writable = new Set(writeAllowed.map(normalise));
	const violations: Change[] = [];
	const allowed: Change[] = [];
	for (const change of changes) (writable.has(normalise(change.root)) ? allowed : violations).push(change);
	return { violations, allowed };
}
