/**
 * Nouns paired after "of" that are also verbs: "consistency of tone and format" is two nouns, not
 * an order to format. Read where a sentence is split into clauses (clauses.ts). Pure.
 */
import type { Token } from "./types.ts";

/** Verbs that are as often nouns of a quality or a part: "consistency of tone and format". */
const NOUN_VERBS = new Set("format style layout design order structure setup output name type wording".split(" "));

/**
 * "check them for consistency of tone and format": after "of" and a noun, a noun-verb that ends the
 * clause is the second noun of a pair. Not "check the code for bugs and fix." (no "of"; "fix" is
 * no noun of a quality).
 */
export function pairedNoun(tokens: readonly Token[], i: number): boolean {
	const after = tokens[i + 2];
	if (
		!(tokens[i + 1]?.kind === "word" && NOUN_VERBS.has((tokens[i + 1] as Token).norm)) ||
		(after !== undefined && after.kind !== "punct")
	)
		return false;
	return tokens[i - 2]?.norm === "of" && tokens[i - 1]?.kind === "word";
}
