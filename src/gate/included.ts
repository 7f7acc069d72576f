/**
 * What the answer carries, named by a verb that could also change code: "Include the raw output",
 * "include the race report if it does", "give the lines and the reasoning". The object is what a
 * run or a reading yields (output, a trace, the lines, the numbers) or prose, and nothing places it
 * in code; "include a regression test", "include the header in `src/a.h`" and "give the function a
 * docstring" still change files. Pure.
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { CODE_OBJECTS, PROSE_OBJECTS } from "./verbs.ts";
import { set } from "./words.ts";

const CARRYING = set("include attach give");
/** What a run or a reading yields, handed back: "the raw output", "the stack trace", "file:line". */
const YIELDS = set(`
	output outputs trace traces log logs excerpt excerpts snippet snippets line lines numbers number figures
	timings timing hash hashes diff diffs command commands query queries reasoning steps stack error errors
	message messages result results percentages sources quote quotes path paths links link receipts
	evidence reference references citation citations report reports plan profile flamegraph dump intervals
	interval variance stats statistics percentiles measurements samples deltas medians means file:line path:line
	line:col
`);
/** Words that place what is included in code: "include it in `src/a.h`", "… into the build". */
const PLACING = set("in into inside within to");

/** Whether the order headed at `head` names what the answer carries. */
export function carriedInAnswer(tokens: readonly Token[], head: number): boolean {
	if (!CARRYING.has(norm(tokens[head]))) return false;
	const end = tokens.findIndex((t, k) => k > head && (t.kind === "punct" || PLACING.has(norm(t))));
	const object = tokens.slice(head + 1, end < 0 ? head + 7 : Math.min(end, head + 7));
	const nouns = object.map(norm);
	if (nouns.some((w) => CODE_OBJECTS.has(w)) || object.some((t) => t.kind === "path")) return false;
	// "give the judge a proper error": a second object, given to the first, which is code's.
	const second = (w: string, k: number) => (w === "a" || w === "an") && !["and", "or", ""].includes(nouns[k] ?? "");
	if (nouns.slice(1).some(second)) return false;
	// "include them in your answer" is placed in the answer; "in `src/a.h`" or "in the build" in code.
	const placed = end >= 0 && PLACING.has(norm(tokens[end]));
	const answer = ["your", "the"].includes(norm(tokens[end + 1])) && ANSWERS.has(norm(tokens[end + 2]));
	if (placed && !answer) return false;
	return nouns.some((w) => YIELDS.has(w) || PROSE_OBJECTS.has(w));
}
const ANSWERS = set("answer reply response report summary write-up writeup notes");
