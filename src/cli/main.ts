/**
 * The `pi-delegate` command: the process shell (src/cli/shell.ts) over the whole command registry.
 *
 * The process entry is bin/pi-delegate.cjs (it checks the Node version first, then calls
 * `runProcess`); `node dist/cli/main.js …` also works, for scripts that call the build directly.
 */
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CommandEntry, CommandIO, ExitCode } from "./command.ts";
import { COMMANDS } from "./commands.ts";
import { main as shellMain, runProcess as shellRunProcess } from "./shell.ts";

/** Runs the CLI with the given arguments; see shell.ts. `commands` defaults to the registry. */
export function main(
	argv: readonly string[],
	io: CommandIO,
	commands: readonly CommandEntry[] = COMMANDS,
): Promise<ExitCode> {
	return shellMain(argv, io, commands);
}

/** Runs the CLI as this process, over the whole registry. */
export function runProcess(argv: readonly string[]): Promise<void> {
	return shellRunProcess(argv, COMMANDS);
}

function isEntryPoint(): boolean {
	const script = process.argv[1];
	if (!script) return false;
	try {
		return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
	} catch {
		return false;
	}
}

if (isEntryPoint()) await runProcess(process.argv.slice(2));
