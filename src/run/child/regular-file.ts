/**
 * The file tools of a child touch regular files only. An in-process child's tools run in this very
 * process, where one blocking open would hold a thread of libuv's pool for good: `write` on a FIFO
 * waits for a reader that never comes, `read` on one for a writer, and the pool has four threads —
 * five such calls and nothing else of the process that needs the pool (a snapshot, a file read)
 * ever runs again. A character device (`/dev/stdin`, `/dev/zero`) or a socket can block or never
 * end the same way, and a file of a kernel pseudo file system (`/proc`, `/sys`) is made up as it is
 * read: some block (`/proc/kmsg`, tracing pipes), and under `/proc/self` they are this process's
 * own descriptors and memory, reached as files.
 *
 * So a path is looked at first with stat (which follows links, `/proc/self/fd/N` included, and never
 * blocks), and refused unless it is a regular file on an ordinary file system; then it is opened with
 * O_NONBLOCK and the open descriptor is checked again, so a FIFO or device put in its place between
 * the look and the open can neither block the open nor be read.
 */
import { constants, type Stats, statfsSync, statSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { realTarget } from "../sandbox/write-check.ts";
import { nodePathProbe } from "./fs-probe.ts";

/** Kernel file systems whose files are made up on each read, by `statfs` magic number. */
const PSEUDO_FS: ReadonlyMap<number, string> = new Map([
	[0x9fa0, "proc"],
	[0x62656572, "sysfs"],
	[0x64626720, "debugfs"],
	[0x74726163, "tracefs"],
	[0x73636673, "securityfs"],
	[0x27e0eb, "cgroup"],
	[0x63677270, "cgroup2"],
	[0x62656570, "configfs"],
	[0xcafe4a11, "bpf"],
	[0x6165676c, "pstore"],
	[0xde5e81e4, "efivarfs"],
	[0x65735543, "fusectl"],
]);

/** A whole file read into memory (edit, an image, an unusual range) is refused past this: an in-process child's reads land in this process's memory. */
export const WHOLE_READ_LIMIT = 256 * 1024 * 1024;

/** What a file is, in words, for a refusal. */
export function kindOf(stats: Stats): string {
	if (stats.isFile()) return "a regular file";
	if (stats.isDirectory()) return "a directory";
	if (stats.isFIFO()) return "a FIFO (named pipe)";
	if (stats.isCharacterDevice()) return "a character device";
	if (stats.isBlockDevice()) return "a block device";
	if (stats.isSocket()) return "a socket";
	return "not a regular file";
}

function pseudoFs(path: string): string | undefined {
	try {
		return PSEUDO_FS.get(Number(statfsSync(path).type));
	} catch {
		return undefined;
	}
}

/**
 * The pseudo file system a link on the way to `path` lives on, if any: `/proc/self/fd/1`,
 * `/dev/stdout` (a link to it) and `/proc/self/cwd/…` reach this process's own descriptors and
 * directories, whatever file lies behind them.
 */
function linkThroughPseudoFs(path: string): string | undefined {
	let through: string | undefined;
	realTarget(resolve(path), {
		lstat: nodePathProbe.lstat,
		readlink(link) {
			through ??= pseudoFs(dirname(link));
			return nodePathProbe.readlink(link);
		},
	});
	return through;
}

/**
 * Why a file tool may not open `path`, or undefined: a regular file on an ordinary file system
 * reached without a link of /proc, a directory when `directory` is allowed (grep searches one), or
 * nothing there yet (a write creates it; a read says it is missing in its own words).
 */
export function specialFileReason(path: string, options: { directory?: boolean } = {}): string | undefined {
	const link = linkThroughPseudoFs(path);
	if (link !== undefined) return `${path} is reached through a link of ${link}, which leads to a process's own files`;
	let stats: Stats;
	try {
		stats = statSync(path);
	} catch {
		return undefined;
	}
	const allowed = stats.isFile() || (options.directory === true && stats.isDirectory());
	if (!allowed) return `${path} is ${kindOf(stats)}, not a regular file`;
	const fs = pseudoFs(path);
	if (fs !== undefined) return `${path} lies on ${fs}, a kernel file system whose files are made up as they are read`;
	return undefined;
}

/** The sentence the model reads when a file tool refuses a path that is not a regular file. */
export function specialFileRefusal(tool: string, reason: string): string {
	return (
		`pi-delegate refused this ${tool}: ${reason}. The file tools open regular files only ` +
		"(a FIFO, a device, a socket or a kernel file can block or never end); nothing was read or written."
	);
}

function refuse(tool: string, path: string, stats?: Stats): never {
	const reason = stats ? `${path} is ${kindOf(stats)}, not a regular file` : specialFileReason(path);
	throw new Error(specialFileRefusal(tool, reason ?? `${path} is not a regular file`));
}

/**
 * Opens a regular file for `tool` without ever blocking: refused before the open when it is not one,
 * opened with O_NONBLOCK and O_NOCTTY, and checked again on the open descriptor. `noFollow` refuses
 * a last component that is a symbolic link (the path is already the checked real one).
 */
export async function openRegular(
	tool: string,
	path: string,
	flags: number,
	options: { noFollow?: boolean; mode?: number } = {},
): Promise<FileHandle> {
	if (specialFileReason(path) !== undefined) refuse(tool, path);
	const extra = constants.O_NONBLOCK | constants.O_NOCTTY | (options.noFollow ? constants.O_NOFOLLOW : 0);
	const handle = await open(path, flags | extra, options.mode ?? 0o666);
	const stats = await handle.stat().catch(async (error: unknown) => {
		await handle.close();
		throw error;
	});
	if (stats.isFile()) return handle;
	await handle.close();
	refuse(tool, path, stats);
}

/** A whole regular file, at most WHOLE_READ_LIMIT bytes. */
export async function readRegular(tool: string, path: string): Promise<Buffer> {
	const handle = await openRegular(tool, path, constants.O_RDONLY);
	try {
		const { size } = await handle.stat();
		if (size > WHOLE_READ_LIMIT) {
			const mib = Math.round(size / 2 ** 20);
			throw new Error(
				`pi-delegate refused this ${tool}: ${path} is ${mib} MiB, over the ${WHOLE_READ_LIMIT / 2 ** 20} MiB a ` +
					"file tool reads whole; read it in parts (read with offset and limit) or use bash.",
			);
		}
		return await handle.readFile();
	} finally {
		await handle.close();
	}
}

/** A regular file in chunks, up to the size it had when opened (a file that keeps growing still ends). */
export async function* regularChunks(tool: string, path: string): AsyncGenerator<Uint8Array> {
	const handle = await openRegular(tool, path, constants.O_RDONLY);
	try {
		const { size } = await handle.stat();
		if (size === 0) return;
		yield* handle.createReadStream({ start: 0, end: size - 1, autoClose: false });
	} finally {
		await handle.close();
	}
}

/**
 * Writes `content` to a regular file (created when missing), truncating it only once the open
 * descriptor is known to be one. `single` refuses a file with other hard links.
 */
export async function writeRegular(
	tool: string,
	path: string,
	content: string,
	options: { noFollow?: boolean; single?: boolean } = {},
): Promise<void> {
	const handle = await openRegular(tool, path, constants.O_WRONLY | constants.O_CREAT, options);
	try {
		const { nlink } = await handle.stat();
		if (options.single && nlink > 1) throw new Error(`${path} has ${nlink} hard links; refusing to write through it`);
		await handle.truncate(0);
		await handle.writeFile(content, "utf8");
	} finally {
		await handle.close();
	}
}
