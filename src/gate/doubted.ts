/**
 * A rule state said of a thing and doubted by the writer: "the `replica` connection is supposedly
 * read-only, but an INSERT hit it", "the volume is meant to be read-only, yet a file changed". A
 * hedge before the state ("supposedly", "allegedly", "meant to be", "supposed to be", "in theory")
 * makes it what the code is believed to do: evidence for a question, no rule for the child. Not
 * when the child is named ("you're supposed to stay read-only") or the work is the subject ("this
 * task is meant to be read-only", "this is supposedly read-only"), or when nothing in the sentence
 * contrasts with the state ("the repo is meant to be read-only for this review"): those lay the
 * rule down. Pure.
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { set } from "./words.ts";

const HEDGES = set("supposedly allegedly ostensibly nominally theoretically meant supposed");
const YOURS = set("you you're youre your yourself you'll you'd");
/** Subjects that make the state the work's own: "this task is meant to be read-only". */
const WORK = set("this it task job work run session investigation exploration pass review analysis here");

/** Whether the rule state at `i` of a clause's tokens is a doubted property of a thing. */
export function doubtedState(tokens: readonly Token[], i: number, sentence: readonly Token[]): boolean {
	const before = tokens.slice(Math.max(0, i - 4), i).map(norm);
	const theory = before.some(
		(w, k) => (w === "in" && before[k + 1] === "theory") || (w === "on" && before[k + 1] === "paper"),
	);
	const subject = tokens.slice(0, i).map(norm);
	// "My hunch is that late joiners never get the RPC, so the animator stays in its default state": a guess.
	const at = sentence.indexOf(tokens[i] as Token);
	const guessed = sentence.slice(0, Math.max(0, at)).some((t) => GUESSES.has(norm(t)));
	if (guessed && !subject.some((w) => YOURS.has(w) || WORK.has(w))) return true;
	if (!theory && !before.some((w) => HEDGES.has(w))) return false;
	// The doubt shows in a contrast: "…, but an INSERT hit it", "…, yet a file changed".
	const contrasted = sentence.some((t) => CONTRASTS.has(norm(t)));
	return contrasted && !subject.some((w) => YOURS.has(w) || WORK.has(w));
}

const GUESSES = set("hunch guess suspect suspicion theory probably likely maybe perhaps presumably");
const CONTRASTS = set("but yet however though although whereas");
