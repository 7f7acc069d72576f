/**
 * The one-shot commands that scripts and hooks run once per input — `gate` for every fork brief,
 * `validate` for every spec, `boundary snapshot` and `boundary diff` around every command a script
 * wants checked — each as an entry of its own (src/cli/quick/<name>.ts). The build
 * bundles each entry and what it imports into one CommonJS file, dist/cli/quick-<name>.cjs
 * (scripts/bundle-quick.ts), and the installed command runs these through it: a process that loads
 * one file with `require` skips the ES module loader's per-module resolution and its facades for
 * Node's built-ins, about a quarter of such a process (bench/startup.bench.ts, bench/gate.bench.ts),
 * and a `gate` process loads the classifier and the shell, nothing of `validate`.
 *
 * An entry must not import the registry (src/cli/commands.ts): its lazy imports would pull every
 * command into the bundle. Everything else — help, usage errors, `--debug`, exit codes — is the same
 * shell the full command uses, so the two routes cannot answer differently (test/cli/quick.test.ts).
 */
import type { Command } from "./command.ts";
import { runProcess } from "./shell.ts";

/** The process of one quick command; the caller has checked that `argv[0]` names it. */
export function quickProcess(command: Command): (argv: readonly string[]) => Promise<void> {
	const entries = [{ name: command.name, summary: command.summary, load: async () => command }];
	return (argv) => runProcess(argv, entries);
}
