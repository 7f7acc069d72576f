/**
 * A predicate that goes on from a statement: "We load `amsmath`, `fontspec` and `inputenc`, and build
 * with lualatex." The clause after ", and" has lost its subject to the clause before, which states
 * what the writer or a third party does; it states too, and orders nothing. So does a second verb of
 * a plan's infinitive ("someone wants to replace the calls and then delete the helper"). Not after an order ("Read
 * a.ts, and fix it") nor after "you" ("You read the file, and fix it" tells the child what to do).
 * Pure.
 */
import type { Clause } from "./types.ts";

const JOINS = new Set(["and", "but", "then"]);
/** Subjects whose statement a bare verb may go on from. */
const SUBJECTS = new Set(["we", "i", "they", "he", "she", "it", "we've", "i've", "they've", "someone", "somebody"]);

/** "Someone wants to replace the calls and then delete the helper": a second verb of the plan's infinitive. */
const infinitiveGoesOn = (c: Clause | undefined) =>
	c !== undefined &&
	JOINS.has(c.closer) &&
	c.tokens.some((t, k) => t.norm === "to" && k > 0 && c.tokens[k + 1]?.kind === "word");

/** The clauses of a sentence, with a subjectless predicate after a statement read as stating. */
export function continuedStatements(list: readonly Clause[]): Clause[] {
	return list.map((c, k) => {
		// The statement may be behind the items it lists: "We load `a`, `b` and `c`, and build …".
		const previous = list.slice(0, k).findLast((b) => b.mood !== "fragment");
		const first = c.tokens.find((t) => t.kind === "word");
		const opener = previous?.tokens.find((t) => t.kind === "word");
		const goesOn =
			c.mood === "directive" &&
			!c.addressed &&
			first !== undefined &&
			(JOINS.has(first.norm) || infinitiveGoesOn(list[k - 1])) &&
			previous?.mood === "statement" &&
			SUBJECTS.has(opener?.norm ?? "");
		return goesOn ? { ...c, mood: "statement" } : c;
	});
}
