/**
 * Whether a runs directory can take a run's record, and whether a reader can read the runs in it:
 * checked by every entry point before anything runs or is read, so that a bad one is refused at
 * once (exit 2; an error result inside Pi) with what chose it — PI_DELEGATE_RUNS_DIR, the
 * `runsDir` setting's key in its file, or the default — the path, and the fix. Without it a bad one
 * showed as an unexpected error half-way through a run, or, under /proc, as a `mkdir` that never
 * returned (Node's `mkdir -p` loops there, deaf to SIGTERM).
 *
 * Whether a directory can be made or written is learnt by doing it: a probe directory is made and
 * removed where the run would write (the directory, or the nearest one above it that exists). Mode
 * bits say nothing of a read-only mount, a full disk, or a file system that takes no directories.
 *
 * That it lies apart from every root a child may touch is checked where a call's children are
 * planned (plan/runs-dir.ts), on its real path (run/inputs.ts).
 */
import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdirSync, readlinkSync, rmdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Problem, ProblemCode, ProblemPlace } from "../../problems.ts";
import { writeErrorText } from "./record-dir.ts";

/** The longest path the system takes, and the longest name of one entry (Linux). */
const PATH_MAX = 4096;
const NAME_MAX = 255;

/**
 * Room a run needs inside the runs directory: its own directory (`<stamp>-<id>-<n>`, an id of up to
 * 64 characters), then a scratch directory or a temporary name, then a file's name.
 */
const RUN_PATH_RESERVE = 200;

const RUNS_DIR_KNOBS = 'PI_DELEGATE_RUNS_DIR (or "runsDir" in the "pi-delegate" section of settings.json)';
const CHOOSE_ANOTHER = `or point ${RUNS_DIR_KNOBS} at another directory`;

interface Finding {
	code: ProblemCode;
	why: string;
	fix: string;
}

/** Where the directory stands: there (a directory), missing below the directory `under`, or wrong. */
type Shape = { exists: true } | { exists: false; under: string } | Finding;

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

function lengthFinding(dir: string): Finding | undefined {
	const long = dir.split("/").find((part) => Buffer.byteLength(part) > NAME_MAX);
	const fix = "choose a shorter path";
	if (long !== undefined) {
		return { code: "too_big", why: `has a part longer than ${NAME_MAX} bytes`, fix };
	}
	const room = PATH_MAX - 1 - RUN_PATH_RESERVE;
	if (Buffer.byteLength(dir) > room) {
		const why = `is ${Buffer.byteLength(dir)} bytes long; the files of a run inside it need it under ${room}`;
		return { code: "too_big", why, fix };
	}
	return undefined;
}

/** What stands at `path`: a directory, nothing, or what is wrong with it (a file, a dangling link). */
function entryAt(path: string, whose: string): "dir" | "missing" | Finding {
	try {
		if (statSync(path).isDirectory()) return "dir";
		const why = path === whose ? "is a file, not a directory" : `lies under ${path}, which is a file, not a directory`;
		return { code: "invalid_value", why, fix: "name a directory" };
	} catch (error) {
		// ENOTDIR: a part above is a file; the walk up finds which.
		if (errno(error) !== "ENOENT" && errno(error) !== "ENOTDIR") return errorFinding(error, path, whose);
	}
	try {
		const target = readlinkSync(path);
		const where = path === whose ? "is" : `lies under ${path}, which is`;
		return {
			code: "not_found",
			why: `${where} a symlink to ${target}, which does not exist`,
			fix: "fix or remove the link",
		};
	} catch {
		return "missing";
	}
}

function errorFinding(error: unknown, path: string, whose: string): Finding {
	const at = path === whose ? "" : ` (at ${path})`;
	if (errno(error) === "ENAMETOOLONG")
		return { code: "too_big", why: `is too long a path${at}`, fix: "choose a shorter path" };
	if (errno(error) === "ELOOP") return { code: "invalid_value", why: `is a symlink loop${at}`, fix: "fix the links" };
	const fix = "give yourself permission to reach it";
	return { code: "unreadable", why: `cannot be reached${at}: ${writeErrorText(error)}`, fix };
}

function shapeOf(dir: string): Shape {
	const too = lengthFinding(dir);
	if (too) return too;
	for (let path = dir; ; path = dirname(path)) {
		const found = entryAt(path, dir);
		if (found === "dir") return path === dir ? { exists: true } : { exists: false, under: path };
		if (found !== "missing") return found;
		if (dirname(path) === path)
			return { code: "not_found", why: "has no existing directory above it", fix: "name an absolute path" };
	}
}

/** Makes and removes a probe directory in `under`: what a run's first `mkdir` there would meet. */
function probeFinding(dir: string, under: string): Finding | undefined {
	const probe = join(under, `.pi-delegate-probe-${randomBytes(6).toString("hex")}`);
	try {
		mkdirSync(probe, { mode: 0o700 });
		rmdirSync(probe);
		return undefined;
	} catch (error) {
		const code = errno(error);
		const where = under === dir ? "cannot be written" : `cannot be made in ${under}`;
		if (code === "ENOENT") {
			const why = `cannot be made: ${under} takes no new directories (a virtual file system such as /proc?)`;
			return { code: "unavailable", why, fix: "name a directory on a real disk" };
		}
		const fix = code === "ENOSPC" || code === "EDQUOT" ? "free some space" : "make it writable";
		return { code: "unreadable", why: `${where}: ${writeErrorText(error)}`, fix };
	}
}

/** A path as a message shows it: whole, unless it is too long to read (the problem's value keeps it whole). */
const shown = (dir: string) => (dir.length > 160 ? `${dir.slice(0, 100)}…${dir.slice(-40)}` : dir);

function problemOf(dir: string, place: ProblemPlace, finding: Finding): Problem {
	return {
		...place,
		code: finding.code,
		value: dir,
		message: `the runs directory ${shown(dir)} ${finding.why}`,
		fix: `${finding.fix}, ${CHOOSE_ANOTHER}`,
	};
}

/**
 * Why runs cannot be recorded in `dir` (chosen at `place`): nothing when they can. Nothing is left
 * behind; the directory is made by the run itself.
 */
export function runsDirProblems(dir: string, place: ProblemPlace): Problem[] {
	const shape = shapeOf(dir);
	if (!("exists" in shape)) return [problemOf(dir, place, shape)];
	const finding = probeFinding(dir, shape.exists ? dir : shape.under);
	return finding ? [problemOf(dir, place, finding)] : [];
}

/** Why the runs in `dir` cannot be read: nothing when they can, or when there are none yet. */
export function runsDirReadProblems(dir: string, place: ProblemPlace): Problem[] {
	const shape = shapeOf(dir);
	if (!("exists" in shape)) return [problemOf(dir, place, shape)];
	if (!shape.exists) return [];
	try {
		accessSync(dir, constants.R_OK | constants.X_OK);
		return [];
	} catch (error) {
		const finding = {
			code: "unreadable" as const,
			why: `cannot be read: ${writeErrorText(error)}`,
			fix: "make it readable",
		};
		return [problemOf(dir, place, finding)];
	}
}
