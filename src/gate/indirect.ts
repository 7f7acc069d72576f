/**
 * Rules laid down about a thing or an act rather than ordered: the child is not the subject, yet the
 * sentence binds it.
 *
 * - a negative subject and a modal: "none of the public types should change", "nothing you run
 *   should touch the network", "no file in vendor/ may change" — whatever the verb after the modal;
 * - an act judged not acceptable: "it's not okay to edit the generated files", "it isn't acceptable
 *   to skip the failing tests".
 *
 * Their look-alikes ask ("is it okay to delete the logs?") or describe ("nothing in the logs should
 * be this noisy — why is it?"); questions never reach these rules, and a description must still name
 * an act: a verb after the modal other than "be", or "be" with a participle.
 */
import { embedded, type Hit, hit, isWord } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { pastTense } from "./verbs.ts";
import { set } from "./words.ts";
import { nobodyKnows } from "./writers-state.ts";

const NEGATIVE_SUBJECTS = set("nothing none no nobody neither");
const MODALS = set("should must may can will shall could");
/** Words between a modal and its verb that change nothing: "should ever change", "must in any way be". */
const BETWEEN = set("ever at all in any way really be get");
/** Verbs after the modal that state rather than act: "nothing should be this noisy". */
const STATIVE = set("be seem look feel sound appear matter");
const JUDGED = set("okay ok fine acceptable alright allowed permitted cool appropriate on");

/** The verb a negative subject's modal binds: "none of the types should change" → "change". */
function boundVerb(tokens: readonly Token[], i: number): Token | undefined {
	for (let k = i + 1; k < Math.min(tokens.length, i + 9); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return undefined;
		// "is to change": "is to" lays down as a modal does.
		const isTo = isWord(tokens, k, ["is", "are"]) && isWord(tokens, k + 1, ["to"]);
		if (!MODALS.has(t.norm) && !isTo) continue;
		let v = isTo ? k + 2 : k + 1;
		// "should be modified": a participle after "be" is the act; "should be this noisy" is none.
		while (isWord(tokens, v, BETWEEN) && !(tokens[v]?.norm === "be" && !pastTense(tokens[v + 1]?.norm ?? ""))) v++;
		const verb = tokens[v];
		if (verb?.kind !== "word" || STATIVE.has(verb.norm) || isWord(tokens, v, ["not", "never"])) return undefined;
		return verb;
	}
	return undefined;
}

/** "none of the public types should change", "nothing you run should touch the network". */
function negativeSubject(c: Clause): Hit[] {
	const { tokens, head } = c;
	for (let i = head; i < tokens.length; i++) {
		// "not a single file", "not one test": a negative subject in two words.
		const notOne = isWord(tokens, i, ["not"]) && isWord(tokens, i + 1, ["a", "one"]);
		if ((!isWord(tokens, i, NEGATIVE_SUBJECTS) && !notOne) || embedded(tokens, head, i)) continue;
		// "there's no reason it should change" describes; the negative word must start the subject.
		if (i > head && !isWord(tokens, i - 1, ["and", "but", "so", "that", "sure"])) continue;
		const verb = boundVerb(tokens, i);
		if (verb && !nobodyKnows(tokens, i)) return [hit("prohibition", "negative-subject", tokens[i] as Token, verb)];
	}
	return [];
}

const PLACE_WORDS = set("in under inside within from of on at across throughout");

/** "Nothing, and I mean nothing, in `vendor/` should change": the negative subject set apart by an aside. */
function apartSubject(c: Clause): Hit[] {
	const words = c.tokens.filter((t) => t.kind !== "punct");
	const only = words[0];
	if (words.length !== 1 || !only || !NEGATIVE_SUBJECTS.has(only.norm) || c.closer !== ",") return [];
	const s = c.sentence.tokens;
	const lastComma = s.findLastIndex((t) => t.text === ",");
	if (lastComma < s.indexOf(only)) return [];
	// The last piece carries the modal, and no subject of its own: a place, or the modal itself.
	const piece = s.slice(lastComma + 1);
	if (!isWord(piece, 0, PLACE_WORDS) && !isWord(piece, 0, MODALS)) return [];
	const verb = boundVerb(piece, -1);
	return verb ? [hit("prohibition", "negative-subject", only, verb)] : [];
}

/** "it's not okay to edit …", "it is not acceptable to skip …": an act judged unacceptable. */
function judgedNot(c: Clause): Hit[] {
	const { tokens, head } = c;
	for (let i = head; i + 2 < tokens.length; i++) {
		const negated =
			isWord(tokens, i, ["isn't", "not"]) || (isWord(tokens, i, ["never"]) && isWord(tokens, i - 1, ["it's", "is"]));
		if (!negated || embedded(tokens, head, i)) continue;
		const j = isWord(tokens, i + 1, ["really", "at", "all", "remotely"]) ? i + 2 : i + 1;
		if (!isWord(tokens, j, JUDGED) || !isWord(tokens, j + 1, ["to"]) || tokens[j + 2]?.kind !== "word") continue;
		return [hit("prohibition", "judged-not", tokens[i] as Token, tokens[j + 2] as Token)];
	}
	return [];
}

/** Every rule laid down about a thing or an act in a clause that does not ask. */
export function indirectRuleHits(c: Clause): Hit[] {
	if (c.inQuestion || c.sentence.question || c.mood === "subordinate") return [];
	return [...negativeSubject(c), ...apartSubject(c), ...judgedNot(c)];
}
