/**
 * Reading input that may never end, without leaving a person staring at a silent terminal. A
 * command that reads standard input waits until it ends: on a terminal that means until Ctrl-D, and
 * on a pipe or FIFO whose writer never closes it, forever. So:
 * - on a terminal, one line says what is being read and how to end it, before the wait starts;
 * - on anything else, a line appears if input has not ended after a few seconds (a normal pipe has
 *   long finished by then, so a working script never sees it);
 * - a named FIFO given as a file is announced before it is opened, since opening one blocks until
 *   something writes to it.
 * Everything goes to stderr, so stdout (and `--json`) stays clean.
 */
import { statSync } from "node:fs";
import type { CommandIO } from "./command.ts";

/** How long standard input may stay open before the command says it is still waiting. */
export const STDIN_NOTICE_MS = 3000;

/** The line printed before reading a terminal: what is read, and how to end it. */
export function terminalNotice(what: string): string {
	return `reading ${what} from standard input; end with Ctrl-D (or give a file instead of -)\n`;
}

/** The line printed when non-terminal input has not ended after `waitMs`. */
export function slowInputNotice(what: string, waitMs: number): string {
	return (
		`still waiting for ${what} on standard input after ${Math.round(waitMs / 1000)} s: nothing has ended it ` +
		"(a pipe or FIFO whose writer is still open?); end it with Ctrl-D, or give a file\n"
	);
}

/** Reads all of standard input, saying so when the wait would otherwise be silent. */
export async function readStdinWithNotice(
	io: CommandIO,
	what: string,
	waitMs: number = STDIN_NOTICE_MS,
): Promise<string> {
	if (io.stdinIsTTY === true) {
		io.stderr(terminalNotice(what));
		return io.readStdin();
	}
	const timer = setTimeout(() => io.stderr(slowInputNotice(what, waitMs)), waitMs);
	timer.unref?.();
	try {
		return await io.readStdin();
	} finally {
		clearTimeout(timer);
	}
}

/** The line to print before reading `path` when it is a FIFO; undefined for anything else. */
export function fifoNotice(path: string, what: string): string | undefined {
	let fifo = false;
	try {
		fifo = statSync(path).isFIFO();
	} catch {
		return undefined;
	}
	return fifo
		? `reading ${what} from the FIFO ${path}: waiting until something writes to it and closes it (Ctrl-C to give up)\n`
		: undefined;
}
