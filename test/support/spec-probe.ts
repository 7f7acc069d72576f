/**
 * A file system made of directories only, for the pure spec validator (`validateSpec` looks at paths
 * through a `PathProbe`): the paths named are directories, each its own real path, and every other
 * path is missing. Tests of a spec's fields need only their roots to exist; a test of an unreachable
 * path names the errno it should be missing with.
 */
import type { PathProbe } from "../../src/spec/probe.ts";
import type { ValidateOptions } from "../../src/spec/validate.ts";

/** `dirs` are directories; any other path is missing with its errno from `errors`, else ENOENT (as node:fs says). */
export function dirsProbe(dirs: Iterable<string>, errors: Readonly<Record<string, string>> = {}): PathProbe {
	const known = new Set(dirs);
	return (path) =>
		known.has(path) ? { kind: "dir", realPath: path } : { kind: "missing", error: errors[path] ?? "ENOENT" };
}

/** `validateSpec`'s options for a file system where only /v/repo exists, with no subdirectories to suggest. */
export const REPO_ONLY: ValidateOptions = { probe: dirsProbe(["/v/repo"]), subdirs: () => [] };
