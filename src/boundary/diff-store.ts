/**
 * The delta of a repository's object store and reflogs (git-store.ts): pure comparison of two
 * listings. Growth is not reported: a new loose object or pack, a new or longer reflog is what
 * every commit, stash or fetch does, damages nothing, and may come from outside the root (a root
 * below the top of its work tree, a linked worktree, share the store); the ref, HEAD and index
 * changes that matter are reported by diff-git.ts. Everything else is: an object, pack, reflog or
 * directory deleted; a file replaced (another inode), cut, or rewritten in place (an object file
 * git only touched, and which checks out against its own checksum, is marked intact and passes);
 * a mode, owner or
 * attribute change; anything added to objects/info (alternates, commit-graph, the packs list) or
 * anywhere else outside the places that grow.
 */
import { octal } from "./diff-entries.ts";
import { parseEntry } from "./entry.ts";
import type { Entry } from "./types.ts";

/** The entry text git-store.ts lists for a part it could not read: `! <errno code>`. */
export const UNREADABLE_MARK = "!";
/**
 * Appended to an object file's entry text when only its times moved and its content checked out
 * against its own checksum (git-store-verify.ts): git touched it, nothing damaged it.
 */
export const INTACT_MARK = " intact";

/** One store path that changed in a way growth does not explain. */
export interface StoreChange {
	/** The listing's key (git-store.ts), relative to the shared git directory. */
	key: string;
	detail: string;
}

/** Where new entries are what git's own writes make: loose object directories, packs, reflogs. */
const GROWS = /^(?:(?:objects|alternates\/\d+)\/(?:[0-9a-f]{2}|pack)|(?:worktrees\/[^/]+\/)?logs)(?:\/|$)/;
const LOG = /^(?:worktrees\/[^/]+\/)?logs\//;

const kindOf = (entry: Entry) => (entry.type === "dir" ? "directory" : entry.type);

/** A file that only grew: the same inode, mode and owner, longer. */
function appended(b: Entry, a: Entry): boolean {
	return (
		b.type === "file" &&
		a.type === "file" &&
		b.ino === a.ino &&
		b.mode === a.mode &&
		b.uid === a.uid &&
		b.gid === a.gid &&
		(a.size ?? 0) > (b.size ?? 0)
	);
}

/** How one entry changed, or null when it did not in any way that matters. */
function describe(b: Entry, a: Entry): string | null {
	if (b.type !== a.type) return `${kindOf(b)} → ${kindOf(a)}`;
	if (b.mode !== a.mode) return `mode ${octal(b.mode ?? 0)} → ${octal(a.mode ?? 0)}`;
	if (b.uid !== a.uid || b.gid !== a.gid) return `owner ${b.uid}:${b.gid} → ${a.uid}:${a.gid}`;
	if (b.ino !== a.ino) return `replaced (another inode)${b.type === "file" ? `, size ${b.size} → ${a.size}` : ""}`;
	if (b.type === "dir") {
		// Entries added or removed move both times; the entries are judged themselves.
		return b.ctime !== a.ctime && b.mtime === a.mtime ? "attributes changed (ctime moved, mtime did not)" : null;
	}
	if (b.size !== a.size) return `size ${b.size} → ${a.size}`;
	if (b.mtime !== a.mtime) return "touched or rewritten in place: mtime changed, same size and inode";
	if (b.ctime !== a.ctime) return "rewritten in place or its attributes changed: ctime changed, same size and mtime";
	return null;
}

const unreadable = (text: string) => text.startsWith(UNREADABLE_MARK);

/** Compares two listings of one repository's store: every change but growth. */
export function diffStore(
	before: Readonly<Record<string, string>>,
	after: Readonly<Record<string, string>>,
): StoreChange[] {
	const changes: StoreChange[] = [];
	const change = (key: string, detail: string) => changes.push({ key, detail });
	for (const [key, text] of Object.entries(before)) {
		if (!Object.hasOwn(after, key))
			change(key, unreadable(text) ? "could not be read before, and is gone" : `${kindOf(parseEntry(text))} deleted`);
	}
	for (const [key, text] of Object.entries(after)) {
		const was = Object.hasOwn(before, key) ? before[key] : undefined;
		if (was === undefined) {
			if (unreadable(text)) change(key, `added, and cannot be read (${text.slice(2)})`);
			else if (!GROWS.test(key)) change(key, `${kindOf(parseEntry(text))} added`);
			continue;
		}
		if (was === text || text.endsWith(INTACT_MARK)) continue;
		if (unreadable(was) || unreadable(text)) {
			change(key, unreadable(text) ? `cannot be read now (${text.slice(2)})` : "could not be read before");
			continue;
		}
		const [b, a] = [parseEntry(was), parseEntry(text)];
		if (LOG.test(key) && appended(b, a)) continue;
		const why = describe(b, a);
		if (why !== null) change(key, why);
	}
	return changes;
}
