/**
 * A value a thing in a named file is said to need: "The retry count in config/worker.yaml is still
 * 3; it needs to be 5 before tonight's batch", "`MAX_JOBS` should be 8". A need for a new value of
 * something the brief places in a file is an order to change the file, stated about the thing (the
 * labelling rule's "a need stated about a thing"). Not a question ("does it need to be 5?"), a
 * guess ("it must be 5 by now"), a claim reported ("the docs say it has to be 5") or a sentence
 * that names no file or code. Pure.
 */
import { embeddedAt, norm } from "./described.ts";
import { guessedMust } from "./guesses.ts";
import { type Hit, hit, pathText } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

const NEEDS = set("needs need has have must should ought");

/** The need for a new value in clause `c`, as a hit, or none. */
export function neededValue(c: Clause): Hit[] {
	if (c.mood !== "statement" || c.sentence.question) return [];
	const { tokens } = c;
	const named = c.sentence.tokens.some((t) => t.kind === "code" || pathText(t) !== undefined);
	if (!named) return [];
	for (let i = 0; i < tokens.length; i++) {
		if (!NEEDS.has(norm(tokens[i])) || guessedMust(tokens, i) || embeddedAt(c, i)) continue;
		const to = ["must", "should"].includes(norm(tokens[i])) ? i : i + 1;
		if (to !== i && norm(tokens[to]) !== "to") continue;
		const value = tokens[to + 2];
		if (norm(tokens[to + 1]) !== "be" || (value?.kind !== "number" && value?.kind !== "code")) continue;
		// "it must be 5 by now", "it should already be 5": what the writer expects has happened.
		const expected = norm(tokens[to + 3]) === "by" || tokens.slice(i, to + 2).some((t) => norm(t) === "already");
		if (!expected) return [hit("file-change", "stated-need", tokens[i] as Token, value)];
	}
	return [];
}
