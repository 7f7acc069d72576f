/**
 * The delta of a working tree: pure comparison of two walks of the same root.
 *
 * What counts as a change, and why:
 * - an entry added or deleted, a type change (file → directory, file → symlink …), a mode change, a
 *   symlink pointing elsewhere;
 * - a regular file whose content changed. Content is judged from hashes when both snapshots have one;
 *   otherwise from metadata: a different size or mtime is a change (a `touch` is a write too: build
 *   tools act on mtimes). Equal size and mtime with a different ctime is ALSO reported: the ctime
 *   moves on every write and cannot be set by a user, so this is exactly what a same-size rewrite
 *   with a restored mtime looks like. It can be a false alarm (a chown, a hard link, an xattr changed
 *   without the content changing) — those are rare under a watched root, and a missed rewrite is the
 *   worse error. With hashes on both sides a bare ctime move is not reported: the content is proven;
 *   with a mode change it is not reported either (the chmod moved the ctime; the path is reported).
 *   Equal size and timestamps on another inode are reported too: another file took the path (a
 *   directory moved over one whose files were checked out in the same clock tick keeps every
 *   timestamp, since a rename changes only the moved directory's own ctime).
 * - the owner of any entry but a symlink (chown), where both snapshots recorded it. A file's
 *   extended attributes and attribute flags (setfattr, chattr) move only its ctime, which the rule
 *   above reports unless hashes prove the content; file systems give no portable way to read them.
 * - A directory's own mtime is not compared: it moves whenever an entry inside is added or removed,
 *   and that entry is reported itself (a temporary file created and removed again is not a change
 *   at all). Adding or removing an entry moves the directory's ctime with its mtime; a ctime that
 *   moved while the mtime stayed (the same inode) is a change of the directory itself (extended
 *   attributes, an ACL, attribute flags).
 */
import { parseEntry } from "./entry.ts";
import { within } from "./exclude.ts";
import { displayName } from "./names.ts";
import { pairRecords } from "./pair.ts";
import { reasonText } from "./reasons.ts";
import { entryTextAt, indexTree, pathName, type TreeIndex } from "./tree.ts";
import type { Change, Entry } from "./types.ts";

export function octal(mode: number): string {
	return mode.toString(8).padStart(3, "0");
}

/** A short description of an entry for an added/deleted line. */
export function describeEntry(entry: Entry): string {
	switch (entry.type) {
		case "file":
			return `file, ${entry.size ?? 0} bytes`;
		case "dir":
			return "directory";
		case "symlink":
			return `symlink → ${displayName(entry.target ?? "")}`;
		default:
			return entry.type;
	}
}

const CTIME_ONLY = "ctime changed with size and mtime unchanged: rewritten in place? content not provably the same";
const INODE_ONLY = "another file at this path (a new inode), same size and mtime: content not provably the same";
const ATTRIBUTES =
	"attributes changed: the ctime moved with no entry added or removed and mode and owner the same (extended attributes, an ACL or chattr flags)";

/** Why a file's content may differ, or null when it provably does not. */
function contentChange(before: Entry, after: Entry): string | null {
	const sizes = before.size === after.size ? `same size, ${after.size} bytes` : `size ${before.size} → ${after.size}`;
	if (before.hash !== undefined && after.hash !== undefined) {
		if (before.hash !== after.hash) return `content changed (${sizes})`;
		return before.mtime === after.mtime ? null : "touched: mtime changed, content identical";
	}
	if (before.size !== after.size) return sizes;
	if (before.mtime !== after.mtime) return `mtime changed (${sizes})`;
	// Both snapshots know the inode (older files did not record it): another inode is another file.
	if (before.ino !== undefined && after.ino !== undefined && before.ino !== after.ino) return INODE_ONLY;
	if (before.ctime !== after.ctime) return CTIME_ONLY;
	return null;
}

/** The owner of each side, when both snapshots recorded it and it differs. */
function ownerChange(b: Entry, a: Entry): string | null {
	if (b.uid === undefined || a.uid === undefined || (b.uid === a.uid && b.gid === a.gid)) return null;
	return `owner ${b.uid}:${b.gid} → ${a.uid}:${a.gid}`;
}

/**
 * The same directory (inode) whose ctime moved while its mtime stayed: adding or removing an entry
 * moves both, so something changed the directory itself (an extended attribute, an ACL, attribute
 * flags). A directory moved in from elsewhere keeps its mtime too, but is another inode; what it
 * holds is compared entry by entry.
 */
function attributesMoved(b: Entry, a: Entry): boolean {
	if (b.ctime === undefined || a.ctime === undefined || b.ino !== a.ino) return false;
	return b.ctime !== a.ctime && b.mtime === a.mtime;
}

/** Compares one entry present in both walks; equal text (the common case) never gets here. */
function compareEntry(
	path: string,
	b: Entry,
	a: Entry,
	add: (path: string, kind: Change["kind"], detail: string) => void,
) {
	if (b.type !== a.type) {
		add(path, "type", `${describeEntry(b)} → ${describeEntry(a)}`);
		return;
	}
	const modeChanged = a.type !== "symlink" && b.mode !== a.mode;
	if (modeChanged) add(path, "mode", `mode ${octal(b.mode ?? 0)} → ${octal(a.mode ?? 0)}`);
	const owner = ownerChange(b, a);
	if (owner !== null) add(path, "mode", owner);
	// A chmod or chown moves the ctime; that alone must not read as a second change.
	const explained = modeChanged || owner !== null;
	if (a.type === "file") {
		const why = contentChange(b, a);
		if (why !== null && !(explained && why === CTIME_ONLY)) add(path, "modified", why);
	} else if (a.type === "dir") {
		if (!explained && attributesMoved(b, a)) add(path, "mode", ATTRIBUTES);
	} else if (a.type === "symlink" && b.target !== a.target) {
		add(path, "link", `target ${displayName(b.target ?? "")} → ${displayName(a.target ?? "")}`);
	}
}

/** What diffEntries needs of a root snapshot. */
export interface WalkedRoot {
	tree: Buffer;
	hashes: Readonly<Record<string, string>>;
	unreadable: Readonly<Record<string, string>>;
	excluded?: readonly string[];
}

/** The entry of record i, with the content hash its snapshot took (if any). */
function entryAt(tree: TreeIndex, i: number, hashes: Readonly<Record<string, string>>, path: string): Entry {
	const entry = parseEntry(entryTextAt(tree, i));
	const hash = Object.hasOwn(hashes, path) ? hashes[path] : undefined;
	if (entry.type === "file" && hash !== undefined) entry.hash = hash;
	return entry;
}

/** A record's path for a change: the root's own record (path '') is named '.', as it always was. */
function changePath(tree: TreeIndex, i: number): string {
	return pathName(tree, i) || ".";
}

function mustIndex(tree: Buffer): TreeIndex {
	const index = indexTree(tree);
	if (index === null) throw new Error("a snapshot tree must end on a record boundary");
	return index;
}

/**
 * Compares the entries of one root. Paths either snapshot excluded are left out; parts either walk
 * could not read are reported as `unreadable` changes when their readability changed.
 */
export function diffEntries(root: string, before: WalkedRoot, after: WalkedRoot): Change[] {
	const changes: Change[] = [];
	const excluded = [...(before.excluded ?? []), ...(after.excluded ?? [])];
	const add = (path: string, kind: Change["kind"], detail: string) => {
		if (excluded.length === 0 || !within(path, excluded)) changes.push({ root, path, kind, detail });
	};
	const blindBefore = Object.keys(before.unreadable);
	const b = mustIndex(before.tree);
	const a = mustIndex(after.tree);
	const compared = new Set<string>();
	pairRecords(
		b,
		a,
		(i, j) => {
			const path = changePath(b, i);
			compared.add(path);
			compareEntry(path, entryAt(b, i, before.hashes, path), entryAt(a, j, after.hashes, path), add);
		},
		(i) => add(changePath(b, i), "deleted", describeEntry(parseEntry(entryTextAt(b, i)))),
		(j) => {
			const path = changePath(a, j);
			// Inside a part the earlier walk could not read we cannot tell new from old.
			if (!within(path, blindBefore)) add(path, "added", describeEntry(parseEntry(entryTextAt(a, j))));
		},
	);
	// Identical records whose content hashes differ: a rewrite within one clock tick.
	for (const [path, hash] of Object.entries(before.hashes)) {
		const later = Object.hasOwn(after.hashes, path) ? after.hashes[path] : undefined;
		if (later !== undefined && later !== hash && !compared.has(path))
			add(path, "modified", "content changed (same size and timestamps)");
	}
	for (const [path, error] of Object.entries(after.unreadable)) {
		if (!Object.hasOwn(before.unreadable, path))
			add(path, "unreadable", `cannot be read now (${reasonText(error)}): changes inside cannot be seen`);
	}
	for (const [path, error] of Object.entries(before.unreadable)) {
		if (!Object.hasOwn(after.unreadable, path))
			add(path, "unreadable", `could not be read before (${reasonText(error)}): its contents were not compared`);
	}
	return changes;
}
