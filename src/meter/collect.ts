/**
 * Gathers the sources of one spend view: every run in the runs directory, or, for one parent
 * session, the session's own requests, the runs that name it as their parent, and the children
 * its entries record (a fork child whose audit directory lies elsewhere, or has none).
 *
 * A child seen both as a run and as an entry of its parent counts once: the audit directory is
 * the key, and the run's own record wins (it has the requests).
 */
import { existsSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { childFromRef, isRunDir, readRunSpend, readSessionSpend } from "./read-records.ts";
import type { SpendSource } from "./types.ts";

export interface CollectOptions {
	runsDir: string;
	/** A parent session file: only its own requests and its children. */
	sessionFile?: string;
}

/** Every run directory under `runsDir`, oldest first (their names start with a UTC stamp). */
export function readRunsDir(runsDir: string): SpendSource[] {
	if (!existsSync(runsDir)) return [];
	return readdirSync(runsDir, { withFileTypes: true })
		.filter((e) => e.isDirectory())
		.map((e) => join(runsDir, e.name))
		.sort()
		.filter(isRunDir)
		.map(readRunSpend);
}

function belongsTo(run: SpendSource, parent: SpendSource): boolean {
	const s = run.session;
	if (!s) return false;
	return (
		(s.file !== undefined && s.file === parent.session?.file) || (s.id !== undefined && s.id === parent.session?.id)
	);
}

/**
 * A session's runs and the runs they started in turn (nested delegation): a grandchild's record
 * names its parent run, not the session, so the tree is rolled up by following `parentRun` down
 * from the session's own runs. Each is counted under the session, once.
 */
function withDescendants(mine: SpendSource[], runs: readonly SpendSource[], parent: SpendSource): SpendSource[] {
	const keys = new Set(mine.map((run) => run.key));
	const out = [...mine];
	for (let added = true; added; ) {
		added = false;
		for (const run of runs) {
			if (keys.has(run.key) || run.parentRun === undefined || !keys.has(run.parentRun)) continue;
			keys.add(run.key);
			out.push({ ...run, ...(parent.session && { session: run.session ?? parent.session }) });
			added = true;
		}
	}
	return out;
}

/** The sources of the view; the parent session comes first when one is given. */
export function collectSpend(options: CollectOptions): SpendSource[] {
	const runs = readRunsDir(options.runsDir);
	if (options.sessionFile === undefined) return runs;
	const { source: parent, children } = readSessionSpend(options.sessionFile);
	const mine = withDescendants(
		runs.filter((run) => belongsTo(run, parent)),
		runs,
		parent,
	);
	const byDir = new Map(mine.map((run) => [run.key, run]));
	// A run's directory name (its start stamp, id and number) is unique: the runs directory it is
	// read from may have been moved or copied since the session recorded the path, and the same run
	// must not then be counted twice — once from the directory, once from the session's entry.
	const byName = new Map(mine.map((run) => [basename(run.key), run]));
	const extra: SpendSource[] = [];
	for (const ref of children) {
		const dir = ref.auditDir ? resolve(ref.auditDir) : undefined;
		const known =
			dir === undefined
				? undefined
				: (byDir.get(dir) ??
					extra.find((e) => e.key === dir) ??
					(isRunDir(dir) ? undefined : byName.get(basename(dir))));
		if (known) {
			// The entry knows what kind of child it started; a result.json of an older version may not say.
			if (known.kind === "task" && ref.kind !== "task") known.kind = ref.kind;
			continue;
		}
		if (dir && isRunDir(dir)) {
			const run = readRunSpend(dir);
			extra.push({ ...run, kind: run.kind === "task" ? ref.kind : run.kind, session: run.session ?? parent.session! });
		} else extra.push(childFromRef(ref, parent));
	}
	return [parent, ...mine, ...extra];
}
