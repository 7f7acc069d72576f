/**
 * Which earlier results a call was given. A script passes a result on by putting it into a later
 * prompt (or its facts), so provenance is tracked through the text: an earlier result whose text —
 * its deliverable or plain answer, or its parsed value as JSON — appears in the call's prompt or
 * facts was given to the call. Its result hash is folded into the call hash (and its seq written in
 * the journal), so the record says what every call was built from. Texts shorter than
 * MIN_GIVEN_CHARS are not tracked: "yes" appears in too many prompts to mean anything. Pure.
 */
import type { AgentOptions } from "./options.ts";

export const MIN_GIVEN_CHARS = 16;

/** What an ended call offers later calls. */
export interface Offered {
	seq: number;
	hash: string;
	/** Texts whose presence in a prompt means the result was passed on. */
	needles: string[];
}

export function needlesOf(result: { text: string; value?: unknown }): string[] {
	const out: string[] = [];
	const text = result.text.trim();
	if (text.length >= MIN_GIVEN_CHARS) out.push(text);
	if (result.value !== undefined) {
		const json = JSON.stringify(result.value);
		if (json !== undefined && json.length >= MIN_GIVEN_CHARS && json !== text) out.push(json);
	}
	return out;
}

/** The earlier results the prompt (and the facts) carry, in seq order. */
export function givenResults(prompt: string, options: AgentOptions, earlier: readonly Offered[]): Offered[] {
	const haystack = [prompt, ...(options.facts ?? [])].join("\n");
	return earlier.filter((o) => o.needles.some((needle) => haystack.includes(needle))).sort((a, b) => a.seq - b.seq);
}
