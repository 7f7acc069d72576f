/**
 * The answer formatted after a file: "Draft, in your answer, the CHANGELOG entry … so format it the
 * way CHANGELOG.md already does", "write the release notes in your reply; style them the way
 * RELEASES.md does". The file is the model of the answer's form, and what is formatted is the
 * answer, named by a pronoun, in a brief that puts its product in the answer. Not "Format
 * src/api/client.ts the way the rest does" (a file formatted), "format it into CHANGELOG.md" (the
 * product placed in the file), nor the same words in a brief whose product is not the answer. Pure.
 */
import { ANSWERS } from "./act-words.ts";
import { aboutAnswer, norm } from "./described.ts";
import { pathText } from "./hits.ts";
import { PROSE_MAKERS } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

const FORMATTING = set("format style shape word phrase structure lay");
const PRONOUNS = set("it them");
/** Words that name a model after the pronoun: "the way", "like", "after", "to match". */
const AFTER_MODEL = [["the", "way"], ["like"], ["after"], ["as"], ["to", "match"], ["in", "the", "style"]];

/** Whether clause `c` formats the answer after a model, in a brief whose clauses are `all`. */
export function formatsAnswerAfter(c: Clause, all: readonly Clause[]): boolean {
	const { tokens, head } = c;
	if (c.mood !== "directive" || !FORMATTING.has(norm(tokens[head])) || !PRONOUNS.has(norm(tokens[head + 1]))) {
		return false;
	}
	const at = head + 2;
	const model = AFTER_MODEL.some((p) => p.every((w, k) => norm(tokens[at + k]) === w));
	// "format it into CHANGELOG.md": a place the product goes.
	const placed = tokens.some((t, k) => {
		const next = tokens[k + 1];
		return ["into", "to", "in"].includes(norm(t)) && next !== undefined && pathText(next) !== undefined;
	});
	// "Then open CHANGELOG.md and format it like RELEASES.md does": "it" may be another file named.
	const models = new Set(tokens.slice(at).map((t) => pathText(t)));
	const others = all.some((x) => x.tokens.some((t) => pathText(t) !== undefined && !models.has(pathText(t))));
	return model && !placed && !others && all.some(aboutAnswer);
}

/**
 * "Draft, in your answer, the CHANGELOG entry": a verb of making whose product an aside right after
 * it puts in the answer, whatever the product's name ("CHANGELOG" names a file too). Not "Draft the
 * entry, in CHANGELOG.md," nor an aside that names no answer.
 */
export function madeInAnswer(c: Clause, at: number): boolean {
	const tokens = c.sentence.tokens;
	const i = tokens.indexOf(c.tokens[at] as Token);
	if (i < 0 || !PROSE_MAKERS.has(norm(tokens[i])) || tokens[i + 1]?.text !== ",") return false;
	const end = tokens.findIndex((t, k) => k > i + 1 && t.text === ",");
	if (end < 0 || end > i + 6) return false;
	return tokens.slice(i + 2, end).some((t, k) => ANSWERS.has(norm(t)) && norm(tokens[i + 1 + k]) === "your");
}
