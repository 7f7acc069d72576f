/**
 * What an entry's defaults are filled in from, read from where the call is made (plan/request.ts
 * asks for each only when a default needs it): the repository the caller works in — its top level,
 * asked of git through the one way pi-delegate starts git (boundary/git-process.ts) — and the
 * deliverable an agent file sets, its agents read once per call.
 */
import { loadAgents } from "../agents/load.ts";
import { gitSync } from "../boundary/git-process.ts";
import type { EntryPlace } from "../plan/request-types.ts";
import type { InputSources } from "./inputs.ts";

/** The repository `cwd` is in (its top level), or `cwd` outside one. */
function repositoryRoot(cwd: string): string {
	const out = gitSync(["rev-parse", "--show-toplevel"], cwd);
	const top = out.status === 0 ? out.stdout.trim() : "";
	return top === "" ? cwd : top;
}

export function entryPlaceOf(
	sources: Pick<InputSources, "cwd" | "home" | "agentDir" | "projectTrusted" | "env">,
): EntryPlace {
	let catalog: ReturnType<typeof loadAgents> | undefined;
	return {
		cwd: sources.cwd,
		repoRoot: () => repositoryRoot(sources.cwd),
		deliverableOf: (agent) => {
			catalog ??= loadAgents(sources);
			return catalog.agents.get(agent)?.deliverable;
		},
	};
}
