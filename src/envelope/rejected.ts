/**
 * submit_result calls that did not hand in a result, and why, in one line each. A rejected call is
 * not a submission (the model was told and could fix it), but it is not nothing either: a run whose
 * child called submit_result three times and was rejected each time must not read "submit_result
 * was never called". The reason is taken from the error the call ended in, which is one of:
 * - Pi's own, when the arguments were not JSON ("Invalid arguments for tool …", with the text
 *   received) or did not fit the schema ("Validation failed for tool …");
 * - the submit tool's, in the form submissionErrorText writes ("- path: message. Fix: …");
 * - the submit tool's refusal of a second, different result after one was accepted.
 * Pure.
 */

import { isRecord, kindOf } from "../values.ts";
import { readJson } from "./candidates.ts";
import { SUBMIT_RESULT_TOOL_NAME } from "./schema.ts";

/** One submit_result call that ended in an error. */
export interface RejectedCall {
	/** 1-based position among all of the child's submit_result calls, accepted or not. */
	call: number;
	/** The error text the call ended in, as the model read it. */
	error: string;
}

export type RejectionKind = "json" | "schema" | "check" | "second" | "other";

export interface RejectionSummary {
	kind: RejectionKind;
	/** Why, in a phrase that follows "rejected because": "its arguments were not valid JSON: … at line 2, column 5". */
	reason: string;
}

/** Refusal of a different result after one was accepted (the submit tool's wording starts so). */
export const SECOND_RESULT_ERROR = "A result was already submitted and it stands";

const PI_JSON = `Invalid arguments for tool "${SUBMIT_RESULT_TOOL_NAME}": `;
const PI_SCHEMA = `Validation failed for tool "${SUBMIT_RESULT_TOOL_NAME}":`;
const RECEIVED = "\n\nReceived arguments:\n";
const LISTED = 3;

function list(items: readonly string[]): string {
	const shown = items.slice(0, LISTED).join("; ");
	return items.length > LISTED ? `${shown}; and ${items.length - LISTED} more` : shown;
}

function jsonReason(error: string): string {
	const body = error.slice(PI_JSON.length);
	const cut = body.indexOf(RECEIVED);
	const piMessage = (cut >= 0 ? body.slice(0, cut) : body).trim();
	if (cut < 0) return `its arguments were not valid JSON: ${piMessage}`;
	const read = readJson(body.slice(cut + RECEIVED.length));
	if (!read.ok) return `its arguments were not valid JSON: ${read.message} at line ${read.line}, column ${read.column}`;
	if (!isRecord(read.value)) return `its arguments were ${kindOf(read.value)}, not a JSON object`;
	return `its arguments were not valid JSON: ${piMessage}`;
}

function schemaReason(error: string): string {
	const cut = error.indexOf(RECEIVED);
	const lines = (cut >= 0 ? error.slice(0, cut) : error).split("\n").slice(1);
	const items = lines.flatMap((line) => {
		const m = /^\s*-\s*(.+)$/.exec(line);
		return m?.[1] ? [m[1].trim()] : [];
	});
	return `its arguments did not fit the schema${items.length ? `: ${list(items)}` : ""}`;
}

function checkReason(error: string): string | undefined {
	const items = error.split("\n").flatMap((line) => {
		const m = /^- (.+?)(?:\. Fix: .*)?$/.exec(line);
		return m?.[1] ? [m[1]] : [];
	});
	return items.length > 0 ? list(items) : undefined;
}

/** Why one call was rejected, from the error it ended in. */
export function summarizeRejection(error: string): RejectionSummary {
	if (error.startsWith(PI_JSON)) return { kind: "json", reason: jsonReason(error) };
	if (error.startsWith(PI_SCHEMA)) return { kind: "schema", reason: schemaReason(error) };
	if (error.startsWith(SECOND_RESULT_ERROR)) {
		return { kind: "second", reason: "it was a second, different result after one had been accepted" };
	}
	const check = checkReason(error);
	if (check !== undefined) return { kind: "check", reason: check };
	const first = error.split("\n").find((line) => line.trim() !== "") ?? "no reason given";
	return { kind: "other", reason: first.trim() };
}

/** "submit_result was called 3 times and rejected each time (call 1: …; call 2: …)", for a child with no accepted call. */
export function describeRejections(rejected: readonly RejectedCall[]): string {
	const times = rejected.length === 1 ? "once" : `${rejected.length} times`;
	const each = rejected.length === 1 ? "" : " each time";
	const why = rejected.map((r) => `call ${r.call}: ${summarizeRejection(r.error).reason}`).join("; ");
	return `${SUBMIT_RESULT_TOOL_NAME} was called ${times} and rejected${each} (${why})`;
}

/**
 * The call number of each accepted submission: the positions that were not rejected, in order.
 * With no record of rejected calls, submissions are calls 1, 2, ….
 */
export function acceptedCallNumbers(accepted: number, rejected: readonly RejectedCall[]): number[] {
	const taken = new Set(rejected.map((r) => r.call));
	const out: number[] = [];
	for (let call = 1; out.length < accepted; call++) if (!taken.has(call)) out.push(call);
	return out;
}
