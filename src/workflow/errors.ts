/**
 * What a workflow script can be thrown. A child that fails is never one of these: its promise
 * resolves to a FAIL result, so one failure does not hide the other children's results. A throw is
 * kept for what the script itself must fix — a refused call (bad options, an invalid spec, an
 * unknown agent) or a determinism refusal — and for the end of the run (its budget spent, a cancel),
 * after which no call can start.
 */
import { formatProblems, type Problem } from "../problems.ts";

/** A call the script made that cannot be planned: every problem, none of it ran. */
export class WorkflowInputError extends Error {
	readonly problems: readonly Problem[];
	constructor(summary: string, problems: readonly Problem[]) {
		super(`${summary}\n${formatProblems(problems)}`);
		this.name = "WorkflowInputError";
		this.problems = problems;
	}
}

/** The run is over (its budget is spent, it was cancelled, or it has ended): no call can start. */
export class WorkflowStopped extends Error {
	readonly reason: string;
	constructor(reason: string) {
		super(`the workflow run was stopped: ${reason}; no further child starts`);
		this.name = "WorkflowStopped";
		this.reason = reason;
	}
}

/** Where in the script an error was thrown, as `file:line:col`, from its stack; never the stack itself. */
export function scriptLocation(error: unknown, file: string | undefined): string | undefined {
	if (!(error instanceof Error) || !error.stack || !file) return undefined;
	const name = file.replace(/^.*[\\/]/, "");
	for (const line of error.stack.split("\n").slice(1)) {
		const match = /\(?((?:file:\/\/)?[^()\s]+):(\d+):(\d+)\)?\s*$/.exec(line.trim());
		if (match?.[1]?.replace(/\?.*$/, "").endsWith(name)) return `${name}:${match[2]}:${match[3]}`;
	}
	return undefined;
}
