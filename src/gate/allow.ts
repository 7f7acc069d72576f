/**
 * The allow-list: the gate's last word on a brief no rule reads. The rules and the backstop each
 * look for a shape of order, and a brief phrased in a shape none of them knows went through. Here
 * the question is turned round: a brief may fork only if every clause of it is positively read as
 * read-only —
 *
 * - a question asked to understand ("why does …", "is it safe to …", "what would you change?"),
 *   unless it asks the child to act ("could you add …", "is there any way you could …", "how hard
 *   would it be for you to …");
 * - an order whose verb asks only to understand ("explain", "list", "review", "tell me", "have a
 *   look", "walk me through"), or one that shapes the answer ("put them in a table in your answer");
 * - context: a statement with no wish, need, rule or order to the child in it ("we moved to pnpm
 *   last week", "the flaky test is in test/x.ts"), a condition, a label, quoted words or code;
 *
 * and the brief must ask something: a brief made only of statements ("the install command in
 * README.md is wrong") leaves the child nothing to answer, so it is an order by implication.
 *
 * Any clause read as none of these blocks the brief, quoted. The vocabulary that lets a clause pass
 * is small and closed (allow-words.ts); the vocabulary of orders is open, so a phrasing the gate has
 * never seen blocks rather than forks. Pure.
 */
import { CONSTRAINT_MARKERS } from "./act-words.ts";
import { LONE_ASIDES, READ_PHRASES } from "./allow-words.ts";
import { kindContrast } from "./contrasts.ts";
import { aboutAnswer, norm } from "./described.ts";
import { shapesAnswer } from "./edits.ts";
import { type Hit, hit, pathText, quoteEnd } from "./hits.ts";
import { answerItem, choiceLabelled, namedInBrackets } from "./listed.ts";
import { labelsEvidence } from "./noun-acts.ts";
import { longestAt } from "./phrases.ts";
import { limitsAnswer, readCondition, readOrder, readUnderstanding } from "./read-orders.ts";
import { readQuestion } from "./read-questions.ts";
import { readFragment, readStatement } from "./read-statements.ts";
import {
	ASKS,
	aboutReply,
	actVerb,
	answerPhrase,
	DETERMINED,
	NOT_READ,
	ok,
	PLEASE,
	type ReadAs,
	type Reading,
	readGerund,
	readVerb,
	words,
	YOU,
	YOU_CONTRACTED,
} from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";
/** How one clause reads: read-only (and as what), or not (and where). */
export function readClause(c: Clause): Reading {
	const all = words(c);
	if (all.length === 0) return ok("data");
	if (all.length === 1 && LONE_ASIDES.has(all[0]?.norm ?? "")) return ok("aside");
	// "… shows long raster frames, not build frames": a kind contrasted.
	if (kindContrast(c)) return ok("aside");
	// "- want: which suspect, …": a label alone names what the clause after it asks; a rule ("Never:") is no label.
	if (all.length === 1 && c.closer === ":" && !CONSTRAINT_MARKERS.has(all[0]?.norm ?? "")) return ok("aside");
	// "- Run logs: `runs/…`": a label naming the file after it.
	if (all.length > 1 && labelsEvidence(c, c.head)) return ok("aside");
	if (shapesAnswer(c) || aboutAnswer(c) || aboutReply(c)) return limitsAnswer(c);
	const first = c.tokens.indexOf(all[0] as Token);
	const reads =
		longestAt(c.tokens, first, READ_PHRASES) > 0 ||
		(first === c.head && readVerb(all[0]?.norm ?? "")) ||
		readGerund(c.tokens, c.head);
	// "use of `window` in the worker": a verb read as a noun heads an item, not an order.
	const item = c.mood === "fragment" && norm(c.tokens[first + 1]) === "of";
	if (reads && !item && longestAt(c.tokens, first, NOT_READ) === 0) return readUnderstanding(c, first);
	const asked = c.inQuestion || c.mood === "question" || c.mood === "directive" || c.mood === "fragment";
	if (c.sentence.question && asked) return readQuestion(c);
	if (c.mood === "directive") return readOrder(c);
	if (c.mood === "statement") {
		const reading = readStatement(c);
		return reading.readOnly && DETERMINED.has(all[0]?.norm ?? "") && answerPhrase(c) ? ok("answer") : reading;
	}
	if (c.mood === "subordinate") return readCondition(c);
	return readFragment(c);
}

/** Modals of an expectation stated about a thing: "the job should finish in a minute". */
const EXPECTING = set("should must shall need needs ought supposed would");

/**
 * A sentence that states what a thing should do, asked about in the next sentence: "The job should
 * finish in a minute but takes ten. Where does the time go?", "The parser should reject tabs. Does
 * it?". The expectation is the question's context, not an order; the writer asks before wanting
 * anything changed. Not when the child is addressed ("you should …") or the next sentence asks the
 * child to act ("Can you take care of it?").
 */
function expectationAskedAbout(list: readonly Clause[], next: readonly Clause[] | undefined): boolean {
	const [asked] = next ?? [];
	if (!asked?.sentence.question || asked.addressed || asked.suggestion || asked.mood === "directive") return false;
	if (list.some((c) => c.sentence.question || (c.mood !== "statement" && c.mood !== "fragment"))) return false;
	const all = list.flatMap((c) => c.tokens).map(norm);
	if (all.some((w) => YOU.has(w) || YOU_CONTRACTED.has(w) || w === "please")) return false;
	return all.some((w) => EXPECTING.has(w)) && readQuestion(asked).readOnly;
}

/** Tag questions that ask whether what came before holds: "— does it?", "…, is it?", "why isn't it?". */
const TAG_AUX = set("does do did is are was were has have can will doesn't don't isn't aren't wasn't weren't");
const TAG_SUBJECT = set("it they he she that this");

/**
 * "The signup form ought to trim whitespace, I'd have thought — does it?": an expectation asked
 * about by a tag question closing the same sentence. The sentence without its stated expectation
 * (the tag and any aside stay), or the sentence as it is.
 */
function withoutTaggedExpectation(list: readonly Clause[]): readonly Clause[] {
	const tag = list.at(-1);
	const tagWords = tag ? words(tag).map((t) => t.norm) : [];
	// "— why is it?", "— why wasn't it today?": the tag may ask why the expectation fails.
	const why = tagWords[0] === "why";
	const asked = why ? tagWords.slice(1) : tagWords;
	const short = asked.length === 2 || (why && asked.length <= 4);
	const tagged = short && TAG_AUX.has(asked[0] ?? "") && TAG_SUBJECT.has(asked[1] ?? "");
	if (!tag?.sentence.question || !tagged || list.length < 2) return list;
	const before = list.slice(0, -1);
	const stated = before.filter((c) => c.mood === "statement" && words(c).some((t) => EXPECTING.has(t.norm)));
	const all = before.flatMap((c) => c.tokens).map(norm);
	if (stated.length === 0 || all.some((w) => YOU.has(w) || YOU_CONTRACTED.has(w) || w === "please")) return list;
	// "I'd assumed", "I would have thought": the writer's belief, an aside of the expectation.
	const belief = (c: Clause) => words(c).some((t) => BELIEF.has(t.norm)) && words(c).length <= 4;
	return list.filter((c) => !stated.includes(c) && !(before.includes(c) && belief(c)));
}
const BELIEF = set("thought assumed expected imagined believed figured guessed supposed think assume expect reckon");

/** The brief's sentences without those that state an expectation the next one asks about. */
export function withoutAskedExpectations(lists: ReadonlyArray<readonly Clause[]>): Array<readonly Clause[]> {
	return lists.filter((list, s) => !expectationAskedAbout(list, lists[s + 1])).map(withoutTaggedExpectation);
}

/** Words that lay a rule when nothing in the brief asks: "nobody touches …", "never …". */
const RULE_WORDS = set("nobody never nothing without");

/** A "please" in a sentence: an order unless the sentence asks ("A summary, please"). */
const pleaseAt = (list: readonly Clause[]) => list.flatMap((c) => c.tokens).find((t) => PLEASE.has(norm(t)));

/**
 * The allow-list's hits for a brief's clauses (sentence by sentence): one per clause that does not
 * read as read-only, quoted from where it stops reading so; a "please" in a sentence that asks for
 * nothing; and, when every clause reads as read-only but none asks anything, one for the first.
 */
export function allowListHits(lists: ReadonlyArray<readonly Clause[]>): Hit[] {
	const hits: Hit[] = [];
	let asks = false;
	for (const list of lists) {
		let sentenceAsks = false;
		for (const c of list) {
			const reading = readClause(c);
			if (reading.readOnly) {
				sentenceAsks ||= ASKS.has(reading.as);
				continue;
			}
			// "If you could just explain …, that'd be great": a short wish about what was just asked.
			if (reading.rule === "unread-wish" && sentenceAsks && words(c).length <= 4) continue;
			// "Open with your conclusion and follow it with the evidence": the answer's shape, continued.
			const previous = list[list.indexOf(c) - 1];
			const shaped =
				previous && readClause(previous).readOnly && (readClause(previous) as { as: ReadAs }).as === "answer";
			const it = norm(c.tokens[c.head + 1]) === "it" && !actVerb(norm(c.tokens[c.head]));
			// "Number your findings and put the worst first": the answer's items, ordered.
			const ordered = ["first", "last"].includes(words(c).at(-1)?.norm ?? "") && !c.tokens.some((t) => pathText(t));
			if (
				reading.rule === "unread-order" &&
				((shaped && (it || ordered)) || answerItem(c) || namedInBrackets(c) || choiceLabelled(c))
			)
				continue;
			// "Jot down, in your answer, …": an order with no object, placed by the clause after it.
			const next = list[list.indexOf(c) + 1];
			const placed = next && words(c).length <= 2 && (shapesAnswer(next) || aboutAnswer(next) || aboutReply(next));
			if (reading.rule === "unread-order" && placed) continue;
			const from = c.tokens[reading.at] ?? (c.tokens[0] as Token);
			hits.push(hit("not-read-only", reading.rule, from, quoteEnd(c.tokens, c.tokens.indexOf(from), 6)));
		}
		const please = pleaseAt(list);
		if (please && !sentenceAsks && !list.some(answerPhrase)) hits.push(hit("not-read-only", "unread-request", please));
		asks ||= sentenceAsks;
	}
	// A brief that asks nothing about a file it names ("The install command in README.md is wrong.") orders by implication.
	const named = lists.flat().some((c) => c.tokens.some((t) => t.kind === "code" || pathText(t) !== undefined));
	// "Nobody touches the billing schema without a review — that includes you.": a rule and nothing asked.
	const ruled = lists.flat().some((c) => c.tokens.some((t) => RULE_WORDS.has(norm(t))));
	const first = lists.flat().find((c) => words(c).length > 0);
	if (hits.length === 0 && !asks && (named || ruled) && first) {
		hits.push(hit("not-read-only", "asks-nothing", first.tokens[0] as Token, quoteEnd(first.tokens, 0, 6)));
	}
	return hits;
}
