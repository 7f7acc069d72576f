/**
 * Splits a sentence into clauses and reads each clause's mood from its head. Punctuation (",", ";",
 * ":", brackets, dashes) and "then" always end a clause; "and", "or" and "but" end one only inside a
 * directive and only before a verb ("read a.ts and fix it" is two orders; "we rename and delete"
 * is one description). The head is what decides: a verb or a negation heads an order, a subject a
 * statement, a question word a question, "if"/"when" a condition.
 */
import { commandWords } from "./commands.ts";
import { continuedStatements } from "./continued.ts";
import { participleDescribed } from "./not-yet.ts";
import { onlyWhen } from "./only-when.ts";
import { actedOn, compoundNoun, pairedNoun, relativeNoun } from "./paired.ts";
import { hedgedLongestAt, INNER_FRAMES, phrasesStarting, politeFrameAt, STACKED_OPENERS } from "./politeness.ts";
import { courseWeighed, hypothetical, negativeQuestion } from "./questions.ts";
import { OPENERS, REQUEST_FRAMES, SUGGESTION_FRAMES } from "./requests.ts";
import type { Clause, Mood, Sentence, Token } from "./types.ts";
import { unknownVerb } from "./unknown-verb.ts";
import { imperativeVerb } from "./verbs.ts";
import {
	ASKING_MODALS,
	FILLERS,
	FRAMES,
	MODAL_SUBJECTS,
	NEGATED_AUXILIARIES,
	NEGATIONS,
	ORDER_LIMITS,
	QUESTION_WORDS,
	SUBJECTS,
	SUBORDINATORS,
} from "./words.ts";

const BOUNDARY = new Set([",", ";", ":", "(", ")", "[", "]", "—", "–", "-", "--", "{", "}"]);
const CONJUNCTIONS = new Set(["and", "or", "but", "plus", "&", "nor"]);

/** Words after a would-be verb that show it is a noun: "Fix fails on CI", "Update from the team". */
const NOUN_FOLLOWERS = new Set(
	`is was are were has had does did didn't doesn't isn't wasn't seems seemed looks looked works worked
	fails failed broke breaks landed caused introduced regressed went made 's for of itself should would
	might will must can could`
		.split(/\s+/)
		.filter(Boolean),
);

/** Words that, right after a verb, make it an object-taking order: "fix it", "fix the …", "fix a.ts". */
const OBJECT_STARTS = new Set(["it", "them", "this", "that", "these", "those", "the", "a", "an", "all", "every"]);

const SUBJECT_PRONOUNS = new Set(["i", "we", "they", "he", "she", "it", "you", "who", "which", "that"]);

/** Length of the phrase at `i` (0 when it does not match). */
export function phraseAt(tokens: readonly Token[], i: number, phrase: readonly string[]): number {
	for (let k = 0; k < phrase.length; k++) if (tokens[i + k]?.norm !== phrase[k]) return 0;
	return phrase.length;
}

/** The longest of `list` matching at `i`, as its length (0 when none does). */
export function longestAt(tokens: readonly Token[], i: number, list: ReadonlyArray<readonly string[]>): number {
	let best = 0;
	for (const phrase of phrasesStarting(list, tokens[i]?.norm)) best = Math.max(best, phraseAt(tokens, i, phrase));
	return best;
}

const word = (t: Token | undefined, words: ReadonlySet<string>) => t?.kind === "word" && words.has(t.norm);

const YOU_FRAMES = FRAMES.filter((f) => f[0]?.startsWith("you"));

/** The frame at `i`, if any: its length and whether it is a suggestion ("why not", "how about"). */
function frameAt(tokens: readonly Token[], i: number): { length: number; suggestion: boolean } {
	// "do you think you could …", "I don't suppose there's any chance you could …": openers count
	// only before a frame that addresses the child.
	let start = i;
	for (let n = 0; n < 3; n++) {
		const opener = Math.max(hedgedLongestAt(tokens, start, OPENERS), hedgedLongestAt(tokens, start, STACKED_OPENERS));
		if (opener === 0) break;
		start += opener;
	}
	const addresses = (k: number) => hedgedLongestAt(tokens, k, YOU_FRAMES) > 0 || politeFrameAt(tokens, k).length > 0;
	if (start > i && !addresses(start)) start = i;
	const polite = politeFrameAt(tokens, start);
	const request = Math.max(
		hedgedLongestAt(tokens, start, FRAMES),
		hedgedLongestAt(tokens, start, REQUEST_FRAMES),
		polite.suggestion ? 0 : polite.length,
	);
	const offer = Math.max(hedgedLongestAt(tokens, start, SUGGESTION_FRAMES), polite.suggestion ? polite.length : 0);
	// "Mind adding a test?": "mind" alone frames a gerund, and only a gerund ("mind you don't …" forbids).
	const mind = tokens[start]?.norm === "mind" && /ing$/.test(tokens[start + 1]?.norm ?? "") ? 1 : 0;
	// "Must add validation", "Should rename the package": a modal without its subject, before a verb.
	const modal = word(tokens[start], BARE_MODALS) && imperativeVerb(tokens[start + 1]?.norm ?? "") ? 1 : 0;
	const length = Math.max(request, offer, mind, modal);
	return { length: length === 0 ? 0 : start - i + length, suggestion: offer > request };
}

const WH = new Set(["why", "what", "how", "where", "when", "which", "who", "whom", "whose", "whether"]);
const BARE_MODALS = new Set(["must", "should"]);
const STRAY_TO_MODALS = new Set(["must", "can", "could", "should", "will", "would", "may", "might", "please"]);

const PLACES = new Set(["for", "in", "on", "with", "across", "within", "inside", "throughout"]);

/** "For the config file you must …", "In the README you should …": a place named before the frame; its length. */
function placed(tokens: readonly Token[], i: number): number {
	if (!word(tokens[i], PLACES)) return 0;
	for (let k = i + 1; k < i + 8 && k < tokens.length; k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct" || word(t, WH)) return 0;
		if (t.norm === "you" && k > i + 1) return word(tokens[k + 1], STRAY_TO_MODALS) ? k - i : 0;
	}
	return 0;
}

/** An adverb of manner after a frame: "would you mind terribly …", "could you quietly …"; never "only". */
const manner = (t: Token | undefined) =>
	t?.kind === "word" && t.norm.endsWith("ly") && t.norm !== "only" && !imperativeVerb(t.norm);

/**
 * Where the head of a clause is, past fillers, one frame and one inner frame ("would you | be able
 * to | fix"), whether a frame addressed the child, and whether that frame only suggests.
 */
function findHead(tokens: readonly Token[]): { head: number; addressed: boolean; suggestion: boolean } {
	let i = 0;
	let addressed = false;
	let suggestion = false;
	let inner = 0;
	for (let guard = 0; guard < 10 && i < tokens.length; guard++) {
		// "Ruthlessly delete dead code": an adverb of manner before an order's verb.
		const before = (manner(tokens[i]) || tokens[i]?.norm === "do") && imperativeVerb(tokens[i + 1]?.norm ?? "");
		if (word(tokens[i], FILLERS) || (addressed && manner(tokens[i])) || before) {
			i++;
			continue;
		}
		// "you must to keep …", "please to add …": a stray "to" after a modal, as non-native English writes.
		const stray = word(tokens[i - 1], STRAY_TO_MODALS) || (addressed && tokens[i - 1]?.norm === "you");
		if (inner === 0 && tokens[i]?.norm === "to" && stray) {
			i++;
			continue;
		}
		if (!addressed) {
			const frame = frameAt(tokens, i + placed(tokens, i));
			if (frame.length > 0) i += placed(tokens, i);
			if (frame.length === 0) break;
			i += frame.length;
			addressed = true;
			suggestion = frame.suggestion;
			continue;
		}
		// "would you like to | take a stab at | removing …": two inner frames at most.
		const n = inner < 2 ? longestAt(tokens, i, INNER_FRAMES) : 0;
		if (n === 0) break;
		i += n;
		inner++;
	}
	return { head: i, addressed, suggestion };
}

/** A verb at `i` that reads as a noun because of what follows it: "Fix fails on CI", "the commit that added". */
export function nounUse(tokens: readonly Token[], i: number): boolean {
	return word(tokens[i + 1], NOUN_FOLLOWERS) || relativeNoun(tokens, i, NOUN_FOLLOWERS) || compoundNoun(tokens, i);
}

const CAUSED = new Set(["the", "this", "that", "these", "those", "each", "every", "all", "our", "its", "their"]);
const HAD = new Set("look go read think dig poke peek glance try crack stab nosey gander".split(" "));

/** "Have the logger print UTC", "have main.py exit with 2", "have a look": orders, not questions without a mark. */
function causeHead(tokens: readonly Token[], head: number, sentence: Sentence): boolean {
	const next = tokens[head + 1];
	if (tokens[head]?.norm !== "have" || sentence.question || next === undefined) return false;
	const had = next.norm === "a" && word(tokens[head + 2], HAD);
	return next.kind === "path" || next.kind === "code" || word(next, CAUSED) || had;
}

function moodOf(tokens: readonly Token[], head: number, addressed: boolean, sentence: Sentence, label: boolean): Mood {
	const t = tokens[head];
	if (t?.kind !== "word") return addressed ? "directive" : "fragment";
	if (negativeQuestion(tokens, head, sentence.question)) return "question";
	// "Please not delete the logs", "Not touch the config": a bare "not" before a verb forbids.
	const notVerb = t.norm === "not" && imperativeVerb(tokens[head + 1]?.norm ?? "");
	// "… defined but never referenced": "never" before a past participle describes (not-yet.ts).
	const negated = longestAt(tokens, head, NEGATIONS) > 0 && !participleDescribed(tokens, head);
	if (negated && (t.norm !== "not" || addressed || notVerb)) return "directive";
	// "Would you delete it, if you were me?": a hypothetical asks for an opinion.
	if (addressed && sentence.question && hypothetical(sentence.tokens)) return "question";
	if (t.norm === "only") return onlyWhen(tokens, head, sentence) ? "fragment" : "directive";
	if (addressed) return "directive";
	// "Ought the job to run on weekends?", "Need the parser keep comments?": a modal that opens a question asks.
	if (sentence.question && ASKING_MODALS.has(t.norm) && word(tokens[head + 1], MODAL_SUBJECTS)) return "question";
	if (commandWords(tokens.slice(head, head + 2).map((x) => x.norm))) return "directive";
	// "Update:" alone is a label, not an order.
	if (imperativeVerb(t.norm) && !nounUse(tokens, head) && !label) return "directive";
	if (causeHead(tokens, head, sentence)) return "directive";
	if (SUBORDINATORS.has(t.norm)) return "subordinate";
	// Outside a question, "any" is a subject's determiner ("any changes you make belong in docs/") and a
	// negated auxiliary has lost its subject ("is not permitted that …").
	// "(src/parse.ts) is off-limits": an auxiliary before no subject of its own states.
	const next = tokens[head + 1];
	const noSubject = next === undefined || (next.kind === "word" && !SUBJECTS.has(next.norm) && next.norm !== "you");
	const subjectless = t.norm === "any" || t.norm === "anything" || (!WH.has(t.norm) && noSubject);
	if (QUESTION_WORDS.has(t.norm)) return sentence.question ? "question" : subjectless ? "statement" : "subordinate";
	if (SUBJECTS.has(t.norm)) return "statement";
	// "CODEOWNERS doesn't mention it": a name, then a negated auxiliary, states.
	if (word(tokens[head + 1], NEGATED_AUXILIARIES)) return "statement";
	return unknownVerb(tokens, head) ? "directive" : "fragment";
}

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
		const mood = item ? "fragment" : c.mood;
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
