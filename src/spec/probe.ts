/**
 * How the pure validator looks at the file system: through these two small functions, passed in by the
 * caller. The shell (load.ts) passes real node:fs versions; tests pass a fake or a temporary directory.
 */

export type PathKind = "dir" | "file" | "other" | "missing";

/** What a path is, following symlinks, and its real path (symlinks, `.` and `..` resolved) when it exists. */
export interface PathInfo {
	kind: PathKind;
	realPath?: string;
	/**
	 * Why a path counts as missing, when the probe knows: the errno code (ENOENT, ELOOP, EACCES,
	 * ENOTDIR, ENAMETOOLONG…), so a message can say "symlink loop" rather than "does not exist".
	 */
	error?: string;
}

/** Looks at one path. Must not throw: a path that cannot be looked at is reported as missing, with its error. */
export type PathProbe = (path: string) => PathInfo;

/** Names of the subdirectories of a directory (used only to write concrete fixes). Must not throw. */
export type ListSubdirs = (dir: string) => readonly string[];
