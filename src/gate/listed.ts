/**
 * The items of an answer listed after a colon: "Prepare a quick overview of the dependency tree:
 * direct dependencies, their sizes, and the heaviest transitive ones", "Inventory the queues: name,
 * consumer, and retry policy". A word of the act lexicon or an unknown word heading such an item
 * with a bare noun after it ("direct dependencies", "retry policy") is an adjective of the item,
 * not an order, when the sentence before the colon asks for an answer (a verb of reading, or a
 * verb of making with prose for its object) and the items are a list. Not "Fix the build: backfill
 * tests, …" (a change before the colon) nor "…: backfill the tests, …" (an object's start after the
 * word). Pure.
 */
import { norm } from "./described.ts";
import { objectOf } from "./hits.ts";
import { PROSE_MAKERS } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { LOOK_VERBS } from "./verbs.ts";
import { set } from "./words.ts";

/** Words that open an object, after which the word before is a verb again: "backfill the tests". */
const OBJECT_START = set("the a an each every all it them this that these those its their our your my any some");

/** Whether the sentence of `c`, before a colon that precedes `c`, asks for an answer, and lists after it. */
function answerLead(c: Clause): boolean {
	const all = c.sentence.tokens;
	const start = all.indexOf(c.tokens[0] as Token);
	const colon = all.findLastIndex((t, k) => k < start && t.text === ":");
	if (colon < 0 || !all.slice(colon + 1).some((t) => t.text === ",")) return false;
	const lead: Token[] = all.slice(0, colon);
	const head = lead.findIndex((t) => t.kind === "word" && t.norm !== "please");
	const verb = norm(lead[head]);
	if (head < 0 || lead.some((t) => t.text === ";" || t.text === ".")) return false;
	return LOOK_VERBS.has(verb) || (PROSE_MAKERS.has(verb) && objectOf(lead, head, "code") === "prose");
}

/** Whether the word at `at` (the head by default) of clause `c` heads an item of an answer listed after a colon. */
export function answerItem(c: Clause, at = c.head): boolean {
	const next = c.tokens[at + 1];
	if (next?.kind !== "word" || OBJECT_START.has(next.norm)) return false;
	return answerLead(c);
}
