/**
 * The channel between the subprocess runner and pi-delegate's extension inside the child's `pi`: a
 * unix socket the runner listens on in the child's private scratch directory (inside its audit
 * directory, which the sandbox shows the child read-only — connecting to a socket is not a write
 * to the file system, so a read-only mount lets it through). Down it go the messages sent to the
 * running child; up it will come nothing the runner trusts: every line from the child is read with
 * a ceiling and parsed as hostile JSON, and a connection that breaks the rules is closed.
 *
 * A socket's path may be at most 107 bytes long. A scratch directory can lie deeper than that, so
 * a longer path is reached through the directory's descriptor (`/proc/self/fd/N/name`), which the
 * kernel resolves like the directory itself, on both sides.
 */
import { closeSync, constants, openSync } from "node:fs";
import { join } from "node:path";

/** The socket's name in the scratch directory. */
export const CHANNEL_FILE = "channel.sock";

/** The longest line either side reads; a longer one closes the channel. */
export const CHANNEL_LINE_MAX = 1024 * 1024;

/** The longest socket path the kernel takes (sun_path, less its terminating NUL). */
const SOCKET_PATH_MAX = 107;

/** A line the runner sends down the channel. */
export type DownLine = { type: "message"; text: string };

/**
 * Calls `use` with an address of the socket `name` in `dir` that fits the kernel's limit, and keeps
 * the directory's descriptor open until `use` has settled (a listen or a connect is resolved then).
 */
export async function withSocketAddress<T>(
	dir: string,
	name: string,
	use: (address: string) => Promise<T>,
): Promise<T> {
	const direct = join(dir, name);
	if (Buffer.byteLength(direct) <= SOCKET_PATH_MAX) return use(direct);
	const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
	try {
		return await use(`/proc/self/fd/${fd}/${name}`);
	} finally {
		closeSync(fd);
	}
}

/** Splits a stream into lines with a ceiling: `push` returns the complete lines, or `undefined` once one is too long. */
export function boundedLines(max = CHANNEL_LINE_MAX): { push(chunk: Buffer): string[] | undefined } {
	let pending: Buffer[] = [];
	let size = 0;
	return {
		push(chunk) {
			const lines: string[] = [];
			let start = 0;
			for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, start)) {
				if (size + i - start > max) return undefined;
				pending.push(chunk.subarray(start, i));
				lines.push(Buffer.concat(pending).toString("utf8"));
				pending = [];
				size = 0;
				start = i + 1;
			}
			size += chunk.length - start;
			if (size > max) return undefined;
			if (start < chunk.length) pending.push(chunk.subarray(start));
			return lines;
		},
	};
}

/** One line of JSON as an object, or undefined: nothing else read from the channel is trusted. */
export function parseLine(line: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(line);
		return value !== null && typeof value === "object" && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}

/** A line as it is written to the channel. */
export const encodeLine = (value: unknown): string => `${JSON.stringify(value)}\n`;
