/**
 * How the child-side extension tells the runner something the JSON event stream cannot carry: one
 * stderr line with a fixed prefix and a JSON body. Stdout is reserved for Pi's JSONL, and a line of
 * our own there could interleave with Pi's records; stderr is free text that the runner reads line
 * by line anyway.
 */

import type { CommandRun } from "../../envelope/command-runs.ts";
import { isRecord } from "../../values.ts";
import type { PreventedAttempt } from "../sandbox/types.ts";

export const CHILD_REPORT_PREFIX = "pi-delegate-child: ";

/** Exit code of a child the extension refused to start (sysexits EX_CONFIG). */
export const CHILD_REFUSED_EXIT = 78;

export type ChildReport =
	/** The child's Pi loaded other prompt inputs than the launch decided; the child exits before any model call. */
	| { type: "refused"; problems: string[] }
	/** A budget the child enforces itself is spent, and the child was stopped before its next request. */
	| { type: "stopped"; budget: "turns" | "usd"; turns: number; usd?: number }
	/** The sandbox refused a write before it reached the disk. */
	| { type: "prevented"; attempt: PreventedAttempt }
	/** The child's bash executed a command, which has ended (run/child/command-record.ts). */
	| { type: "ran"; run: CommandRun };

export function formatChildReport(report: ChildReport): string {
	return `${CHILD_REPORT_PREFIX}${JSON.stringify(report)}\n`;
}

/** Reads a stderr line; undefined when it is not a report (Pi's own diagnostics, a crash trace). */
export function parseChildReport(line: string): ChildReport | undefined {
	if (!line.startsWith(CHILD_REPORT_PREFIX)) return undefined;
	try {
		const value = JSON.parse(line.slice(CHILD_REPORT_PREFIX.length)) as { type?: unknown };
		if (value.type === "refused" || value.type === "stopped" || value.type === "prevented") {
			return value as ChildReport;
		}
		if (value.type === "ran" && isCommandRun((value as { run?: unknown }).run)) return value as ChildReport;
	} catch {
		// A line that merely starts like a report is diagnostics like any other.
	}
	return undefined;
}

/** A well-formed run record: a command, and an exit status that is an integer or null (with what stopped it). */
function isCommandRun(value: unknown): value is CommandRun {
	if (!isRecord(value) || typeof value.command !== "string") return false;
	if (value.exit === null) return value.stopped === "timed out" || value.stopped === "aborted";
	return Number.isInteger(value.exit) && value.stopped === undefined;
}
