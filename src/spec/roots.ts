/**
 * Rules for `roots`, the watched set: every entry an existing absolute directory, no two the same
 * directory, none inside another. Directories are compared by real path, so `/a/b/`, `/a/x/../b` and a
 * symlink to `/a/b` are one root. Nesting is refused because each root is snapshotted and diffed on its
 * own: a root inside another is watched twice, and its writability would be ambiguous.
 */
import { posix } from "node:path";
import type { PathSegment, Problem, ProblemCode } from "../problems.ts";
import { isAbsolute, isInside, join, lexical, segmentsBelow } from "./paths.ts";
import type { ListSubdirs, PathProbe } from "./probe.ts";

export interface PathOptions {
	probe: PathProbe;
	/** Lets fixes name real sibling directories; without it they speak in general terms. */
	subdirs?: ListSubdirs;
	/** Used to suggest an absolute spelling of a relative path. */
	cwd?: string;
	/** Used to suggest an expansion of a leading `~`. */
	home?: string;
}

/** One usable entry of `roots`. */
export interface RootEntry {
	index: number;
	given: string;
	/** Real path when the directory exists, else the lexical form. */
	real: string;
}

/** Problem for a path that is not absolute, with a concrete absolute spelling when one can be guessed. */
export function relativeProblem(
	path: readonly PathSegment[],
	value: string,
	field: string,
	options: PathOptions,
): Problem {
	const tilde = value === "~" || value.startsWith("~/");
	let guess: string | undefined;
	if (tilde && options.home) guess = lexical(options.home + value.slice(1));
	else if (!tilde && options.cwd) guess = posix.resolve(options.cwd, value);
	return {
		path,
		code: "invalid_value",
		value,
		message: tilde
			? `starts with "~", which is not expanded here; ${field} must be absolute paths`
			: `is a relative path; ${field} must be absolute, because the child and the boundary diff may run from another working directory`,
		fix: guess ? `write ${JSON.stringify(guess)}` : 'write the absolute path, starting with "/"',
	};
}

/**
 * Why a path the probe could not look at is unusable, in honest words: a symlink loop or a
 * permission problem is not "does not exist". Undefined for a plain missing path (ENOENT).
 */
export function unreachableMessage(
	error: string | undefined,
): { code: ProblemCode; message: string; fix: string } | undefined {
	switch (error) {
		case "ELOOP":
			return {
				code: "invalid_value",
				message: "is a symlink loop (ELOOP): following its links leads back to a link, so it names no directory",
				fix: "point the symlink at a real directory, or give the directory's real path",
			};
		case "EACCES":
		case "EPERM":
			return {
				code: "unreadable",
				message: `cannot be looked at: permission denied (${error}) on it or on a directory above it`,
				fix: "give a path this user can reach (each directory on the way needs search permission), or run as a user who can",
			};
		case "ENOTDIR":
			return {
				code: "not_found",
				message: "does not exist: a name on the way to it is a file, not a directory (ENOTDIR)",
				fix: "correct the path; only its last name may be something other than a directory",
			};
		case "ENAMETOOLONG":
			return {
				code: "too_big",
				message: "is too long for the file system (ENAMETOOLONG): the whole path or one of its names is over the limit",
				fix: "use a shorter path, e.g. through a symlink with a short name",
			};
		default:
			return undefined;
	}
}

function kindProblem(
	path: readonly PathSegment[],
	value: string,
	kind: "missing" | "file" | "other",
	error?: string,
): Problem {
	if (kind === "missing") {
		const unreachable = unreachableMessage(error);
		if (unreachable) return { path, value, ...unreachable };
		return {
			path,
			code: "not_found",
			value,
			message: "does not exist; every root must be an existing directory, since it is snapshotted before the run",
			fix: "create the directory first, or correct the path",
		};
	}
	const parent = posix.dirname(lexical(value));
	return {
		path,
		code: "invalid_value",
		value,
		message: kind === "file" ? "is a file, not a directory; roots are directories" : "is not a directory",
		fix:
			kind === "file"
				? `use its directory ${JSON.stringify(parent)} as the root (and list the file in context.files if the child should read it)`
				: "give a directory",
	};
}

/**
 * The directories that would replace `outer` in roots so that `inner` becomes a root of its own while
 * everything else under `outer` stays watched: the siblings of each directory on the way down. Returns
 * undefined when subdirectories cannot be listed.
 */
export function replacementDirs(outer: RootEntry, inner: string, subdirs: ListSubdirs | undefined) {
	if (!subdirs) return undefined;
	const shown = lexical(outer.given);
	const out: string[] = [];
	let realDir = outer.real;
	let shownDir = shown;
	for (const segment of segmentsBelow(inner, outer.real)) {
		for (const name of [...subdirs(realDir)].sort()) if (name !== segment) out.push(join(shownDir, name));
		realDir = join(realDir, segment);
		shownDir = join(shownDir, segment);
	}
	return out;
}

/** `"a", "b", "c"` — at most `max` of them, then a count of the rest. */
export function quoteList(paths: readonly string[], max = 8): string {
	const shown = paths.slice(0, max).map((p) => JSON.stringify(p));
	if (paths.length > max) shown.push(`and ${paths.length - max} more`);
	return shown.join(", ");
}

/**
 * How to turn `outer` into roots that no longer contain `inner`, as a clause for a fix: names the
 * replacement directories when they can be listed, and says what stops being watched.
 */
export function splitAdvice(outer: RootEntry, inner: string, options: PathOptions): string {
	const dirs = replacementDirs(outer, inner, options.subdirs);
	const shown = JSON.stringify(lexical(outer.given));
	const loose = `files directly inside ${shown}${segmentsBelow(inner, outer.real).length > 1 ? " and the directories between" : ""} are then not watched`;
	if (!dirs) return `replace ${shown} in roots by its other subdirectories (${loose})`;
	if (dirs.length === 0) return `drop ${shown} from roots: it has no other subdirectories (${loose})`;
	return `replace ${shown} in roots by its other subdirectories ${quoteList(dirs)} (${loose})`;
}

/** The kernel's virtual file systems: their files change by themselves, so no diff of them could pass. */
const VIRTUAL = ["/proc", "/sys", "/dev"] as const;

/**
 * Why a directory cannot be watched at all, whatever the child does: the file system's root (a
 * snapshot of every file on the machine, the virtual ones among them), or a place inside a virtual
 * file system. Decided from the real path, so a symlink to `/` is caught too.
 */
function unwatchable(path: readonly PathSegment[], value: string, real: string): Problem | undefined {
	const fix =
		"name the directories the child works in (the repository, a build folder); a child can read any path without it being a root";
	if (real === "/") {
		const message =
			"is the file system's root: watching it snapshots every file on the machine, /proc and /sys among them, whose files change by themselves, so the task could never pass";
		return { path, code: "invalid_value", value, message, fix };
	}
	const virtual = VIRTUAL.find((dir) => real === dir || isInside(real, dir));
	if (virtual === undefined) return undefined;
	const message = `${real === virtual ? "is" : "is inside"} ${virtual}, a virtual file system the kernel writes: its files change by themselves, so no diff of it could pass`;
	return { path, code: "invalid_value", value, message, fix };
}

/** Checks each entry of roots; returns the usable entries for the subset and nesting rules. */
export function checkRootEntries(roots: unknown, options: PathOptions, problems: Problem[]): RootEntry[] {
	if (!Array.isArray(roots)) return [];
	const entries: RootEntry[] = [];
	roots.forEach((value, index) => {
		if (typeof value !== "string" || value === "") return;
		const path = ["roots", index];
		if (!isAbsolute(value)) {
			problems.push(relativeProblem(path, value, "roots", options));
			return;
		}
		const info = options.probe(value);
		if (info.kind !== "dir") {
			problems.push(kindProblem(path, value, info.kind, info.error));
			if (info.kind !== "missing") return;
		}
		const real = info.realPath ?? lexical(value);
		const virtual = info.kind === "dir" ? unwatchable(path, value, real) : undefined;
		if (virtual) {
			problems.push(virtual);
			return;
		}
		const twin = entries.find((e) => e.real === real);
		if (twin) {
			const same = lexical(twin.given) === lexical(value);
			problems.push({
				path,
				code: "duplicate",
				value,
				message:
					`is the same directory as roots[${twin.index}] ${JSON.stringify(twin.given)}` +
					(same ? "" : ` (both resolve to ${JSON.stringify(real)})`) +
					"; each root must be listed once",
				fix: `remove roots[${index}]`,
			});
			return;
		}
		entries.push({ index, given: value, real });
	});
	return entries;
}

/** Every pair of entries where the first lies inside the second. */
export function nestedPairs(entries: readonly RootEntry[]): Array<[inner: RootEntry, outer: RootEntry]> {
	const pairs: Array<[RootEntry, RootEntry]> = [];
	for (const inner of entries) {
		for (const outer of entries) if (isInside(inner.real, outer.real)) pairs.push([inner, outer]);
	}
	return pairs;
}
