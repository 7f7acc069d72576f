/** The file-system side of the write check: lstat and readlink of the real disk, never following a link. */
import { lstatSync, readlinkSync } from "node:fs";
import type { PathProbe } from "../sandbox/write-check.ts";

export const nodePathProbe: PathProbe = {
	lstat(path) {
		try {
			const stat = lstatSync(path);
			const kind = stat.isSymbolicLink() ? "symlink" : stat.isFile() ? "file" : stat.isDirectory() ? "dir" : "other";
			return { kind, nlink: stat.nlink };
		} catch {
			return undefined;
		}
	},
	readlink(path) {
		try {
			return readlinkSync(path);
		} catch {
			return undefined;
		}
	},
};
