/**
 * "Must" that guesses rather than obliges: "we must have broken the cache key", "something must be
 * holding the lock", "we must have a memory leak somewhere", "there must be a race in the pool". A
 * perfect ("must have broken"), a progressive ("must be holding") or a fault said to exist ("must
 * have a leak", "must be a bug") states what the writer believes about the code; nobody orders a
 * leak into being. "We must fix the leak", "there must be a test for it" and "there must be no
 * leaks" still oblige. Pure.
 */
import type { Token } from "./types.ts";
import { pastTense } from "./verbs.ts";
import { set } from "./words.ts";

/** Faults a brief guesses at; never something a rule could require to exist. */
const FAULTS = set(`
	leak leaks bug bugs race races deadlock deadlocks typo typos mistake mistakes regression regressions
	cycle cycles loop mismatch mismatches conflict conflicts glitch glitches off-by-one corruption
	memory-leak culprit
`);
const INDEFINITE = set("a an some another");
/** Participles the past-tense reading misses: "must have broken", "must have forgotten". */
const PARTICIPLES = set("broken forgotten done gone hidden fallen stolen overwritten rewritten mistaken");

const word = (t: Token | undefined) => (t?.kind === "word" ? t.norm : "");

/** Whether the "must" at `i` guesses at a state of affairs rather than laying down a duty. */
export function guessedMust(tokens: readonly Token[], i: number): boolean {
	if (word(tokens[i]) !== "must") return false;
	const [next, after] = [word(tokens[i + 1]), word(tokens[i + 2])];
	if ((next === "have" || next === "'ve") && (after === "been" || pastTense(after) || PARTICIPLES.has(after)))
		return true;
	if (next === "be" && after.endsWith("ing") && after.length > 4) return true;
	if (next !== "have" && next !== "be") return false;
	// "must have a memory leak", "must be some kind of race": an indefinite fault within a few words.
	if (!INDEFINITE.has(after)) return false;
	return tokens.slice(i + 3, i + 7).some((t) => FAULTS.has(word(t)));
}
