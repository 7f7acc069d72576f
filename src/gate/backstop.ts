/**
 * The read-only backstop: the last check before a brief goes to a fork. The gate's rules each read
 * one shape of order or rule, and a brief phrased in a shape none of them knows went through. The
 * backstop turns the question round: a fork must read as read-only, so a brief passes only if none
 * of its clauses carries an act verb (act-words.ts) or a rule marker outside a construction that
 * describes or asks — a question asked to understand ("why did we add …", "how does X update …"),
 * a clause headed by a verb of understanding ("explain how … removes", "tell me what … would
 * change"), a part embedded after "if", "whether", "how" and the like, quoted or code text (data,
 * never read here), or a statement with no obligation in it ("we removed it last year").
 *
 * It leans to task on purpose: a wrong block costs one rewritten call, a wrong fork carries an
 * order nobody checks. Pure, and one pass over the tokens already read.
 */
import { actForm, CONSTRAINT_MARKERS, DESCRIBED_AFTER_NEGATIVE, DETERMINERS, IDLE_MARKERS } from "./act-words.ts";
import { READ_PHRASES } from "./allow-words.ts";
import { answerReturned } from "./answer-form.ts";
import { contrast, kindContrast } from "./contrasts.ts";
import { asksToUnderstand, describes, embeddedAt, norm, obliged, whClause } from "./described.ts";
import { FINDING, withoutDescribes } from "./found-without.ts";
import { guessedMust } from "./guesses.ts";
import { type Hit, hit, objectOf, quoteEnd } from "./hits.ts";
import { NEGATION_IDIOMS, verbIdiomAt } from "./idioms.ts";
import { carriedInAnswer } from "./included.ts";
import { listTail } from "./list-tail.ts";
import { answerItem, choiceLabelled, namedInBrackets } from "./listed.ts";
import { madeInAnswer } from "./modelled.ts";
import { nounUse } from "./moods.ts";
import {
	compared,
	elided,
	habitKept,
	habitOfItems,
	NOT_NOUNS,
	notYet,
	participleDescribed,
	resultNothing,
} from "./not-yet.ts";
import { describedAct, nounByPosition } from "./noun-acts.ts";
import { onlyDescribes } from "./only-scope.ts";
import { longestAt } from "./phrases.ts";
import { pastCounterfactual, stillPossible } from "./questions.ts";
import { askedCheckRun, namesMeans, readingCommand } from "./reading.ts";
import { restatesForReader, sparesAnswer } from "./relief.ts";
import { toldAfterAside } from "./told.ts";
import type { Clause, Token } from "./types.ts";
import { guessedModal } from "./unwished.ts";
import { PROSE_OBJECTS } from "./verbs.ts";
import { nobodyKnows, writersState } from "./writers-state.ts";

const NEGATIONS = new Set(["don't", "dont", "never", "not", "no"]);
const INVERTED = new Set(["shall", "must", "should"]);
const WE_OR_I = new Set(["we", "i"]);

/**
 * Length of an idiom at `i` that forbids and changes nothing ("push back", "no rush"), or 0. A
 * negated idiom ("don't worry about formatting") takes the rest of its clause: what follows is
 * what not to worry about.
 */
function idiomAt(tokens: readonly Token[], i: number): number {
	const negated = NEGATIONS.has(norm(tokens[i])) ? longestAt(tokens, i + 1, NEGATION_IDIOMS) : 0;
	if (negated > 0) return tokens.length - i;
	return Math.max(longestAt(tokens, i, IDLE_MARKERS), verbIdiomAt(tokens, i));
}

/** "no changes were made", "nothing was lost": a negative subject of a description, not a rule. */
function negativeSubject(tokens: readonly Token[], i: number): boolean {
	if (!["no", "nothing", "none"].includes(norm(tokens[i]))) return false;
	return tokens.slice(i + 1, i + 4).some((t) => DESCRIBED_AFTER_NEGATIVE.has(norm(t)));
}

/** The token after `t` in its sentence (a clause may end before a colon). */
function nextInSentence(c: Clause, t: Token): Token | undefined {
	const all = c.sentence.tokens;
	return all[all.indexOf(t) + 1];
}

/** "a plan for splitting …", "a note on moving …": a gerund that is the topic of a piece of prose. */
function proseTopic(tokens: readonly Token[], i: number): boolean {
	if (!norm(tokens[i]).endsWith("ing") || !["for", "of", "on", "about"].includes(norm(tokens[i - 1]))) return false;
	return tokens.slice(Math.max(0, i - 4), i - 1).some((t) => PROSE_OBJECTS.has(norm(t)));
}

/** Adjectives that, between an article and an act word, make it a noun: "a clean clone", "a full rebuild". */
const ADJECTIVE =
	/^(?:clean|fresh|full|global|local|new|shallow|partial|manual|quick|cold|warm|dry|first|second|final|initial|recent|single|forced|main|old|last|next|previous|current|nightly|weekly|daily|big|small|whole|entire|same|other|upstream|default|\p{L}+(?:al|ful|ous|ive|ic))$/u;

/** A modifier between a determiner and a noun: "clean", "v2", "flaky", "nightly". */
const modifier = (w: string) => ADJECTIVE.test(w) || /\d/.test(w) || (w.length > 3 && /[^aeiou]y$/.test(w));

/**
 * "a clean clone", "the v2 release", "the flaky upload test": an act word after a determiner and
 * one or two modifiers is a noun, or qualifies one; so it is after a preposition, when a plural noun
 * follows ("for hard-coded retry loops", "for unused build scripts").
 */
function modified(tokens: readonly Token[], i: number): boolean {
	let plain = true;
	for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
		const w = norm(tokens[k]);
		// "the README rewrite", "the `auth` refactor", "the Postgres upgrade": a name qualifies the noun.
		const kind = tokens[k]?.kind;
		const name = kind === "code" || kind === "path" || kind === "number" || /^\p{Lu}/u.test(tokens[k]?.text ?? "");
		plain &&= modifier(w) || name;
		if (!plain && !participle(w)) return false;
		if (plain && DETERMINERS.has(norm(tokens[k - 1]))) return true;
		// "Look for hard-coded retry loops": after a preposition, modifiers and a plural noun make a noun phrase.
		if (LEADS.has(norm(tokens[k - 1])) && /[^s]s$/.test(norm(tokens[i + 1]))) return true;
	}
	return false;
}

/** A modifier a preposition's noun phrase may open with: "hard-coded", "unused", "stale", "failed". */
const participle = (w: string) =>
	modifier(w) || /(?:ed|en)$/.test(w) || w.includes("-") || ["stale", "old"].includes(w);

/** Prepositions that open a noun phrase with no determiner: "for hard-coded retry loops". */
const LEADS = new Set(["for", "of", "about", "with", "on", "into", "at"]);

/**
 * "the Docker images we build", "the npm packages we publish": the team's act, in a relative
 * clause on a noun named with a determiner, describes what the answer lists.
 */
function ourAct(tokens: readonly Token[], i: number): boolean {
	const noun = norm(tokens[i - 2]);
	if (!["we", "they"].includes(norm(tokens[i - 1])) || noun === "" || NOT_NOUNS.has(noun)) return false;
	return tokens.slice(Math.max(0, i - 5), i - 2).some((t) => DETERMINERS.has(norm(t)));
}

/** Words that place the writer's act in time: "before I hit merge", "once we deploy". */
const WHEN_WRITER = new Set(["before", "after", "until", "till", "once", "when", "while"]);

/** "before I hit merge", "until we deploy": an act of the writer's, within three words of its time. */
function writersAct(tokens: readonly Token[], i: number): boolean {
	// "In parallel with me fixing the parser", "alongside us rewriting it": the writer's own work in flight.
	if (["me", "us"].includes(norm(tokens[i - 1])) && norm(tokens[i]).endsWith("ing")) return true;
	// "I'll update the procs next": the writer's own next step.
	if (
		["i'll", "we'll"].includes(norm(tokens[i - 1])) ||
		(norm(tokens[i - 1]) === "will" && WE_OR_I.has(norm(tokens[i - 2])))
	)
		return true;
	// "the template I'm about to publish", "before we're going to deploy": the writer's plan.
	const planned = norm(tokens[i - 1]) === "to" && ["about", "going", "planning"].includes(norm(tokens[i - 2]));
	if (planned && ["i'm", "we're", "am", "are", "im"].includes(norm(tokens[i - 3]))) return true;
	for (let k = Math.max(0, i - 4); k < i - 1; k++) {
		if (WHEN_WRITER.has(norm(tokens[k])) && WE_OR_I.has(norm(tokens[k + 1]))) return true;
	}
	return false;
}

/** Verbs of doing whose object may be an act named as a noun: "do a clean install". */
const DOING = new Set(["do", "perform", "redo", "trigger", "kick", "schedule", "attempt"]);

/** A rule marker or act word that describes: "without" of items found, the writer's state, a habit, a result. */
function describedMarker(c: Clause, i: number): boolean {
	const t = c.tokens;
	return (
		withoutDescribes(t, c.head, i) ||
		lackDescribes(t, c.head, i) ||
		sparesAnswer(t, i) ||
		writersState(t, i) ||
		// "I can never keep them straight", "I only half understand it": the writer's own doing.
		(["keep", "stay", "leave"].includes(norm(t[i])) && writersState(t, i - 1)) ||
		(norm(t[i]) === "only" && ["i", "we"].includes(norm(t[i - 1]))) ||
		onlyDescribes(c, i) ||
		notYet(t, i) ||
		(norm(t[i]) === "should" && guessedModal(t, i)) ||
		elided(t, i) ||
		namesMeans(t, i) ||
		compared(t, i) ||
		participleDescribed(t, i) ||
		habitOfItems(t, i) ||
		habitKept(t, i) ||
		resultNothing(t, i)
	);
}

/** A trigger at `i`: an act verb used as a verb, or a rule marker. */
function trigger(c: Clause, i: number): "act" | "rule" | undefined {
	const w = norm(c.tokens[i]);
	// "Do a fresh clone", "perform a full rebuild": the act named as the object of a verb of doing is done.
	if (actForm(w) && DOING.has(norm(c.tokens[c.head])) && c.head < i - 1 && i - c.head <= 4) return "act";
	if (w === "" || nounByPosition(c, i)) return undefined;
	// "before I hit merge", "until we deploy": the writer's own act, in time, orders nothing.
	if (writersAct(c.tokens, i)) return undefined;
	// "on a clean clone", "the v2 release", "the flaky upload test": so do a determiner's modifiers.
	if (modified(c.tokens, i) || ourAct(c.tokens, i)) return undefined;
	// "Shall we go through …?", "must we keep it?": a modal that opens a question asks, it lays down nothing.
	const asking = i === 0 && c.sentence.question && INVERTED.has(w) && WE_OR_I.has(norm(c.tokens[1]));
	if (CONSTRAINT_MARKERS.has(w)) {
		const laidDown = !(contrast(c, i) || negativeSubject(c.tokens, i) || nobodyKnows(c.tokens, i) || asking);
		return laidDown && !guessedMust(c.tokens, i) && !describedMarker(c, i) ? "rule" : undefined;
	}
	// A label ("Update:") names what follows.
	if (nextInSentence(c, c.tokens[i] as Token)?.text === ":") return undefined;
	// "any swallow that could hide a failed charge": what an item found might do, which describes it.
	// "…, including the ones only reachable via thrown errors": a preposition that widens the items.
	if (mightDo(c.tokens, i) || w === "including") return undefined;
	if (!actForm(w) || nounUse(c.tokens, i) || readingCommand(c.tokens, i) || askedCheckRun(c, i)) return undefined;
	// "Send me what you find", "run me through what …": a phrase of asking.
	if (longestAt(c.tokens, i, READ_PHRASES) > 0) return undefined;
	if (namedInBrackets(c) || describedAct(c, i)) return undefined;
	// "Something must be deleting the temp files": the guess's own verb, what the writer believes happens.
	if (guessedMust(c.tokens, i - 2) && norm(c.tokens[i - 1]) === "be") return undefined;
	// "make sure …" frames what follows; "write a summary" makes prose, which is an answer.
	if (w === "make" && norm(c.tokens[i + 1]) === "sure") return undefined;
	if (objectOf(c.tokens, i, "code") === "prose" || proseTopic(c.tokens, i) || madeInAnswer(c, i)) return undefined;
	if (carriedInAnswer(c.tokens, i) || answerReturned(c.tokens, i)) return undefined;
	if (i === c.head && (restatesForReader(c.tokens, i) || toldAfterAside(c))) return undefined;
	return "act";
}

/**
 * The hits of a sentence's clauses. Once a clause describes or asks, the asides after it do too
 * ("Explain, without jargon, how …"); in a question every clause but an order is part of it ("No
 * rush, but why does …?"), and so is anything between two of its asking clauses ("is it short,
 * clear enough, and does it …?").
 */
export function sentenceHits(list: readonly Clause[]): Hit[] {
	const asks = list.map((c) => c.sentence.question && (asksToUnderstand(c.sentence) || whClause(c)));
	// "Can we ever drop Node 18?", "would you have split it?" ask; "raster frames, not build frames" contrasts.
	const still = list.map((c) => stillPossible(c.tokens, c.sentence.question) || pastQuestion(c) || kindContrast(c));
	const asking = list.map((c) => c.mood === "question" && c.inQuestion);
	let covered = asks.some(Boolean);
	const hits: Hit[] = [];
	list.forEach((c, k) => {
		const between = asking.slice(0, k).some(Boolean) && asking.slice(k + 1).some(Boolean);
		if (describes(c)) covered = true;
		else if (!still[k] && !listTail(c) && !(covered && (c.mood !== "directive" || between)))
			hits.push(...clauseHits(c));
	});
	return hits;
}

const pastQuestion = (c: Clause) => c.sentence.question && pastCounterfactual(c.tokens);

/** Words that may stand before a predicate that goes on: "and sometimes leaves …". */
const GOES_ON = new Set(["and", "or", "but", "then", "also", "sometimes", "often", "always", "occasionally", "still"]);

/**
 * "It debounces file events, kills the child, and sometimes leaves a zombie behind": a fragment
 * headed by a third-person verb goes on with the subject before it, and states; an order is
 * headed by a base form, never "leaves".
 */
function predicateGoesOn(c: Clause): boolean {
	// Only after a statement of the same sentence: "- keeps the tests green" alone is a criterion.
	const start = c.sentence.tokens.indexOf(c.tokens[0] as Token);
	const before = c.sentence.tokens.slice(0, Math.max(0, start)).filter((t) => t.kind === "word");
	if (c.mood !== "fragment" || before.length < 2) return false;
	const first = c.tokens.find((t) => t.kind === "word" && !GOES_ON.has(t.norm));
	return first !== undefined && /(?:[^aeiosu]|e)s$/.test(first.norm) && first.norm.length > 3;
}

/** The first act or rule word of a clause that does not read as read-only, as a hit. */
function clauseHits(c: Clause): Hit[] {
	const statement = c.mood === "statement" || c.mood === "subordinate" || predicateGoesOn(c);
	for (let i = 0; i < c.tokens.length; i++) {
		// Idioms ("don't hesitate", "never mind", "push back") forbid and change nothing.
		const idiom = idiomAt(c.tokens, i);
		if (idiom > 0) {
			i += idiom - 1;
			continue;
		}
		const kind = trigger(c, i);
		// "Inventory the queues: name, consumer, and retry policy": an item of the answer, not an act.
		const weighed = choiceLabelled(c) && (kind === "act" || ["keep", "stay", "leave"].includes(norm(c.tokens[i])));
		const item = (kind === "act" && answerItem(c, i)) || weighed;
		if (!kind || embeddedAt(c, i) || item) continue;
		if (statement && !obliged(c, i)) continue;
		const t = c.tokens[i] as Token;
		return [hit("not-read-only", kind === "act" ? "unread-act" : "unread-rule", t, quoteEnd(c.tokens, i, 4))];
	}
	return [];
}

const RELATIVES = new Set(["that", "which", "who"]);
const MIGHT = new Set(["could", "might", "may", "can", "would", "wouldn't", "couldn't", "won't", "can't"]);

/**
 * "Flag any retry that could drop a message", "any step that might delete rows": an act after a
 * relative pronoun and a modal of possibility is what a thing found might do, not an order. "Find
 * it and rewrite it" still orders: the act there follows no relative.
 */
const mightDo = (tokens: readonly Token[], i: number) =>
	MIGHT.has(norm(tokens[i - 1])) && RELATIVES.has(norm(tokens[i - 2])) && norm(tokens[i - 3]) !== "";

/**
 * "Name each module that has no owner", "list the endpoints with no rate limit": "no" after "has" or
 * "with", under a verb that finds items, describes the items found, like "without".
 */
function lackDescribes(tokens: readonly Token[], first: number, i: number): boolean {
	const lacking = ["has", "have", "had", "with"].includes(norm(tokens[i - 1]));
	if (norm(tokens[i]) === "no" && lacking && FINDING.has(norm(tokens[first]))) return true;
	// "Bitbucket has no direct equivalent", "spans with `x` and no resource attributes": a lack, stated.
	const listed = norm(tokens[i - 1]) === "and" && tokens.slice(Math.max(0, i - 6), i).some((t) => norm(t) === "with");
	const stated = ["has", "had"].includes(norm(tokens[i - 1])) || listed;
	if (norm(tokens[i]) === "no" && stated && i > 1) return true;
	// "sites without schema.org markup": "without" and a noun after a plural noun describe the items.
	const items = /[^s']s$/.test(norm(tokens[i - 1])) && norm(tokens[i - 1]).length > 3;
	return norm(tokens[i]) === "without" && items && tokens[i + 1] !== undefined && !norm(tokens[i + 1]).endsWith("ing");
}
