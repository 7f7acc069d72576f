/**
 * Reading what a person names as input — a spec, an envelope, a brief, a snapshot, standard input —
 * with a ceiling. Node's `readFile` reads until the end, and some inputs have none: `/dev/zero`,
 * `/dev/urandom`, `yes |`. Without a ceiling the process grows until the machine swaps and then dies
 * with a stack trace; with one it stops at the ceiling and says what it was given. The ceilings are
 * far above any real input (a spec's goal is at most 32 KiB of text), so nothing real comes near.
 *
 * The reads use the callback API off the event loop, so a FIFO waits for its writer without
 * freezing the process, and node:fs/promises is not loaded for a one-shot command.
 */
import {
	close,
	closeSync,
	constants,
	fstat,
	fstatSync,
	open,
	openSync,
	read,
	readSync,
	type Stats,
	statSync,
} from "node:fs";

const MiB = 1024 * 1024;

/** The most a text input (spec, envelope, brief, commands list, standard input) may hold. */
export const TEXT_INPUT_LIMIT = 16 * MiB;

/** The most a snapshot file may hold: a snapshot of half a million files is tens of megabytes. */
export const SNAPSHOT_INPUT_LIMIT = 1024 * MiB;

/** The most a Pi session file may hold for a command to read it whole. */
export const SESSION_INPUT_LIMIT = 1024 * MiB;

/**
 * The ceiling for what `stats` describes: a regular file's size is known, so one over the ceiling is
 * refused before a byte is read; a device has no size and may never end (`/dev/zero`), so it gets
 * the text ceiling even where a file of its kind may be larger.
 */
function ceilingFor(stats: Stats, limit: number, what: string): number {
	if (stats.isFile() && stats.size > limit) throw new InputTooLarge(what, limit);
	return stats.isCharacterDevice() || stats.isBlockDevice() ? Math.min(limit, TEXT_INPUT_LIMIT) : limit;
}

/** An input that went past its ceiling; `code` sits beside Node's errno codes for callers that switch on it. */
export class InputTooLarge extends Error {
	readonly code = "E_INPUT_TOO_LARGE";
	readonly what: string;
	readonly limit: number;
	constructor(what: string, limit: number) {
		super(`${what} ${tooLargeWords(limit)}`);
		this.name = "InputTooLarge";
		this.what = what;
		this.limit = limit;
	}

	/** The reason as a clause after the input's own name: "it holds more than 16 MiB, …". */
	get reason(): string {
		return `it ${tooLargeWords(this.limit)}`;
	}
}

/** The words for an input past `limit` bytes: what happened, and the likely cause. */
export function tooLargeWords(limit: number): string {
	return (
		`holds more than ${Math.round(limit / MiB)} MiB, more than any input of its kind ` +
		"(something that never ends, such as /dev/zero or `yes`?)"
	);
}

/** True for the error the readers here throw past their ceiling. */
export function isTooLarge(error: unknown): error is InputTooLarge {
	return error instanceof InputTooLarge;
}

const CHUNK = 64 * 1024;

/**
 * The chunks of one read, kept until the end or refused past `ceiling`: the one place the async,
 * sync and stream readers count bytes.
 */
function collector(ceiling: number, what: string) {
	const chunks: Buffer[] = [];
	let total = 0;
	return {
		add(bytes: Buffer): void {
			total += bytes.length;
			if (total > ceiling) throw new InputTooLarge(what, ceiling);
			chunks.push(bytes);
		},
		whole: (): Buffer => Buffer.concat(chunks, total),
	};
}

/** Reads `file` whole, or throws InputTooLarge once it passes `limit` bytes; errno errors as Node throws them. */
export function readBounded(file: string, limit: number, what = file): Promise<Buffer> {
	return new Promise((done, fail) => {
		open(file, "r", (openError, fd) => {
			if (openError) return fail(openError);
			const finish = (error: unknown, value?: Buffer) =>
				close(fd, () => (error ? fail(error) : done(value ?? Buffer.alloc(0))));
			const next = (kept: ReturnType<typeof collector>) => {
				const buffer = Buffer.allocUnsafe(CHUNK);
				read(fd, buffer, 0, CHUNK, null, (readError, bytes) => {
					if (readError) return finish(readError);
					if (bytes === 0) return finish(undefined, kept.whole());
					try {
						kept.add(buffer.subarray(0, bytes));
					} catch (error) {
						return finish(error);
					}
					next(kept);
				});
			};
			fstat(fd, (statError, stats) => {
				if (statError) return finish(statError);
				try {
					next(collector(ceilingFor(stats, limit, what), what));
				} catch (error) {
					finish(error);
				}
			});
		});
	});
}

/** `readBounded` as UTF-8 text. */
export async function readBoundedText(file: string, limit: number = TEXT_INPUT_LIMIT, what = file): Promise<string> {
	return (await readBounded(file, limit, what)).toString("utf8");
}

/** `readBoundedText` for the few callers that must stay synchronous. */
export function readBoundedTextSync(file: string, limit: number = TEXT_INPUT_LIMIT, what = file): string {
	return readFdText(openSync(file, "r"), limit, what);
}

/** Reads an open file to its end with a ceiling, as text, and closes it. */
function readFdText(fd: number, limit: number, what: string): string {
	try {
		const kept = collector(ceilingFor(fstatSync(fd), limit, what), what);
		for (;;) {
			const buffer = Buffer.allocUnsafe(CHUNK);
			const bytes = readSync(fd, buffer, 0, CHUNK, null);
			if (bytes === 0) return kept.whole().toString("utf8");
			kept.add(buffer.subarray(0, bytes));
		}
	} finally {
		closeSync(fd);
	}
}

/** Reads a stream (standard input) whole, or throws InputTooLarge once it passes `limit` bytes. */
export async function readBoundedStream(
	stream: AsyncIterable<Buffer | string>,
	limit: number = TEXT_INPUT_LIMIT,
	what = "standard input",
): Promise<string> {
	const kept = collector(limit, what);
	for await (const chunk of stream) kept.add(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
	return kept.whole().toString("utf8");
}

/**
 * A regular file's text, read with the text ceiling; anything else is refused before it is opened.
 * For files found in a project rather than named by a person (settings, agent files, the files a
 * config includes): a FIFO there would block the open, and so every start of Pi in that directory;
 * a link to a device would never end. Errno errors (ENOENT, …) are thrown as Node throws them.
 */
export function readRegularTextSync(file: string, limit: number = TEXT_INPUT_LIMIT): string {
	const stats = statSync(file);
	if (stats.isDirectory()) throw Object.assign(new Error("it is a directory"), { code: "EISDIR" });
	if (!stats.isFile()) throw new Error("it is not a regular file (a FIFO, device or socket)");
	return readBoundedTextSync(file, limit, "it");
}

/**
 * Opens a file a program wrote (a run's record) to read it, refusing what may have been put in its
 * place: a symlink (never followed: it could lead anywhere), and anything but a regular file (a FIFO
 * would block the open's reader for ever, a device never ends). The open does not wait on a FIFO.
 * Errors carry a code: ELOOP for a link, EISDIR, ENOTREG for a FIFO, device or socket, else Node's.
 */
export function openRecordFileSync(file: string): number {
	const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
	const stats = fstatSync(fd);
	if (stats.isFile()) return fd;
	closeSync(fd);
	const code = stats.isDirectory() ? "EISDIR" : "ENOTREG";
	const words = stats.isDirectory() ? "it is a directory" : "it is not a regular file (a FIFO, device or socket)";
	throw Object.assign(new Error(words), { code });
}

/** A record's file as text (see openRecordFileSync), read with a ceiling. */
export function readRecordTextSync(file: string, limit: number = TEXT_INPUT_LIMIT): string {
	return readFdText(openRecordFileSync(file), limit, "it");
}
