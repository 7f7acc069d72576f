/**
 * Orders whose verb moves, adds or removes a piece of a file by hand — "put a null check at the
 * start of `loadConfig`", "stick an early return at the top of …", "strip the debug prints from
 * …", "rip the old snippet from …", "squeeze in a benchmark for …" — and work picked back up ("pick
 * the pagination work back up", "wrap up what's left of the conversion").
 *
 * These verbs also shape an answer ("put your findings in a list", "put simply") or stand in idioms
 * ("put yourself in my shoes"): an answer's shape is read before this rule, idioms are listed, and
 * the verb must have an object that is not prose.
 */

import { type Hit, hit, isWord, objectOf, quoteEnd } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { UNKNOWN_OBJECTS } from "./unknown-verb.ts";
import { NOT_VERBS, PLACE_VERBS, PROSE_OBJECTS } from "./verbs.ts";
import { set } from "./words.ts";

/** Particles that may stand between the verb and its object: "squeeze in a test", "knock up a script". */
const PARTICLES = set("in up out off together down away back");
/** Work in flight named by what is left of it: "what's left of …", "what remains of …", "the rest of …". */
const LEFT = [
	["what's", "left"],
	["what", "is", "left"],
	["what", "remains"],
	["whatever", "is", "left"],
	["whatever's", "left"],
	["the", "rest", "of"],
	["what's", "remaining"],
];
const RESUMERS = set("finish complete wrap do carry pick get tie polish round take bring push");

const startsObject = (t: Token | undefined) =>
	t !== undefined &&
	(t.kind === "path" || t.kind === "code" || (t.kind === "word" && (UNKNOWN_OBJECTS.has(t.norm) || SOME.has(t.norm))));
const SOME = set("some more extra few");
const PLACE_MARKS = set("from throughout across everywhere every all");
const namesPlace = (tokens: readonly Token[]) =>
	tokens.some((t) => t.kind === "path" || t.kind === "code" || (t.kind === "word" && PLACE_MARKS.has(t.norm)));

/** "… at the top of your answer" shapes the reply; "put the two parsers side by side" compares them. */
function answerOrSideBySide(tokens: readonly Token[]): boolean {
	return tokens.some(
		(t, k) =>
			(t.norm === "your" &&
				isWord(tokens, k + 1, ["answer", "reply", "response", "summary", "report", "findings", "points"])) ||
			(t.norm === "side" && isWord(tokens, k + 1, ["by"]) && isWord(tokens, k + 2, ["side"])),
	);
}

/** "put a null check at …", "squeeze in a benchmark …": a thing placed or removed. */
function placed(c: Clause): Hit[] {
	const { tokens, head } = c;
	const v = tokens[head] as Token;
	if (!PLACE_VERBS.has(v.norm)) return [];
	const at = isWord(tokens, head + 1, PARTICLES) ? head + 2 : head + 1;
	// "strip trailing commas from every fixture": a bare object, where the clause names where it is.
	const bare = tokens[at]?.kind === "word" && !NOT_VERBS.has(tokens[at]?.norm ?? "") && namesPlace(tokens);
	if ((!startsObject(tokens[at]) && !bare) || isWord(tokens, at, ["your", "me", "us", "yourself"])) return [];
	if (objectOf(tokens, head, "code") === "prose" || answerOrSideBySide(c.sentence.tokens)) return [];
	return [hit("file-change", "place", v, quoteEnd(tokens, head, 5))];
}

/**
 * "Continue from test/fixtures/orders.ts onwards", "resume at `parseArgs` on": work in flight taken up
 * again from a place in a sequence of files. Not "continue from src/a.ts onwards and explain each
 * file" (a verb of reading joined), nor "continue from src/a.ts to the handler" (a direction).
 */
function resumedFrom(c: Clause): boolean {
	const { tokens, head } = c;
	if (!["", ".", ";"].includes(c.closer)) return false;
	if (!FROM_RESUMERS.has(tokens[head]?.norm ?? "") || !isWord(tokens, head + 1, ["from", "at"])) return false;
	const place = tokens[head + 2];
	const named = place?.kind === "path" || place?.kind === "code";
	return named && isWord(tokens, head + 3, ["onwards", "onward", "on"]) && tokens.length <= head + 5;
}
const FROM_RESUMERS = set("continue resume proceed");

/** "pick the work back up", "wrap up what's left of the conversion", "finish the rest of the port". */
function resumed(c: Clause): Hit[] {
	const { tokens, head } = c;
	const v = tokens[head] as Token;
	if (resumedFrom(c)) return [hit("file-change", "continue-work", v, quoteEnd(tokens, head, 4))];
	if (!RESUMERS.has(v.norm)) return [];
	const window = tokens.slice(head + 1, head + 9);
	if (window.some((t) => PROSE_OBJECTS.has(t.norm) || t.norm === "your")) return [];
	const back = window.some((t, k) => t.norm === "back" && window[k + 1]?.norm === "up");
	// "take the half-done port over the line", "get the migration across the finish line".
	const line = window.some(
		(t, k) => ["over", "across"].includes(t.norm) && window.slice(k + 1, k + 4).some((w) => w.norm === "line"),
	);
	const left = window.some((_, k) => LEFT.some((p) => p.every((w, j) => window[k + j]?.norm === w)));
	return back || left || line ? [hit("file-change", "continue-work", v, quoteEnd(tokens, head, 6))] : [];
}

/** What "check in" commits: "check in the output", "check in the regenerated files". */
const CHECKED_IN = set(
	"output outputs changes change result results files file generated regenerated lockfile snapshots it them everything code",
);

/** "check in the output": to commit it; "check in the logs" looks. */
function checkedIn(c: Clause): Hit[] {
	const { tokens, head } = c;
	if (!isWord(tokens, head, ["check"]) || !isWord(tokens, head + 1, ["in"])) return [];
	const k = isWord(tokens, head + 2, ["the", "your", "all", "any"]) ? head + 3 : head + 2;
	return isWord(tokens, k, CHECKED_IN)
		? [hit("file-change", "change-verb", tokens[head] as Token, tokens[k] as Token)]
		: [];
}

/** Verbs of collecting, which place what they collect when a file follows "into": "gather them into src/x.ts". */
const COLLECTORS = set("gather collect pull group bundle combine");

/** "gather the constants into a single src/config/defaults.ts": things collected into a file. */
function collectedInto(c: Clause): Hit[] {
	const { tokens, head } = c;
	if (!COLLECTORS.has(tokens[head]?.norm ?? "")) return [];
	const into = tokens.findIndex((t, k) => k > head && t.norm === "into");
	const file = tokens
		.slice(into + 1, into + 5)
		.some((t) => t.kind === "path" || (t.kind === "code" && /\.\w+$/.test(t.norm)));
	return into > 0 && file ? [hit("file-change", "place", tokens[head] as Token, quoteEnd(tokens, head, 5))] : [];
}

/** A placing order at a directive's head, or a commit by "check in". */
export function placeOrder(c: Clause): Hit[] {
	if (c.mood !== "directive" || c.tokens[c.head]?.kind !== "word") return [];
	const out = [...placed(c), ...collectedInto(c)];
	return out.length > 0 ? out : checkedIn(c);
}

/** A resuming order at a directive's head, read before idioms ("pick the work back up" is no "pick the"). */
export function resumeOrder(c: Clause): Hit[] {
	return c.mood === "directive" && c.tokens[c.head]?.kind === "word" ? resumed(c) : [];
}
