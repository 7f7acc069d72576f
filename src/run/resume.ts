/**
 * What a call that resumes finished runs needs beside its plans: the runs directory the runs are
 * found in (as the call's own record will be placed: the environment, else the setting, else under
 * Pi's agent directory), and the sessions the resumed children continue, by the run's directory,
 * for the runners (ports.ts): a plan names a session (`resumes`), its entries travel beside it.
 */
import { resolve } from "node:path";
import type { SessionEntryLike } from "../plan/fork-types.ts";
import { decideRunsDir } from "../plan/runs-dir.ts";
import { decideSettings } from "../plan/settings.ts";
import type { LoadedRequest } from "../plan/types.ts";
import { readSettings } from "../settings/read.ts";
import type { InputSources } from "./inputs.ts";

/** The runs directory a call's resumed runs are looked for in. */
export function runsDirOfSources(sources: InputSources): string {
	const settings = readSettings({
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		projectTrusted: sources.projectTrusted,
	});
	const override = sources.env.PI_DELEGATE_RUNS_DIR;
	const where = {
		home: sources.home,
		agentDir: sources.agentDir,
		cwd: sources.cwd,
		...(override && { runsDirOverride: override }),
	};
	return resolve(sources.cwd, decideRunsDir(where, decideSettings(settings).runsDir));
}

/** The sessions the call's resumed children continue, by their run's directory; nothing when none resumes. */
export function resumedSessions(loaded: ReadonlyArray<{ request: LoadedRequest }>): {
	resumed?: ReadonlyMap<string, readonly SessionEntryLike[]>;
} {
	const resumed = new Map<string, readonly SessionEntryLike[]>();
	for (const { request } of loaded) {
		if (request.kind !== "unchecked" && request.resumes) resumed.set(request.resumes.link.dir, request.resumes.entries);
	}
	return resumed.size > 0 ? { resumed } : {};
}
