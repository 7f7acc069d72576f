/**
 * "Only" that says when a stated thing happens rather than limiting the child's work, read by the
 * clause splitter (a clause it heads is no order) and by the rules that find limits. Pure.
 */
import type { Sentence, Token } from "./types.ts";
import { changeForm, imperativeVerb } from "./verbs.ts";

/** Words after which "only" says when or where a thing happens: "only in the minutes after a deploy". */
const CIRCUMSTANCES = new Set("in on at after before during when while once if under since".split(" "));

/**
 * "Lag climbs on partition 7, and only in the minutes after a deploy", "pods get OOMKilled only during
 * the 02:00 batch": "only" with a circumstance, in a sentence that opened on no order, says when the
 * thing happens and limits nothing. Not "Read src/, and only in the parser" (the sentence opens on an
 * order), "only in src/gate" at a clause's start, nor a clause that speaks of changes or duties
 * ("changes go only in src/gate", "it must run only on CI").
 */
export function onlyWhen(tokens: readonly Token[], i: number, sentence: Sentence): boolean {
	if (tokens[i]?.norm !== "only" || !CIRCUMSTANCES.has(tokens[i + 1]?.norm ?? "")) return false;
	const all = sentence.tokens;
	const at = all.indexOf(tokens[i] as Token);
	const first = all.find((t) => t.kind === "word");
	if (at <= 0 || !first || first === tokens[i]) return false;
	const before = all.slice(0, at);
	// "changes go only in src/gate" places; "the loss goes NaN" does not.
	const placed = (k: number) => GOES.has(before[k]?.norm ?? "") && PLACING.has(all[k + 1]?.norm ?? "");
	const laid = (t: Token, k: number) => t.norm === "you" || t.norm === "please" || DUTIES.has(t.norm) || placed(k);
	if (before.some((t, k) => laid(t, k) || changeForm(t.norm))) return false;
	return !imperativeVerb(first.norm) && first.norm !== "only";
}
const DUTIES = new Set("must should may can shall will need needs belong belongs stay stays live lives".split(" "));
const GOES = new Set(["go", "goes"]);
const PLACING = new Set(["in", "into", "to", "under", "inside", "only"]);
