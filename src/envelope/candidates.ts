/**
 * Where an envelope can come from, and how the final message's text is searched for one.
 *
 * A final message may hold JSON that is not an envelope (a config file the child wrote, an API
 * response it quotes). Counting every JSON block as a candidate would fail a run whose real envelope
 * came through submit_result, so a block counts only when it looks like an envelope attempt:
 * - a block tagged `json` or untagged whose content is a JSON object with at least one envelope field;
 * - such a block that is not valid JSON but names an envelope field as a quoted key (`"status":`),
 *   which is a botched envelope and must fail loudly rather than be skipped;
 * - the whole message, when it is nothing but a JSON object (the envelope written without a fence),
 *   or looks like one that is broken.
 * Blocks tagged with another language are never candidates; one that names an envelope field is
 * reported as skipped for its tag. Skipped blocks are reported, so "no envelope" can say what was
 * found instead.
 */

import { readJson as readJsonText } from "../json/read.ts";
import { isRecord, kindOf } from "../values.ts";
import { fencedBlocks } from "./fences.ts";
import { ENVELOPE_FIELDS } from "./schema.ts";

export type EnvelopeSource =
	| { kind: "submit_result"; call: number }
	| { kind: "fenced"; line: number }
	| { kind: "bare" };

/** A candidate: its value, or why its text is not JSON (line/column relative to the final message). */
export type Candidate = { source: EnvelopeSource } & (
	| { json: true; value: unknown; trailingCommaLines: number[] }
	| { json: false; error: string; line: number; column: number }
);

export interface SkippedBlock {
	line: number;
	why: string;
	/** The block's language tag, when it was skipped for that tag although it names envelope fields. */
	tagged?: string;
}

/** How a source is named in reasons and notes. */
export function describeSource(source: EnvelopeSource): string {
	if (source.kind === "submit_result") return `submit_result call ${source.call}`;
	if (source.kind === "fenced") return `the fenced json block at line ${source.line}`;
	return "the JSON text";
}

const ENVELOPE_KEY = new RegExp(`"(?:${ENVELOPE_FIELDS.join("|")})"\\s*:`);

function hasEnvelopeField(value: unknown): boolean {
	return isRecord(value) && ENVELOPE_FIELDS.some((f) => f in value);
}

/**
 * Models' JSON gets one leniency: trailing commas, the commonest slip, which cannot change what the
 * text means once dropped. Everything else that is not JSON stays an error for the writer to fix.
 */
function fromText(text: string, source: EnvelopeSource, firstLine: number): Candidate {
	const read = readJsonText(text, { trailingCommas: "allow" });
	if (read.ok) {
		return {
			source,
			json: true,
			value: read.value,
			trailingCommaLines: read.trailingCommas.map((p) => p.line + firstLine - 1),
		};
	}
	const { reason, line, column } = read.error;
	return { source, json: false, error: reason, line: line + firstLine - 1, column };
}

/**
 * Reads JSON text the way candidates are read (trailing commas tolerated), for other callers that
 * need the place of a syntax error: 1-based line and column within `text`.
 */
export function readJson(
	text: string,
): { ok: true; value: unknown } | { ok: false; message: string; line: number; column: number } {
	const read = fromText(text, { kind: "bare" }, 1);
	return read.json
		? { ok: true, value: read.value }
		: { ok: false, message: read.error, line: read.line, column: read.column };
}

/** The envelope candidates in a final message, and the JSON-looking blocks that were skipped. */
export function textCandidates(text: string): { candidates: Candidate[]; skipped: SkippedBlock[] } {
	const trimmed = text.trim();
	if (trimmed.startsWith("{") && trimmed.endsWith("}")) {
		const bare = fromText(text, { kind: "bare" }, 1);
		if (bare.json || ENVELOPE_KEY.test(text)) return { candidates: [bare], skipped: [] };
	}
	const candidates: Candidate[] = [];
	const skipped: SkippedBlock[] = [];
	for (const block of fencedBlocks(text)) {
		if (block.lang !== "json" && block.lang !== "") {
			// Never a candidate, but an envelope written in one must not read as "no envelope".
			if (ENVELOPE_KEY.test(block.content)) {
				const why = `is tagged "${block.lang}"; an envelope is read only from a block tagged json or untagged`;
				skipped.push({ line: block.line, why, tagged: block.lang });
			}
			continue;
		}
		const candidate = fromText(block.content, { kind: "fenced", line: block.line }, block.line + 1);
		if (candidate.json && hasEnvelopeField(candidate.value)) candidates.push(candidate);
		else if (!candidate.json && ENVELOPE_KEY.test(block.content)) candidates.push(candidate);
		else if (candidate.json) skipped.push({ line: block.line, why: notAnEnvelope(candidate.value) });
		else if (block.lang === "json")
			skipped.push({ line: block.line, why: "is not valid JSON and names no envelope field" });
	}
	return { candidates, skipped };
}

function notAnEnvelope(value: unknown): string {
	if (!isRecord(value)) return `holds ${kindOf(value)}, not an envelope object`;
	const keys = Object.keys(value);
	const [only] = keys;
	if (keys.length === 1 && only !== undefined && hasEnvelopeField(value[only])) {
		return `holds the envelope nested under "${only}"; its fields belong at the top level`;
	}
	const shown = keys.slice(0, 5).join(", ") + (keys.length > 5 ? ", …" : "");
	return `has none of the envelope fields (it has: ${keys.length ? shown : "no fields"})`;
}
