/**
 * What names a snapshot file: its format version, the header mark of the compact form and the
 * gzip magic that tells the compact form from JSON. Kept apart from the schemas (formats.ts,
 * types.ts) so that reading a snapshot loads no schema library: those load only to explain a file
 * that does not fit (format-checks.ts).
 */

/**
 * Bumped when the meaning of any snapshot field changes; snapshots of another version are refused.
 * 3 added the owner (and a directory's times and inode) to the entry text and the object store
 * and reflogs to the repository state.
 */
export const SNAPSHOT_VERSION = 3;

/**
 * The version before, still read as it is: its entries and repository states only lack what 3
 * added, and what either side lacks is not compared.
 */
export const PREVIOUS_VERSION = 2;

/** The first bytes of a gzip stream: how a compact snapshot is told from a JSON one. */
export const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** The `format` of a compact snapshot's header, so a stray gzip file is refused by name. */
export const COMPACT_FORMAT = "pi-delegate boundary snapshot";
