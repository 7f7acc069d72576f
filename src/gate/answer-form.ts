/**
 * Orders about what the child's answer holds, which name no file: "include line numbers for every
 * claim", "give the file and line for each problem you list", "number your findings". Read before
 * the change rules (edits.ts), so that an answer's shape is never taken for an edit. Pure.
 */
import { isWord, pathText } from "./hits.ts";
import type { Token } from "./types.ts";

/** Verbs that shape what the answer holds: "include line numbers for every claim", "number your findings". */
const FORM_VERBS = new Set(
	"include give number put mark sort order rank cite quote start open lead end close".split(" "),
);
/** What an answer holds beside its claims: "a file and line", "a short example", "links", "a TL;DR". */
const ANSWER_PARTS = new Set(
	`line lines number numbers file files path paths link links example examples reason reasons reference
	references source sources citation citations evidence severity rating score confidence tl;dr verdict
	summary snippet snippets quote quotes caveat caveats rationale`.split(/\s+/),
);
/** What the child's answer is made of: "each claim", "your findings", "every point". */
const CLAIMS = new Set(
	`claim claims finding findings point points problem problems issue issues risk risks option options
	suggestion suggestions recommendation recommendations statement statements`.split(/\s+/),
);
/** The child's telling, after "you": "each problem you list", "every claim you make". */
const TOLD = new Set(
	`mention cite quote refer list describe reference report answer reply explain discuss summarise summarize
	make find raise flag suggest recommend name spot`.split(/\s+/),
);

/**
 * "Include line numbers for every claim", "give the file and line for each problem you list",
 * "number your findings": an order about what the answer holds, naming no file. Not "include a test
 * for each problem you find": a test is no part of an answer.
 */
export function formsAnswer(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, FORM_VERBS) || tokens.some((t) => t.kind === "code" || pathText(t) !== undefined))
		return false;
	const ordering = isWord(tokens, head, ["number", "sort", "order", "rank"]) && isWord(tokens, head + 1, ["your"]);
	const parts = tokens.slice(head + 1, head + 6).some((t) => t.kind === "word" && ANSWER_PARTS.has(t.norm));
	if (!ordering && !parts) return false;
	return tokens.some(
		(t, k) =>
			k > head &&
			((t.norm === "you" && isWord(tokens, k + 1, TOLD)) ||
				(["your", "each", "every"].includes(t.norm) && isWord(tokens, k + 1, CLAIMS))),
	);
}
