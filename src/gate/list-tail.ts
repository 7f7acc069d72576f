/** The last item of a comma list, which a clause splitter may read as an order. */
import { norm } from "./described.ts";
import type { Clause } from "./types.ts";

/**
 * "Cover schema, dual-write window, and rollback", "touch on downtime, backup, and rollback": a
 * clause that is only "and" or "or" and one word, closing a sentence whose earlier clauses end in
 * commas, is the list's last item, a topic named like the others, not an order with no object. "Run
 * the tests and deploy" keeps its order in the clause before, which no comma ends.
 */
export function listTail(c: Clause): boolean {
	const words = c.tokens.filter((t) => t.kind === "word");
	if (words.length !== 2 || !["and", "or"].includes(norm(words[0]))) return false;
	const last = c.tokens.at(-1);
	if (last !== words[1] && last?.kind !== "punct") return false;
	const start = c.sentence.tokens.indexOf(c.tokens[0] as (typeof c.tokens)[number]);
	const commas = c.sentence.tokens.slice(0, Math.max(0, start)).filter((t) => t.text === ",").length;
	return commas >= 2;
}
