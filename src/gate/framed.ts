/**
 * What a frame ("would you mind", "how about", "can I get", "fancy") leaves at the head of a clause
 * besides a plain verb: a gerund ("how about renaming …", "fancy trimming the list"), a past tense
 * after a suggestion ("what if you moved …"), or the noun of the work asked for ("can I get a test
 * for …", "any chance of a patch for …"). Each is read as the order its verb would be.
 */

import { isWord, objectOf } from "./hits.ts";
import { carriedInAnswer } from "./included.ts";
import { readGerund } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { UNKNOWN_OBJECTS } from "./unknown-verb.ts";
import {
	CODE_OBJECTS,
	changeGerund,
	changeParticiple,
	gerundBases,
	imperativeVerb,
	PHRASAL_CHANGES,
	PLACE_VERBS,
	PROSE_OBJECTS,
	PROSE_UNLESS_CODE,
	WORK_NOUNS,
} from "./verbs.ts";

const GIVE_PROSE = new Set(
	"me us them him her you a an some one two three four five several your my any more".split(" "),
);

/** Values a reader reports about a thing: "its average duration", "the failure rate". */
const VALUES = new Set(
	"duration durations time times count counts number numbers rate rates size sizes total totals average median ratio share length age owner owners status version versions cost runtime".split(
		" ",
	),
);
const SECOND = new Set(["a", "an", "the", "some", "each", "every", "its", "their"]);
const OWN = new Set(["its", "their", "the", "his", "her", "our"]);

/**
 * "For each deploy job, give its average duration": one object, a value of a thing, handed over as
 * the answer. Not "give each job a timeout" or "give the parser a maximum duration": there a second
 * object, a thing given to the code, follows the first.
 */
function givesValue(tokens: readonly Token[], i: number): boolean {
	if (!OWN.has(tokens[i + 1]?.norm ?? "")) return false;
	for (let k = i + 2; k < Math.min(tokens.length, i + 5); k++) {
		const t = tokens[k] as Token;
		// "Give the failing jobs a retry count": a second object, opened by its own determiner.
		if (t.kind !== "word" || SECOND.has(t.norm)) return false;
		const after = tokens[k + 1];
		const ends =
			after === undefined || after.kind === "punct" || ["of", "for", "per", "in", "over"].includes(after.norm);
		if (ends) return VALUES.has(t.norm);
	}
	return false;
}

/** Items of the child's own answer, which it may be told to give a grade or a label: "give each finding a severity". */
const ANSWER_ITEMS = new Set(
	"finding findings result results risk risks issue issues problem problems item items option options suggestion suggestions point points claim claims candidate candidates hypothesis hypotheses answer answers one ones bug bugs cause causes".split(
		" ",
	),
);
/** What a thing is given when the writer asks for it to be read: "a read", "a look", "a once-over". */
const LOOKS = new Set(
	"read look once-over glance skim review pass scan check think thought eye eyeball sanity-check going-over read-through look-through walk-through walkthrough audit".split(
		" ",
	),
);
const FIRST = new Set(["the", "each", "every", "all", "our", "its", "their", "this", "that", "these", "those"]);

/**
 * "Give the failing jobs a retry count", "Give the README a table of contents": a thing named
 * first, then what it is given, opened by its own determiner — the thing gets something, whatever
 * the second object is (a count or a table is prose only when the writer is handed it). Not when
 * the thing is an item of the answer ("give each finding a severity").
 */
function givesToThing(tokens: readonly Token[], i: number): boolean {
	const first = tokens[i + 1];
	if (!first || !(FIRST.has(first.norm) || first.kind === "path" || first.kind === "code")) return false;
	for (let k = i + 2; k < Math.min(tokens.length, i + 6); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (k > i + 2 && (t.norm === "a" || t.norm === "an")) {
			// "Give the new README section a critical read": the writer asks for a look, the thing gets nothing.
			const looked = tokens.slice(k + 1, k + 4).some((w) => LOOKS.has(w.norm));
			return !looked && !ANSWER_ITEMS.has(tokens[k - 1]?.norm ?? "");
		}
	}
	return false;
}

/** "give the judge a proper error" changes code; "give me", "give three opinions", "give it a read" do not. */
export function gives(tokens: readonly Token[], i: number): boolean {
	const next = tokens[i + 1];
	if (!next || next.kind === "number" || GIVE_PROSE.has(next.norm) || givesValue(tokens, i)) return false;
	if (lookGiven(tokens, i) || carriedInAnswer(tokens, i)) return false;
	if (givesToThing(tokens, i)) return true;
	return !tokens.slice(i + 1, i + 9).some((t) => PROSE_OBJECTS.has(t.norm));
}

/** "Give the Kotlin coroutine code in the sync module a review": however long the thing, it is given a look. */
function lookGiven(tokens: readonly Token[], i: number): boolean {
	let looked = false;
	for (let k = i + 2; k < tokens.length && tokens[k]?.kind !== "punct"; k++) {
		const t = tokens[k] as Token;
		if (t.norm !== "a" && t.norm !== "an") continue;
		// "… a quick look and a timeout": a second thing given as well is given to the code.
		if (!tokens.slice(k + 1, k + 4).some((w) => LOOKS.has(w.norm))) return false;
		looked = true;
	}
	return looked;
}

/**
 * A gerund a frame takes ("how about giving the loader an error", "fancy trimming the list",
 * "would you consider splitting reducer.js"), read as its verb would be.
 */
function gerundOrder(tokens: readonly Token[], head: number): boolean {
	const bases = gerundBases(tokens[head]?.norm ?? "");
	if (bases.length === 0) return false;
	// "mind pointing `sidebars.js` at the new path?": a phrasal change in the gerund.
	if (bases.some((b) => phrasalGerund(tokens, head, b))) return true;
	if (readGerund(tokens, head)) return false;
	if (bases.some((b) => PROSE_UNLESS_CODE.has(b))) return objectOf(tokens, head, "code") === "code";
	if (bases.some((b) => b === "give")) return gives(tokens, head);
	if (bases.some((b) => imperativeVerb(b) && !PLACE_VERBS.has(b))) return false;
	const next = tokens[head + 1];
	return next !== undefined && (next.kind === "path" || next.kind === "code" || UNKNOWN_OBJECTS.has(next.norm));
}

/** Whether the particle of a phrasal change with verb `base` follows the gerund at `head`, before punctuation. */
function phrasalGerund(tokens: readonly Token[], head: number, base: string): boolean {
	const particles = PHRASAL_CHANGES.filter(([v]) => v === base).flatMap(([, p]) => p);
	if (particles.length === 0 || isWord(tokens, head + 1, ["me", "us", "you", ...particles])) return false;
	const end = tokens.findIndex((t, k) => k > head && t.kind === "punct");
	return tokens.slice(head + 2, end < 0 ? undefined : end).some((t) => particles.includes(t.norm));
}

/** A noun of work or code right after `i` ("a test", "a quick fix"), and not of prose. */
function workNoun(tokens: readonly Token[], i: number): boolean {
	for (let k = i + 1; k < Math.min(tokens.length, i + 4); k++) {
		const t = tokens[k] as Token;
		if (t.kind !== "word" || PROSE_OBJECTS.has(t.norm)) return false;
		if (WORK_NOUNS.has(t.norm) || CODE_OBJECTS.has(t.norm)) return !["it", "this", "that"].includes(t.norm);
	}
	return false;
}

/** Whether the head a frame left orders a change. */
const OBJECT_OPENERS = new Set(
	"the a an this that these those it them any anything all every each our your my its their some everything".split(" "),
);
/** Whether a token opens the object of a verb before it: "fixing anything stale", "removing `a.ts`". */
const objectAfter = (t: Token | undefined) =>
	t !== undefined && (t.kind === "code" || t.kind === "path" || (t.kind === "word" && OBJECT_OPENERS.has(t.norm)));

export function framedOrder(c: Clause): boolean {
	const { tokens, head } = c;
	const v = tokens[head]?.norm ?? "";
	// "it would be nice if you fixed it": a past form after "if you" is wished, as after a suggestion.
	const wished = c.suggestion || (isWord(tokens, head - 1, ["you"]) && isWord(tokens, head - 2, ["if"]));
	if (changeGerund(v) || (wished && changeParticiple(v)) || gerundOrder(tokens, head)) return true;
	// "mind giving it a once-over and fixing anything stale?": a change in a later gerund of the frame.
	// Not "diff the prod and staging configs": "staging" there qualifies a noun, and takes no object.
	const later = (t: Token, k: number) =>
		k > head && isWord(tokens, k - 1, ["and", "or", "then"]) && changeGerund(t.norm) && objectAfter(tokens[k + 1]);
	if (tokens.some(later)) return true;
	// "mind taking that on?", "up for taking on the port?": to take work on is to do it.
	if (v === "taking" && tokens.slice(head + 1, head + 6).some((t) => t.norm === "on")) return true;
	// "have a crack at it", "make a start on this": the frame's object is the work.
	if (isWord(tokens, head, ["it", "this", "that", "them"]) && isWord(tokens, head - 1, ["at", "on"])) return true;
	return isWord(tokens, head, ["a", "an", "some", "the"]) && workNoun(tokens, head);
}
