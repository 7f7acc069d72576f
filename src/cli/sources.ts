/**
 * Where a delegation started from the shell takes its inputs: this directory, the Pi found from it
 * (home, agent dir, the project's trust) and the parent's prompt as a Pi session here would have
 * it, read from disk. `pi-delegate run` and `workflow run` start children the same way, so the
 * two cannot drift in what a child sees.
 */
import type { PlanRequest } from "../plan/types.ts";
import type { InputSources } from "../run/inputs.ts";
import type { CommandIO } from "./command.ts";
import type { RequestFlags } from "./request-flags.ts";

/** The flags that shape every child a command starts. */
export interface ChildFlags {
	mode?: string | undefined;
	model?: string | undefined;
	runner?: PlanRequest["runner"] | undefined;
	extensions: string[];
	/** --approve / --no-approve. */
	trust?: boolean | undefined;
}

/** The layer `--agent` and `--strategy` give a child: the agent it runs as, and how it adopts the parent's words. */
export function layerOfFlags(flags: Pick<RequestFlags, "agent" | "strategy">): Partial<PlanRequest> {
	return {
		...(flags.agent !== undefined && { agent: { name: flags.agent, where: { source: "--agent", path: [] } } }),
		...(flags.strategy !== undefined && { call: { strategy: flags.strategy } }),
	};
}

/** The inputs of the children a command starts from the shell; its flags are the run-level layer. */
export async function shellSources(flags: ChildFlags, io: Pick<CommandIO, "cwd" | "env">): Promise<InputSources> {
	const { locatePi } = await import("../settings/locate.ts");
	const { loadParentPrompt } = await import("../host/load-parent.ts");
	const where = locatePi({ cwd: io.cwd, env: io.env, trustOverride: flags.trust });
	const projectTrusted = where.trust.trusted;
	return {
		entry: "cli",
		request: {
			...(flags.mode !== undefined && { runMode: flags.mode }),
			...(flags.model !== undefined && { model: flags.model }),
			...(flags.runner !== undefined && { runner: flags.runner }),
			extensions: flags.extensions,
		},
		cwd: io.cwd,
		home: where.home,
		agentDir: where.agentDir,
		projectTrusted,
		env: io.env,
		parentPrompt: async () =>
			(await loadParentPrompt({ cwd: io.cwd, agentDir: where.agentDir, projectTrusted })).parent,
	};
}
