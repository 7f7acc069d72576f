/**
 * "I've drafted a change (not committed yet)", "the branch, not merged yet, …": "not" and a phrase
 * ending on "yet" tell how things stand so far, and forbid nothing. "No commits yet" still forbids.
 * Likewise a past participle after "not" or "never" ("defined but never referenced"). Pure.
 */
import type { Token } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";

export function notYet(tokens: readonly Token[], i: number): boolean {
	if (tokens[i]?.norm !== "not") return false;
	for (let k = i + 1; k < Math.min(tokens.length, i + 7); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (t.norm === "yet") return k + 1 === tokens.length || tokens[k + 1]?.kind === "punct";
	}
	return false;
}

/**
 * "defined but never referenced", "referenced but not defined": "not" or "never" before a past
 * participle describes a thing found (a never-referenced flag), and forbids nothing. "Never edit"
 * (a base form) still forbids.
 */
export function participleDescribed(tokens: readonly Token[], i: number): boolean {
	const w = tokens[i]?.norm ?? "";
	const next = tokens[i + 1]?.norm ?? "";
	return (w === "never" || w === "not") && /[^e]ed$/.test(next) && !imperativeVerb(next);
}
