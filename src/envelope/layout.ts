/**
 * A small file tree described as data (files, directories, symlinks). Verification cases are
 * written this way so the same case runs against a real directory in the selftest and against
 * memory in the unit tests (test/support/memory-probe.ts), and must give the same answer in both.
 */
export interface Layout {
	/** Relative path → file content. Parent directories exist implicitly. */
	files?: Readonly<Record<string, string>>;
	/** Relative paths of (possibly empty) directories. */
	dirs?: readonly string[];
	/** Relative path of a link → its target, as `ln -s` takes it (relative to the link's directory, or absolute). */
	symlinks?: Readonly<Record<string, string>>;
}
