/**
 * "Only" that says when a stated thing happens rather than limiting the child's work, read by the
 * clause splitter (a clause it heads is no order) and by the rules that find limits. Pure.
 */
import type { Sentence, Token } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";

/** Words after which "only" says when or where a thing happens: "only in the minutes after a deploy". */
const CIRCUMSTANCES = new Set([
	"in",
	"on",
	"at",
	"after",
	"before",
	"during",
	"when",
	"while",
	"once",
	"if",
	"under",
	"since",
]);

/**
 * "Lag climbs on partition 7, and only in the minutes after a deploy": "only" with a circumstance,
 * going on from a sentence that opened on no order, says when the thing happens and limits nothing.
 * Not "Read src/, and only in the parser" (the sentence opens on an order).
 */
export function onlyWhen(tokens: readonly Token[], i: number, sentence: Sentence): boolean {
	if (tokens[i]?.norm !== "only" || !CIRCUMSTANCES.has(tokens[i + 1]?.norm ?? "")) return false;
	const all = sentence.tokens;
	const start = all.indexOf(tokens[0] as Token);
	const first = all.find((t) => t.kind === "word");
	if (start <= 0 || !first || first === tokens[0]) return false;
	const before = all.slice(0, start);
	return (
		!imperativeVerb(first.norm) && first.norm !== "only" && !before.some((t) => t.norm === "you" || t.norm === "please")
	);
}
