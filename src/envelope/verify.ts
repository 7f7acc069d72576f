/**
 * Verification of evidence pointers: does each claim point at something that exists, inside the
 * task's roots, or at a command the child really ran? Pure: the file system is reached only through
 * an injected FileProbe, so the same code runs against a real tree, an in-memory one, or a snapshot.
 *
 * Containment is judged on real paths (symlinks resolved, roots included), so neither `..` nor a
 * symlink can lead a pointer out of the roots. A path that does not exist is judged by its lexical
 * form, to tell "outside the roots" from "not there".
 */

import { isAbsolute, relative, resolve, sep } from "node:path";
import { formatBytes, plural } from "../format/numbers.ts";
import { type CitedRun, type CommandRun, citedRun, type RanCommand } from "./command-runs.ts";
import { splitSegments } from "./commands.ts";
import { type LineRange, type Pointer, parsePointer } from "./pointer.ts";
import type { Evidence } from "./schema.ts";

/** What verification needs to know about one path. */
export interface FileProbe {
	/** The real path (symlinks resolved) and its kind, or undefined when nothing exists there. */
	look(path: string): { realPath: string; kind: "file" | "directory" | "other" } | undefined;
	/**
	 * The number of lines of a regular file, by its real path (newline-terminated lines, plus a last
	 * line without a newline if there is one; an empty file has none, so `empty.txt:1` fails); may
	 * throw when unreadable. Given `need`, a probe may stop before the file's end and say why
	 * (LinesCut): it has seen every line through `need.through` and counts no further, or it met
	 * its byte ceiling or `need.deadline` first.
	 */
	lineCount(realPath: string, need?: LineNeed): number | LinesCut;
	/**
	 * Why look() found nothing at `path`, as a phrase after the path: "does not exist", "is a symlink
	 * loop", "cannot be reached (permission denied)". Optional: without it, "does not exist".
	 */
	whyMissing?(path: string): string;
}

/** What a line pointer needs of a file: its lines through `through`, by `deadline` (ms since the epoch). */
export interface LineNeed {
	through: number;
	deadline?: number | undefined;
}

/** A count a probe stopped before the file's end. */
export interface LinesCut {
	/** "reached": every line asked for was seen; "ceiling": the probe's byte ceiling came first; "deadline": time ran out first. */
	cut: "reached" | "ceiling" | "deadline";
	/** Lines seen whole so far. */
	lines: number;
	/** Bytes read. */
	bytes: number;
	/** The file's size when it was opened. */
	size: number;
}

export interface VerifyContext {
	/** Absolute paths of the roots a file pointer must resolve inside. */
	roots: readonly string[];
	/** Absolute directory relative pointers resolve against (the child's working directory). */
	base: string;
	/**
	 * The commands the child ran, in order; undefined when no record of them was given. A run with
	 * its exit status must have succeeded to back a claim (command-runs.ts); a plain line, which
	 * says nothing of how it ended, backs one by having run.
	 */
	commands: readonly RanCommand[] | undefined;
	probe: FileProbe;
	/** When line checks must end (ms since the epoch); a check still reading then fails, saying so. */
	deadline?: number | undefined;
}

/** How the command a `cmd:` pointer rests on ended, when the record says. */
export interface RanStatus {
	/** Its exit status (the whole line's, for a segment); null when it was stopped before it exited. */
	exit?: number | null;
	stopped?: CommandRun["stopped"];
}

/**
 * How the command a claim rests on ended, as a report shows it beside the claim: "exit 0",
 * "exit 1", "timed out"; undefined for a file pointer, or a record that does not say.
 */
export function ranLabel(check: RanStatus): string | undefined {
	if (check.exit === undefined) return undefined;
	if (check.exit === null) return check.stopped ?? "stopped";
	return `exit ${check.exit}`;
}

type Outcome = ({ verified: true; detail: string } | { verified: false; reason: string }) & RanStatus;

export type ClaimCheck = {
	/** 0-based index in evidence. */
	index: number;
	claim: string;
	pointer: string;
} & Outcome;

function isInside(root: string, path: string): boolean {
	const rel = relative(root, path);
	return rel === "" || (rel.split(sep)[0] !== ".." && !isAbsolute(rel));
}

function rangeText(lines: LineRange): string {
	return lines.start === lines.end ? `line ${lines.start}` : `lines ${lines.start}-${lines.end}`;
}

function verifyFile(pointer: Pointer & { kind: "file" }, ctx: VerifyContext, realRoots: string[]): Outcome {
	if (ctx.roots.length === 0) return { verified: false, reason: "no roots were given to resolve file pointers in" };
	const abs = resolve(ctx.base, pointer.path);
	const found = ctx.probe.look(abs);
	const lexicallyInside = ctx.roots.some((r) => isInside(r, abs)) || realRoots.some((r) => isInside(r, abs));
	if (!found) {
		return lexicallyInside
			? { verified: false, reason: `${abs} ${ctx.probe.whyMissing?.(abs) ?? "does not exist"}` }
			: { verified: false, reason: `${abs} is outside the roots (${ctx.roots.join(", ")})` };
	}
	if (!realRoots.some((r) => isInside(r, found.realPath))) {
		const how = lexicallyInside ? ` through a symlink: its real path is ${found.realPath}` : "";
		return { verified: false, reason: `${abs} is outside the roots (${ctx.roots.join(", ")})${how}` };
	}
	if (pointer.lines && found.kind !== "file") {
		const what = found.kind === "directory" ? "is a directory" : "is not a regular file";
		return { verified: false, reason: `${pointer.path} ${what}; only a file has lines` };
	}
	// A FIFO, a socket or a device holds nothing a reader could look at later.
	if (found.kind === "other") {
		return { verified: false, reason: `${pointer.path} is not a regular file or a directory; nothing to point at` };
	}
	if (!pointer.lines) return { verified: true, detail: `${found.kind} exists` };
	return verifyLines(pointer.path, pointer.lines, found.realPath, ctx);
}

/** Whether a file has the cited lines, read only as far as they go (and never past the probe's bounds). */
function verifyLines(path: string, lines: LineRange, realPath: string, ctx: VerifyContext): Outcome {
	let counted: number | LinesCut;
	try {
		counted = ctx.probe.lineCount(realPath, { through: lines.end, deadline: ctx.deadline });
	} catch (error) {
		return { verified: false, reason: `${path} cannot be read (${readError(error)})` };
	}
	const range = rangeText(lines);
	const { start, end } = lines;
	const exist = start === end ? "exists" : "exist";
	if (typeof counted !== "number") {
		const { bytes, size } = counted;
		if (counted.cut === "reached") {
			return { verified: true, detail: `${range} ${exist} (a file of ${formatBytes(size)}, counted no further)` };
		}
		if (counted.cut === "ceiling") {
			const reason = `${range} ${start === end ? "does" : "do"} not end within the first ${formatBytes(bytes)} of the file (${formatBytes(size)}), which is as far as a pointer is read`;
			return { verified: false, reason: `${path}: ${reason}; point at a line nearer the start` };
		}
		return {
			verified: false,
			reason: `${path}: checking timed out after reading ${formatBytes(bytes)} of ${formatBytes(size)}, before the end of ${range}`,
		};
	}
	const size = plural(counted, "line");
	if (end > counted) {
		const past = start === end ? "is past the end" : start > counted ? "are past the end" : "run past the end";
		return { verified: false, reason: `${path} has ${size}; ${range} ${past}` };
	}
	return { verified: true, detail: `${range} ${exist} (${size})` };
}

/** "permission denied" for EACCES, else the error's code or message. */
function readError(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	if (code === "EACCES" || code === "EPERM") return "permission denied";
	if (code !== undefined) return code;
	return error instanceof Error ? error.message : String(error);
}

function verifyCommand(pointer: Pointer & { kind: "command" }, ctx: VerifyContext): Outcome {
	if (ctx.commands === undefined)
		return { verified: false, reason: "no record of the commands the child ran was given" };
	const total = ctx.commands.length;
	const run = citedRun(pointer.command, ctx.commands);
	if (!run.found) {
		if (total === 0) return { verified: false, reason: "the child ran no commands" };
		const near = run.nearest ? `; nearest: ${run.nearest}` : "";
		return { verified: false, reason: `never ran (${total} commands ran, none matches${near})` };
	}
	const which = `command ${run.index + 1} of ${total}`;
	const where = run.whole ? `ran as ${which}` : `ran as part of ${which}: ${run.line}`;
	if (run.status === "unrecorded") return { verified: true, detail: where };
	const status: RanStatus = { exit: run.exit, ...(run.stopped && { stopped: run.stopped }) };
	return { ...status, ...commandOutcome(pointer.command, run, where) };
}

/** How to cite an expected failure of `cited`: its negation, when it is one plain command. */
function expectedFailure(cited: string): string {
	const segments = splitSegments(cited);
	const plain = segments.length === 1 && !segments[0]!.piped && !segments[0]!.background;
	return plain
		? `run its negation (! ${cited}) and cite that`
		: "run a command whose success says so (! before a single command) and cite that";
}

/** What a recorded run says of the cited command: it succeeded, failed, or its status is not its own. */
function commandOutcome(cited: string, run: CitedRun & { found: true }, where: string): Outcome {
	const ended = run.exit === null ? `was stopped (${run.stopped ?? "killed"}) before it exited` : `exited ${run.exit}`;
	if (run.status === "ok") return { verified: true, detail: `${where} (exit 0)` };
	if (run.status === "failed") {
		const fix =
			run.exit === null
				? "it backs nothing; run it again to its end"
				: `a failed command backs no claim; to show an expected failure, ${expectedFailure(cited)}`;
		return { verified: false, reason: `${where}, but ${ended}: ${fix}` };
	}
	if (run.exit !== 0) return { verified: false, reason: `${where}, which ${ended}` };
	const hidden = "a ';', '||', '&' or a pipe without pipefail can hide a failure";
	if (run.whole) {
		return {
			verified: false,
			reason: `${where}, but its exit 0 does not show that it succeeded (${hidden}); run what the claim rests on so that its own status decides (alone, joined with &&, or after set -o pipefail) and cite that`,
		};
	}
	return {
		verified: false,
		reason: `${where}, whose exit 0 is not the status of ${cited} itself (${hidden}); run ${cited} on its own and cite that`,
	};
}

/** The real paths of the roots; a root that does not exist contains nothing. */
export function realRoots(roots: readonly string[], probe: FileProbe): string[] {
	return roots.flatMap((r) => {
		const found = probe.look(r);
		return found ? [found.realPath] : [];
	});
}

/** Checks every claim's pointer on its own; one result per evidence entry, in order. */
export function verifyEvidence(evidence: readonly Evidence[], ctx: VerifyContext): ClaimCheck[] {
	const real = realRoots(ctx.roots, ctx.probe);
	return evidence.map((item, index) => {
		const head = { index, claim: item.claim, pointer: item.pointer };
		const parsed = parsePointer(item.pointer);
		if (!parsed.ok) {
			const p = parsed.problems[0]!;
			return { ...head, verified: false, reason: `pointer ${p.message}` };
		}
		const outcome =
			parsed.pointer.kind === "file" ? verifyFile(parsed.pointer, ctx, real) : verifyCommand(parsed.pointer, ctx);
		return { ...head, ...outcome };
	});
}
