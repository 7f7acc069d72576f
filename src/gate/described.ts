/**
 * The constructions in which an act verb or a rule marker orders nothing, for the read-only
 * backstop (backstop.ts): a question asked to understand ("why did we add …", "do you think …?"),
 * a clause headed by a verb of understanding ("explain how … removes"), a part embedded after
 * "how", "if", "whether" or a reporting verb, a statement with no obligation in it ("we removed it
 * last year"), and a clause about the child's own answer ("… at the top of your answer").
 */
import { ANSWERS, DETERMINERS, EMBEDDERS, OBLIGATION, UNDERSTANDING } from "./act-words.ts";
import { shapesAnswer } from "./edits.ts";
import type { Clause, Sentence, Token } from "./types.ts";
import { set } from "./words.ts";

const WH = set("why how what which where when who whose whom what's how's where's who's why's");
const AUX = set("is are was were does do did has have had isn't aren't wasn't doesn't didn't hasn't haven't");
const SECOND_PERSON = set("you your yours yourself");
const OPINION = set("think reckon know see believe feel suppose consider");
/** After a wh-word, these make the question an order or a suggestion: "why not …", "how about …". */
const WH_ORDERS = set("not about don't dont");

/** A word token's normalised text; "" for anything else (code, quotes, paths, punctuation). */
export const norm = (t: Token | undefined) => (t?.kind === "word" ? t.norm : "");

/** The sentence asks to understand: a wh-question, or "is/does/did …?", or "do you think …?". */
export function asksToUnderstand(s: Sentence): boolean {
	if (!s.question) return false;
	const words = s.tokens.filter((t) => t.kind === "word");
	const [first, second, third] = words.map((t) => t.norm);
	if (first && WH.has(first)) return !WH_ORDERS.has(second ?? "") && !(first === "why" && second === "don't");
	if (!first || !AUX.has(first)) return false;
	return second !== "you" || OPINION.has(third ?? "");
}

/**
 * A clause of a question that asks on its own, after a label or an aside: "…, but what's your
 * view?", "Three reviewers, each in a few sentences: is the reason text short enough?".
 */
export function whClause(c: Clause): boolean {
	const words = c.tokens.filter((t) => t.kind === "word").map((t) => t.norm);
	const [first = "", second = "", third = ""] = words;
	if (c.mood !== "question") return false;
	if (WH.has(first)) return !WH_ORDERS.has(second);
	return AUX.has(first) && (second !== "you" || OPINION.has(third));
}

/** The clause's head is a verb of understanding, so the rest is its topic. */
const understandingHead = (c: Clause) => UNDERSTANDING.has(norm(c.tokens[c.head]));

/** A word before `i` in the clause embeds it: "… how the sandbox keeps …". */
export function embeddedAt(c: Clause, i: number): boolean {
	for (let k = 0; k < i; k++) if (EMBEDDERS.has(norm(c.tokens[k]))) return true;
	for (let k = 0; k <= i + 1; k++) if (hypotheticalRelative(c.tokens, k)) return true;
	return false;
}

/** Subjects of a relative clause after its noun: "the tests that would …", "the order you would …". */
const RELATIVE_SUBJECTS = set("that which who you we they i");
/** Words that are no noun a relative clause could hang on. */
const NOT_NOUNS = set("is are was were be it this that what how why if and or but then so to of in on for with");
/** "is", "was": a cleft ("the thing you would do is add a test") orders what follows. */
const CLEFT = set("is was are were");

/**
 * "the order you would cut them in", "the tests that would catch a mistake", "the checks you'd run
 * first": a hypothetical relative clause on a noun named with a determiner names an item of the
 * answer, whatever its verb; what follows `k` ("would", "you'd") is embedded. Not a cleft ("the
 * first thing you would do is delete it"), which orders.
 */
function hypotheticalRelative(tokens: readonly Token[], k: number): boolean {
	const w = norm(tokens[k]);
	const contracted = /^(?:you|we|they|i|that|which|who)'d$/.test(w);
	if (!contracted && !(w === "would" && RELATIVE_SUBJECTS.has(norm(tokens[k - 1])))) return false;
	const noun = contracted ? k - 1 : k - 2;
	const n = norm(tokens[noun]);
	if (n === "" || NOT_NOUNS.has(n) || RELATIVE_SUBJECTS.has(n)) return false;
	const named = tokens.slice(Math.max(0, noun - 3), noun).some((t) => DETERMINERS.has(norm(t)));
	return named && !tokens.slice(k + 1).some((t) => CLEFT.has(norm(t)));
}

/** In a statement, a word only orders after an obligation or "you": "we should add", "you never …". */
export function obliged(c: Clause, i: number): boolean {
	for (let k = 0; k < i; k++) {
		const w = norm(c.tokens[k]);
		if (OBLIGATION.has(w) || SECOND_PERSON.has(w)) return true;
		if ((w === "have" || w === "has") && norm(c.tokens[k + 1]) === "to") return true;
	}
	return false;
}

/** The clause is about the child's answer ("… for the end of your answer"). */
export function aboutAnswer(c: Clause): boolean {
	return c.tokens.some((t, i) => ANSWERS.has(t.norm) && norm(c.tokens[i - 1]) === "your");
}

/** Whether the clause, as a whole, only describes or asks. */
export function describes(c: Clause): boolean {
	if (c.inQuestion || asksToUnderstand(c.sentence) || shapesAnswer(c) || aboutAnswer(c)) return true;
	return understandingHead(c) && c.mood === "directive";
}
