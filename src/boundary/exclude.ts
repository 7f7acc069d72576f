/**
 * Excluded paths: parts of a root the spec says not to check (a cache, a mount that cannot be
 * read). They are neither walked nor compared, and every report lists them as not checked.
 */
import { posix } from "node:path";

/** `/a/b/../c/` → `/a/c`. */
function lexical(path: string): string {
	const normal = posix.normalize(path);
	return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

/** `inner` relative to `outer` when strictly inside it, else null. */
function below(inner: string, outer: string): string | null {
	if (inner === outer) return null;
	const prefix = outer === "/" ? "/" : `${outer}/`;
	return inner.startsWith(prefix) ? inner.slice(prefix.length) : null;
}

/**
 * The exclusions inside one root, relative to it, sorted and without repeats. A path is matched
 * against the root's real path first (a spec's exclusions are real paths), then as given.
 */
export function excludedBelow(root: { absolute: string; real: string | null }, exclude: readonly string[]): string[] {
	const found = new Set<string>();
	for (const path of exclude) {
		const given = lexical(path);
		const rel = (root.real === null ? null : below(given, root.real)) ?? below(given, lexical(root.absolute));
		if (rel !== null) found.add(rel);
	}
	return [...found].sort();
}

/** True when `path` (relative to a root) is one of `dirs` or lies inside one; '' covers everything. */
export function within(path: string, dirs: readonly string[]): boolean {
	return dirs.some((dir) => dir === "" || path === dir || path.startsWith(`${dir}/`));
}
