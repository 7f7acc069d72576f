/**
 * What `runs` and `runs show` read of the runs directory: each run's state from its endpoint and
 * its result (run/control/observe.ts), its age from its folder's name, and, for a lost run, what
 * its events say it was billed so far (the meter's reader: the same count `spend` makes).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readRunSpend } from "../meter/read-records.ts";
import { observeRun } from "../run/control/observe.ts";
import type { RunView } from "../run/control/state.ts";

/** An audit directory's name: the UTC second the run started, then the task's id. */
const RUN_NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-/;

/** One run as listed. */
export interface ListedRun extends RunView {
	id: string;
	dir: string;
	/** When it started, from its folder's name (pi-delegate's own naming, not the child's writing). */
	startedAt: Date | undefined;
}

export function startOf(name: string): Date | undefined {
	const m = RUN_NAME.exec(name);
	return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : undefined;
}

/** The runs' folder names, newest first (the names sort by the second each started). */
export function runNames(runsDir: string): string[] {
	try {
		return readdirSync(runsDir, { withFileTypes: true })
			.filter((entry) => entry.isDirectory() && RUN_NAME.test(entry.name))
			.map((entry) => entry.name)
			.sort()
			.reverse();
	} catch {
		return [];
	}
}

const KNOWN_KINDS: readonly string[] = ["task", "fork", "unchecked"];

/** A lost run's spend as far as its events go (what `spend` counts for it). */
function billedSoFar(dir: string): { usd: number; kind: string } {
	const spend = readRunSpend(dir);
	return { usd: spend.requests.reduce((sum, r) => sum + r.dollars.total, 0), kind: spend.kind };
}

/** One run, observed. */
export async function listedRun(dir: string, id: string, env: Readonly<Record<string, string | undefined>>) {
	const view = await observeRun(dir, { env });
	const lost = view.state === "lost" ? billedSoFar(dir) : undefined;
	const kind = view.kind ?? lost?.kind;
	return {
		...view,
		id,
		dir,
		kind: kind !== undefined && KNOWN_KINDS.includes(kind) ? kind : undefined,
		usd: view.usd ?? lost?.usd,
		startedAt: startOf(id),
	} satisfies ListedRun;
}

/** How many runs are asked at once: each is a socket and a few small reads. */
const AT_ONCE = 16;

/** The runs named, observed, in the order given. */
export async function listRunsIn(
	runsDir: string,
	names: readonly string[],
	env: Readonly<Record<string, string | undefined>>,
): Promise<ListedRun[]> {
	const out: ListedRun[] = [];
	for (let i = 0; i < names.length; i += AT_ONCE) {
		const batch = names.slice(i, i + AT_ONCE);
		out.push(...(await Promise.all(batch.map((name) => listedRun(join(runsDir, name), name, env)))));
	}
	return out;
}

/** "12s", "5m", "3h", "2d": how long ago a run started. */
export function ageText(start: Date | undefined, now: Date): string {
	if (start === undefined) return "?";
	const s = Math.max(0, Math.round((now.getTime() - start.getTime()) / 1000));
	if (s < 60) return `${s}s`;
	if (s < 3600) return `${Math.floor(s / 60)}m`;
	if (s < 86_400) return `${Math.floor(s / 3600)}h`;
	return `${Math.floor(s / 86_400)}d`;
}

/** A run as JSON: what a script reads. */
export function runJson(run: ListedRun) {
	return {
		id: run.id,
		dir: run.dir,
		kind: run.kind ?? null,
		state: run.state,
		usd: run.usd ?? null,
		startedAt: run.startedAt?.toISOString() ?? null,
		...(run.status && { status: run.status }),
		...(run.detail && { detail: run.detail }),
	};
}
