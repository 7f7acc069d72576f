/**
 * The file-system side of verification: a FileProbe over the real disk, and writing a Layout to a
 * directory (the selftest and the tests materialise verification cases with it).
 */
import {
	closeSync,
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
import type { FileProbe } from "./verify.ts";

const NEWLINE = 0x0a;

/** Counts lines in chunks, so a pointer into a huge file does not load it whole. The rule of FileProbe.lineCount. */
function countFileLines(path: string): number {
	const fd = openSync(path, "r");
	try {
		const buffer = Buffer.alloc(64 * 1024);
		let lines = 0;
		let last = NEWLINE;
		let size = 0;
		for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) {
			for (let i = 0; i < n; i++) if (buffer[i] === NEWLINE) lines++;
			last = buffer[n - 1] ?? NEWLINE;
			size += n;
		}
		return size > 0 && last !== NEWLINE ? lines + 1 : lines;
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
