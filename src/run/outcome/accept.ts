/** The runs of commands skipped because the child did not run to its own end: the task fails on that already. */
export function skippedRuns(commands: readonly string[]): AcceptRun[] {
	const detail = "the child did not run to its end, so the task fails without them";
	return commands.map((command) => ({ command, status: "skipped", exitCode: null, durationS: 0, tail: "", detail }));
}

/**
 * The acceptance commands as evidence: what each came to when pi-delegate ran it after the child
 * ended, and the problems that fail the task — a non-zero exit, a time-out, a command that could
 * not run. Each problem quotes the command and the tail of its output (text the child can shape:
 * its tree decides what the command prints, so every report marks it as such). Pure.
 */
import type { Problem } from "../../problems.ts";

/** How one acceptance command ended. */
export type AcceptStatus = "passed" | "failed" | "timed out" | "not run" | "skipped";

/** One acceptance command's run, as result.json records it. */
export interface AcceptRun {
	command: string;
	status: AcceptStatus;
	/** Its exit status; null when it was stopped by a signal, timed out or did not run. */
	exitCode: number | null;
	/** The signal that ended it, when one did. */
	signal?: string;
	/** Seconds it ran, to the millisecond. */
	durationS: number;
	/** The last lines of its output (stdout and stderr as they came), at most ACCEPT_TAIL_BYTES. */
	tail: string;
	/** Why it did not run, or how it was stopped, in words. */
	detail?: string;
	/** Writes the sandbox refused it, as its output told of them (sandbox/refusals.ts); absent for none. */
	prevented?: string[];
}

/** How much of a command's output the record keeps: its last 20 lines, within 4 KB. */
export const ACCEPT_TAIL_LINES = 20;
export const ACCEPT_TAIL_BYTES = 4096;

/** The last lines of `text` within the ceilings, from a whole line where the byte ceiling allows. */
export function outputTail(text: string): string {
	const lines = text.replace(/\n+$/, "").split("\n").slice(-ACCEPT_TAIL_LINES);
	let tail = lines.join("\n");
	while (Buffer.byteLength(tail) > ACCEPT_TAIL_BYTES) tail = tail.slice(Math.ceil(tail.length / 8));
	return tail;
}

const seconds = (s: number) => `${s.toFixed(1)} s`;

/** One line for a run: `npm test  ✓ exit 0 · 12.4 s`. */
export function acceptLine(run: AcceptRun): string {
	if (run.status === "passed") return `${run.command}  ✓ exit 0 · ${seconds(run.durationS)}`;
	if (run.status === "timed out") return `${run.command}  ✗ timed out · ${seconds(run.durationS)}`;
	if (run.status === "not run") return `${run.command}  ✗ not run`;
	if (run.status === "skipped") return `${run.command}  – skipped: ${run.detail ?? "not run"}`;
	const end = run.exitCode === null ? `signal ${run.signal ?? "?"}` : `exit ${run.exitCode}`;
	return `${run.command}  ✗ ${end} · ${seconds(run.durationS)}`;
}

function acceptMessage(run: AcceptRun, budgetS: number): string {
	if (run.status === "timed out")
		return `acceptance command \`${run.command}\` ran out of its ${budgetS} s and was stopped`;
	if (run.status === "not run")
		return `acceptance command \`${run.command}\` did not run: ${run.detail ?? "no reason given"}`;
	const end = run.exitCode === null ? `was ended by signal ${run.signal ?? "?"}` : `exited ${run.exitCode}`;
	return `acceptance command \`${run.command}\` ${end}`;
}

function acceptFix(run: AcceptRun): string {
	if (run.status === "timed out") return "raise budget.accept_s if the command needs longer, or find what hangs in it";
	if (run.status === "not run") return "see why it did not run, then run the task again";
	return "read the output tail (in result.json and the audit record); the child's work does not pass this command";
}

/** A FAIL problem for each acceptance command that did not pass, quoting the command and its output tail. */
export function acceptProblems(
	runs: readonly AcceptRun[] | undefined,
	budgetS: number,
): Array<Problem & { code: "accept" }> {
	return (runs ?? []).flatMap(
		(run, i): Array<Problem & { code: "accept" }> =>
			// A command skipped because the child did not finish fails nothing more: the child's end already fails the task.
			run.status === "passed" || run.status === "skipped"
				? []
				: [
						{
							path: ["accept", i],
							code: "accept",
							value: run.tail,
							message: acceptMessage(run, budgetS),
							fix: acceptFix(run),
						},
					],
	);
}
