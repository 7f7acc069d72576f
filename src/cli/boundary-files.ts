/**
 * The files of `pi-delegate boundary`: reading a snapshot file and writing one, with every failure
 * turned into a Problem that names the path and the fix (never a stack trace), and nothing written
 * half-way: a snapshot goes to a temporary file next to its target and is renamed into place.
 */
import { randomBytes } from "node:crypto";
import { realpath, rename, stat, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { decodeSnapshot } from "../boundary/codec.ts";
import type { Snapshot } from "../boundary/types.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import { isTooLarge, readBounded, SNAPSHOT_INPUT_LIMIT } from "../read-input.ts";

/** Plain words for the errors a user can fix. */
function why(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	const words: Record<string, string> = {
		ENOENT: "does not exist",
		EISDIR: "is a directory",
		ENOTDIR: "has a part of its path that is not a directory",
		EACCES: "permission denied",
		EPERM: "operation not permitted",
		ENOSPC: "no space left on the device",
		EROFS: "is on a read-only file system",
		ELOOP: "is a symlink loop",
		ENAMETOOLONG: "is too long a name",
	};
	return code !== undefined && words[code] ? `${words[code]} (${code})` : (error as Error).message;
}

/** Reads and decodes a snapshot file; `label` names it in problems (`before`, `--after`). */
export async function readSnapshotFile(cwd: string, path: string, label: string): Promise<Snapshot | Problem[]> {
	const file = resolve(cwd, path);
	let bytes: Buffer;
	try {
		bytes = await readBounded(file, SNAPSHOT_INPUT_LIMIT);
	} catch (error) {
		if (isTooLarge(error)) {
			const message = `cannot be read: ${error.reason}`;
			const fix = "pass a snapshot file written by `pi-delegate boundary snapshot -o <file>`";
			return [{ source: label, path: [], code: "too_big", value: path, message, fix }];
		}
		const code = (error as NodeJS.ErrnoException).code;
		const fix =
			code === "ENOENT"
				? "check the path; a snapshot is written by `pi-delegate boundary snapshot -o <file>`"
				: code === "EISDIR"
					? "name the snapshot file inside it"
					: "make the file readable, or pass another snapshot";
		const message = `cannot be read: ${why(error)}`;
		return [
			{ source: label, path: [], code: code === "ENOENT" ? "not_found" : "unreadable", value: path, message, fix },
		];
	}
	const decoded = decodeSnapshot(bytes, label);
	return "snapshot" in decoded ? decoded.snapshot : decoded.problems;
}

/**
 * Checks before any work that `file` can be written: its directory exists, and it is not itself a
 * directory. Checked first so a long snapshot is not taken only to be thrown away.
 */
export async function checkOutput(file: string, given: string): Promise<Problem[]> {
	const parent = dirname(file);
	const dir = await stat(parent).catch((error: unknown) => error as NodeJS.ErrnoException);
	if (dir instanceof Error) {
		return [
			{
				source: "-o",
				path: [],
				code: "unreadable",
				value: given,
				message: `cannot be written: its directory ${parent} ${why(dir)}`,
				fix: dir.code === "ENOENT" ? `create it first (mkdir -p ${parent}) or write elsewhere` : "write elsewhere",
			},
		];
	}
	if (!dir.isDirectory())
		return [
			{
				source: "-o",
				path: [],
				code: "unreadable",
				value: given,
				message: `cannot be written: ${parent} is not a directory`,
				fix: "write elsewhere",
			},
		];
	const target = await stat(file).catch(() => null);
	if (target?.isDirectory()) {
		return [
			{
				source: "-o",
				path: [],
				code: "invalid_value",
				value: given,
				message: "is a directory (EISDIR); -o names the file to write",
				fix: `name a file inside it, e.g. -o ${join(given, "before.snapshot.gz")}`,
			},
		];
	}
	return [];
}

/** Writes `bytes` to `file` through a temporary file in the same directory, renamed into place. */
export async function writeAtomically(file: string, given: string, bytes: Buffer | string): Promise<Problem[]> {
	const temp = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString("hex")}.tmp`);
	try {
		await writeFile(temp, bytes, { flag: "wx" });
		await rename(temp, file);
		return [];
	} catch (error) {
		await unlink(temp).catch(() => {});
		return [
			{
				source: "-o",
				path: [],
				code: "unreadable",
				value: given,
				message: `cannot be written: ${why(error)}`,
				fix: "write elsewhere, or free the space or permission it needs",
			},
		];
	}
}

/** The real path of an existing path, or the problem of one that is not there. */
export async function existing(cwd: string, given: string, place: ProblemPlace): Promise<string | Problem> {
	try {
		return await realpath(resolve(cwd, given));
	} catch (error) {
		return {
			...place,
			code: (error as NodeJS.ErrnoException).code === "ENOENT" ? "not_found" : "unreadable",
			value: given,
			message: `cannot be used: ${why(error)}`,
			fix: "give an existing path inside one of the roots",
		};
	}
}
