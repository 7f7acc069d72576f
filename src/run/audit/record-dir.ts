/**
 * One run's record directory, written so that nothing else in it can steer the writes. A child may
 * be able to write where its record lies (always, without the sandbox), and anything it leaves there
 * — a symlink where a file is about to be written, a directory in a file's place, the whole
 * directory renamed and a link put in its stead — must neither redirect pi-delegate's writes (a
 * record written through a planted link lands in a watched file after the last snapshot, where no
 * check sees it) nor make the run crash. So:
 *
 * - The directory is made by `mkdir` (mode 0700) and opened once, without following a link; every
 *   later write goes through that handle (`/proc/self/fd/N/<name>` on Linux), so a directory
 *   swapped at its path afterwards is not written into. Where there is no /proc the path stands in,
 *   and `moved()` still finds the swap.
 * - A whole file is written under a fresh random name, created exclusively and never through a
 *   link (`O_CREAT|O_EXCL|O_NOFOLLOW`), then renamed over its final name: the rename replaces
 *   whatever stands there (a link is replaced, never followed), and a reader sees the old file or
 *   the new one, never half of one.
 * - An appended file (the event stream, a journal) is created the same way once and written through
 *   its descriptor; a reopen refuses a link and must find the same file.
 * - Each file's identity (device, inode, size, change time — which no process can set back) is kept
 *   after each write, so `changed()` finds a file replaced, edited or removed after pi-delegate wrote it.
 */
import { randomBytes } from "node:crypto";
import {
	type BigIntStats,
	closeSync,
	constants,
	existsSync,
	fstatSync,
	ftruncateSync,
	lstatSync,
	mkdirSync,
	openSync,
	readdirSync,
	renameSync,
	statSync,
	unlinkSync,
	writeFileSync,
	writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_DIRECTORY } = constants;
const NEW_FILE = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** Plain words for what stops a record's write. */
const WRITE_ERRORS: Readonly<Record<string, string>> = {
	ENOSPC: "no space left on the device",
	EDQUOT: "the disk quota is used up",
	EROFS: "the file system is read-only",
	EACCES: "permission denied",
	EPERM: "operation not permitted",
	EISDIR: "a directory stands in its place",
	ENOTDIR: "a part of its path is not a directory",
	ELOOP: "a symlink stands in its place",
	EEXIST: "something else stands in its place",
	ENOENT: "its directory is gone",
	ENAMETOOLONG: "its path is too long",
	EIO: "an I/O error",
	EMFILE: "too many open files",
	EBADF: "the record was already closed",
};

/** `no space left on the device (ENOSPC)`; an error without a known code, its message. */
export function writeErrorText(error: unknown): string {
	const code = (error as NodeJS.ErrnoException | null)?.code;
	const words = code === undefined ? undefined : WRITE_ERRORS[code];
	if (words !== undefined) return `${words} (${code})`;
	return error instanceof Error ? error.message : String(error);
}

/** What identifies one version of a file: the same inode, neither written nor touched since. */
export interface FileMark {
	dev: bigint;
	ino: bigint;
	size: bigint;
	ctimeNs: bigint;
}

const markOf = (stats: BigIntStats): FileMark => ({
	dev: stats.dev,
	ino: stats.ino,
	size: stats.size,
	ctimeNs: stats.ctimeNs,
});

const sameFile = (a: Pick<FileMark, "dev" | "ino">, b: Pick<FileMark, "dev" | "ino">) =>
	a.dev === b.dev && a.ino === b.ino;

/** How a file now differs from its mark: undefined when it does not. */
export function markChange(mark: FileMark, now: FileMark | undefined): "removed" | "replaced" | "changed" | undefined {
	if (now === undefined) return "removed";
	if (!sameFile(mark, now)) return "replaced";
	return now.size !== mark.size || now.ctimeNs !== mark.ctimeNs ? "changed" : undefined;
}

let procFd: boolean | undefined;
/** Whether open directories can be named through /proc (Linux); probed once. */
const hasProcFd = () => {
	procFd ??= existsSync("/proc/self/fd");
	return procFd;
};

/** A name nothing else can guess in advance, beside `name`: `.name.<random>.tmp`. */
const tempName = (name: string) => `.${name}.${randomBytes(8).toString("hex")}.tmp`;

/**
 * Makes `path` and every missing directory above it (mode 0700), one `mkdir` each, and stops at the
 * first that fails. Node's own `mkdir -p` loops without end where `mkdir` answers ENOENT for a
 * parent that exists (`/proc/x`); this walk is bounded by the path's length.
 */
export function makeDirs(path: string): void {
	const missing: string[] = [];
	for (let dir = resolve(path); ; dir = dirname(dir)) {
		try {
			if (statSync(dir).isDirectory()) break;
			throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), { code: "ENOTDIR", path: dir });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(dir) === dir) throw error;
			missing.unshift(dir);
		}
	}
	for (const dir of missing) {
		try {
			mkdirSync(dir, { mode: 0o700 });
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !statSync(dir).isDirectory()) throw error;
		}
	}
}

/**
 * Writes `file` whole without following a link at its name: a fresh name beside it, created
 * exclusively, then renamed over it. For a file a run writes outside a RecordDir's handle (the
 * in-process child's session, whose path the runner is given).
 */
export function writeFileNoFollow(file: string, data: string | Uint8Array): void {
	const temp = join(dirname(file), tempName(basename(file)));
	writeNew(temp, data);
	try {
		renameSync(temp, file);
	} catch (error) {
		unlinkQuietly(temp);
		throw error;
	}
}

function writeNew(path: string, data: string | Uint8Array): BigIntStats {
	const fd = openSync(path, NEW_FILE, 0o644);
	let written = false;
	try {
		writeFileSync(fd, data);
		const stats = fstatSync(fd, { bigint: true });
		written = true;
		return stats;
	} finally {
		closeSync(fd);
		if (!written) unlinkQuietly(path);
	}
}

function unlinkQuietly(path: string): void {
	try {
		unlinkSync(path);
	} catch {
		// Already gone, or the directory refuses: nothing more to undo.
	}
}

export class RecordDir {
	/** The directory as it was named when made. */
	readonly path: string;
	private fd: number | undefined;
	private readonly identity: FileMark;

	private constructor(path: string, fd: number) {
		this.path = path;
		this.fd = fd;
		this.identity = markOf(fstatSync(fd, { bigint: true }));
	}

	/** Makes `path` (which must not exist) and opens it; errno errors as `mkdir` and `open` throw them. */
	static make(path: string): RecordDir {
		mkdirSync(path, { mode: 0o700 });
		return new RecordDir(path, openSync(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW));
	}

	/** How `name` inside the directory is reached: through the open handle where the system allows. */
	at(name: string): string {
		if (this.fd === undefined) throw Object.assign(new Error("the record is closed"), { code: "EBADF" });
		return hasProcFd() ? `/proc/self/fd/${this.fd}/${name}` : join(this.path, name);
	}

	/** Writes `name` whole (see the module's doc); the temporary file is gone whether it works or not. */
	writeWhole(name: string, data: string | Uint8Array): FileMark {
		const temp = this.at(tempName(name));
		const written = writeNew(temp, data);
		try {
			renameSync(temp, this.at(name));
		} catch (error) {
			unlinkQuietly(temp);
			throw error;
		}
		const now = this.mark(name);
		if (now === undefined || !sameFile(now, markOf(written))) {
			throw Object.assign(new Error(`${name} was replaced as it was written`), { code: "ERECORD" });
		}
		return now;
	}

	/** Opens `name` to append: made exclusively when `fresh`, else the file `expected` marks, never a link. */
	openAppend(name: string, expected?: FileMark): number {
		const fd = openSync(this.at(name), O_WRONLY | O_APPEND | O_NOFOLLOW | (expected ? 0 : O_CREAT | O_EXCL), 0o644);
		if (expected && !sameFile(expected, this.markFd(fd))) {
			closeSync(fd);
			throw Object.assign(new Error(`${name} was replaced during the run`), { code: "ERECORD" });
		}
		return fd;
	}

	/**
	 * Appends `text` through `fd`; a write that fails part-way is cut back to where the file ended
	 * before it, so the file keeps whole lines, and the error is thrown.
	 */
	append(fd: number, text: string, before: FileMark): FileMark {
		try {
			const bytes = Buffer.from(text);
			for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
		} catch (error) {
			try {
				ftruncateSync(fd, Number(before.size));
			} catch {
				// The cut failed too; the reader skips a broken last line.
			}
			throw error;
		}
		return this.markFd(fd);
	}

	markFd(fd: number): FileMark {
		return markOf(fstatSync(fd, { bigint: true }));
	}

	/** The entry `name` as it is now (a link is described, not followed); undefined when there is none. */
	mark(name: string): FileMark | undefined {
		try {
			return markOf(lstatSync(this.at(name), { bigint: true }));
		} catch {
			return undefined;
		}
	}

	/** The directory's entries by name. */
	entries(): string[] {
		return readdirSync(this.at(""));
	}

	/** Whether the path no longer names the directory that was made (renamed, removed, or a link put there). */
	moved(): boolean {
		try {
			return !sameFile(this.identity, markOf(lstatSync(this.path, { bigint: true })));
		} catch {
			return true;
		}
	}

	close(): void {
		if (this.fd !== undefined) closeSync(this.fd);
		this.fd = undefined;
	}
}
