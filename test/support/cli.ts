/** Runs the pi-delegate CLI in-process and captures what a user would see. */
import type { CommandIO } from "../../src/cli/command.ts";
import { main } from "../../src/cli/main.ts";

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** What a command wrote to each stream, kept whole. */
export interface Written {
	stdout: string;
	stderr: string;
}

/**
 * The streams a command run in-process writes to, kept in `out`: no standard input and no terminal,
 * unless `fields` say otherwise.
 */
export function recordingIO(fields: Pick<CommandIO, "cwd" | "env"> & Partial<CommandIO>): {
	io: CommandIO;
	out: Written;
} {
	const out: Written = { stdout: "", stderr: "" };
	const io: CommandIO = {
		stdout: (text) => {
			out.stdout += text;
		},
		stderr: (text) => {
			out.stderr += text;
		},
		readStdin: async () => "",
		isTTY: false,
		...fields,
	};
	return { io, out };
}

export async function runCli(
	argv: string[],
	options: {
		cwd?: string;
		stdin?: string;
		env?: Record<string, string | undefined>;
		/** Standard input as a terminal would be: the command is told so. */
		stdinIsTTY?: boolean;
		/** Replaces the canned standard input, e.g. to hold it open. */
		readStdin?: () => Promise<string>;
		/** The terminal's width (default 80, whatever COLUMNS the test process has). */
		columns?: number;
	} = {},
): Promise<CliResult> {
	const { io, out } = recordingIO({
		readStdin: options.readStdin ?? (async () => options.stdin ?? ""),
		cwd: options.cwd ?? process.cwd(),
		env: options.env ?? process.env,
		stdinIsTTY: options.stdinIsTTY ?? false,
		columns: options.columns ?? 80,
	});
	const code = await main(argv, io);
	return { code, ...out };
}
