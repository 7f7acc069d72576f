/**
 * The allow-list's reading of statements and fragments (allow.ts): context, unless they state a
 * wish, a need, a rule, or what the child is to do — "the timeout should be thirty seconds", "I'd
 * love for the errors to name the flag", "the fixtures are off limits", "you'll want to rename it".
 */
import { EMBEDDERS } from "./act-words.ts";
import { ANSWER_NOUNS, PERCEPTION } from "./allow-words.ts";
import { capAt, capFirst, leftOut } from "./answer-caps.ts";
import { embeddedAt, norm } from "./described.ts";
import { doubtedState } from "./doubted.ts";
import { guessedMust } from "./guesses.ts";
import { placedInFile } from "./hits.ts";
import { NEGATION_IDIOMS, verbIdiomAt } from "./idioms.ts";
import { longestAt } from "./phrases.ts";
import {
	actVerb,
	answerPhrase,
	CHANGE_WORDS,
	CONJUNCTIONS,
	idiomAt,
	KNOW,
	namesMeans,
	no,
	ok,
	PROPOSING,
	participle,
	type Reading,
	readVerb,
	SELF,
	SELF_SKIP,
	verbAfter,
	words,
	YOU,
	YOU_CONTRACTED,
} from "./reading.ts";
import { wishedTold } from "./told-wishes.ts";
import type { Clause, Token } from "./types.ts";
import { aside, notWished, othersWish, stanceItem } from "./unwished.ts";
import { changeParticiple } from "./verbs.ts";
import { wantsFacts } from "./wanted-facts.ts";
import { IDLE_AFTER_YOU, RULE_STATES, WISH_PHRASES, WISH_WORDS, YOU_MODALS } from "./wish-words.ts";
import { PEOPLE, set } from "./words.ts";
import { foundIt } from "./writers-state.ts";
/** Words between a wish and the verb or answer it wants: "I'd like | to be able to | know …". */
export const BEFORE_ANSWER = set(`
	to like love be able for a an the your some short quick clear second brief good great nice helpful
	interesting useful if i we me us could can get have just really quite also more better proper
	honest fuller full detailed rough help hurt grateful prefer rather want keen happy hate that you use do with value
	points words plain long direct concise not best is
`);

/** Modals that lay a duty on their subject, and the subjects that are people rather than things. */
const DUTIES = set("ought should must");

/**
 * What follows "get" when it means coming to know ("get me up to speed", "get a sense of", "get what
 * …"); otherwise "get" gets something done: "get rid of …", "get the warnings down to zero".
 */
const GOT_KNOWN = set("me us a an to what why how where which whether who");

const WRITERS_TIME = set("before after until once when while");

/** "I'd like to see the logic extracted": a change named after what was wished to be seen (not "… why it was"). */
export function changeAfter(tokens: readonly Token[], from: number): boolean {
	for (let k = from; k < tokens.length; k++) {
		const w = norm(tokens[k]);
		// "… a second opinion before I go chasing it": what the writer will do after, not a change wished.
		if (EMBEDDERS.has(w) || (WRITERS_TIME.has(w) && SELF.has(norm(tokens[k + 1])))) return false;
		if (participle(w) || CHANGE_WORDS.has(w)) return true;
	}
	return false;
}

const ANSWER_DETERMINERS = set("a an the your some any one another");

/**
 * A word qualifying the answer wished for, inside its noun phrase: "a frank review", "an outside
 * take", "a blunt, honest read". Never a verb or a word of change ("a new endpoint" is wished built).
 */
function qualifies(tokens: readonly Token[], k: number, inPhrase: boolean): boolean {
	const w = norm(tokens[k]);
	if (tokens[k]?.kind !== "word" || actVerb(w) || CHANGE_WORDS.has(w) || w === "new") return false;
	return inPhrase || ANSWER_DETERMINERS.has(norm(tokens[k - 1]));
}

/** A wish at `i` that wants an answer: "I'd like to know …", "I'd appreciate your view on …". */
export function wantsAnswer(tokens: readonly Token[], i: number): boolean {
	// "The login page ought to remember the last user": a thing's duty, not the writer's wish to know.
	if (DUTIES.has(norm(tokens[i])) && i > 0 && !PEOPLE.has(norm(tokens[i - 1]))) return false;
	// "I want the breaking changes called out first": the answer's items, told.
	if (wishedTold(tokens, i)) return true;
	const end = Math.min(tokens.length, i + 8);
	let modifiers = 0;
	for (let k = i + 1; k < end; k++) {
		const w = norm(tokens[k]);
		const after = ["to", "be", "you", "i", "we", "that", "not"].includes(norm(tokens[k - 1]));
		const knowing = KNOW.has(w) && (w !== "get" || GOT_KNOWN.has(norm(tokens[k + 1])));
		// "I want the summary in `notes.md`": an answer kept in a file is a write.
		if (knowing || ANSWER_NOUNS.has(w) || (readVerb(w) && after))
			return !changeAfter(tokens, k + 1) && !placedInFile(tokens, k + 1);
		// "I want a frank review", "a fork's blunt, no-nonsense take": up to two words qualify the answer wished for.
		if (BEFORE_ANSWER.has(w) && modifiers === 0) continue;
		if (!qualifies(tokens, k, modifiers > 0) || ++modifiers > 2) break;
	}
	// "I'd like the trade-offs to be explained …": a thing wished explained.
	for (let k = i + 1; k < end; k++) {
		const w = norm(tokens[k]);
		if (actVerb(w)) return false;
		if (readVerb(w) && norm(tokens[k - 1]) === "be" && norm(tokens[k - 2]) === "to") return true;
	}
	return false;
}

const STARTING = set("start begin");
const WHILE_READING = set("when while as once");

/**
 * "It would be best to start with the entry point when you trace it": advice on where to begin
 * reading, given with the reading it is for. A wish at `i` whose verb is "start" or "begin", in a
 * sentence where the child's act is a verb of reading ("when you read", "as you trace").
 */
function readingAdvice(c: Clause, i: number): boolean {
	const starts = c.tokens.slice(i + 1, i + 5).some((t) => STARTING.has(norm(t)));
	const all = c.sentence.tokens;
	return (
		starts &&
		all.some(
			(t, k) =>
				WHILE_READING.has(norm(t)) && YOU.has(norm(all[k + 1])) && readVerb(verbAfter(all, k + 1, YOU_MODALS).verb),
		)
	);
}

/** Nouns an item asked for is named by: "the one I should concede", "the places we should look". */
const ITEMS = set("one ones thing things decision decisions part parts place places file files point points");
const IS = set("is are was were 's");

/**
 * "… the three decisions worth defending and the one I should concede": the writer's "should" in a
 * relative clause names an item of the answer. Not "the one thing we should do is bump it", whose
 * "is" makes it a statement of what is wanted.
 */
function itemOwed(tokens: readonly Token[], i: number): boolean {
	if (norm(tokens[i]) !== "should" || !SELF.has(norm(tokens[i - 1])) || !ITEMS.has(norm(tokens[i - 2]))) return false;
	return !tokens.slice(i + 1).some((t) => IS.has(norm(t)));
}

/** "An explanation is all I need", "a list is all we want": an answer named as the whole wish. */
function answerIsAll(tokens: readonly Token[], i: number): boolean {
	const all =
		["need", "want"].includes(norm(tokens[i])) && SELF.has(norm(tokens[i - 1])) && norm(tokens[i - 2]) === "all";
	return all && tokens.slice(0, Math.min(4, i)).some((t) => ANSWER_NOUNS.has(norm(t)));
}

/** Verbs a thing does to "you", generically: "gives you", "tells you", "lets you". */
const OBJECT_TAKERS = set("gives gave tells told shows showed lets let gets got sends sent hands brings takes");
/** Words that link a clause on, where a verb after "you" would stand: "… to you because …". */
const LINKS = set("because since as so now while given");

/** A wish, need or rule at `i` of a statement: its rule id, "answer" for a wish for an answer, or "". */
export function wishAt(c: Clause, i: number): string {
	const tokens = c.tokens;
	const w = norm(tokens[i]);
	// "`git log` between them should get you most of the way", "a quick SELECT should tell us": a means.
	if (namesMeans(tokens, i)) return "";
	if (longestAt(tokens, i, RULE_STATES) > 0) {
		// "(not allowed in MV3 …)": a verdict in brackets on the thing before them.
		const bracketed = c.closer === ")" && i === 0 && !tokens.some((t) => t.norm === "you" || t.norm === "to");
		// "a read-only select or two should answer it": a kind of query, not a state laid down.
		const adjective = ["a", "an", "the"].includes(norm(tokens[i - 1])) && tokens[i + 1]?.kind === "word";
		if (adjective) return "";
		return bracketed || doubtedState(tokens, i, c.sentence.tokens) ? "" : "unread-state";
	}
	if (WISH_WORDS.has(w) && aside(tokens, i)) return "";
	// "I'd fix the parser first": a change the writer would make is suggested.
	const afterD = norm(tokens[i + 1]);
	const suggested = SELF.has(w) && w.endsWith("'d") && actVerb(afterD) && !afterD.endsWith("ed");
	if (suggested && verbIdiomAt(tokens, i + 1) === 0) return "unread-suggestion";
	const wish =
		!notWished(tokens, i) && (WISH_WORDS.has(w) || w.endsWith("'d") || longestAt(tokens, i, WISH_PHRASES) > 0);
	// "Something must be holding the lock", "users need to log in twice": a guess, or others' needs.
	const guessed =
		guessedMust(tokens, i) || (w === "must" && (norm(tokens[i + 1]) === "have" || norm(tokens[i + 2]).endsWith("ing")));
	if (wish && (guessed || othersWish(tokens, i) || itemOwed(tokens, i) || stanceItem(tokens, i))) return "";
	if (wish && answerIsAll(tokens, i)) return "answer";
	if (wish)
		return wantsAnswer(tokens, i) || wantsFacts(tokens, i) ? "answer" : readingAdvice(c, i) ? "" : "unread-wish";
	if (YOU.has(w) || (YOU_CONTRACTED.has(w) && !SELF.has(w))) {
		const { verb } = verbAfter(tokens, i, new Set([...YOU_MODALS, "to"]));
		// "Cheers if you can explain …": what the child is asked to do is to answer.
		if (readVerb(verb)) return "answer";
		// "I'm handing this to you because …": "you" an object, and a link word where a verb would be.
		// "… should get you most of the way": "you" the object of a means, not the subject of an order.
		// "issuer discovery gives you the JWKS endpoint": "you" the object of a verb the subject does.
		const linked =
			(LINKS.has(verb) && ["to", "for", "with", "from"].includes(norm(tokens[i - 1]))) ||
			namesMeans(tokens, i - 2) ||
			OBJECT_TAKERS.has(norm(tokens[i - 1]));
		if (verb !== "" && !PERCEPTION.has(verb) && !IDLE_AFTER_YOU.has(verb) && !linked) return "unread-you";
	}
	// "I'm curious whether anything still reads from it": the writer's wish to know.
	const curious = tokens.slice(i + 1, i + 4).some((t) => CURIOUS.has(t.norm));
	if (SELF.has(w) && curious && !tokens.some((t) => YOU.has(t.norm))) return "answer";
	if (SELF.has(w)) {
		const { verb, modal } = verbAfter(tokens, i, new Set([...YOU_MODALS, ...SELF_SKIP]));
		if (modal && actVerb(verb)) return "unread-suggestion";
		// "I'm asking what …", "I'm trying to understand …": the writer's own wish to understand.
		if (readVerb(verb)) return "answer";
	}
	// "the stale TODOs could be cleared up": a change proposed as a possibility.
	if (PROPOSING.has(w) && norm(tokens[i + 1]) === "be" && actVerb(norm(tokens[i + 2]))) return "unread-suggestion";
	// "…, but convince me otherwise": an order to answer joined to a statement.
	if (readVerb(w) && (CONJUNCTIONS.has(norm(tokens[i - 1])) || tokens[i - 1]?.text === ",")) return "answer";
	return "";
}

const WRITER = set("me us");
const CURIOUS = set("curious wondering unsure uncertain");
const NEGATING = set("don't dont never not no");

/** A statement: context, unless it states a wish, a need, a rule, or what the child is to do. */
export function readStatement(c: Clause): Reading {
	const left = Math.max(leftOut(c), capFirst(c));
	if (left >= 0) return no("unread-limit", left);
	let asks = false;
	for (let i = 0; i < c.tokens.length; i++) {
		// "I don't have time to wade through it": a negated idiom takes the rest of its clause.
		if (NEGATING.has(norm(c.tokens[i])) && longestAt(c.tokens, i + 1, NEGATION_IDIOMS) > 0) break;
		// "Catching you up.": an idiom takes its words with it.
		const idiom = verbIdiomAt(c.tokens, i);
		if (idiom > 0) i += idiom - 1;
		if (idiom > 0 || idiomAt(c.tokens, i)) continue;
		// "What I'd like is for the guide to …": a wish put first, not a part asked about.
		const rest = c.tokens.slice(i + 1).map(norm);
		const cleft = norm(c.tokens[i - 1]) === "what" && SELF.has(norm(c.tokens[i])) && rest.includes("is");
		if (embeddedAt(c, i) && !cleft) {
			// "Cheers if you can explain …": a condition that asks the child to answer.
			asks ||= YOU.has(norm(c.tokens[i])) && readVerb(verbAfter(c.tokens, i, YOU_MODALS).verb);
			continue;
		}
		const rule = wishAt(c, i);
		// "A two-line summary of each package would be perfect": a wish whose subject is an answer.
		// "A table of exception type, status and shape would be ideal": the answer may be named before commas.
		const upTo = c.sentence.tokens.slice(0, c.sentence.tokens.indexOf(c.tokens[i] as Token));
		const praised =
			rule === "unread-wish" &&
			(answerPhrase({ ...c, tokens: c.tokens.slice(0, i) }) || answerPhrase({ ...c, tokens: upTo }));
		// "A rundown would help me write the release email": the answer helps the writer do their own part.
		const helpsWriter = ["help", "helps"].includes(norm(c.tokens[i + 1])) && WRITER.has(norm(c.tokens[i + 2]));
		if (rule === "answer" || (praised && (words({ ...c, tokens: c.tokens.slice(i) }).length <= 4 || helpsWriter)))
			asks = true;
		else if (rule !== "") return no(rule, i);
	}
	return ok(asks ? "answer" : "context");
}

/** Objects a phrasal order takes before its particle: "slip one in", "pop them on", "tuck it under". */
const PRONOUN_OBJECTS = set("it one them this that these those");
const PARTICLES = set("in into on onto up out back down off under over away together");
/** Words that open a noun phrase, not an order: "that one in src/x.ts", "which one on the list". */
const NOUN_OPENERS = set(
	"that this these those which what each every any some no the a an all both either neither one",
);

/**
 * "Slip one in.", "pop them back": a clause opening on a word, a pronoun object and a particle is a
 * phrasal order, whatever the verb; a noun phrase never has that shape.
 */
const phrasalOrder = (c: Clause) => {
	const [verb, object, particle] = words(c);
	const pronoun = verb !== undefined && (YOU.has(verb.norm) || SELF.has(verb.norm) || NOUN_OPENERS.has(verb.norm));
	const opens = verb !== undefined && c.tokens[0] === verb && !pronoun;
	return opens && PRONOUN_OBJECTS.has(object?.norm ?? "") && PARTICLES.has(particle?.norm ?? "");
};

/** A fragment: a label or a noun phrase ("Quick one:", "A summary, please"); not "fixtures off limits". */
export function readFragment(c: Clause): Reading {
	// "I'd like them listed first and then | deleted.": a change participle left alone goes on with the wish.
	const all = c.sentence.tokens;
	const afterThen = all[all.indexOf(c.tokens[0] as Token) - 1]?.norm === "then";
	const alone = words(c).length === 1 && changeParticiple(words(c)[0]?.norm ?? "") && afterThen;
	if ((phrasalOrder(c) && !foundIt(c.tokens, 0)) || alone) return no("unread-order", 0);
	// "Three bullets at most, please", "max two paragraphs": a cap with no verb is a limit on the answer.
	const cap = capAt(c);
	if (cap >= 0) return no("unread-limit", cap);
	const reading = readStatement(c);
	if (!reading.readOnly || reading.as === "answer") return reading;
	return answerPhrase(c) ? ok("answer") : reading;
}
