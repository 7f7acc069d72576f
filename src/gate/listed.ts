/**
 * The items of an answer listed after a colon: "Prepare a quick overview of the dependency tree:
 * direct dependencies, their sizes, and the heaviest transitive ones." An unknown word heading such
 * an item with a bare noun after it ("direct dependencies", "open issues") is an adjective of the
 * item, not an order, when the clause before the colon asks for an answer (a verb of reading, or a
 * verb of making with prose for its object). Not "Fix the build: backfill the tests, …" (a change
 * before the colon) nor "… : backfill the tests" (an object's start after the word). Pure.
 */
import { norm } from "./described.ts";
import { objectOf } from "./hits.ts";
import { PROSE_MAKERS } from "./reading.ts";
import type { Clause } from "./types.ts";
import { LOOK_VERBS } from "./verbs.ts";
import { set } from "./words.ts";

/** Words that open an object, after which the word before is a verb again: "backfill the tests". */
const OBJECT_START = set("the a an each every all it them this that these those its their our your my any some");

/** Whether clause `c` is an item of the answer asked for before the colon that ends `previous`. */
export function answerItem(c: Clause, previous: Clause | undefined): boolean {
	if (previous?.closer !== ":" || previous.mood !== "directive") return false;
	const verb = norm(previous.tokens[previous.head]);
	const prose = PROSE_MAKERS.has(verb) && objectOf(previous.tokens, previous.head, "code") === "prose";
	if (!LOOK_VERBS.has(verb) && !prose) return false;
	const next = c.tokens[c.head + 1];
	const bare = next?.kind === "word" && !OBJECT_START.has(next.norm);
	return bare && (c.closer === "," || c.tokens.some((t) => t.text === ","));
}
