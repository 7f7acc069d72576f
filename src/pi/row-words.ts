/**
 * The words a tool row ends a child with, and their colours. A task ends PASS (every check passed),
 * FAIL, or stopped (the caller stopped it: no PASS, yet nothing the child did failed a check); a fork
 * ends "answered" — its answer is prose nobody checked, so the row claims no check — FAIL, or
 * stopped. Pure; the renderers colour with these names.
 */
import { plural } from "../format/numbers.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import { stoppedByCaller } from "../run/outcome/stopped.ts";

export type EndWord = "PASS" | "FAIL" | "stopped" | "answered";

/** The theme colour of each end word: only a FAIL is the error colour, only a check passed is success. */
export const WORD_COLOUR = {
	PASS: "success",
	FAIL: "error",
	stopped: "warning",
	answered: "accent",
} as const satisfies Record<EndWord, string>;

/** How a task's row ends it. */
export function taskWord(result: Pick<TaskResult, "verdict" | "problems">): EndWord {
	if (result.verdict === "PASS") return "PASS";
	return stoppedByCaller(result) ? "stopped" : "FAIL";
}

/** How a fork's row ends it: `stopped` says the caller stopped it, from its problems or its summary. */
export function forkWord(fork: { verdict: "PASS" | "FAIL"; stopped?: boolean }): EndWord {
	if (fork.stopped === true) return "stopped";
	return fork.verdict === "PASS" ? "answered" : "FAIL";
}

/**
 * The problems a row lists under a stopped or failed task: a stop's own problem is said by the word
 * "stopped", so only the others (a boundary violation found after the stop) are listed.
 */
export function rowProblems(result: Pick<TaskResult, "problems">): TaskResult["problems"] {
	return result.problems.filter((p) => !(p.code === "child" && p.value === "cancelled"));
}

/** Writes the sandbox refused (under enforce), said on the row: "1 write prevented", or nothing. */
export function preventedNote(result: Pick<TaskResult, "isolation">): string | undefined {
	const isolation = result.isolation;
	if (isolation?.sandbox !== "enforce") return undefined;
	const writes = (isolation.prevented ?? []).filter((a) => a.refusedBy === undefined).length;
	return writes > 0 ? `${plural(writes, "write")} prevented` : undefined;
}
