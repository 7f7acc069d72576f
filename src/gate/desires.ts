/**
 * Changes wished on a thing rather than ordered of the child: "it would be lovely if the spinner
 * stopped flickering", "what I'd like is for the guide to reflect the new installer", "I'd like the
 * old flags to go", and, in question form, "perhaps the two helpers could be merged?", "shouldn't
 * the v1 routes be removed by now?". The child is not named, but the only one who could make the
 * wish come true is the child, so each orders a change.
 *
 * What keeps them apart from their look-alikes: the thing wished on must be a thing in the code or
 * the repository (a determiner or a path, never a person, and never the answer: "it would be nice
 * if your answer cited lines" shapes prose); a question asked in the ordinary order ("could the
 * helpers be merged?") asks, and only a hedged one ("perhaps … could be merged?") or a negative one
 * ("shouldn't … be removed?") suggests.
 */

import { type Hit, hit, isWord, pathText, quoteEnd } from "./hits.ts";
import { PRAISE } from "./politeness.ts";
import { wishedTold } from "./told-wishes.ts";
import type { Clause, Token } from "./types.ts";
import { CODE_OBJECTS, changeGerund, changeParticiple, PROSE_OBJECTS, pastTense, WORK_NOUNS } from "./verbs.ts";
import { phrases, set } from "./words.ts";

/** Frames of a wish about a thing, up to the "if" or "for" before it. */
const WISH_FRAMES = phrases(`
	it would be
	it'd be
	it will be
	it'll be
	that would be
	that'd be
	i'd love it
	i would love it
	we'd love it
	i'd like it
	i'd prefer it
	i wish
	we wish
	what i'd like is for
	what i would like is for
	what we'd like is for
	what i want is for
	what we want is for
	what i need is for
	what we need is for
	what i'm after is for
	what we're after is for
	all i want is for
	all i ask is for
	ideally
	in an ideal world
	the change we want is for
	the change i want is for
	the ask is for
	the request is for
	the idea is for
	the plan is for
	the goal is for
	i'd like to see
	i would like to see
	we'd like to see
	i want to see
	we want to see
	i'd love to see
	i'd rather see
	i'd prefer to see
	i'd like for
	i would like for
	i'd love for
	i want for
	i'd like
	i would like
	we'd like
	i'd love
	i want
	we want
	i need
	we need
`);

const THINGS = set("the this that these those our its their each every all both");
/** Nouns that make the wished thing the answer, or a person: the wish is then about prose or people. */
const NOT_THINGS = set(`
	you your me us him her them someone somebody anyone everyone child children fork forks agent reviewer team
	investigation exploration search focus
`);
const PARTICLES = set("into out together apart away up down off over");
const MODALS = set("could should might can would");

/** A thing named at `i`: a determiner or a path, and no person and no prose before the verb. */
function thingAt(tokens: readonly Token[], i: number, until: number): boolean {
	const t = tokens[i];
	if (t === undefined || !(pathText(t) !== undefined || t.kind === "code" || isWord(tokens, i, THINGS))) return false;
	return !tokens.slice(i, until).some((x) => NOT_THINGS.has(x.norm) || PROSE_OBJECTS.has(x.norm));
}

/**
 * The verb that tells what the wished thing should do: "(if the page) showed", "(for the guide) to
 * reflect", "(I'd like the flags) to go", "(I want the cache) removed". After a frame with no "if"
 * or "for", a bare participle must be one of change ("I want the logs checked" asks for a look),
 * and "to be" must be followed by one.
 */
function wishedVerb(tokens: readonly Token[], from: number, conditional: boolean): number {
	for (let k = from + 1; k < Math.min(tokens.length, from + 9); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return -1;
		if (t.kind !== "word") continue;
		// "a summary of what moved where": what a wh-clause says happened is told, not wished.
		if (TOLD_WH.has(t.norm) && k > from + 1) return -1;
		if (t.norm === "to" || MODALS.has(t.norm)) {
			if (tokens[k + 1]?.kind !== "word") return -1;
			return isWord(tokens, k + 1, ["be", "get"]) && !changedAt(tokens, k + 2) ? -1 : k + 1;
		}
		if (conditional ? pastTense(t.norm) || t.norm === "were" : changedAt(tokens, k)) return k;
	}
	return -1;
}

const TOLD_WH = new Set(["what", "which", "where", "how", "who", "why"]);
const LEARNING = new Set(["know", "understand", "learn", "hear", "see", "find", "check", "confirm", "establish"]);

/** "It would be nice if the page showed the id", "what I'd like is for the guide to reflect …". */
function wishedOn(c: Clause): Hit[] {
	const { tokens } = c;
	if (c.sentence.question) return [];
	for (let i = 0; i < Math.min(tokens.length, 4); i++) {
		let n = 0;
		for (const p of WISH_FRAMES) if (tokens[i]?.norm === p[0]) n = Math.max(n, phraseLength(tokens, i, p));
		if (n === 0) continue;
		// "it would be lovely if …", "I'd love it if …": a few words of praise before the "if".
		let at = i + n;
		for (let k = at; k < Math.min(tokens.length, at + 4); k++) if (isWord(tokens, k, ["if", "for"])) at = k + 1;
		// "it would be lovely if …" wishes; "it would be a disaster if …" fears (wishes.ts).
		const judged = isWord(tokens, i, ["it", "it'd", "it'll", "that", "that'd"]);
		if (judged && !tokens.slice(i + n, at).some((t) => PRAISE.has(t.norm))) return [];
		const conditional = at > i + n;
		// "I want to know if the hand-rolled one still earns its keep": a wish to learn asks.
		if (conditional && tokens.slice(i + n, at).some((t) => LEARNING.has(t.norm))) return [];
		const verb = wishedVerb(tokens, at, conditional);
		// "I want the breaking changes called out first": told in the answer, not changed.
		if (verb > at && thingAt(tokens, at, verb) && !wishedTold(tokens, i + n - 1)) {
			return [hit("file-change", "wished-change", tokens[i] as Token, tokens[verb] as Token)];
		}
		return [];
	}
	return [];
}

function phraseLength(tokens: readonly Token[], i: number, phrase: readonly string[]): number {
	for (let k = 0; k < phrase.length; k++) if (tokens[i + k]?.norm !== phrase[k]) return 0;
	return phrase.length;
}

/** A participle of change, or a past form with its particle: "removed", "pulled into", "folded together". */
function changedAt(tokens: readonly Token[], k: number): boolean {
	const t = tokens[k];
	if (t?.kind !== "word") return false;
	return changeParticiple(t.norm) || (pastTense(t.norm) && isWord(tokens, k + 1, PARTICLES));
}

/** "Perhaps the helpers could be merged?", "Shouldn't the v1 routes be removed by now?": a change suggested. */
function suggestedPassive(c: Clause): Hit[] {
	const { tokens, head } = c;
	// "perhaps … could be merged?", "can the fixtures be cleared out, please?".
	const please = c.sentence.tokens.some((t) => t.norm === "please");
	const hedged = please || tokens.slice(0, head).some((t) => ["perhaps", "maybe", "possibly"].includes(t.norm));
	const negative = isWord(tokens, head, ["shouldn't", "oughtn't"]);
	if (!hedged && !negative) return [];
	for (let k = head + 1; k + 1 < Math.min(tokens.length, head + 14); k++) {
		if ((tokens[k] as Token).kind === "punct") return [];
		if (isWord(tokens, k, ["be"]) && changedAt(tokens, k + 1)) {
			return [hit("file-change", "suggested-change", tokens[head] as Token, quoteEnd(tokens, k + 1, 2))];
		}
	}
	return [];
}

const HANDED = set("leave leaving hand handing pass passing");

/** "I'll leave the logging rework to you", "over to you for the rename": work handed to the child. */
function handedOver(c: Clause): Hit[] {
	const { tokens } = c;
	const work = (from: number, to: number) =>
		tokens
			.slice(from, to)
			.find((t) => t.kind === "word" && ((WORK_NOUNS.has(t.norm) && !THINGS.has(t.norm)) || changeGerund(t.norm)));
	for (let k = 1; k + 1 < tokens.length; k++) {
		if (!isWord(tokens, k, ["to", "with"]) || !isWord(tokens, k + 1, ["you"])) continue;
		const over = isWord(tokens, k - 1, ["over"]) && isWord(tokens, k + 2, ["for"]) ? work(k + 3, k + 7) : undefined;
		const from = tokens.slice(0, k).findIndex((t) => HANDED.has(t.norm));
		const left = from >= 0 ? work(from + 1, k) : undefined;
		const found = over ?? left;
		if (found)
			return [
				hit(
					"file-change",
					"handed-over",
					tokens[over ? k - 1 : from] as Token,
					over ? found : (tokens[k + 1] as Token),
				),
			];
	}
	return [];
}

/**
 * "If you get a minute, the stale TODOs in README.md could be cleared up": a change suggested in the
 * passive about a named file (a path or code before the modal). "The cache could be deleted by a
 * concurrent run" names no file and has an agent: it describes a risk.
 */
function couldBe(c: Clause): Hit[] {
	const { tokens, head } = c;
	if (c.mood !== "statement") return [];
	for (let k = head + 1; k + 2 < tokens.length; k++) {
		if (!isWord(tokens, k, ["could", "might", "can"]) || !isWord(tokens, k + 1, ["be"])) continue;
		const named = tokens.slice(head, k).some((t) => t.kind === "code" || pathText(t) !== undefined);
		if (named && changedAt(tokens, k + 2) && !tokens.slice(k + 3, k + 5).some((t) => t.norm === "by")) {
			return [hit("file-change", "suggested-change", tokens[k] as Token, quoteEnd(tokens, k + 2, 2))];
		}
		return [];
	}
	return [];
}

const ENSURE = phrases(`
	make sure
	make sure that
	make certain
	ensure
	ensure that
	see that
	see to it that
	be sure
`);
const DENIED = set("not no nothing never none don't doesn't isn't aren't won't");

/**
 * "Make sure the new flag is documented in the README", "see that the docs get updated", "make
 * sure there's a test for it": a result the child must bring about. Not "make sure you read the
 * tests" (the child's own conduct) nor "make sure your summary mentions …" (the answer).
 */
function ensured(c: Clause): Hit[] {
	const { tokens, head } = c;
	let n = 0;
	for (const p of ENSURE) n = Math.max(n, phraseLength(tokens, head, p));
	if (n === 0) return [];
	const rest = tokens.slice(head + n, head + n + 12);
	const off = (t: Token) => NOT_THINGS.has(t.norm) || PROSE_OBJECTS.has(t.norm) || DENIED.has(t.norm);
	const there = isWord(rest, 0, ["there's"]) || (isWord(rest, 0, ["there"]) && isWord(rest, 1, ["is", "are"]));
	const item = there ? rest.findIndex((t) => WORK_NOUNS.has(t.norm) || CODE_OBJECTS.has(t.norm)) : -1;
	const done = item >= 0 ? item : rest.findIndex((_, j) => changedAt(rest, j));
	if (done < 0 || rest.slice(0, done).some(off)) return [];
	return [hit("file-change", "ensured-change", tokens[head] as Token, rest[done] as Token)];
}

/** Changes wished on things in a sentence's clauses. */
export function desireHits(list: readonly Clause[]): Hit[] {
	return list.flatMap((c) =>
		c.sentence.question ? suggestedPassive(c) : [...wishedOn(c), ...handedOver(c), ...couldBe(c), ...ensured(c)],
	);
}
