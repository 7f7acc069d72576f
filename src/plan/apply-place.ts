/**
 * A plan placed on its private copies, once they are made (run/copies.ts): the paths that move and
 * the brief's word to a child told where its copy is. Pure.
 */
import { authorityText } from "../prompt/task-brief.ts";
import { type PlacedCopy, within } from "./apply.ts";
import type { TaskPlan } from "./types.ts";

/** A path under a copied root, moved to the same place in its copy; any other path as it is. */
export function inCopy(path: string, copies: readonly PlacedCopy[]): string {
	const copy = copies.find((c) => within(path, c.root));
	return copy ? copy.copy + path.slice(copy.root.length) : path;
}

/** A path under a copy, moved back to its root; any other path as it is. */
export function fromCopy(path: string, copies: readonly PlacedCopy[]): string {
	const copy = copies.find((c) => within(path, c.copy));
	return copy ? copy.root + path.slice(copy.copy.length) : path;
}

/** The line that tells a child working at a copy's own path where it is. */
function copyNote(copies: readonly PlacedCopy[]): string {
	const lines = copies.map((c) => `- ${c.copy} is your copy of ${c.root}`);
	return [
		"You work on private copies: make every change there, by the paths above. They reach the real roots only if the task passes.",
		...lines,
	].join("\n");
}

/**
 * The plan with its copies in place: what is watched moves to the copies (and, without the sandbox,
 * the real roots are watched besides); a child told the copy's path gets it as its working
 * directory, writable roots and pointer base, and its brief says so. A mounted child's own view is
 * unchanged: its sandbox carries the copies, mounted over the roots.
 */
export function placeCopies(plan: TaskPlan, copies: readonly PlacedCopy[]): TaskPlan {
	const to = (path: string) => inCopy(path, copies);
	const { boundary, apply } = plan;
	const real = apply.watchReal ? apply.roots : [];
	const watched: TaskPlan["boundary"] = {
		roots: [...boundary.roots.map(to), ...real],
		writeAllowed: boundary.writeAllowed.map(to),
		watchedOnly: [...boundary.watchedOnly.map(to), ...real],
		// The paths shared with the real root are written in place, as under direct: not the child's
		// change, and not checked where the real root is watched for writes by another path.
		exclude: [
			...boundary.exclude.map(to),
			...(real.length > 0 ? [...boundary.exclude, ...copies.flatMap((c) => c.shown)] : []),
		],
	};
	if (apply.mounted) {
		return { ...plan, boundary: watched, sandbox: { ...plan.sandbox, copies: copies.map((c) => ({ ...c })) } };
	}
	const { spec } = plan;
	const authority = authorityText(spec);
	const moved = {
		...spec,
		resolved: {
			...spec.resolved,
			write_allowed: spec.resolved.write_allowed.map(to),
			watched_only: spec.resolved.watched_only.map(to),
		},
	};
	return {
		...plan,
		cwd: to(plan.cwd),
		boundary: watched,
		sandbox: { ...plan.sandbox, writable: plan.sandbox.writable.map(to), readOnly: plan.sandbox.readOnly.map(to) },
		// A pointer by the real path names the same file: it is checked in the copy (run/copies.ts).
		submit: { ...plan.submit, roots: [...plan.submit.roots.map(to), ...apply.roots], cwd: to(plan.submit.cwd) },
		child: {
			...plan.child,
			firstMessage: plan.child.firstMessage.replace(authority, `${authorityText(moved)}\n${copyNote(copies)}`),
		},
	};
}
