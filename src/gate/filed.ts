/**
 * The answer filed in a document: "Findings go in a new section of `docs/storybook.md`", "the notes
 * belong in `NOTES.md`". What the child finds, placed in a file, is a change to that file. Not
 * "findings go in your reply", nor a statement of where someone else's notes live ("the minutes
 * went into the wiki last year"). Pure.
 */
import { ANSWER_NOUNS } from "./allow-words.ts";
import { type Hit, hit, isWord, pathText } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

const GOING = set("go goes belong belongs land lands should");
const INTO = set("in into to under");

/** The hit of a clause that files the answer in a named document, or none. */
export function filedHits(c: Clause): Hit[] {
	const { tokens } = c;
	if (c.mood === "subordinate" || c.inQuestion) return [];
	const verb = tokens.findIndex((t, k) => k > 0 && k <= 3 && t.kind === "word" && GOING.has(t.norm));
	const answer = tokens.slice(0, Math.max(0, verb)).some((t) => ANSWER_NOUNS.has(t.norm) || t.norm === "results");
	if (verb < 0 || !answer) return [];
	const into = tokens.findIndex((_, k) => k > verb && k <= verb + 3 && isWord(tokens, k, INTO));
	const file = into > 0 ? tokens.slice(into + 1, into + 8).find((t) => pathText(t) !== undefined) : undefined;
	return file ? [hit("file-change", "filed", tokens[0] as Token, file)] : [];
}
