/**
 * How the pure validator looks at the file system: through these two small functions, passed in by the
 * caller. The shell (load.ts) passes real node:fs versions; tests pass a fake or a temporary directory.
 */

export type PathKind = "dir" | "file" | "other" | "missing";

/** What a path is, following symlinks, and its real path (symlinks, `.` and `..` resolved) when it exists. */
export interface PathInfo {
	kind: PathKind;
	realPath?: string;
}

/** Looks at one path. Must not throw: an unreadable path is reported as missing. */
export type PathProbe = (path: string) => PathInfo;

/** Names of the subdirectories of a directory (used only to write concrete fixes). Must not throw. */
export type ListSubdirs = (dir: string) => readonly string[];
