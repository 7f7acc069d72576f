/**
 * The data of the boundary check: snapshots of watched roots, the changes between two snapshots, and
 * the judgement of those changes against `write_allowed`.
 *
 * Snapshots are plain JSON (the CLI writes them, the audit record keeps them), so every shape here is
 * a typebox schema: a snapshot read back from disk is checked against the same definition the code
 * was written against. `version` moves whenever a field's meaning changes; readers refuse others.
 */
import Type, { type Static } from "typebox";

/** Bumped when the meaning of any snapshot field changes; snapshots of another version are refused. */
export const SNAPSHOT_VERSION = 1;

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
	/** Modification time; regular files only. */
	mtime?: string;
	/**
	 * Status-change time; regular files only. Users cannot set it, so it moves on any rewrite even
	 * when the mtime was put back.
	 */
	ctime?: string;
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
	},
	{ description: "The state of one git repository that a root is in or contains", additionalProperties: false },
);
export type GitState = Static<typeof GitStateSchema>;

export const RootSnapshotSchema = Type.Object(
	{
		root: Type.String({ description: "The watched root as an absolute path" }),
		realPath: Type.Union([Type.String(), Type.Null()], {
			description: "The root with symlinks resolved; null when the root does not exist",
		}),
		status: Type.Union([Type.Literal("ok"), Type.Literal("missing"), Type.Literal("not-directory")], {
			description: "Whether the root could be snapshotted: ok, missing, or not a directory",
		}),
		walker: Type.Union([Type.Literal("find"), Type.Literal("node")], {
			description: "Which walk produced the entries: GNU find -printf, or the pure-Node fallback",
		}),
		entries: Type.Array(
			Type.Tuple([
				Type.String({
					description:
						"Path relative to the root, '/'-separated; '.' is the root itself. A byte that is not UTF-8 is " +
						"written as NUL and two hex digits",
				}),
				Type.String({
					description:
						"The entry as text: `f <mode> <size> <mtime> <ctime>[ sha256:<hex>]`, `d <mode>`, `l <target>`, " +
						"or `<p|s|b|c|?> <mode>` (mode in octal, times as `seconds.` plus ten digits, as find prints them)",
				}),
			]),
			{
				description:
					"Every entry under the root, ignored files included, .git contents excluded, in walk order. Pairs " +
					"of text rather than objects: a 100,000-entry tree is built, compared and written several times faster",
			},
		),
		git: Type.Array(GitStateSchema, {
			description: "The repository holding the root (if any) and every repository nested inside it",
		}),
		unreadable: Type.Record(Type.String(), Type.String(), {
			description: "Paths the walk could not look into → the error; changes inside them cannot be seen",
		}),
	},
	{ description: "The snapshot of one watched root", additionalProperties: false },
);
export type RootSnapshot = Static<typeof RootSnapshotSchema>;

export const SnapshotSchema = Type.Object(
	{
		version: Type.Literal(SNAPSHOT_VERSION, { description: "Snapshot format version" }),
		takenAt: Type.String({ description: "When the snapshot started (ISO 8601)" }),
		roots: Type.Array(RootSnapshotSchema, { description: "One snapshot per watched root, in the order given" }),
	},
	{ description: "A snapshot of every watched root at one moment", additionalProperties: false },
);
export type Snapshot = Static<typeof SnapshotSchema>;

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

/** What a walk of one root found. */
export interface WalkResult {
	/** [relative path, entry text] pairs in walk order. */
	entries: Array<[string, string]>;
	/** Indices into `entries` of files touched after the racy cutoff: they need a content hash. */
	racy: number[];
	/** Paths the walk could not look into → why. */
	unreadable: Record<string, string>;
}
