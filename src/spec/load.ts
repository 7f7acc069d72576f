/**
 * The I/O shell around spec validation: reads a spec file (or takes an object from a tool call), looks
 * at the real file system through node:fs, and hands everything to the pure validator. Unreadable files
 * and bad JSON come back as Problems in the same result, never as exceptions.
 */
import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type { Problem } from "../problems.ts";
import { isTooLarge, readBoundedText } from "../read-input.ts";
import { parseJson } from "./json.ts";
import type { ListSubdirs, PathInfo, PathProbe } from "./probe.ts";
import { type SpecResult, sortProblems, validateSpec } from "./validate.ts";

export interface LoadOptions {
	/** Base for a relative spec file name and for suggested absolute paths; default process.cwd(). */
	cwd?: string;
	/** Home directory, used to suggest the expansion of a leading `~`; default $HOME. */
	home?: string;
}

/**
 * Follows symlinks; anything that cannot be stat'ed (missing, no permission, a loop) counts as
 * missing, with the errno code saying which.
 */
export const nodeProbe: PathProbe = (path: string): PathInfo => {
	try {
		const stats = statSync(path);
		const kind = stats.isDirectory() ? "dir" : stats.isFile() ? "file" : "other";
		return { kind, realPath: realpathSync.native(path) };
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === undefined ? { kind: "missing" } : { kind: "missing", error: code };
	}
};

/** Real subdirectories only: a symlinked one would become a root that resolves somewhere else. */
export const nodeSubdirs: ListSubdirs = (dir: string): readonly string[] => {
	let entries: Dirent[];
	try {
		entries = readdirSync(dir, { withFileTypes: true });
	} catch {
		return [];
	}
	return entries.filter((e) => e.isDirectory()).map((e) => e.name);
};

function pathOptions(options: LoadOptions) {
	return {
		probe: nodeProbe,
		subdirs: nodeSubdirs,
		cwd: options.cwd ?? process.cwd(),
		home: options.home ?? process.env.HOME,
	};
}

/** Validates a spec given as a value, e.g. the parameters of a `task` tool call. */
export function loadSpecObject(value: unknown, options: LoadOptions = {}): SpecResult {
	return validateSpec(value, pathOptions(options));
}

/** Validates spec JSON text (a file's content, or standard input). */
export function loadSpecText(text: string, options: LoadOptions = {}): SpecResult {
	const parsed = parseJson(text);
	if (!parsed.ok) return { ok: false, problems: parsed.problems, warnings: [] };
	const result = loadSpecObject(parsed.value, options);
	if (parsed.problems.length === 0) return result;
	// Duplicate keys make the file ambiguous even when the value JSON.parse kept would pass.
	const problems = sortProblems([...parsed.problems, ...(result.ok ? [] : result.problems)]);
	return { ok: false, problems, warnings: result.warnings };
}

function readProblem(file: string, error: unknown): Problem {
	const code = (error as NodeJS.ErrnoException).code;
	if (isTooLarge(error)) {
		return {
			source: "(file)",
			path: [],
			code: "too_big",
			value: file,
			message: `cannot read the spec file: ${error.reason}`,
			fix: "give a task spec file; a spec is a few kilobytes of JSON",
		};
	}
	const reason =
		code === "ENOENT"
			? "no such file"
			: code === "EISDIR"
				? "it is a directory"
				: code === "EACCES"
					? "permission denied"
					: error instanceof Error
						? error.message
						: String(error);
	return {
		source: "(file)",
		path: [],
		code: "unreadable",
		value: file,
		message: `cannot read the spec file: ${reason}`,
		fix: code === "ENOENT" ? "check the file name" : "give a readable JSON file",
	};
}

/**
 * A file's text, read off the event loop (a FIFO waits for its writer without stopping Pi or a
 * test), with a ceiling: `/dev/zero` given as a spec must not grow the process without end.
 */
function readText(file: string): Promise<string> {
	return readBoundedText(file);
}

/** Reads and validates a spec file; a relative name is taken from `options.cwd`. */
export async function loadSpecFile(file: string, options: LoadOptions = {}): Promise<SpecResult> {
	const full = resolve(options.cwd ?? process.cwd(), file);
	let text: string;
	try {
		text = await readText(full);
	} catch (error) {
		return { ok: false, problems: [readProblem(file, error)], warnings: [] };
	}
	return loadSpecText(text, options);
}

/**
 * A spec's JSON as a value, not yet checked: for a resumed task, whose file gives only what changes
 * (the rest comes from the run it continues, plan/resume.ts), checked once laid over that run's spec.
 */
export async function readSpecValue(
	source: { file: string } | { text: string },
	options: LoadOptions = {},
): Promise<{ ok: true; value: unknown } | { ok: false; problems: Problem[] }> {
	let text: string;
	if ("file" in source) {
		try {
			text = await readText(resolve(options.cwd ?? process.cwd(), source.file));
		} catch (error) {
			return { ok: false, problems: [readProblem(source.file, error)] };
		}
	} else text = source.text;
	const parsed = parseJson(text);
	if (!parsed.ok || parsed.problems.length > 0) return { ok: false, problems: [...parsed.problems] };
	return { ok: true, value: parsed.value };
}
