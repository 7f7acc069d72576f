/**
 * What a reading order leaves out, after "but not": "Read that and `AStar.cpp`, but not the old
 * `legacy/` tree", "look at the API but not the frontend", "the last two days and nothing earlier",
 * "answer from the code, not from the policy doc". A limit on what to read, so a rule for the child. Not a contrast in what is asked about ("why does it work for X but not Y?", a
 * question or a statement), not after an order that does not read ("assume I know TypeScript but
 * not the codebase"), and not an answer left out ("give me the trade-offs, not a decision"). Pure.
 */
import { ANSWER_NOUNS } from "./allow-words.ts";
import { norm } from "./described.ts";
import { type Hit, hit, quoteEnd } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

const READING = set(
	"read look check search scan grep review audit inspect examine trace skim browse go profile cover base ground rely draw use answer work",
);
const PREPOSITIONS = set("on from in at by under inside within");
const BEYOND = set("earlier later older newer else before after beyond outside more past in under inside from");
const OPENS = set("the a an any my our your this that these those its their");

/** Where "not" leaves something out of what is read, from `from` on in `tokens`, or -1. */
function notAt(tokens: readonly Token[], from: number): number {
	for (let k = from; k < tokens.length; k++) {
		const before = tokens[k - 1];
		const contrast = k === 0 || before?.text === "," || norm(before) === "but" || norm(before) === "and";
		// "… the 06-10 to 06-12 window and nothing earlier": nothing outside what was named.
		const nothing = norm(tokens[k]) === "nothing" && contrast;
		if (nothing && BEYOND.has(norm(tokens[k + 1]))) return k;
		if (norm(tokens[k]) !== "not" || !contrast) continue;
		// "…, not on reading the code": a preposition may come first, and a gerund name the way.
		const by = PREPOSITIONS.has(norm(tokens[k + 1])) ? k + 2 : k + 1;
		const next = tokens[by];
		const gerund = by > k + 1 && norm(next).endsWith("ing");
		const named = next?.kind === "path" || next?.kind === "code" || OPENS.has(norm(next)) || gerund;
		const rest = tokens.slice(gerund ? by + 1 : k + 1, k + 5).map(norm);
		if (named && !rest.some((w) => ANSWER_NOUNS.has(w))) return k;
	}
	return -1;
}

/** The hit of a reading order's "but not …", in the clause itself or in the fragment after it. */
export function exceptedHits(c: Clause, previous: Clause | undefined): Hit[] {
	if (c.inQuestion) return [];
	const reads = (x: Clause | undefined) => x?.mood === "directive" && READING.has(norm(x.tokens[x.head]));
	// In the fragment after the order, "but not" must open it: "…, but not the old `legacy/` tree".
	const after = (c.mood === "fragment" || c.mood === "statement") && reads(previous) ? notAt(c.tokens, 0) : -1;
	const at = reads(c) ? notAt(c.tokens, c.head + 1) : after <= 1 ? after : -1;
	if (at < 0) return [];
	return [hit("prohibition", "read-except", c.tokens[at] as Token, quoteEnd(c.tokens, at, 4))];
}
