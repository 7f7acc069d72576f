/**
 * The allow-list's reading of orders and conditions (allow.ts): an order is read-only when its verb
 * asks only to understand, names an answer, or shapes the answer without limiting it; a condition
 * unless it asks the child to act ("if you could add a test").
 */
import { DESCRIBED_AFTER_NEGATIVE, RUNS } from "./act-words.ts";
import { ANSWER_NOUNS } from "./allow-words.ts";
import { capAt, underCap } from "./answer-caps.ts";
import { answerReturned } from "./answer-form.ts";
import { settingContrast } from "./contrasts.ts";
import { embeddedAt, norm } from "./described.ts";
import { withoutDescribes } from "./found-without.ts";
import { groundsAnswer } from "./grounded.ts";
import { guessedMust } from "./guesses.ts";
import { objectOf, pathText, placedInFile, proseNamed } from "./hits.ts";
import { carriedInAnswer } from "./included.ts";
import { joinedOrder } from "./joined.ts";
import { listTail } from "./list-tail.ts";
import { newFileAt } from "./new-file.ts";
import { dated, headNamesThing, qualifiesMeasure } from "./noun-acts.ts";
import { longestAt } from "./phrases.ts";
import { evidence, followsFlow, takenAsEvidence, toolUsed } from "./read-records.ts";
import {
	actVerb,
	askedCheckRun,
	asksAnswer,
	DATA,
	INSTEAD,
	idiomAt,
	no,
	ok,
	PROSE_MAKERS,
	type Reading,
	readingCommand,
	readVerb,
	SELF,
	SELF_SKIP,
	verbAfter,
	WH,
	words,
	YOU,
	YOU_CONTRACTED,
} from "./reading.ts";
import { restatesForReader, sparesAnswer } from "./relief.ts";
import { repeated } from "./repeated.ts";
import { turnedIntoProse } from "./shaped.ts";
import { toldAfterAside } from "./told.ts";
import type { Clause, Token } from "./types.ts";
import { changeGerund, imperativeVerb, pastTense, WORK_NOUNS } from "./verbs.ts";
import {
	IDLE_AFTER_YOU,
	NO_GUESSING,
	READ_LIMITS,
	RECORDING,
	RECORDING_IN,
	RULE_STATES,
	YOU_MODALS,
} from "./wish-words.ts";
import { set } from "./words.ts";
import { foundIt, writersState } from "./writers-state.ts";
/** "use X to tell me …", "run the suite to find out …": an order whose purpose, before any act, is to answer. */
export function purposeAsks(tokens: readonly Token[], head: number): boolean {
	if (actVerb(norm(tokens[head])) && !RUNS.has(norm(tokens[head]))) return false;
	for (let k = head + 1; k < tokens.length; k++) {
		const w = norm(tokens[k]);
		if (w === "to" && asksAnswer(tokens, k + 1) && readVerb(norm(tokens[k + 1]))) return true;
		if (actVerb(w) || tokens[k]?.kind === "path") return false;
	}
	return false;
}

/** Verbs that put something in the answer: "include what …", "cover how …". */
const COMPOSING = set("include cover mention");
/** Verbs of coming to know, after a wish's "to": "I'd love to know …". */
const COMING_TO_KNOW = set("know understand learn see hear find figure");

/**
 * Orders that make the answer with no verb of reading: "Include what Z-ordering would buy us", "return
 * the page path, the link target and the line", "reconstruct the reasoning from …" (a verb the gate
 * does not know, making a piece of prose). Not where the answer is kept in a file.
 */
function makesAnswer(tokens: readonly Token[], head: number): boolean {
	// "Draft a commit message", "slap together a quick summary": prose is an answer.
	if (PROSE_MAKERS.has(norm(tokens[head])) && objectOf(tokens, head, "code") === "prose") return true;
	const told = COMPOSING.has(norm(tokens[head])) && WH.has(norm(tokens[head + 1]));
	if ((told || answerReturned(tokens, head)) && !placedInFile(tokens, head + 1)) return true;
	return !imperativeVerb(norm(tokens[head])) && !actVerb(norm(tokens[head])) && proseNamed(tokens, head);
}

/** An order's words that describe: a past dated, the writer's own state or past, a named thing, a contrast. */
const describedOrder = (c: Clause) =>
	listTail(c) ||
	dated(c.tokens, c.head) ||
	writersState(c.tokens, c.head) ||
	foundIt(c.tokens, c.head) ||
	headNamesThing(c) ||
	qualifiesMeasure(c.tokens, c.head) ||
	settingContrast(c, c.head);

/** An order: read-only when its verb asks only to understand, or when it makes prose for the answer. */
export function readOrder(c: Clause): Reading {
	const { tokens, head } = c;
	if (head >= tokens.length) return no("unread-order", 0);
	// "…, set up years ago": a participle dated in the past describes; "never really looked": the writer's state.
	if (describedOrder(c)) return ok("context");
	// "I'd love to know why …", "would love to understand how …": a wish, then "to" and coming to know.
	if (norm(tokens[head]) === "to" && COMING_TO_KNOW.has(norm(tokens[head + 1]))) return readUnderstanding(c, head + 1);
	if (underCap(c) > head) return no("unread-limit", underCap(c)); // "Answer as a list of under ten items".
	if (asksAnswer(tokens, head) || readingCommand(tokens, head) || askedCheckRun(c, head)) return ok("understanding");
	if (carriedInAnswer(tokens, head) || turnedIntoProse(tokens, head)) return ok("answer");
	if (guessedMust(tokens, head - 1)) return ok("context"); // "We must have a memory leak somewhere": a guess.
	// "Help me make sense of …", "use the numbers above to tell me …": a means to an answer.
	const helped = norm(tokens[head]) === "help" && ["me", "us"].includes(norm(tokens[head + 1]));
	if (helped && asksAnswer(tokens, head + 2)) return ok("understanding");
	if (purposeAsks(tokens, head)) return ok("understanding");
	// "Can you help?": help with what the brief asked.
	if (norm(tokens[head]) === "help" && !tokens.slice(head + 1).some((t) => t.kind === "word"))
		return ok("understanding");
	// "Would you consider the cache a good design?": the frame's own verb asks.
	if (readVerb(norm(tokens[head - 1])) && !norm(tokens[head]).endsWith("ing")) return ok("understanding");
	// "Do you mind if I ask how …": a condition after the frame.
	if (norm(tokens[head]) === "if") return readCondition(c);
	if (makesAnswer(tokens, head)) return ok("answer");
	// "Can you reconstruct, from the git history, why …?": the wh-clause after the aside is what is told.
	if (toldAfterAside(c)) return ok("answer");
	// "No changes were made to the lockfile": a negative subject described, not a rule.
	const negative = ["no", "nothing", "none"].includes(norm(tokens[head]));
	if (negative && tokens.slice(head + 1, head + 4).some((t) => DESCRIBED_AFTER_NEGATIVE.has(norm(t)))) {
		return ok("context");
	}
	// "Base your suggestion on the access logs": what the answer rests on.
	if (readingDirection(tokens, head) || groundsAnswer(tokens, head)) return ok("context");
	// "No need for prose", "translate this stack trace into plain English for me": the answer's form.
	if (sparesAnswer(tokens, head)) return ok("aside");
	if (restatesForReader(tokens, head)) return ok("understanding");
	if (followsFlow(tokens, head)) return ok("understanding");
	// "Start with the migration": the idiom "start with" may lead into work rather than reading.
	if (startsWork(tokens, head)) return no("unread-order", head);
	// "do the same with `b.engine`", "do the following and report": the work meant is read where it is said.
	if (repeated(c) !== undefined) return repeated(c) ? ok("context") : no("unread-order", head);
	// "Use our bench numbers": data to answer from.
	const data = tokens.slice(head + 1).filter((t) => t.kind === "word");
	const drawn = data.some((t) => DATA.has(t.norm) || ANSWER_NOUNS.has(t.norm));
	if (norm(tokens[head]) === "use" && data.length <= 10 && drawn) return ok("understanding");
	// "Use `CHANGELOG.md` and the diff between the two tags": records read to answer from.
	if (norm(tokens[head]) === "use" && evidence(tokens, head)) return ok("context");
	// "Treat the build log as your primary evidence": a file taken as what the answer rests on.
	if (takenAsEvidence(tokens, head)) {
		// "… as your primary evidence and reconstruct the order of events": the order after it asks.
		const then = tokens.findIndex((t, k) => k > head && norm(t) === "and" && asksAnswer(tokens, k + 1));
		return ok(then > 0 ? "understanding" : "context");
	}
	// "Go ahead and time both": leave to do what the next clause says; "feel free to be blunt": the answer's tone.
	if (c.closer === "and" && tokens.map(norm).join(" ") === "go ahead") return ok("aside");
	if (tokens.some((_, k) => longestAt(tokens, k, [["feel", "free", "to", "be"]]) > 0)) return ok("aside");
	if (tokens.some((_, k) => longestAt(tokens, k, [["side", "by", "side"]]) > 0)) return ok("understanding");
	// "Push back on …", "do not hesitate to say …": idioms that ask for an answer.
	if (idiomAt(tokens, head) || idiomAt(tokens, 0) || idiomAt(tokens, 1)) return ok("understanding");
	return no("unread-order", head);
}

/** A condition: "if it fails", "once you've had a look"; not "if you could add a test". */
export function readCondition(c: Clause): Reading {
	const skip = new Set([...YOU_MODALS, ...SELF_SKIP, "'ve", "have", "'re", "are", "had"]);
	for (let i = 0; i < c.tokens.length; i++) {
		const w = norm(c.tokens[i]);
		if (!YOU.has(w) && !YOU_CONTRACTED.has(w) && !SELF.has(w)) continue;
		const { verb, at } = verbAfter(c.tokens, i, skip);
		// "If you had to remove one …, which would it be?": a hypothetical.
		if (norm(c.tokens[i + 1]) === "had" && norm(c.tokens[i + 2]) === "to") return ok("condition");
		// "Cheers if you can explain …", "do you mind if I ask how …": a condition that asks for an answer.
		if (asksAnswer(c.tokens, at)) return ok("understanding");
		// "… what you would reorganise if it were yours": a hypothetical asked as a topic, like "what would you change?".
		const wondered = WH.has(words(c)[0]?.norm ?? "") && ["would", "'d"].includes(norm(c.tokens[i + 1]));
		if (!SELF.has(w) && actVerb(verb) && !IDLE_AFTER_YOU.has(verb) && !wondered) return no("unread-request", at);
	}
	// "Next up: how the boundary handles renames": a wh-clause alone is a topic asked about.
	return ok(WH.has(words(c)[0]?.norm ?? "") ? "question" : "condition");
}

/**
 * An order to understand, read-only unless it limits what the child may do ("look only at …",
 * "… without modifying anything", "consider src/core frozen") or records its finding in a file
 * ("note each change in UPGRADING.md"): only a task can hold the child to either.
 */
export function readUnderstanding(c: Clause, first: number): Reading {
	const tokens = c.tokens;
	// "Use pnpm instead of npm in the scripts": "use" reads only when it names no place to change.
	const placed = tokens.some((t) => t.kind === "code" || pathText(t) !== undefined || INSTEAD.has(norm(t)));
	if (norm(tokens[first]) === "use" && placed) {
		const read = evidence(tokens, first) || toolUsed(tokens, first, c.closer) || takenAsEvidence(tokens, first);
		if (!read) return no("unread-order", first);
		// "Use the heap snapshot … if helpful and report likely culprits": what asks is the reading joined to it.
		const asks = tokens.some((t, k) => k > first && ["and", "then"].includes(norm(t)) && asksAnswer(tokens, k + 1));
		return ok(asks ? "understanding" : "context");
	}
	if (startsWork(tokens, first)) return no("unread-order", first);
	const joined = joinedOrder(tokens, first + 1);
	if (joined >= 0) return no("unread-order", joined);
	if (underCap(c) > first) return no("unread-limit", underCap(c));
	for (let i = first + 1; i < tokens.length; i++) {
		// "say so instead of inferring": a rule on how to answer, wherever it stands.
		if (longestAt(tokens, i, NO_GUESSING) > 0) return no("unread-limit", i);
		if (idiomAt(tokens, i) || embeddedAt(c, i)) continue;
		if (longestAt(tokens, i, READ_LIMITS) > 0 && !withoutDescribes(tokens, first, i)) return no("unread-limit", i);
		if (longestAt(tokens, i, RULE_STATES) > 0) return no("unread-state", i);
		const verb = norm(tokens[first]);
		// "… the thread the user pasted into `notes/x.md`": a place a past act put it, not where to write.
		const into = ["into", "to"].includes(norm(tokens[i])) && RECORDING.has(verb) && !pastTense(norm(tokens[i - 1]));
		const inside = ["in", "under"].includes(norm(tokens[i])) && RECORDING_IN.has(verb);
		const path = tokens[i + 1] && pathText(tokens[i + 1] as Token) !== undefined;
		if ((into || inside) && path) return no("unread-record", first);
		if (newFileAt(tokens, i, verb)) return no("unread-record", first);
	}
	return ok("understanding");
}

/** Verbs that, heading a clause about the answer, limit it: "keep the answer short", "stick to the facts". */
export const LIMITING = set("keep stick limit restrict cap confine avoid stay");
export const NEGATIONS = set("don't dont never not no without");

/** A clause about the answer: read-only unless it limits it ("keep the answer short", "don't speculate in your reply"). */
const ANSWER_DENIALS = set("mustn't shouldn't cannot can't won't never exceed exceeds");
const DUTY = set("must should may can will shall");

export function limitsAnswer(c: Clause): Reading {
	const { tokens, head } = c;
	if (LIMITING.has(norm(tokens[head]))) return no("unread-limit", head);
	const cap = capAt(c);
	if (cap >= 0) return no("unread-limit", cap);
	for (let i = 0; i < tokens.length; i++) {
		if (idiomAt(tokens, i) || embeddedAt(c, i)) continue;
		// A negation limits the answer where it heads the clause ("don't speculate …", "no jargon in …").
		const heading = NEGATIONS.has(norm(tokens[i])) && i <= head + 1;
		// "Your answer must not exceed a paragraph", "the reply shouldn't run past a screen".
		const denied = ANSWER_DENIALS.has(norm(tokens[i])) || (norm(tokens[i]) === "not" && DUTY.has(norm(tokens[i - 1])));
		if (longestAt(tokens, i, READ_LIMITS) > 0 || heading || denied) return no("unread-limit", i);
	}
	return ok("answer");
}

/** Where reading starts: "start at server.ts", "begin with the tests", "start from the entry point". */
const STARTS = set("start begin");
const START_AT = set("at from with in");
/** Places a reading starts from, when no file is named: "the entry point", "the tests", "the top". */
const READ_PLACES = set(`
	entry point top bottom beginning end tests test spec specs logs log handler handlers caller callers
	router routes route config function functions module modules class call site sites error stack trace
	traces readme docs diff failing failure output types schema index main cli
`);
/** Where reading goes: "follow it to the handler", "follow the call down into the runner". */
const FOLLOW_TO = set("to down up through into back across until till");
/** What a child is made to follow as a rule, never a reading: "follow the rules in CONTRIBUTING.md". */
const FOLLOWED_RULES = set(`
	rule rules instruction instructions guide guideline guidelines convention conventions style steps plan
	recipe process advice pattern patterns spec standard standards checklist lead example procedure
`);

/**
 * "Start with the migration", "begin with the cleanup of src/util": a piece of work to start on. Not
 * "start with the worst", "begin with the tests", "start with the big picture": where reading starts.
 */
function startsWork(tokens: readonly Token[], head: number): boolean {
	if (!STARTS.has(norm(tokens[head])) || !["with", "on"].includes(norm(tokens[head + 1]))) return false;
	return tokens.slice(head + 2, head + 5).some((t) => WORK_NOUNS.has(norm(t)) || changeGerund(norm(t)));
}

/**
 * A direction for reading, not an order to act: "start at server.ts", "begin with the tests in
 * test/boundary", "follow it to the handler", "follow the `run` subcommand down to the spawn". Not
 * "start with the migration" (a piece of work; no place named) or "follow the rules in
 * CONTRIBUTING.md" (a rule to obey, which goes nowhere).
 */
export function readingDirection(tokens: readonly Token[], head: number): boolean {
	const verb = norm(tokens[head]);
	const rest = tokens.slice(head + 1);
	// "… down to where the child is spawned": what a wh-word opens describes where the reading goes.
	const wh = rest.findIndex((t) => WH.has(norm(t)));
	const own = wh < 0 ? rest : rest.slice(0, wh);
	if (own.some((t) => t.kind === "word" && actVerb(t.norm) && !READ_PLACES.has(t.norm))) return false;
	// "… and log each hop", "… then instrument it": another order joined to the direction.
	if (joinedOrder(own, 0) >= 0) return false;
	if (STARTS.has(verb) && START_AT.has(norm(tokens[head + 1]))) {
		const place = tokens.slice(head + 2, head + 6);
		return place.some((t) => t.kind === "code" || pathText(t) !== undefined || READ_PLACES.has(norm(t)));
	}
	if (verb !== "follow" || own.some((t) => FOLLOWED_RULES.has(norm(t)))) return false;
	return own.some((t, k) => k > 0 && FOLLOW_TO.has(norm(t)));
}
