/**
 * Phrases matched at a token: the small look-ups every reader of a clause shares. Kept apart from
 * the clause splitter so the readers of heads and moods can use them without a cycle.
 */
import { phrasesStarting } from "./politeness.ts";
import type { Token } from "./types.ts";

/** Length of the phrase at `i` (0 when it does not match). */
export function phraseAt(tokens: readonly Token[], i: number, phrase: readonly string[]): number {
	for (let k = 0; k < phrase.length; k++) if (tokens[i + k]?.norm !== phrase[k]) return 0;
	return phrase.length;
}

/** The longest of `list` matching at `i`, as its length (0 when none does). */
export function longestAt(tokens: readonly Token[], i: number, list: ReadonlyArray<readonly string[]>): number {
	let best = 0;
	for (const phrase of phrasesStarting(list, tokens[i]?.norm)) best = Math.max(best, phraseAt(tokens, i, phrase));
	return best;
}

/** Whether `t` is a word of `words`. */
export const wordIn = (t: Token | undefined, words: ReadonlySet<string>): boolean =>
	t?.kind === "word" && words.has(t.norm);
