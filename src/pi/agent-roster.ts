/**
 * Where the parent's roster of agents comes from (src/agents/roster.ts says what it is): the same
 * folders a task call reads, loaded on the first run of the session rather than when Pi starts (the
 * loader brings the YAML parser), and kept for the session, so the system prompt's bytes — and the
 * prompt cache — do not move while agent files are being edited. A task call always reads the
 * folders afresh; a new agent file shows in the roster from the next session (or `/reload`).
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { onDemand, piPackage } from "./on-demand.ts";

export interface RosterDeps {
	home: () => string;
	env: () => NodeJS.ProcessEnv;
	/** Pi's agent dir; asked after Pi's package has loaded. */
	agentDir: () => string;
}

const modules = onDemand(async () => {
	const [load, roster] = await Promise.all([
		import("../agents/load.ts"),
		import("../agents/roster.ts"),
		piPackage.get(),
	]);
	return { loadAgents: load.loadAgents, agentRoster: roster.agentRoster, withRoster: roster.withRoster };
});

/**
 * Appends the roster for a run's context to its system prompt; the roster is computed once per
 * working directory and trust, then kept.
 */
export function rosterAppender(deps: RosterDeps): (ctx: ExtensionContext, systemPrompt: string) => Promise<string> {
	const kept = new Map<string, string>();
	return async (ctx, systemPrompt) => {
		const { loadAgents, agentRoster, withRoster } = await modules.get();
		const trusted = ctx.isProjectTrusted();
		const key = `${trusted ? "trusted" : "untrusted"}\0${ctx.cwd}`;
		const known = kept.get(key);
		if (known !== undefined) return withRoster(systemPrompt, known);
		let roster = "";
		try {
			const catalog = loadAgents({
				cwd: ctx.cwd,
				home: deps.home(),
				agentDir: deps.agentDir(),
				projectTrusted: trusted,
				env: deps.env(),
			});
			roster = agentRoster(catalog.agents.values());
		} catch {
			// A folder that cannot be read costs the parent its roster, never its run; a task call reports it.
		}
		kept.set(key, roster);
		return withRoster(systemPrompt, roster);
	};
}
