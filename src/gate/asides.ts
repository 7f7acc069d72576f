/**
 * Asides between a subject and its verb: "The new helper, as far as I can tell, belongs in
 * src/util", "Those two scripts, honestly, need merging". Commas end clauses, so the subject, the
 * aside and the predicate are read as three clauses, and the predicate alone ("belongs in
 * src/util") has no subject to state a need about. Here the subject is joined to its predicate
 * again, and the aside left out (so is one in brackets), so the rules for statements read the sentence as it is meant.
 */
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

/** Words an aside starts with: a relative, a comment on the speaker's view, a sentence adverb. */
const ASIDE_STARTS = set(`
	which who whose as if though although admittedly honestly frankly clearly obviously sadly apparently
	presumably i in for to of it by incidentally mind you
`);
/** Words a predicate starts with: a modal, a need, a state. */
const PREDICATES = set(`
	needs need should must could can might would will belongs belong has have is are deserves wants want ought
	stays stay remains remain lives live sits goes
`);
const MODALS = set("should must could can might would will");
const DETERMINERS = set("the this that these those our its their a an every each all both");

const subjectLike = (c: Clause) => {
	const first = c.tokens[0];
	if (first === undefined || c.tokens.length > 8 || c.mood === "directive") return false;
	return first.kind === "path" || first.kind === "code" || (first.kind === "word" && DETERMINERS.has(first.norm));
};

const asideLike = (c: Clause) => {
	const first = c.tokens[0] as Token | undefined;
	return (
		first?.kind === "word" && (ASIDE_STARTS.has(first.norm) || (c.tokens.length === 1 && first.norm.endsWith("ly")))
	);
};

/** The clauses with each "subject, aside, predicate" run read as one statement of its subject. */
export function joinAsides(list: readonly Clause[]): Clause[] {
	const out = [...list];
	for (let k = 0; k + 2 < list.length; k++) {
		const [subject, aside, predicate] = [list[k], list[k + 1], list[k + 2]] as [Clause, Clause, Clause];
		const verb = predicate.tokens[0];
		// "…, could really use a section": a modal after a subject is no frame addressing the child.
		const modal = verb?.kind === "word" && MODALS.has(verb.norm);
		// "The typo in the help (\"simluate\") needs fixing": an aside in brackets, whatever it says.
		const bracketed = subject.closer === "(" && aside.closer === ")";
		const commas = subject.closer === "," && aside.closer === ",";
		if ((!commas && !bracketed) || (predicate.mood === "directive" && !modal)) continue;
		if (
			!subjectLike(subject) ||
			!(bracketed || asideLike(aside)) ||
			verb?.kind !== "word" ||
			!PREDICATES.has(verb.norm)
		)
			continue;
		out[k + 2] = {
			...predicate,
			tokens: [...subject.tokens, ...predicate.tokens],
			head: subject.head,
			mood: "statement",
		};
	}
	return joinAlternatives(out);
}

/** Words that open a choice embedded in a clause: "an opinion on whether I should vendor it …". */
const CHOICE_OPENERS = set("whether");

/**
 * "Would love an opinion on whether I should vendor the library or keep it as a dependency": the
 * second course after "or" belongs to the choice "whether" opened, and orders nothing. Not when
 * the child is addressed again ("… whether it matters, or just fix it"), nor after a choice that
 * leaves no bare verb to go on ("check whether it matters or delete it" offers the child two acts).
 */
function joinAlternatives(list: Clause[]): Clause[] {
	return list.map((c, k) => {
		// "whether to keep the app and bring it up to 5.x, or rewrite it": the choice may open clauses before.
		const before = list
			.slice(0, k)
			.findLast((b) => b.tokens.some((t) => t.kind === "word" && CHOICE_OPENERS.has(t.norm)));
		const or = list[k - 1]?.closer === "or" || (c.tokens[0]?.kind === "word" && c.tokens[0].norm === "or");
		if (!before || !or || c.mood !== "directive" || c.addressed) return c;
		const first = c.tokens.find((t) => t.kind === "word" && t.norm !== "or");
		// The choice must leave a bare verb to go on: "whether I should vendor …", "whether to vendor …".
		const at = before.tokens.findIndex((t) => t.kind === "word" && CHOICE_OPENERS.has(t.norm));
		const after = before.tokens.slice(at + 1, at + 6).map((t) => (t.kind === "word" ? t.norm : ""));
		const opened = at >= 0 && (after[0] === "to" || after.slice(1).some((w) => MODALS.has(w) || w === "ought"));
		const just = first?.kind === "word" && ["just", "simply", "instead"].includes(first.norm);
		return opened && !just ? { ...c, mood: "subordinate" } : c;
	});
}
