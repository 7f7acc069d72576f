/**
 * The one-shot commands that scripts and hooks run once per input — `gate` for every fork brief,
 * `validate` for every spec — as an entry of their own. The build bundles this file and what it
 * imports into one CommonJS file, dist/cli/quick.cjs (scripts/bundle-quick.ts), and the installed
 * command runs these two through it: a process that loads one file with `require` skips the ES
 * module loader's per-module resolution and its facades for Node's built-ins, about a quarter of
 * such a process (bench/startup.bench.ts, bench/gate.bench.ts).
 *
 * It must not import the registry (src/cli/commands.ts): its lazy imports would pull every command
 * into the bundle. Everything else — help, usage errors, `--debug`, exit codes — is the same shell
 * the full command uses, so the two routes cannot answer differently (test/cli/quick.test.ts).
 */
import type { CommandEntry } from "./command.ts";
import { gateCommand } from "./gate.ts";
import { runProcess } from "./shell.ts";
import { validateCommand } from "./validate.ts";

export const QUICK_COMMANDS: readonly CommandEntry[] = [gateCommand, validateCommand].map((command) => ({
	name: command.name,
	summary: command.summary,
	load: async () => command,
}));

/** Runs a quick command as this process; the caller has checked that `argv[0]` names one. */
export function runQuick(argv: readonly string[]): Promise<void> {
	return runProcess(argv, QUICK_COMMANDS);
}
