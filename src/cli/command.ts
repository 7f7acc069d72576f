/**
 * The shape every `pi-delegate` subcommand has. Commands take their I/O as a parameter so tests run
 * them in-process and read exactly what a user would see.
 */

/** Exit codes, the same for every command. */
export const EXIT = {
	/** The check passed / the job succeeded. */
	pass: 0,
	/** The check ran and found a failure (FAIL verdict, violation, invalid envelope). */
	fail: 1,
	/** The input was unusable: bad flags, invalid spec, missing file, setup problem. */
	badInput: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Where a command writes and reads. */
export interface CommandIO {
	stdout: (text: string) => void;
	stderr: (text: string) => void;
	/** Reads all of standard input (for `-` arguments). */
	readStdin: () => Promise<string>;
	cwd: string;
	env: Readonly<Record<string, string | undefined>>;
	/** True when stderr is a terminal (progress may redraw a line). */
	isTTY: boolean;
	/** True when standard input is a terminal: a command must not wait on it for input nobody pipes. */
	stdinIsTTY?: boolean;
}

export interface Command {
	name: string;
	/** One line for the command list. */
	summary: string;
	/** Full usage text shown by `pi-delegate help <name>` and on a usage error. */
	usage: string;
	run(argv: string[], io: CommandIO): Promise<ExitCode>;
}

/** A usage problem: the command prints it with its usage and exits 2. */
export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "UsageError";
	}
}
