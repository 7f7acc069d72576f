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
 * - A directory's own timestamps are never compared: they move whenever an entry inside is added or
 *   removed, and that entry is reported itself (a temporary file created and removed again is not a
 *   change at all).
 */
import { parseEntry } from "./entry.ts";
import { displayName } from "./names.ts";
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

/** Why a file's content may differ, or null when it provably does not. */
function contentChange(before: Entry, after: Entry): string | null {
	const sizes = before.size === after.size ? `same size, ${after.size} bytes` : `size ${before.size} → ${after.size}`;
	if (before.hash !== undefined && after.hash !== undefined) {
		if (before.hash !== after.hash) return `content changed (${sizes})`;
		return before.mtime === after.mtime ? null : "touched: mtime changed, content identical";
	}
	if (before.size !== after.size) return sizes;
	if (before.mtime !== after.mtime) return `mtime changed (${sizes})`;
	if (before.ctime !== after.ctime) return CTIME_ONLY;
	return null;
}

/** True when `path` lies inside one of `dirs` (or is one). */
function within(path: string, dirs: readonly string[]): boolean {
	return dirs.some((dir) => dir === "" || path === dir || path.startsWith(`${dir}/`));
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
	if (a.type === "file") {
		const why = contentChange(b, a);
		// A chmod moves the ctime; that alone must not read as a second, content change.
		if (why !== null && !(modeChanged && why === CTIME_ONLY)) add(path, "modified", why);
	} else if (a.type === "symlink" && b.target !== a.target) {
		add(path, "link", `target ${displayName(b.target ?? "")} → ${displayName(a.target ?? "")}`);
	}
}

/** What diffEntries needs of a root snapshot. */
export interface WalkedRoot {
	entries: ReadonlyArray<[string, string]>;
	unreadable: Record<string, string>;
}

/**
 * Pairs up the entries of two walks and calls `same` for each path in both, `gone` and `fresh` for
 * the rest. Both walks list a directory in the same order when it did not change, so the lists are
 * read in step and only entries out of step go through a map: comparing an unchanged 100,000-entry
 * tree is one pass of string comparisons, and a block of K inserted or deleted entries costs about
 * 2K map operations before the two lists line up again.
 */
export function pairEntries(
	before: ReadonlyArray<[string, string]>,
	after: ReadonlyArray<[string, string]>,
	same: (path: string, before: string, after: string) => void,
	gone: (path: string, text: string) => void,
	fresh: (path: string, text: string) => void,
): void {
	const pendingBefore = new Map<string, string>();
	const pendingAfter = new Map<string, string>();
	let i = 0;
	let j = 0;
	while (i < before.length || j < after.length) {
		const b = before[i];
		const a = after[j];
		if (b !== undefined && a !== undefined && b[0] === a[0]) {
			same(b[0], b[1], a[1]);
			i++;
			j++;
			continue;
		}
		const laterB = b === undefined ? undefined : pendingAfter.get(b[0]);
		if (b !== undefined && laterB !== undefined) {
			pendingAfter.delete(b[0]);
			same(b[0], b[1], laterB);
			i++;
			continue;
		}
		const earlierA = a === undefined ? undefined : pendingBefore.get(a[0]);
		if (a !== undefined && earlierA !== undefined) {
			pendingBefore.delete(a[0]);
			same(a[0], earlierA, a[1]);
			j++;
			continue;
		}
		if (b !== undefined) {
			pendingBefore.set(b[0], b[1]);
			i++;
		}
		if (a !== undefined) {
			pendingAfter.set(a[0], a[1]);
			j++;
		}
	}
	for (const [path, text] of pendingBefore) gone(path, text);
	for (const [path, text] of pendingAfter) fresh(path, text);
}

/** Compares the entries of one root. `unreadable` maps are the parts each walk could not enter. */
export function diffEntries(root: string, before: WalkedRoot, after: WalkedRoot): Change[] {
	const changes: Change[] = [];
	const add = (path: string, kind: Change["kind"], detail: string) => changes.push({ root, path, kind, detail });
	const blindBefore = Object.keys(before.unreadable);
	pairEntries(
		before.entries,
		after.entries,
		(path, old, text) => {
			if (old !== text) compareEntry(path, parseEntry(old), parseEntry(text), add);
		},
		(path, text) => add(path, "deleted", describeEntry(parseEntry(text))),
		(path, text) => {
			// Inside a part the earlier walk could not read we cannot tell new from old.
			if (!within(path, blindBefore)) add(path, "added", describeEntry(parseEntry(text)));
		},
	);
	for (const [path, error] of Object.entries(after.unreadable)) {
		if (!Object.hasOwn(before.unreadable, path))
			add(path, "unreadable", `cannot be read now (${error}): changes inside cannot be seen`);
	}
	for (const [path, error] of Object.entries(before.unreadable)) {
		if (!Object.hasOwn(after.unreadable, path))
			add(path, "unreadable", `could not be read before (${error}): its contents were not compared`);
	}
	return changes;
}
