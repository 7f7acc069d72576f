/**
 * Git's acts named in plain words: "check out the release-2.3 branch", "check out tag `v1.2`". A
 * checkout rewrites the working tree, so it is a change to the files, whatever it is for. Not
 * "check out the new dashboard" (a look), which names no branch, tag or commit. Pure.
 */
import { type Hit, hit, isWord, quoteEnd } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

const REFS = set("branch branches tag tags commit commits revision sha ref");

/** The hit of a directive clause that checks out a branch, a tag or a commit. */
export function checkoutHits(c: Clause): Hit[] {
	const { tokens, head } = c;
	if (c.mood !== "directive" || !isWord(tokens, head, ["check"]) || !isWord(tokens, head + 1, ["out"])) return [];
	const ref = tokens.slice(head + 2, head + 7).some((t) => t.kind === "word" && REFS.has(t.norm));
	return ref ? [hit("file-change", "checkout", tokens[head] as Token, quoteEnd(tokens, head, 5))] : [];
}
