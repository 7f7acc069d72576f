/**
 * Splits a sentence into clauses, each with its head (heads.ts) and the mood read from it
 * (moods.ts). Punctuation (",", ";", ":", brackets, dashes) and "then" always end a clause; "and",
 * "or" and "but" end one only inside a directive and only before a verb ("read a.ts and fix it" is
 * two orders; "we rename and delete" is one description).
 */
import { continuedStatements } from "./continued.ts";
import { findHead } from "./heads.ts";
import { moodOf, nounUse } from "./moods.ts";
import { actedOn, pairedNoun } from "./paired.ts";
import { longestAt, wordIn as word } from "./phrases.ts";
import { courseWeighed } from "./questions.ts";
import type { Clause, Sentence, Token } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";
import { NEGATIONS, ORDER_LIMITS } from "./words.ts";

const BOUNDARY = new Set([",", ";", ":", "(", ")", "[", "]", "—", "–", "-", "--", "{", "}"]);
const CONJUNCTIONS = new Set(["and", "or", "but", "plus", "&", "nor"]);

/** Words that, right after a verb, make it an object-taking order: "fix it", "fix the …", "fix a.ts". */
const OBJECT_STARTS = new Set(["it", "them", "this", "that", "these", "those", "the", "a", "an", "all", "every"]);

const SUBJECT_PRONOUNS = new Set(["i", "we", "they", "he", "she", "it", "you", "who", "which", "that"]);

function clause(tokens: Token[], sentence: Sentence, closer: string, last: boolean): Clause {
	const { head, addressed, suggestion } = findHead(tokens);
	const label = closer === ":" && tokens.length === 1;
	const mood = moodOf(tokens, head, addressed, sentence, label);
	const endsWithColon = closer === ":" && last;
	return { tokens, head, mood, addressed, suggestion, inQuestion: false, closer, endsWithColon, sentence };
}

/** Prepositions that go on with the order before "and": "and at the lockfiles", "and in the tests". */
const GOES_ON_WITH = new Set("at in on into onto from with for about under through across within via".split(" "));

/** Whether "and" at `i` starts a new order rather than joining two words of one. */
function splitsAt(tokens: readonly Token[], i: number, current: readonly Token[]): boolean {
	const next = tokens[i + 1];
	if (next?.kind !== "word" || pairedNoun(tokens, i)) return false;
	const negation = longestAt(tokens, i + 1, NEGATIONS) > 0 && next.norm !== "no" && next.norm !== "not";
	const acted = actedOn(tokens, i + 1, OBJECT_STARTS);
	if (!negation && ((!imperativeVerb(next.norm) && !acted) || nounUse(tokens, i + 1))) return false;
	// "how our Python and Go clients differ": a capital inside a sentence names a thing ("Go", "Make", "Rust").
	if (!negation && /^\p{Lu}/u.test(next.text)) return false;
	// "… and at the lockfiles" (a preposition), "… dies after 30s and loses its socket" (a third-person verb) go on.
	if (!negation && (GOES_ON_WITH.has(next.norm) || (/[^s]s$/.test(next.norm) && next.norm.length > 3))) return false;
	const { head, addressed } = findHead(current);
	const probe: Sentence = { tokens: [], question: false, fence: false };
	const mood = moodOf(current, head, addressed, probe, false);
	// "src/a.ts and don't modify it": a negation after a list of things still starts an order.
	if (mood !== "directive" && !(negation && mood === "fragment")) return false;
	// After a subject inside the clause ("why it fails and …"), only a verb with an object starts an order.
	const subject = current.slice(head + 1).some((t) => word(t, SUBJECT_PRONOUNS));
	if (!subject || negation) return true;
	const after = tokens[i + 2];
	return after !== undefined && (after.kind === "path" || after.kind === "code" || word(after, OBJECT_STARTS));
}

/** The clauses of a sentence, in order. A fenced block is one fragment clause. */
export function clauses(sentence: Sentence): Clause[] {
	const out: Clause[] = [];
	let current: Token[] = [];
	const close = (closer: string, last: boolean) => {
		if (current.length > 0) out.push(clause(current, sentence, closer, last));
		current = [];
	};
	const tokens = sentence.tokens;
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		// "parse()": empty brackets are part of a name, not a clause of their own.
		if (t.text === "(" && tokens[i + 1]?.text === ")") {
			i++;
			continue;
		}
		if (t.kind === "punct" && BOUNDARY.has(t.text)) {
			close(t.text, i === tokens.length - 1);
			continue;
		}
		if (t.kind === "word" && t.norm === "then" && current.length > 0) {
			close("then", false);
			continue;
		}
		if (t.kind === "word" && CONJUNCTIONS.has(t.norm) && current.length > 0 && splitsAt(tokens, i, current)) {
			close(t.norm, false);
			continue;
		}
		current.push(t);
	}
	close("", true);
	return markQuestion(continuedStatements(out), sentence);
}

/**
 * In a sentence that asks, every clause but an order is part of the question — except what comes
 * before the question itself: "Just the parser, nothing else — what makes it slow?" limits first,
 * then asks. A question mark with no question clause ("Thoughts on whether …?") asks throughout.
 */
function markQuestion(list: Clause[], sentence: Sentence): Clause[] {
	if (!sentence.question) return list;
	// "Would you ship it as WASM, or keep the JS dependency?": both courses are asked about (questions.ts).
	if (courseWeighed(sentence.tokens)) return list.map((c) => ({ ...c, mood: "question", inQuestion: true }));
	// "Without touching the store, can you walk me through it?": an order asked is where the question starts too.
	const first = list.findIndex((c) => c.mood === "question" || (c.mood === "directive" && c.addressed));
	return list.map((c, k) => {
		// "Which checks are too loose — nulls in `id`, negative `qty`?": a word the gate does not know
		// heading an item, or "or" opening the second course ("… 'any', or stay on `automatic`?"), asks.
		const opener = c.tokens.find((t) => t.kind === "word");
		const item = k > 0 && k > first && first >= 0 && (guessedOrder(c) || (opener?.norm === "or" && !c.addressed));
		// "Do we delete their readings, or only hide them?": the second course of a question asked
		// about the code, its subject elided, is asked too — not an order.
		const course = k > 0 && list[k - 1]?.closer === "or" && list[k - 1]?.mood === "question" && !c.addressed;
		const mood = course ? "question" : item ? "fragment" : c.mood;
		// "Could you look at the test — without modifying it?": a limit joined to an order asked is the order's.
		const ordered =
			first >= 0 && list[first]?.mood === "directive" && mood !== "question" && word(opener, ORDER_LIMITS);
		return { ...c, mood, inQuestion: mood !== "directive" && !ordered && (first === -1 || k >= first) };
	});
}

/** A clause read as an order only because an unknown word heads an object ("Tweak the …"). */
function guessedOrder(c: Clause): boolean {
	const t = c.tokens[c.head];
	if (c.mood !== "directive" || c.addressed || t?.kind !== "word") return false;
	return !imperativeVerb(t.norm) && longestAt(c.tokens, c.head, NEGATIONS) === 0 && t.norm !== "only";
}
