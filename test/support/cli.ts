/** Runs the pi-delegate CLI in-process and captures what a user would see. */
import { main } from "../../src/cli/main.ts";

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
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
	let stdout = "";
	let stderr = "";
	const code = await main(argv, {
		stdout: (text) => {
			stdout += text;
		},
		stderr: (text) => {
			stderr += text;
		},
		readStdin: options.readStdin ?? (async () => options.stdin ?? ""),
		cwd: options.cwd ?? process.cwd(),
		env: options.env ?? process.env,
		isTTY: false,
		stdinIsTTY: options.stdinIsTTY ?? false,
		columns: options.columns ?? 80,
	});
	return { code, stdout, stderr };
}
