/**
 * Path arithmetic for comparing roots. Pure: the only file-system knowledge comes from the probe, and a
 * path the probe cannot resolve falls back to its lexical form (so a missing root still compares
 * sensibly against the others).
 */
import { posix } from "node:path";
import type { PathProbe } from "./probe.ts";

/** `/a/b/../c/` → `/a/c`; leaves relative paths relative. */
export function lexical(path: string): string {
	const normal = posix.normalize(path);
	return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

export function isAbsolute(path: string): boolean {
	return posix.isAbsolute(path);
}

/** The identity of a path for comparison: its real path when it exists, else its lexical form. */
export function identity(path: string, probe: PathProbe): string {
	return probe(path).realPath ?? lexical(path);
}

/** True when `inner` is strictly below `outer` (both already normalized). */
export function isInside(inner: string, outer: string): boolean {
	if (inner === outer) return false;
	return outer === "/" ? inner.startsWith("/") : inner.startsWith(`${outer}/`);
}

/** The path segments leading from `outer` down to `inner` (`inner` must be inside `outer`). */
export function segmentsBelow(inner: string, outer: string): string[] {
	const rest = outer === "/" ? inner.slice(1) : inner.slice(outer.length + 1);
	return rest.split("/").filter((s) => s !== "");
}

export function join(dir: string, name: string): string {
	return dir === "/" ? `/${name}` : `${dir}/${name}`;
}
