/**
 * The journal of a workflow run: one JSON line per event, appended as it happens — the run's
 * header, then one line per `agent()` call as the call ends (replayed or run), then the run's end.
 * A crash leaves every ended call on disk, and `--resume` starts from there. Lines a crash cut off
 * are skipped when the journal is read back. Pure: the run directory (run-dir.ts) does the I/O.
 */
import { problemReplacer } from "../problems.ts";
import { isRecord } from "../values.ts";
import type { AgentResult } from "./types.ts";

export const JOURNAL_VERSION = 1;
export const JOURNAL_FILE = "journal.ndjson";

export interface RunLine {
	type: "run";
	version: typeof JOURNAL_VERSION;
	runId: string;
	/** The script as given, and a digest of its text. */
	script: string;
	scriptHash: string;
	args: string[];
	mode?: string;
	/** The run whose journal this one began from. */
	resumedFrom?: string;
	startedAt: string;
}

export interface CallLine {
	type: "call";
	/** The call's place in the order the script issued its calls, from 1. */
	seq: number;
	hash: string;
	/** A digest of each part of the hash, so a rerun can say which part changed. */
	parts: Record<string, string>;
	kind: "task" | "unchecked";
	id: string;
	/** The calls whose results this call's prompt was given, by seq. */
	given: number[];
	replayed: boolean;
	/** For a replayed call: the run its result was first recorded in. */
	from?: string;
	/** Stopped from outside (the run's budget, a cancel, a stop of this child): never replayed. */
	interrupted: boolean;
	at: string;
	result: AgentResult;
}

export interface EndLine {
	type: "end";
	status: "passed" | "failed" | "stopped" | "error";
	at: string;
	reason?: string;
}

export type JournalLine = RunLine | CallLine | EndLine;

/** A result's problems are written as JSON output writes them, so a replayed result reads as a fresh one. */
export function encodeLine(line: JournalLine): string {
	return `${JSON.stringify(line, problemReplacer)}\n`;
}

export interface ReadJournal {
	run?: RunLine;
	calls: CallLine[];
	end?: EndLine;
	/** Lines that were not journal lines (a line a crash cut off), by number from 1. */
	skipped: number[];
}

/** A call line of an earlier version, its unchecked child's kind as it is named now ("plain" before). */
function namedNow(line: Record<string, unknown>): Record<string, unknown> {
	if (line.kind !== "plain") return line;
	const result = line.result as Record<string, unknown>;
	return { ...line, kind: "unchecked", result: result.kind === "plain" ? { ...result, kind: "unchecked" } : result };
}

/** Reads a journal's text back; tolerant of a cut-off or foreign line. */
export function decodeJournal(text: string): ReadJournal {
	const out: ReadJournal = { calls: [], skipped: [] };
	text.split("\n").forEach((raw, index) => {
		if (raw.trim() === "") return;
		let line: unknown;
		try {
			line = JSON.parse(raw);
		} catch {
			out.skipped.push(index + 1);
			return;
		}
		if (!isRecord(line)) out.skipped.push(index + 1);
		else if (line.type === "run" && out.run === undefined) out.run = line as unknown as RunLine;
		else if (line.type === "call" && typeof line.hash === "string" && isRecord(line.result)) {
			out.calls.push(namedNow(line) as unknown as CallLine);
		} else if (line.type === "end") out.end = line as unknown as EndLine;
		else out.skipped.push(index + 1);
	});
	return out;
}
