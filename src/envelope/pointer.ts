/**
 * Evidence pointers: where a claim can be checked. The grammar is small on purpose, so a parent, a
 * human and this parser all read a pointer the same way:
 *
 *   cmd: <command>      a command the child ran (prefix matched case-insensitively)
 *   path:line           one line, 1-based
 *   path:start-end      an inclusive line range, start ≤ end
 *   path                a whole file or directory
 *
 * A trailing `:<digits>` or `:<digits>-<digits>` is always a line reference; anything else after a
 * colon is part of the path, so `a:b` and `dir/x:y.ts` are plain paths and `a:b:3` is line 3 of `a:b`.
 * The price: a file whose name itself ends in `:<digits>` cannot be pointed at.
 *
 * Near misses that models write (`path:12:5`, `path#L12`, `path:L12`, `path:12–15`, `~/path`) are
 * rejected with a fix instead of being read as odd file names that would only fail later as "not found".
 */
import type { PathSegment, Problem } from "../problems.ts";

/** A line range, 1-based and inclusive; a single line has start === end. */
export interface LineRange {
	start: number;
	end: number;
}

export type Pointer =
	| { kind: "file"; path: string; lines: LineRange | undefined }
	| { kind: "command"; command: string };

export type PointerParse = { ok: true; pointer: Pointer } | { ok: false; problems: Problem[] };

const COMMAND_PREFIX = /^cmd:/i;
const LINE_SUFFIX = /:(\d+)(?:-(\d+))?$/;

interface NearMiss {
	pattern: RegExp;
	message: string;
	fix: (path: string, m: RegExpExecArray) => string;
}

const NEAR_MISSES: NearMiss[] = [
	{
		pattern: /:(\d+):(\d+)$/,
		message: "looks like path:line:column; pointers take a line or a line range, not a column",
		fix: (path, m) => `write ${path}:${m[1]}`,
	},
	{
		pattern: /#L(\d+)(?:-L?(\d+))?$/,
		message: "uses a #L line anchor; pointers write lines after a colon",
		fix: (path, m) => `write ${path}:${m[1]}${m[2] ? `-${m[2]}` : ""}`,
	},
	{
		pattern: /:L(\d+)(?:-L?(\d+))?$/,
		message: "puts an L before the line number",
		fix: (path, m) => `write ${path}:${m[1]}${m[2] ? `-${m[2]}` : ""}`,
	},
	{
		pattern: /:(\d+)\s*(?:[–—]|\s-\s?|-\s)\s*(\d+)$/,
		message: "writes the line range with a dash other than a single '-' between the numbers",
		fix: (path, m) => `write ${path}:${m[1]}-${m[2]}`,
	},
	{
		pattern: /:(\d+)-$|:-(\d+)$/,
		message: "has a line range with a missing end",
		fix: (path) => `write ${path}:start-end, or ${path}:line for one line`,
	},
];

function problem(at: readonly PathSegment[], value: string, message: string, fix: string): PointerParse {
	return { ok: false, problems: [{ path: at, code: "invalid_value", value, message, fix }] };
}

/** Reads a pointer string; `at` is the problem path to report, e.g. `["evidence", 2, "pointer"]`. */
export function parsePointer(text: string, at: readonly PathSegment[] = ["pointer"]): PointerParse {
	const trimmed = text.trim();
	if (trimmed === "") {
		return problem(at, text, "is empty", "write path:line, path:start-end, path, or cmd: <command>");
	}
	if (COMMAND_PREFIX.test(trimmed)) {
		const command = trimmed.slice(4).trim();
		if (command === "") {
			return problem(at, text, "has cmd: but no command after it", "write the command you ran, e.g. cmd: npm test");
		}
		return { ok: true, pointer: { kind: "command", command } };
	}
	const line = LINE_SUFFIX.exec(trimmed);
	const path = line ? trimmed.slice(0, line.index) : trimmed;
	const miss = nearMiss(trimmed, at, text);
	if (miss) return miss;
	if (path.trim() === "") {
		return problem(at, text, "has a line number but no path", "write path:line, e.g. src/main.ts:12");
	}
	if (path === "~" || path.startsWith("~/")) {
		return problem(
			at,
			text,
			"starts with ~, which is not expanded",
			"use an absolute path or one relative to the working directory",
		);
	}
	if (!line) return { ok: true, pointer: { kind: "file", path, lines: undefined } };
	const start = Number(line[1]);
	const end = line[2] === undefined ? start : Number(line[2]);
	if (![start, end].every(Number.isSafeInteger)) {
		return problem(at, text, "has a line number too large to be a line", `point at an existing line of ${path}`);
	}
	if (start < 1 || end < 1) {
		return problem(at, text, "has line number 0; lines count from 1", `point at an existing line, e.g. ${path}:1`);
	}
	if (start > end) {
		return problem(
			at,
			text,
			`has a line range that starts after it ends (${start} > ${end})`,
			`write ${path}:${end}-${start}`,
		);
	}
	return { ok: true, pointer: { kind: "file", path, lines: { start, end } } };
}

function nearMiss(trimmed: string, at: readonly PathSegment[], text: string): PointerParse | undefined {
	for (const miss of NEAR_MISSES) {
		const m = miss.pattern.exec(trimmed);
		if (m) return problem(at, text, miss.message, miss.fix(trimmed.slice(0, m.index), m));
	}
	return undefined;
}

/** Writes a pointer back in its canonical form. (@internal: exported for its tests) */
export function formatPointer(pointer: Pointer): string {
	if (pointer.kind === "command") return `cmd: ${pointer.command}`;
	if (!pointer.lines) return pointer.path;
	const { start, end } = pointer.lines;
	return start === end ? `${pointer.path}:${start}` : `${pointer.path}:${start}-${end}`;
}
