/**
 * The I/O of a real `pi-delegate` process, made so that a command pays only for what it uses.
 *
 * Output goes to file descriptors 1 and 2 with `writeSync`, not through `process.stdout`: creating
 * that stream loads Node's stream and net modules, a few milliseconds of a process that `gate` or
 * `validate` keeps near `node -e 0`. A descriptor that refuses a write for now (EAGAIN: a
 * non-blocking pipe that is full) hands the rest, and every later write, to the stream, which queues
 * them in order. A reader that has gone (EPIPE: `| head`) is no error of the command's: its output
 * is simply unwanted now, and the command finishes with its own exit code.
 *
 * Whether a descriptor is a terminal, and its width, are read when a command asks (getters), since
 * the answer needs the tty module.
 */
import { writeSync } from "node:fs";
import { readBoundedStream } from "../read-input.ts";
import type { CommandIO } from "./command.ts";

type Fd = 1 | 2;

function errnoOf(error: unknown): string | undefined {
	const code = (error as { code?: unknown } | null)?.code;
	return typeof code === "string" ? code : undefined;
}

/** A writer to `fd` that falls back to the process's stream when the descriptor says "not now". */
function fdWriter(fd: Fd, onError: (error: unknown) => void): (text: string) => void {
	const stream = () => (fd === 1 ? process.stdout : process.stderr);
	let mode: "fd" | "stream" | "gone" = "fd";
	return (text) => {
		if (mode === "gone") return;
		if (mode === "stream") {
			stream().write(text);
			return;
		}
		const bytes = Buffer.from(text, "utf8");
		let offset = 0;
		try {
			while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
		} catch (error) {
			const code = errnoOf(error);
			if (code === "EPIPE") mode = "gone";
			else if (code === "EAGAIN") {
				mode = "stream";
				stream().on("error", (e: unknown) => (errnoOf(e) === "EPIPE" ? undefined : onError(e)));
				stream().write(bytes.subarray(offset));
			} else onError(error);
		}
	};
}

/** The I/O of this process; `onError` gets a write error that is neither EAGAIN nor EPIPE. */
export function processIO(onError: (error: unknown) => void): CommandIO {
	return {
		stdout: fdWriter(1, onError),
		stderr: fdWriter(2, onError),
		readStdin: () => readBoundedStream(process.stdin),
		cwd: process.cwd(),
		env: process.env,
		get isTTY() {
			return process.stderr.isTTY === true;
		},
		get stdinIsTTY() {
			return process.stdin.isTTY === true;
		},
		get columns() {
			return process.stdout.isTTY ? process.stdout.columns : undefined;
		},
	};
}

/** `io` with `recordAt` replaced, its getters kept as getters (a spread would read them all). */
export function withRecordAt(io: CommandIO, recordAt: NonNullable<CommandIO["recordAt"]>): CommandIO {
	return Object.defineProperties(
		{},
		{ ...Object.getOwnPropertyDescriptors(io), recordAt: { value: recordAt, enumerable: true } },
	) as CommandIO;
}
