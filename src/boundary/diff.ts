/**
 * The delta between two snapshots of the same roots: pure, deterministic, every path-level change
 * attributed to its root. Order: roots as the earlier snapshot lists them, then path, then kind.
 */
import { diffEntries } from "./diff-entries.ts";
import { diffGit } from "./diff-git.ts";
import { indexTree } from "./tree.ts";
import type { Change, ChangeKind, RootSnapshot, RootStatus, Snapshot } from "./types.ts";

const KIND_ORDER: readonly ChangeKind[] = [
	"root",
	"unreadable",
	"deleted",
	"added",
	"type",
	"mode",
	"modified",
	"link",
	"head",
	"ref",
	"index",
	"git-config",
	"git-hook",
	"git-file",
];

const STATUS_WORDS: Readonly<Record<RootStatus, string>> = {
	ok: "a directory",
	missing: "gone",
	"not-directory": "not a directory",
	unreadable: "unreadable",
};

function compare(a: Change, b: Change): number {
	if (a.path !== b.path) return a.path < b.path ? -1 : 1;
	return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
}

function diffRoot(before: RootSnapshot, after: RootSnapshot): Change[] {
	const root = before.root;
	if (before.status !== after.status) {
		// The root's own record is not counted: "held 0 entries" is an empty directory.
		const count = Math.max(0, (indexTree(before.status === "ok" ? before.tree : after.tree)?.count ?? 1) - 1);
		const detail =
			before.status === "ok"
				? `root is now ${STATUS_WORDS[after.status]} (held ${count} entries)`
				: after.status === "ok"
					? `root now exists (${count} entries)`
					: `root was ${before.status}, is now ${after.status}`;
		return [{ root, path: "", kind: "root", detail }];
	}
	const changes: Change[] = [];
	if (before.realPath !== after.realPath) {
		changes.push({ root, path: "", kind: "root", detail: `root now resolves to ${after.realPath ?? "nothing"}` });
	}
	changes.push(...diffEntries(root, before, after), ...diffGit(root, before.git, after.git));
	return changes.sort(compare);
}

/**
 * Compares two snapshots. A root present in only one of them is reported as a `root` change rather
 * than skipped, so a mismatched pair can never read as "no change".
 */
export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
	const changes: Change[] = [];
	for (const b of before.roots) {
		const a = after.roots.find((r) => r.root === b.root);
		if (a) changes.push(...diffRoot(b, a));
		else changes.push({ root: b.root, path: "", kind: "root", detail: "root is not in the later snapshot" });
	}
	for (const a of after.roots) {
		if (!before.roots.some((r) => r.root === a.root))
			changes.push({ root: a.root, path: "", kind: "root", detail: "root is not in the earlier snapshot" });
	}
	return changes;
}
