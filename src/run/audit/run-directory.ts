/**
 * Which audit directory a caller's RUN names, as every command that reads a finished run takes it
 * (`pi-delegate apply RUN`, `resume: RUN`): a path when it has a `/`, else a run's directory name in
 * the runs directory, else a task's id, which names its latest run. A name that matches nothing
 * gets the closest one as a suggestion.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Problem, ProblemPlace } from "../../problems.ts";
import { closest } from "../../suggest.ts";

export const RUN_FIX =
	"pass a run id (a folder's name in the runs directory), a task's id (its latest run), or the path of a run's audit directory";

/** An audit directory's name: the UTC second the run started, then the task's id. */
const RUN_NAME = /^\d{8}T\d{6}Z-(.+)$/;

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

/** The audit directory RUN names; `place` is where the caller gave it (the RUN argument, a call's field). */
export function runDirectory(
	run: string,
	cwd: string,
	runsDir: string,
	place: ProblemPlace = { source: "RUN", path: [] },
): { dir: string } | { problem: Problem } {
	if (run.includes("/")) {
		const dir = resolve(cwd, run);
		if (isDirectory(dir)) return { dir };
		return { problem: { ...place, code: "not_found", value: run, message: "is not a directory", fix: RUN_FIX } };
	}
	const dir = join(runsDir, run);
	if (run !== "." && run !== ".." && run !== "" && isDirectory(dir)) return { dir };
	let ids: string[] = [];
	try {
		ids = readdirSync(runsDir);
	} catch {}
	// A task's id names its latest run: the names sort by the second each started.
	const latest = ids
		.filter((id) => RUN_NAME.exec(id)?.[1] === run)
		.sort()
		.at(-1);
	if (latest !== undefined && isDirectory(join(runsDir, latest))) return { dir: join(runsDir, latest) };
	const guess = closest(run, ids);
	const message = `is not a run in ${runsDir}`;
	const fix = guess ? `did you mean ${guess}? ${RUN_FIX}` : RUN_FIX;
	return { problem: { ...place, code: "not_found", value: run, message, fix } };
}
