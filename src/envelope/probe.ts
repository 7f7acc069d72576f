/**
 * The file-system side of verification: a FileProbe over the real disk, and writing a Layout to a
 * directory (the selftest and the tests materialise verification cases with it).
 */
import { closeSync, mkdirSync, openSync, readSync, realpathSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Layout } from "./layout.ts";
import type { FileProbe } from "./verify.ts";

const NEWLINE = 0x0a;

/** Counts lines in chunks, so a pointer into a huge file does not load it whole. Same rule as countLines. */
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
	};
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
