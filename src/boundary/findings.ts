/**
 * What the boundary check found, in one pure call: the changes, the ones that break the boundary,
 * and every part that was not checked. The rule that makes it honest: a part of a watched-only root
 * that could not be read could hide any change, so it fails the task exactly like a violation —
 * unless the spec excluded that path explicitly. An unreadable part of a writable root is listed
 * but does not fail: every change there would be allowed anyway.
 */
import { diffSnapshots } from "./diff.ts";
import { excludedBelow, within } from "./exclude.ts";
import { judgeChanges } from "./judge.ts";
import { displayName } from "./names.ts";
import { reasonText } from "./reasons.ts";
import type { BoundaryFindings, Change, RootSnapshot, Snapshot, UncheckedPart } from "./types.ts";

export interface FindingsOptions {
	/** The roots changes may happen in, as the snapshots name them (absolute paths). */
	writeAllowed: readonly string[];
	/**
	 * Absolute paths inside roots that are not checked (a spec's resolved `exclude`). Snapshots
	 * taken with the same exclusions already left them out; this also covers snapshots taken without.
	 */
	exclude?: readonly string[];
}

/** Drops trailing slashes so `/a/b/` and `/a/b` name the same root. */
function normalise(root: string): string {
	const trimmed = root.replace(/\/+$/, "");
	return trimmed === "" ? "/" : trimmed;
}

/** The path of a part as one absolute path for a message. */
export function partPath(root: string, path: string): string {
	const base = displayName(root);
	return path === "" ? base : `${base === "/" ? "" : base}/${displayName(path)}`;
}

function uncheckedOf(
	root: string,
	before: RootSnapshot | undefined,
	after: RootSnapshot | undefined,
	excluded: readonly string[],
	writable: boolean,
): UncheckedPart[] {
	const parts: UncheckedPart[] = excluded.map((path) => ({ kind: "excluded", root, path, fails: false }));
	const early = before?.unreadable ?? {};
	const late = after?.unreadable ?? {};
	const paths = [...new Set([...Object.keys(early), ...Object.keys(late)])].sort();
	for (const path of paths) {
		if (excluded.length > 0 && within(path, excluded)) continue;
		const inEarly = Object.hasOwn(early, path);
		const inLate = Object.hasOwn(late, path);
		const when = inEarly && inLate ? "both" : inEarly ? "before" : "after";
		const reason = reasonText((inLate ? late[path] : early[path]) ?? "");
		parts.push({ kind: "unreadable", root, path, reason, when, fails: !writable });
	}
	return parts;
}

const WHEN: Readonly<Record<"before" | "after" | "both", string>> = {
	both: "",
	before: " (before the run)",
	after: " (after the run)",
};

/** A failing unchecked part as a change, so every consumer of a list of violations shows it. */
function asFailure(part: UncheckedPart): Change {
	const when = part.kind === "unreadable" ? WHEN[part.when] : "";
	const reason = part.kind === "unreadable" ? part.reason : "excluded";
	return {
		root: part.root,
		path: part.path,
		kind: "unreadable",
		detail: `could not check ${partPath(part.root, part.path)}: ${reason}${when}`,
	};
}

/**
 * Diffs two snapshots and judges the result. `changes` leaves out excluded paths (repository
 * state such as the index is always kept) and the `unreadable` changes of diffSnapshots, which
 * `unchecked` reports in full; `failures` is everything that fails the task.
 */
export function boundaryFindings(before: Snapshot, after: Snapshot, options: FindingsOptions): BoundaryFindings {
	const roots = [...new Set([...before.roots.map((r) => r.root), ...after.roots.map((r) => r.root)])];
	const excludedByRoot = new Map<string, string[]>();
	const unchecked: UncheckedPart[] = [];
	const writable = new Set(options.writeAllowed.map(normalise));
	for (const root of roots) {
		const b = before.roots.find((r) => r.root === root);
		const a = after.roots.find((r) => r.root === root);
		const given = excludedBelow({ absolute: root, real: b?.realPath ?? a?.realPath ?? null }, options.exclude ?? []);
		const excluded = [...new Set([...(b?.excluded ?? []), ...(a?.excluded ?? []), ...given])].sort();
		excludedByRoot.set(root, excluded);
		unchecked.push(...uncheckedOf(root, b, a, excluded, writable.has(normalise(root))));
	}
	const changes = diffSnapshots(before, after).filter((change) => {
		if (change.kind === "unreadable") return false;
		const excluded = excludedByRoot.get(change.root) ?? [];
		return change.kind === "index" || excluded.length === 0 || !within(change.path, excluded);
	});
	const { violations, allowed } = judgeChanges(changes, options.writeAllowed);
	const failures = [...violations, ...unchecked.filter((part) => part.fails).map(asFailure)];
	return { changes, violations, allowed, unchecked, failures };
}
