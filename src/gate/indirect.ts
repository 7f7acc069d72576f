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

const NEGATIVE_SUBJECTS = set("nothing none no nobody neither");
const MODALS = set("should must may can will shall could");
/** Words between a modal and its verb that change nothing: "should ever change", "must in any way be". */
const BETWEEN = set("ever at all in any way really be get");
/** Verbs after the modal that state rather than act: "nothing should be this noisy". */
const STATIVE = set("be seem look feel sound appear matter");
const JUDGED = set("okay ok fine acceptable alright allowed permitted cool appropriate");

/** The verb a negative subject's modal binds: "none of the types should change" → "change". */
function boundVerb(tokens: readonly Token[], i: number): Token | undefined {
	for (let k = i + 1; k < Math.min(tokens.length, i + 9); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return undefined;
		if (!MODALS.has(t.norm)) continue;
		let v = k + 1;
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
		if (!isWord(tokens, i, NEGATIVE_SUBJECTS) || embedded(tokens, head, i)) continue;
		// "there's no reason it should change" describes; the negative word must start the subject.
		if (i > head && !isWord(tokens, i - 1, ["and", "but", "so", "that", "sure"])) continue;
		const verb = boundVerb(tokens, i);
		if (verb) return [hit("prohibition", "negative-subject", tokens[i] as Token, verb)];
	}
	return [];
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
	return [...negativeSubject(c), ...judgedNot(c)];
}
