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
import { plural } from "../format/numbers.ts";
import { matchCommand } from "./commands.ts";
import { type LineRange, type Pointer, parsePointer } from "./pointer.ts";
import type { Evidence } from "./schema.ts";

/** What verification needs to know about one path. */
export interface FileProbe {
	/** The real path (symlinks resolved) and its kind, or undefined when nothing exists there. */
	look(path: string): { realPath: string; kind: "file" | "directory" | "other" } | undefined;
	/** The number of lines of a regular file, by its real path (newline-terminated lines, plus a last line without a newline if there is one; an empty file has none, so `empty.txt:1` fails); may throw when unreadable. */
	lineCount(realPath: string): number;
	/**
	 * Why look() found nothing at `path`, as a phrase after the path: "does not exist", "is a symlink
	 * loop", "cannot be reached (permission denied)". Optional: without it, "does not exist".
	 */
	whyMissing?(path: string): string;
}

export interface VerifyContext {
	/** Absolute paths of the roots a file pointer must resolve inside. */
	roots: readonly string[];
	/** Absolute directory relative pointers resolve against (the child's working directory). */
	base: string;
	/** The commands the child ran, in order; undefined when no record of them was given. */
	commands: readonly string[] | undefined;
	probe: FileProbe;
}

export type ClaimCheck = {
	/** 0-based index in evidence. */
	index: number;
	claim: string;
	pointer: string;
} & ({ verified: true; detail: string } | { verified: false; reason: string });

function isInside(root: string, path: string): boolean {
	const rel = relative(root, path);
	return rel === "" || (rel.split(sep)[0] !== ".." && !isAbsolute(rel));
}

function rangeText(lines: LineRange): string {
	return lines.start === lines.end ? `line ${lines.start}` : `lines ${lines.start}-${lines.end}`;
}

type Outcome = { verified: true; detail: string } | { verified: false; reason: string };

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
	if (!pointer.lines) return { verified: true, detail: `${found.kind} exists` };
	if (found.kind !== "file") {
		const what = found.kind === "directory" ? "is a directory" : "is not a regular file";
		return { verified: false, reason: `${pointer.path} ${what}; only a file has lines` };
	}
	let total: number;
	try {
		total = ctx.probe.lineCount(found.realPath);
	} catch (error) {
		return { verified: false, reason: `${pointer.path} cannot be read (${readError(error)})` };
	}
	const size = plural(total, "line");
	const { start, end } = pointer.lines;
	if (end > total) {
		const past = start === end ? "is past the end" : start > total ? "are past the end" : "run past the end";
		return { verified: false, reason: `${pointer.path} has ${size}; ${rangeText(pointer.lines)} ${past}` };
	}
	return { verified: true, detail: `${rangeText(pointer.lines)} ${start === end ? "exists" : "exist"} (${size})` };
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
	const match = matchCommand(pointer.command, ctx.commands);
	if (match.matched) {
		const which = `command ${match.index + 1} of ${ctx.commands.length}`;
		return { verified: true, detail: match.whole ? `ran as ${which}` : `ran as part of ${which}: ${match.ran}` };
	}
	if (ctx.commands.length === 0) return { verified: false, reason: "the child ran no commands" };
	const near = match.nearest ? `; nearest: ${match.nearest}` : "";
	return { verified: false, reason: `never ran (${ctx.commands.length} commands ran, none matches${near})` };
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
