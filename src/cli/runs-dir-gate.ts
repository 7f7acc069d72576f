/**
 * The runs directory, checked before a command that starts children loads Pi (which takes a second
 * or more): a runs directory that cannot take a record ends `run` and `workflow run` at once, exit
 * 2, with what chose it, the path and the fix. It is decided exactly as the run would decide it
 * (the variable, the settings this directory's Pi reads, the default); the run's own loading checks
 * it again (run/inputs.ts), so every entry point refuses it, and inside Pi this step does not exist.
 */
import { decideRunsDir, RUNS_DIR_REFUSED, runsDirPlace } from "../plan/runs-dir.ts";
import { formatProblems } from "../problems.ts";
import { runsDirProblems } from "../run/audit/runs-dir.ts";
import { locatePi } from "../settings/locate.ts";
import { readSettings } from "../settings/read.ts";
import type { CommandIO } from "./command.ts";

/**
 * Writes the refusal to stderr and returns true when the runs directory cannot take a record.
 * `heading` opens the refusal as the command's other refusals do ("cannot run").
 */
export function refuseRunsDir(
	io: Pick<CommandIO, "cwd" | "env" | "stderr">,
	trust: boolean | undefined,
	heading: string,
): boolean {
	const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: trust });
	const located = { cwd: io.cwd, home: where.home, agentDir: where.agentDir, projectTrusted: where.trust.trusted };
	const settings = readSettings(located);
	// A settings file with problems is the run's to refuse, with all of them.
	if (settings.problems.length > 0) return false;
	const override = io.env.PI_DELEGATE_RUNS_DIR;
	const inputs = { ...located, ...(override && { runsDirOverride: override }) };
	const dir = decideRunsDir(inputs, settings.settings.runsDir?.value);
	const problems = runsDirProblems(dir, runsDirPlace(inputs, settings.settings.runsDir));
	if (problems.length === 0) return false;
	io.stderr(`✗ ${heading}: ${RUNS_DIR_REFUSED}\n${formatProblems(problems)}\n`);
	return true;
}
