/** Where the commands that read records (`spend`, `apply`) look for runs when not told. */
import { homedir } from "node:os";
import { RUNS_DIR_ENV } from "../plan/runs-dir.ts";
import type { ProblemPlace } from "../problems.ts";
import { resolveRunsDir } from "../run/audit/audit.ts";
import { resolveAgentDir } from "../settings/paths.ts";
import { readDelegateSettings } from "../settings/read.ts";
import { settingValues } from "../settings/section.ts";
import type { CommandIO } from "./command.ts";

/**
 * The runs directory as a run would choose it — the environment, then the global setting, then the
 * default — with what chose it, for a problem about it.
 */
export function defaultRunsDir(io: Pick<CommandIO, "cwd" | "env">): { dir: string; place: ProblemPlace } {
	if (io.env.PI_DELEGATE_RUNS_DIR) return { dir: resolveRunsDir(io.env), place: { source: RUNS_DIR_ENV, path: [] } };
	const home = io.env.HOME ?? homedir();
	const agentDir = resolveAgentDir(io.env, home, io.cwd);
	// Only the global file: a project's settings count only for a trusted project, and this view starts nothing.
	const settings = readDelegateSettings({ cwd: io.cwd, home, agentDir, projectTrusted: false });
	const setting = settingValues(settings, "runsDir").at(-1);
	const dir = resolveRunsDir(io.env, typeof setting?.value === "string" ? setting.value : undefined);
	if (typeof setting?.value !== "string") return { dir, place: { source: "the default runs directory", path: [] } };
	return { dir, place: { source: setting.section.label, path: ["pi-delegate", "runsDir"] } };
}
