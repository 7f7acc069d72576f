import type { Token } from "./types.ts";

/**
 * "I've drafted a change (not committed yet)", "the branch, not merged yet, …": "not" and a phrase
 * ending on "yet" tell how things stand so far, and forbid nothing. "No commits yet" still forbids.
 */
export function notYet(tokens: readonly Token[], i: number): boolean {
	if (tokens[i]?.norm !== "not") return false;
	for (let k = i + 1; k < Math.min(tokens.length, i + 7); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (t.norm === "yet") return k + 1 === tokens.length || tokens[k + 1]?.kind === "punct";
	}
	return false;
}
