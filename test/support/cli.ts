/** Runs the pi-delegate CLI in-process and captures what a user would see. */
import { main } from "../../src/cli/main.ts";

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

export async function runCli(
	argv: string[],
	options: { cwd?: string; stdin?: string; env?: Record<string, string | undefined> } = {},
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
		readStdin: async () => options.stdin ?? "",
		cwd: options.cwd ?? process.cwd(),
		env: options.env ?? process.env,
		isTTY: false,
	});
	return { code, stdout, stderr };
}
