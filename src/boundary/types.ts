/**
 * The data of the boundary check: snapshots of watched roots, the changes between two snapshots, and
 * the judgement of those changes against `write_allowed`.
 *
 * The parts of a snapshot that are written to files as JSON (repository state, changes) are typebox
 * schemas, so what is read back from disk is checked against the same definition the code was
 * written against (the file forms themselves are in formats.ts). `version` moves whenever a field's
 * meaning changes; readers convert the versions they know and refuse others.
 */
import Type, { type Static } from "typebox";
import type { SNAPSHOT_VERSION } from "./version.ts";

export { SNAPSHOT_VERSION } from "./version.ts";

export const EntryTypeSchema = Type.Union(
	[
		Type.Literal("file"),
		Type.Literal("dir"),
		Type.Literal("symlink"),
		Type.Literal("fifo"),
		Type.Literal("socket"),
		Type.Literal("block"),
		Type.Literal("char"),
		Type.Literal("other"),
	],
	{ description: "What kind of file system object the entry is (symlinks are never followed)" },
);
export type EntryType = Static<typeof EntryTypeSchema>;

/**
 * One working-tree entry, parsed from its snapshot text (see entry.ts for the text form). Times are
 * `seconds.nanoseconds` with nine digits.
 */
export interface Entry {
	type: EntryType;
	/** Permission bits (mode & 0o7777); absent for symlinks, whose mode means nothing on Linux. */
	mode?: number;
	/** Size in bytes; regular files only. */
	size?: number;
	/** Modification time; regular files and directories. */
	mtime?: string;
	/**
	 * Status-change time; regular files and directories. Users cannot set it, so it moves on any
	 * rewrite even when the mtime was put back, and on a change of owner, mode, extended attributes
	 * or attribute flags (chattr).
	 */
	ctime?: string;
	/**
	 * The inode number (decimal text: it can pass 2^53); regular files and directories, absent in
	 * files written before it was recorded. Another inode at the same path is another file, even
	 * with the same size and timestamps (a directory moved over one that held files checked out in
	 * the same tick).
	 */
	ino?: string;
	/** Owner and group; every type but symlinks, absent in files written before version 3. */
	uid?: number;
	gid?: number;
	/** sha256 of the content, taken only where metadata alone cannot prove a later rewrite. */
	hash?: string;
	/** Where a symlink points, as stored in the link (never followed). */
	target?: string;
}

export const GitFileSchema = Type.Object(
	{
		type: EntryTypeSchema,
		mode: Type.Integer({ description: "Permission bits (mode & 0o7777)" }),
		hash: Type.Optional(Type.String({ description: "sha256 of the content; regular files only" })),
		target: Type.Optional(Type.String({ description: "Where a symlink points" })),
	},
	{
		description: "A file of the repository's own state (config, hooks, info/…), hashed in full",
		additionalProperties: false,
	},
);
export type GitFile = Static<typeof GitFileSchema>;

export const GitStateSchema = Type.Object(
	{
		repo: Type.String({
			description:
				"Where the repository's work tree sits relative to the root: '' for the repository that holds " +
				"the root (at or above it), 'a/b' for a repository nested inside the root",
		}),
		gitDir: Type.String({ description: "Absolute path of the repository's (per-worktree) git directory" }),
		commonDir: Type.String({ description: "Absolute path of the shared git directory (refs, config, hooks)" }),
		branch: Type.Union([Type.String(), Type.Null()], {
			description: "The ref HEAD points at (e.g. refs/heads/main), or null when HEAD is detached",
		}),
		commit: Type.Union([Type.String(), Type.Null()], {
			description: "The commit HEAD resolves to, or null before the first commit",
		}),
		refs: Type.Record(Type.String(), Type.String(), {
			description: "Every ref (branches, tags, remotes, stash, notes…) → the object it names",
		}),
		stash: Type.Array(Type.String(), { description: "Stash entries, newest first (commit ids)" }),
		index: Type.Array(
			Type.Tuple([
				Type.String({ description: "Path relative to `repo`" }),
				Type.String({ description: "`tag mode object stage` per stage, ';'-joined (several for a conflict)" }),
			]),
			{
				description:
					"Index entries under the root, in index order. Content, not the raw index file, whose stat cache git " +
					"rewrites by itself",
			},
		),
		config: Type.Record(Type.String(), Type.String(), {
			description: "Repository config keys → sha256 of their values (values may hold credentials)",
		}),
		files: Type.Record(Type.String(), GitFileSchema, {
			description: "Repository state files by path relative to commonDir: config, hooks/…, info/…, markers",
		}),
		store: Type.Optional(
			Type.Record(Type.String(), Type.String(), {
				description:
					"The object store and reflogs as metadata: objects/…, logs/…, worktrees/<id>/logs/…, alternates/<n>/… " +
					"(relative to commonDir) → the entry text of the walk (mode, owner, size, times, inode), or " +
					"`! <errno code>` where a part could not be read. Absent in snapshots before version 3",
			}),
		),
	},
	{ description: "The state of one git repository that a root is in or contains", additionalProperties: false },
);
export type GitState = Static<typeof GitStateSchema>;

/** Whether a root could be snapshotted at all. */
export const RootStatusSchema = Type.Union(
	[Type.Literal("ok"), Type.Literal("missing"), Type.Literal("not-directory"), Type.Literal("unreadable")],
	{
		description:
			"ok; missing (the root does not exist); not-directory; unreadable (its path cannot be resolved or " +
			"looked at: the reason is in unreadable under '')",
	},
);
export type RootStatus = Static<typeof RootStatusSchema>;

/**
 * The snapshot of one watched root, in memory. The working tree is kept as the bytes the walk
 * printed (`tree`, see tree.ts) rather than one object per entry: a 550,000-entry tree then costs
 * its ~50 MB of text once instead of several times that in strings and arrays, and two unchanged
 * walks compare with one memcmp. The file forms of a snapshot are in formats.ts.
 */
export interface RootSnapshot {
	/** The watched root as an absolute path, as it was given. */
	root: string;
	/** The root with symlinks resolved; null when it could not be resolved. */
	realPath: string | null;
	status: RootStatus;
	/** Which walk produced the tree: GNU find -printf, or the pure-Node walk. */
	walker: "find" | "node";
	/**
	 * Every entry under the root (ignored files included, .git contents and excluded paths left
	 * out), as `path NUL text NUL` records in walk order. The first record is the root itself, with
	 * an empty path. Paths are the raw bytes of the names, relative to the root.
	 */
	tree: Buffer;
	/** Content hashes of the files whose metadata alone could not prove a later rewrite: path → sha256. */
	hashes: Record<string, string>;
	/** The repository holding the root (if any) and every repository nested inside it. */
	git: GitState[];
	/**
	 * Parts that could not be looked into → why (an errno code such as EACCES, or a sentence).
	 * Changes inside them cannot be seen. '' is the root itself.
	 */
	unreadable: Record<string, string>;
	/** Paths relative to the root that were deliberately not walked (the spec's `exclude`). */
	excluded: string[];
}

/** A snapshot of every watched root at one moment. */
export interface Snapshot {
	version: typeof SNAPSHOT_VERSION;
	/** When the snapshot started (ISO 8601). */
	takenAt: string;
	/** One snapshot per watched root, in the order given. */
	roots: RootSnapshot[];
}

export const ChangeKindSchema = Type.Union(
	[
		Type.Literal("added"),
		Type.Literal("deleted"),
		Type.Literal("modified"),
		Type.Literal("type"),
		Type.Literal("mode"),
		Type.Literal("link"),
		Type.Literal("unreadable"),
		Type.Literal("root"),
		Type.Literal("head"),
		Type.Literal("ref"),
		Type.Literal("index"),
		Type.Literal("git-config"),
		Type.Literal("git-hook"),
		Type.Literal("git-file"),
	],
	{
		description:
			"added/deleted/modified/type/mode/link: a working-tree entry; unreadable: a part that became " +
			"unreadable; root: the root itself; head/ref/index/git-*: repository state",
	},
);
export type ChangeKind = Static<typeof ChangeKindSchema>;

export const ChangeSchema = Type.Object(
	{
		root: Type.String({ description: "The watched root the change is in (absolute, as snapshotted)" }),
		path: Type.String({
			description: "Relative to the root; repository state is written `<repo>/.git/<name>` (HEAD, refs/…, hooks/…)",
		}),
		kind: ChangeKindSchema,
		detail: Type.String({ description: "A short human description, e.g. `size 120 → 131`, `new tag v1.0`" }),
	},
	{ description: "One path-level change between two snapshots", additionalProperties: false },
);
export type Change = Static<typeof ChangeSchema>;

/** The changes split by whether their root may be written. */
export interface Judgement {
	/** Changes in roots that are not in write_allowed: each one fails the task. */
	violations: Change[];
	/** Changes in roots that are in write_allowed. */
	allowed: Change[];
}

/** A part of a root that the check did not look into, and why. */
export type UncheckedPart =
	| {
			kind: "unreadable";
			root: string;
			/** Relative to the root; '' is the root itself. */
			path: string;
			/** The reason in plain words, e.g. `permission denied (EACCES)`. */
			reason: string;
			/** Which snapshot could not read it. */
			when: "before" | "after" | "both";
			/** True when it fails the task: a change inside could hide a violation (a watched-only root). */
			fails: boolean;
	  }
	| {
			kind: "excluded";
			root: string;
			path: string;
			/** An exclusion is the spec's own decision: it never fails the task. */
			fails: false;
	  };

/** Everything the boundary check found between two snapshots (see findings.ts). */
export interface BoundaryFindings {
	/** Every change outside excluded paths, in diffSnapshots order. */
	changes: Change[];
	/** Changes in roots that are not writable: each one fails the task. */
	violations: Change[];
	/** Changes in writable roots. */
	allowed: Change[];
	/** Every part that was not checked: unreadable in either snapshot, or excluded. */
	unchecked: UncheckedPart[];
	/**
	 * What fails the task: every violation, then every failing unchecked part as a change of kind
	 * `unreadable` (detail `could not check <path>: <reason>`), so a consumer of violations lists both.
	 */
	failures: Change[];
}
