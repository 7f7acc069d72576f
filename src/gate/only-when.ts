/**
 * "Only" that says when a stated thing happens rather than limiting the child's work, read by the
 * clause splitter (a clause it heads is no order) and by the rules that find limits. Pure.
 */
import type { Sentence, Token } from "./types.ts";
import { changeForm, imperativeVerb } from "./verbs.ts";

/** Words after which "only" says when or where a thing happens: "only in the minutes after a deploy". */
const CIRCUMSTANCES = new Set("in on at after before during when while once if under since with".split(" "));

/**
 * "Lag climbs on partition 7, and only in the minutes after a deploy", "pods get OOMKilled only during
 * the 02:00 batch": "only" with a circumstance, in a sentence that opened on no order, says when the
 * thing happens and limits nothing. Not "Read src/, and only in the parser" (the sentence opens on an
 * order), "only in src/gate" at a clause's start, nor a clause that speaks of changes or duties
 * ("changes go only in src/gate", "it must run only on CI").
 */
export function onlyWhen(tokens: readonly Token[], i: number, sentence: Sentence): boolean {
	if (tokens[i]?.norm !== "only") return false;
	if (!CIRCUMSTANCES.has(tokens[i + 1]?.norm ?? "") && !closesStatement(tokens, i, sentence)) return false;
	// "Triage: the watchdog resets on rev-C boards, and only after 6 hours": a label before a colon
	// names the part; the statement after it is what "only" qualifies.
	const whole = sentence.tokens;
	const colon = whole.findLastIndex((t, k) => k < whole.indexOf(tokens[i] as Token) && t.text === ":");
	const all = whole.slice(colon + 1);
	const at = all.indexOf(tokens[i] as Token);
	const first = all.find((t) => t.kind === "word");
	if (at <= 0 || !first || first === tokens[i]) return false;
	const before = all.slice(0, at);
	// "changes go only in src/gate" places; "the loss goes NaN" does not.
	const placed = (k: number) => GOES.has(before[k]?.norm ?? "") && PLACING.has(all[k + 1]?.norm ?? "");
	const laid = (t: Token, k: number) => t.norm === "you" || t.norm === "please" || DUTIES.has(t.norm) || placed(k);
	// "in staging only": a change form after a preposition names a place or a time, not a change.
	const named = (k: number) => CIRCUMSTANCES.has(before[k - 1]?.norm ?? "");
	// "the stream appends the new comment twice, but only in Safari": a change form counts where an
	// order would stand (heading the text or a clause), not conjugated or as a noun ("the comment form").
	const heads = (k: number) => k === 0 || before[k - 1]?.kind === "punct" || ORDER_JOINS.has(before[k - 1]?.norm ?? "");
	// A change word opening the text is its subject ("changes only in src/export/"): a place laid down.
	const conjugated = (w: string) => /(?:[^s]s|ed|ing)$/.test(w);
	const ordered = (t: Token, k: number) =>
		changeForm(t.norm) && !named(k) && (k === 0 || (heads(k) && !conjugated(t.norm)));
	if (before.some((t, k) => laid(t, k) || ordered(t, k))) return false;
	return !imperativeVerb(first.norm) && first.norm !== "only";
}
const DUTIES = new Set("must should may can shall will need needs belong belongs stay stays live lives".split(" "));
const GOES = new Set(["go", "goes"]);
const ORDER_JOINS = new Set(["and", "then", "but", "please", "also", "just", "so"]);
const PLACING = new Set(["in", "into", "to", "under", "inside", "only"]);

const STATED = new Set("is are was were has had does did".split(" "));
/** What a stated thing does, as a sentence reports it: "crashes", "throws", "happens". */
const HAPPENS = new Set(
	"crash throw fail hang break stall happen occur appear show work run spike drop leak error".split(" "),
);
export const thirdPerson = (w: string) =>
	/[^su]s$/.test(w) &&
	w.length > 3 &&
	[w.slice(0, -1), w.slice(0, -2)].some((b) => HAPPENS.has(b) || imperativeVerb(b));

/**
 * "The app crashes on cold start, API 26 devices only", "it throws on startup, in staging only":
 * "only" closing a sentence whose verb is already conjugated says where a stated thing happens. The
 * rest of `onlyWhen` still applies: no order opens the sentence, no duty or change is in it.
 */
function closesStatement(tokens: readonly Token[], i: number, sentence: Sentence): boolean {
	const all = sentence.tokens;
	const at = all.indexOf(tokens[i] as Token);
	if (all.slice(at + 1).some((t) => t.kind !== "punct")) return false;
	return all.slice(0, at).some((t) => t.kind === "word" && (STATED.has(t.norm) || thirdPerson(t.norm)));
}
