/**
 * What the commands that name runs (`apply`, `runs`, `wait`, `send`, `stop`) share: the runs
 * directory (`--runs DIR`, else as a run would choose it), each RUN resolved as `apply`
 * resolves it (run/audit/run-directory.ts `runDirectory`: a run's folder name, a task's id for its latest run,
 * or a path), and bad input said as every command says it: field, value, fix, exit 2.
 */
import { basename, resolve } from "node:path";
import { formatProblems, type Problem } from "../problems.ts";
import { runDirectory } from "../run/audit/run-directory.ts";
import { type CommandIO, EXIT, type ExitCode, widthOf } from "./command.ts";
import { defaultRunsDir } from "./runs-dir.ts";

/** The flags every run-asking command takes. */
export const TARGET_FLAGS = { json: { type: "boolean" }, runs: { type: "string" } } as const;

export const RUNS_FLAG_USAGE = `  --json       print the answer as JSON
  --runs DIR   the runs directory (default: PI_DELEGATE_RUNS_DIR, else the global runsDir
               setting, else ~/.pi/agent/pi-delegate/runs)`;

export const RUN_ARGUMENT_USAGE = `RUN is a run id (its folder's name in the runs directory), a task's id (its latest run), or
the path of a run's audit directory.`;

/** The runs directory the command reads. */
export function runsDirOf(io: Pick<CommandIO, "cwd" | "env">, flag: string | undefined): string {
	return flag === undefined ? defaultRunsDir(io).dir : resolve(io.cwd, flag);
}

/** A run named on the command line, found. */
export interface Target {
	/** As the user wrote it. */
	given: string;
	/** The run's id: its audit directory's name. */
	id: string;
	dir: string;
}

/** Each RUN found, or every problem with them at once. */
export function findTargets(
	runs: readonly string[],
	io: Pick<CommandIO, "cwd">,
	runsDir: string,
): { targets: Target[] } | { problems: Problem[] } {
	const found: Target[] = [];
	const problems: Problem[] = [];
	for (const given of runs) {
		const at = runDirectory(given, io.cwd, runsDir);
		if ("problem" in at) problems.push(at.problem);
		else found.push({ given, id: basename(at.dir), dir: at.dir });
	}
	return problems.length > 0 ? { problems } : { targets: found };
}

/** Writes the problems as bad input of `command`; exit 2. */
export function badInput(io: CommandIO, command: string, problems: readonly Problem[]): ExitCode {
	io.stderr(`pi-delegate ${command}: bad input:\n${formatProblems([...problems], "✗", widthOf(io))}\n`);
	return EXIT.badInput;
}
