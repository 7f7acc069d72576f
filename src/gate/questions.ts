/**
 * Questions that look like orders: a question asked in the negative ("shouldn't the parser have
 * rejected it?" is no "don't"), and a hypothetical ("would you delete it, if you were me?" asks
 * what the child would do, it orders nothing).
 */
import type { Token } from "./types.ts";
import { SUBJECTS } from "./words.ts";

const word = (t: Token | undefined, words: ReadonlySet<string>) => t?.kind === "word" && words.has(t.norm);

const NEGATIVE_AUX = new Set(
	"shouldn't couldn't wouldn't mustn't isn't aren't doesn't don't didn't can't won't hasn't haven't wasn't weren't oughtn't".split(
		" ",
	),
);

/** "Shouldn't the parser have rejected it?", "Doesn't this leak?": a question asked in the negative, not a "don't". */
export function negativeQuestion(tokens: readonly Token[], head: number, question: boolean): boolean {
	const next = tokens[head + 1];
	if (!question || !word(tokens[head], NEGATIVE_AUX) || next === undefined) return false;
	return next.kind === "path" || next.kind === "code" || (word(next, SUBJECTS) && next.norm !== "nothing");
}

/**
 * "if you were me", "if it were your project", "if this were up to you", "were it your call", "in
 * my shoes": what the child would do is asked, not ordered.
 */
export function hypothetical(tokens: readonly Token[]): boolean {
	return tokens.some(
		(t, k) =>
			(t.norm === "were" && word(tokens[k - 1], SUPPOSED) && word(tokens[k - 2], IF)) ||
			(t.norm === "were" && k === 0 && word(tokens[k + 1], SUPPOSED)) ||
			(t.norm === "shoes" && word(tokens[k - 1], MY)),
	);
}

const SUPPOSED = new Set(["you", "it", "this", "that", "i", "we"]);
const IF = new Set(["if"]);
const MY = new Set(["my"]);
