/**
 * A wish that the answer's items be told or arranged a certain way: "I want the breaking changes
 * called out first", "I'd like the risky ones listed first, then …", "the internal ones kept
 * brief". The participle is one of telling or arranging, so the wished thing is the answer's, not
 * the code's; "I want the breaking changes reverted first" still wishes a change. Pure.
 */
import { DETERMINERS } from "./act-words.ts";
import { pathText } from "./hits.ts";
import type { Token } from "./types.ts";
import { changeParticiple } from "./verbs.ts";
import { set } from "./words.ts";

/** Participles of telling or arranging what the answer lists. */
const TOLD = set(`
	listed ranked sorted grouped ordered mentioned named highlighted flagged quoted summarised summarized
	explained described noted covered separated marked numbered labelled labeled tagged bolded
	surfaced identified cited attributed shown compared grounded illustrated backed tied spelled
`);
/** Of telling, with a particle: "called out", "spelled out", "laid out", "pointed out". */
const TOLD_WITH_PARTICLE = set("called spelled spelt laid pointed singled set");
/** How an item is kept in the answer: "kept brief", "kept short". */
const KEPT = set("brief short separate apart terse");

/** The words of a wish between its subject and its object: "(I'd) like", "(I) would prefer". */
const WISHING = set("like love want prefer need would");

const word = (t: Token | undefined) => (t?.kind === "word" ? t.norm : "");

/** A participle of telling at `k`: "listed", "called out", "kept brief". */
export function toldParticiple(tokens: readonly Token[], k: number): boolean {
	const w = word(tokens[k]);
	if (TOLD.has(w)) return true;
	if (TOLD_WITH_PARTICLE.has(w)) return word(tokens[k + 1]) === "out";
	return w === "kept" && KEPT.has(word(tokens[k + 1]));
}

/**
 * A wish at `i` whose object is a thing named with a determiner ("the breaking changes", "the risky
 * ones") and whose verb, within seven words after it, is a participle of telling, in a clause that places
 * nothing in a file or in code ("I'd like the risky ones listed in docs/deps.md" still writes).
 */
export function wishedTold(tokens: readonly Token[], i: number): boolean {
	// "I'd like the …", "we want the …": the wish's own words, then the thing.
	let at = i + 1;
	while (at < i + 3 && WISHING.has(word(tokens[at]))) at++;
	// "I'd like it grounded in this struct's fields": "it" is the answer asked for just before.
	if (!DETERMINERS.has(word(tokens[at])) && !["it", "them"].includes(word(tokens[at]))) return false;
	for (let k = at + 1; k < Math.min(tokens.length, at + 8); k++) {
		if (tokens[k]?.kind !== "word") return false;
		// "… listed first and then deleted": a change wished after the telling is still a change.
		const changed = (t: Token) => t.kind === "code" || pathText(t) !== undefined || changeParticiple(t.norm);
		if (toldParticiple(tokens, k)) return !tokens.slice(k + 1).some(changed);
	}
	return false;
}
