/**
 * The file-system side of verification: a FileProbe over the real disk, and writing a Layout to a
 * directory (the selftest and the tests materialise verification cases with it).
 */
import {
	closeSync,
	constants,
	fstatSync,
	lstatSync,
	mkdirSync,
	openSync,
	readSync,
	realpathSync,
	statSync,
	symlinkSync,
	writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { Layout } from "./layout.ts";
import type { FileProbe, LineNeed, LinesCut } from "./verify.ts";

const NEWLINE = 0x0a;
const MiB = 1024 * 1024;

/**
 * How far into a file a line pointer is followed: the cited lines must end within the first 64 MiB.
 * A pointer is there for a reader to look at, and a line past this (or a line longer than this) is
 * nowhere a reader goes; reading on would let a child that grew a file to 20 GB, or keeps appending
 * to one, hold the check for as long as it likes.
 */
export const POINTER_READ_CEILING = 64 * MiB;
/**
 * How long checking an envelope's pointers may take, all of them together: the submit tool's check
 * before it accepts a result, and the check after the child has ended. Pointers read at most
 * POINTER_READ_CEILING each, so only a child citing many files that long can meet it; a line check
 * still reading then fails, saying it timed out, rather than holding the run past its budget.
 */
export const EVIDENCE_CHECK_MS = 5_000;

/** The deadline (ms since the epoch) of a check of pointers that starts now. */
export function evidenceDeadline(): number {
	return Date.now() + EVIDENCE_CHECK_MS;
}

/** Once the cited lines are seen, how far a file is read on to give its total ("3 lines") before counting stops. */
const COUNT_ON = MiB;
const CHUNK = MiB;

/** The newlines in `bytes`, found by the native search rather than a byte loop (64 MiB of one line is read in moments). */
function newlines(bytes: Buffer): number {
	let count = 0;
	for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count++;
	return count;
}

/** Opens a regular file for reading without blocking: a FIFO or a device put in its place is refused, not waited on. */
function openRegular(path: string): number {
	const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
	if (fstatSync(fd).isFile()) return fd;
	closeSync(fd);
	throw new Error("not a regular file");
}

/**
 * Counts lines in chunks, the rule of FileProbe.lineCount, reading no further than it must: with
 * `need`, it stops once line `need.through` has ended and the count has gone COUNT_ON bytes, and
 * in any case at POINTER_READ_CEILING or `need.deadline` (checked between chunks).
 */
function countFileLines(path: string, need?: LineNeed): number | LinesCut {
	const fd = openRegular(path);
	try {
		const size = fstatSync(fd).size;
		const buffer = Buffer.alloc(CHUNK);
		let lines = 0;
		let last = NEWLINE;
		let bytes = 0;
		const cut = (why: LinesCut["cut"]): LinesCut => ({ cut: why, lines, bytes, size });
		for (;;) {
			if (need?.deadline !== undefined && Date.now() > need.deadline) return cut("deadline");
			const n = readSync(fd, buffer, 0, CHUNK, null);
			if (n === 0) break;
			lines += newlines(buffer.subarray(0, n));
			last = buffer[n - 1] ?? NEWLINE;
			bytes += n;
			const reached = need !== undefined && lines >= need.through;
			if (reached && bytes >= COUNT_ON) return cut("reached");
			if (!reached && bytes >= POINTER_READ_CEILING) return cut("ceiling");
		}
		return bytes > 0 && last !== NEWLINE ? lines + 1 : lines;
	} finally {
		closeSync(fd);
	}
}

/** A FileProbe over the real file system. */
export function nodeFileProbe(): FileProbe {
	return {
		look(path) {
			let realPath: string;
			try {
				realPath = realpathSync.native(path);
			} catch {
				return undefined;
			}
			const stat = statSync(realPath, { throwIfNoEntry: false });
			if (!stat) return undefined;
			return { realPath, kind: stat.isFile() ? "file" : stat.isDirectory() ? "directory" : "other" };
		},
		lineCount: countFileLines,
		whyMissing,
	};
}

/** Why realpath found nothing: the errno in words, and a dangling symlink told apart from no file. */
function whyMissing(path: string): string {
	let code: string | undefined;
	try {
		realpathSync.native(path);
		return "does not exist";
	} catch (error) {
		code = (error as NodeJS.ErrnoException).code;
	}
	if (code === "ELOOP") return "is a symlink loop (too many levels of symbolic links)";
	if (code === "EACCES" || code === "EPERM") return "cannot be reached (permission denied on the way to it)";
	if (code === "ENOTDIR") return "does not exist (a part of its path is a file, not a directory)";
	if (code !== "ENOENT") return `cannot be resolved (${code ?? "unknown error"})`;
	try {
		const link = lstatSync(path, { throwIfNoEntry: false });
		return link?.isSymbolicLink() ? "is a symlink whose target does not exist" : "does not exist";
	} catch {
		return "does not exist";
	}
}

/** Writes `layout` under the directory `base` (created if needed). */
export function writeLayout(base: string, layout: Layout): void {
	mkdirSync(base, { recursive: true });
	for (const dir of layout.dirs ?? []) mkdirSync(join(base, dir), { recursive: true });
	for (const [path, content] of Object.entries(layout.files ?? {})) {
		mkdirSync(dirname(join(base, path)), { recursive: true });
		writeFileSync(join(base, path), content);
	}
	for (const [path, target] of Object.entries(layout.symlinks ?? {})) {
		mkdirSync(dirname(join(base, path)), { recursive: true });
		symlinkSync(target, join(base, path));
	}
}
