/**
 * The file forms of a snapshot, as typebox schemas so what is read back is checked against the
 * definition it was written with (through the checks generated from them, format-checks.ts):
 *
 * - compact (the audit record, `boundary snapshot -o`): gzip of one JSON header line followed by
 *   the trees' bytes, root after root. A 110,000-entry tree takes about 0.4 MB;
 * - JSON (`boundary snapshot` to stdout, and every snapshot an earlier version wrote): entries as
 *   [path, text] pairs, readable with jq.
 */
import Type, { type Static } from "typebox";
import { GitStateSchema, RootStatusSchema } from "./types.ts";
import { COMPACT_FORMAT, PREVIOUS_VERSION, SNAPSHOT_VERSION } from "./version.ts";

const common = {
	root: Type.String({ description: "The watched root as an absolute path, as given" }),
	realPath: Type.Union([Type.String(), Type.Null()], {
		description: "The root with symlinks resolved; null when it could not be resolved",
	}),
	walker: Type.Union([Type.Literal("find"), Type.Literal("node")], {
		description: "Which walk produced the entries: GNU find -printf, or the pure-Node walk",
	}),
	git: Type.Array(GitStateSchema, {
		description: "The repository holding the root (if any) and every repository nested inside it",
	}),
	unreadable: Type.Record(Type.String(), Type.String(), {
		description:
			"Parts the walk could not look into ('' is the root) → errno code or reason; changes inside them cannot be seen",
	}),
};

const v2 = {
	status: RootStatusSchema,
	hashes: Type.Record(Type.String(), Type.String(), {
		description: "Content hashes (sha256) of the files whose metadata alone could not prove a later rewrite",
	}),
	excluded: Type.Array(Type.String(), {
		description: "Paths relative to the root that were deliberately not walked (the spec's exclude)",
	}),
};

const ENTRY_TEXT =
	"The entry as text: `f <mode> <size> <mtime> <ctime> <inode> <uid> <gid>`, `d <mode> <uid> <gid> <mtime> " +
	"<ctime> <inode>`, `l <target>`, or `<p|s|b|c|?> <mode> <uid> <gid>` (mode in octal, times as `seconds.` plus " +
	"ten digits, as find prints them; version 2 wrote `f <mode> <size> <mtime> <ctime> <inode>`, `d <mode>`, " +
	"`<p|s|b|c|?> <mode>`)";

/** This version, or the one before, which is read as it is (version.ts). */
const VERSION = Type.Union([Type.Literal(PREVIOUS_VERSION), Type.Literal(SNAPSHOT_VERSION)], {
	description: "Snapshot format version",
});
const ENTRY_PATH =
	"Path relative to the root, '/'-separated. A byte that is not UTF-8 is written as NUL and two hex digits";

export const CompactRootSchema = Type.Object(
	{
		...common,
		...v2,
		treeBytes: Type.Integer({
			minimum: 0,
			description: "How many bytes of the payload after the header are this root's tree (records `path NUL text NUL`)",
		}),
	},
	{ description: "One root in a compact snapshot's header", additionalProperties: false },
);

export const CompactHeaderSchema = Type.Object(
	{
		format: Type.Literal(COMPACT_FORMAT, { description: "Names the file as a pi-delegate snapshot" }),
		version: VERSION,
		takenAt: Type.String({ description: "When the snapshot started (ISO 8601)" }),
		roots: Type.Array(CompactRootSchema, { description: "One entry per watched root, in the order given" }),
	},
	{ description: "The first line of a compact snapshot", additionalProperties: false },
);
export type CompactHeader = Static<typeof CompactHeaderSchema>;

export const JsonRootSchema = Type.Object(
	{
		...common,
		...v2,
		entries: Type.Array(
			Type.Tuple([
				Type.String({ description: `${ENTRY_PATH}; '' is the root itself` }),
				Type.String({ description: ENTRY_TEXT }),
			]),
			{ description: "Every entry under the root, ignored files included, .git contents excluded, in walk order" },
		),
	},
	{ description: "The snapshot of one watched root, as JSON", additionalProperties: false },
);

export const JsonSnapshotSchema = Type.Object(
	{
		version: VERSION,
		takenAt: Type.String({ description: "When the snapshot started (ISO 8601)" }),
		roots: Type.Array(JsonRootSchema, { description: "One snapshot per watched root, in the order given" }),
	},
	{ description: "A snapshot of every watched root at one moment, as JSON", additionalProperties: false },
);
export type JsonSnapshot = Static<typeof JsonSnapshotSchema>;

/** What version 1 wrote: the root entry last as '.', content hashes inside the entry text. */
export const V1SnapshotSchema = Type.Object(
	{
		version: Type.Literal(1, { description: "Snapshot format version 1" }),
		takenAt: Type.String({ description: "When the snapshot started (ISO 8601)" }),
		roots: Type.Array(
			Type.Object(
				{
					...common,
					status: Type.Union([Type.Literal("ok"), Type.Literal("missing"), Type.Literal("not-directory")], {
						description: "Whether the root could be snapshotted",
					}),
					entries: Type.Array(
						Type.Tuple([
							Type.String({ description: `${ENTRY_PATH}; '.' is the root itself` }),
							Type.String({ description: `${ENTRY_TEXT}, then ' sha256:<hex>' when hashed` }),
						]),
						{ description: "Every entry under the root, in walk order, the root itself last" },
					),
				},
				{ description: "The snapshot of one watched root (version 1)", additionalProperties: false },
			),
			{ description: "One snapshot per watched root" },
		),
	},
	{ description: "A snapshot as version 1 wrote it", additionalProperties: false },
);
export type V1Snapshot = Static<typeof V1SnapshotSchema>;
