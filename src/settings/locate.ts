/**
 * Where Pi's files are for a command run from a shell: the working directory, home, the agent
 * directory and the project's trust, from the process environment. The Pi extension gets the same
 * facts from its context instead (ctx.cwd, ctx.isProjectTrusted()).
 */
import { homedir } from "node:os";
import { resolveAgentDir } from "./paths.ts";
import { resolveProjectTrust, type TrustVerdict } from "./trust.ts";

export interface PiLocation {
	cwd: string;
	home: string;
	agentDir: string;
	trust: TrustVerdict;
}

export function locatePi(options: {
	cwd: string;
	env: Readonly<Record<string, string | undefined>>;
	/** An explicit trust decision for this run (`--approve` / `--no-approve`). */
	trustOverride?: boolean;
}): PiLocation {
	const home = options.env.HOME || homedir();
	const agentDir = resolveAgentDir(options.env, home, options.cwd);
	const trust = resolveProjectTrust({ cwd: options.cwd, home, agentDir, override: options.trustOverride });
	return { cwd: options.cwd, home, agentDir, trust };
}
