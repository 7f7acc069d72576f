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
	/** A wait gave up at its time-out with what it waited for still going (`wait`, as timeout(1) has it). */
	timedOut: 124,
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
	/** True when standard input is a terminal, so a command reading it says so instead of waiting silently. */
	stdinIsTTY?: boolean;
	/**
	 * A command that writes a record of its work (an audit directory, a log) says where, as soon as it
	 * exists, so that an unexpected error can point at it. `what` is a few words ("audit record").
	 * Optional: test doubles of CommandIO need not provide it, and commands call it with `?.`.
	 */
	recordAt?: (what: string, path: string) => void;
	/** The terminal's width when standard output is one; otherwise `COLUMNS`, else 80 (see `widthOf`). */
	columns?: number;
}

/**
 * The width a command lays its output out for: the terminal's, else `COLUMNS` (as a pager or a
 * script sets it), else 80 — so piped output and a README read well in a standard terminal.
 */
export function widthOf(io: Pick<CommandIO, "columns" | "env">): number {
	const set = io.columns ?? Number(io.env.COLUMNS);
	return Number.isInteger(set) && set >= 40 ? set : 80;
}

export interface Command {
	name: string;
	/** One line for the command list. */
	summary: string;
	/** Full usage text shown by `pi-delegate help <name>` and on a usage error. */
	usage: string;
	run(argv: string[], io: CommandIO): Promise<ExitCode>;
}

/**
 * One line of the command registry (src/cli/commands.ts): enough to list the command and to find it
 * by name without importing its module. `load` imports the module when the command runs.
 */
export interface CommandEntry {
	name: string;
	/** One line for the command list; the same text as the loaded command's `summary`. */
	summary: string;
	load: () => Promise<Command>;
}

/** A usage problem: the command prints it with its usage and exits 2. */
export class UsageError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "UsageError";
	}
}
