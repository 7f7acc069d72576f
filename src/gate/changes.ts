/**
 * File-changing imperatives: an order to fix, edit, write, delete, rename, commit, push, install,
 * apply … — as a plain imperative, a polite request ("could you fix …?"), an order inside a frame
 * ("I want you to …", "we need to …"), a continuation of work in flight ("finish the refactor"), a
 * command to run (`git push`, "run the migration"), or a need stated about a thing ("the typo in
 * a.ts needs fixing", "I want it removed"). A verb counts only as the head of an order: "why did
 * the fix fail?" asks about a noun, "find the commit that removed X" orders a search.
 */

import { READ_PHRASES } from "./allow-words.ts";
import { answerReturned, returnsFromCode } from "./answer-form.ts";
import { changingShell, commandWords } from "./commands.ts";
import { editOrder, fileShould, resultAsked, shapesAnswer } from "./edits.ts";
import { framedOrder, gives } from "./framed.ts";
import { groundsAnswer } from "./grounded.ts";
import { guessedMust } from "./guesses.ts";
import { type Hit, hit, isWord, objectOf, proseNamed, quoteEnd } from "./hits.ts";
import { COMMIT_TO_CHOICE, verbIdiomAt } from "./idioms.ts";
import { orderAfterIfSo } from "./if-so.ts";
import { listTail } from "./list-tail.ts";
import { answerItem, namedInBrackets, ordersNothing } from "./listed.ts";
import { statedNeed } from "./needs.ts";
import { headNamesThing, qualifiesMeasure } from "./noun-acts.ts";
import { longestAt } from "./phrases.ts";
import { placeOrder, resumeOrder } from "./placements.ts";
import { askedCheckRun, asksAnswer, comparedAgainst, WH } from "./reading.ts";
import { continues, nextStep } from "./resumed.ts";
import { blockHit, RUN_VERBS } from "./run-blocks.ts";
import { turnedIntoProse } from "./shaped.ts";
import type { Clause, Token } from "./types.ts";
import { unknownVerb } from "./unknown-verb.ts";
import { neededValue } from "./values.ts";
import {
	CHANGE_UNLESS_PROSE,
	CHANGE_VERBS,
	CONTINUE_VERBS,
	changeForm,
	changeGerund,
	changeParticiple,
	imperativeVerb,
	PHRASAL_CHANGES,
	PROSE_OBJECTS,
	PROSE_UNLESS_CODE,
	pastTense,
} from "./verbs.ts";

const RUN_OBJECTS = new Set(
	"migration migrations formatter codemod fixer generator seed seeds install installer setup autofix codegen".split(
		" ",
	),
);
/** Change verbs that are also adjectives: "clean answer", "correct answer", "lower bound". */
const ADJECTIVES = new Set(["clean", "correct", "clear", "lower", "tidy", "open"]);

/** "… sure it copes with …", "… sure the export handles …": a thing's behaviour, named by its verb. */
const ENSURED = new Set("copes handles works supports accepts rejects survives escapes validates".split(" "));
const ensures = (tokens: readonly Token[], at: number) =>
	isWord(tokens, at, ["it", "the", "this", "that", "every", "each", "our"]) &&
	tokens.slice(at + 1, at + 5).some((t) => ENSURED.has(t.norm));

/** The verb's order reaches past a frame-less head: the quote is the verb and a few words of its object. */
const order = (tokens: readonly Token[], i: number, rule: string) =>
	hit("file-change", rule, tokens[i] as Token, quoteEnd(tokens, i, 4));

/** A change verb that must have a particle or object to change anything ("comment out", "hook up"). */
function incomplete(tokens: readonly Token[], i: number, verb: string): boolean {
	// "comment out …", "comment each step"; but "comment on the design" asks for an opinion.
	if (verb === "comment")
		return tokens[i + 1] === undefined || isWord(tokens, i + 1, ["on", "upon", "about", "briefly"]);
	if (verb === "hook" || verb === "wire")
		return !tokens.slice(i + 1, i + 6).some((t) => ["up", "into", "in", "through", "together"].includes(t.norm));
	// "set up …", "set X to 5", "set runner in .pi/settings.json", "set `retries`".
	if (verb === "set") {
		const given = (t: Token) => t.norm === "to" || t.norm === "=" || t.kind === "path" || t.kind === "code";
		return !isWord(tokens, i + 1, ["up"]) && !tokens.slice(i + 1, i + 8).some(given);
	}
	if (verb === "commit") return isWord(tokens, i + 1, ["to"]) && isWord(tokens, i + 2, COMMIT_TO_CHOICE);
	// "Narrow down which commit …" finds; "narrow it to an `after_update_commit`" changes.
	if (verb === "narrow") return isWord(tokens, i + 1, ["down"]);
	return false;
}

/**
 * "Save your conclusions", "update your answer": the object is the child's own reply. "Clean answer
 * please", "correct answer:": the verb is an adjective before a prose noun.
 */
function aboutTheAnswer(tokens: readonly Token[], i: number): boolean {
	const next = tokens[i + 1];
	const adjective = ADJECTIVES.has(tokens[i]?.norm ?? "");
	if (adjective && next?.kind === "word" && PROSE_OBJECTS.has(next.norm)) return true;
	if (turnedIntoProse(tokens, i)) return true;
	return isWord(tokens, i + 1, ["your"]) && objectOf(tokens, i, "prose") === "prose";
}

/** "get rid of …", "put it in its own file": the verb's particle within a few words, before punctuation. */
function phrasal(tokens: readonly Token[], i: number, verb: string): boolean {
	const particles = PHRASAL_CHANGES.filter(([v]) => v === verb).flatMap(([, p]) => p);
	if (particles.length === 0) return false;
	if (verb === "take" && isWord(tokens, i + 2, ["not", "that", "to"])) return false;
	if (verb === "work") return isWord(tokens, i + 1, ["on"]);
	// "wrap up with your recommendation" ends the answer; "wrap up the migration" is read as work in flight.
	if (verb === "wrap" && isWord(tokens, i + 1, ["up"])) return false;
	// "could you sort that?": to sort a thing out, as British English says it.
	if (verb === "sort" && isWord(tokens, i + 1, ["it", "that", "this", "them"]))
		return tokens[i + 2]?.kind !== "word" || tokens[i + 2]?.norm === "out";
	if (verb === "sort" && tokens[i + 1]?.kind !== "word" && tokens[i + 1]?.kind !== "path") return true;
	// "fill in the blanks" writes; "fill me in", "point me at the lines" tell.
	if ((verb === "fill" || verb === "point") && isWord(tokens, i + 1, ["me", "us", "them", "him", "her", "you"]))
		return false;
	// "point at the lines": to indicate, with nothing pointed.
	if (verb === "point" && isWord(tokens, i + 1, ["at", "to", "out"])) return false;
	// "get the Dockerfile onto node 22" moves a thing; "get into the details" does not.
	const from = verb === "get" && !isWord(tokens, i + 1, ["rid"]) ? i + 2 : i + 1;
	for (let k = from; k < Math.min(tokens.length, i + 8); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (particles.includes(t.norm)) return true;
	}
	return false;
}

/**
 * "run `godot --editor --quit` once so the import cache gets rebuilt": the run's purpose, said
 * after it, is a change (a participle of one after "gets"/"is", within the clause).
 */
function runFor(tokens: readonly Token[], from: number): boolean {
	// "run `gatsby build` with `graphqlTypegen` enabled so …": a few words of how may come first.
	const so = tokens.findIndex((t, k) => k >= from && k < from + 6 && t.norm === "so");
	if (so < 0) return false;
	return tokens.slice(so + 1, so + 10).some((t, k, all) => {
		// "… so the import cache gets rebuilt", "… so the file regenerates": the change the run is for.
		const passive = ["gets", "get", "is", "are"].includes(all[k - 1]?.norm ?? "") && changeParticiple(t.norm);
		return passive || (/[^s]s$/.test(t.norm) && changeForm(t.norm));
	});
}

/** "run `git push`", "run the migration", "run prettier --write". */
function runs(tokens: readonly Token[], i: number): boolean {
	const next = tokens[i + 1];
	if (next?.kind === "code") return changingShell(next.norm) || runFor(tokens, i + 2);
	const words = tokens
		.slice(i + 1, i + 6)
		.filter((t) => t.kind === "word")
		.map((t) => t.norm);
	if (commandWords(words)) return true;
	// "the migration status check": a check of the thing, not the thing run.
	const checked = words.slice(0, 4).some((w) => ["check", "status", "dry-run", "plan"].includes(w));
	if (checked && !words.some((w) => w === "--write" || w === "--fix")) return false;
	return words.slice(0, 3).some((w) => RUN_OBJECTS.has(w)) || words.some((w) => w === "--write" || w === "--fix");
}

/** Verbs that, with a particle, make prose of a prose object: "pull together", "write up", "jot down". */
const PROSE_MAKERS_PHRASAL = new Set(["pull", "put", "write", "jot", "draw", "knock", "whip"]);

/** "see it through", "see the API versioning work through": "through" closing the object, before any punctuation. */
function seenThrough(tokens: readonly Token[], head: number): boolean {
	// "see if the request goes through", "see how far it gets through": what is seen, not work finished.
	if (isWord(tokens, head + 1, SEEN_ASKED)) return false;
	for (let k = head + 2; k < Math.min(tokens.length, head + 8); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (t.norm === "through") return true;
	}
	return false;
}
const SEEN_ASKED = new Set(["if", "whether", "how", "what", "why", "where", "which", "who", "when"]);

/** The head of a directive, when it orders a change. */
function headOrder(c: Clause): Hit[] {
	const { tokens, head } = c;
	const t = tokens[head];
	if (c.mood !== "directive" || !t || t.kind !== "word" || listTail(c)) return [];
	const resumed = resumeOrder(c);
	if (resumed.length > 0) return resumed;
	// "Return a list of users from the endpoint": what code returns, though "a list" shapes answers too.
	if (returnsFromCode(tokens, head)) return [order(tokens, head, "change-verb")];
	// "do a `dbt run --full-refresh`", "trigger a `terraform apply`": a run named as the object of doing.
	const done = ["do", "perform", "trigger"].includes(t.norm) && isWord(tokens, head + 1, ["a", "an"]);
	if (done && tokens[head + 2]?.kind === "code" && changingShell((tokens[head + 2] as Token).norm))
		return [order(tokens, head, "run-command")];
	// "We must have a memory leak somewhere": a guess about the code, not a duty.
	if (verbIdiomAt(tokens, head) > 0 || shapesAnswer(c) || guessedMust(tokens, head - 1)) return [];
	const v = t.norm;
	const words = tokens.slice(head).map((x) => x.norm);
	if (commandWords(words)) return [order(tokens, head, "command")];
	if (RUN_VERBS.has(v) && runs(tokens, head)) return [order(tokens, head, "run-command")];
	if (CHANGE_VERBS.has(v) && !incomplete(tokens, head, v) && !aboutTheAnswer(tokens, head)) {
		return [order(tokens, head, "change-verb")];
	}
	// "Pull together the pros and cons we discussed": prose made, as "put together a summary" is.
	const proseMade =
		PROSE_MAKERS_PHRASAL.has(v) && (objectOf(tokens, head, "code") === "prose" || asksAnswer(tokens, head));
	if (phrasal(tokens, head, v) && !proseMade && !turnedIntoProse(tokens, head))
		return [order(tokens, head, "change-verb")];
	if (c.addressed && framedOrder(c)) return [order(tokens, head, "change-verb")];
	const prose = objectOf(tokens, head, "prose") === "prose" || comparedAgainst(tokens, head);
	if (CHANGE_UNLESS_PROSE.has(v) && !prose && !incomplete(tokens, head, v)) {
		return [order(tokens, head, "change-verb")];
	}
	if (PROSE_UNLESS_CODE.has(v) && objectOf(tokens, head, "code") === "code")
		return [order(tokens, head, "change-verb")];
	if ((v === "give" || v === "teach") && gives(tokens, head)) return [order(tokens, head, "change-verb")];
	// "… by moving the cluster": the change as the means; not "compare what they'd gain by moving it" (asked).
	const byGerund = (w: string) => changeGerund(w) || ["giving", "making", "passing", "wrapping"].includes(w);
	const by = tokens.findIndex((x, k) => k > head && x.norm === "by" && byGerund(tokens[k + 1]?.norm ?? ""));
	if (by > 0 && !tokens.slice(head, by).some((x) => WH.has(x.norm))) return [order(tokens, by + 1, "change-verb")];
	const edit = editOrder(c);
	if (edit.length > 0) return edit;
	const placed = placeOrder(c);
	if (placed.length > 0) return placed;
	const read =
		proseNamed(tokens, head) ||
		askedCheckRun(c, head) ||
		answerReturned(tokens, head) ||
		longestAt(tokens, head, READ_PHRASES) > 0;
	if (!imperativeVerb(v) && unknownVerb(tokens, head) && !read) return [order(tokens, head, "unknown-verb")];
	// "see it through", "see the migration through": finish work in flight.
	if (v === "see" && seenThrough(tokens, head) && !c.sentence.question) {
		return [order(tokens, head, "continue-work")];
	}
	const whole = c.closer === "" || c.closer === "." || c.closer === ",";
	if (CONTINUE_VERBS.has(v) && c.closer !== ":" && continues(tokens, head, v, whole)) {
		return [order(tokens, head, "continue-work")];
	}
	return [];
}

/** Every file-changing order in a clause. Questions and conditions order nothing, but for a result asked for. */
export function changeHits(c: Clause, previous?: Clause): Hit[] {
	// "… and if so run `helm rollback …`": the order after a condition already said.
	const ordered = orderAfterIfSo(c);
	if (ordered) return changeHits(ordered);
	// "…, which needs sorting before Sunday": a relative states the need of the thing before it.
	if (c.mood === "subordinate") return c.tokens[0]?.norm === "which" ? statedNeed(c) : [];
	// "Do you reckon it's worth switching the project to Rust?": whether a course is worth it, asked;
	// "Why does the model use Decimal but then convert to float?": the question's predicate going on.
	const goesOn =
		previous?.mood === "question" && ["then", "but", "and", "or"].includes(previous.closer) && !c.addressed;
	const worth = isWord(c.tokens, c.head - 1, ["worth"]);
	if (c.inQuestion || (c.sentence.question && (worth || goesOn))) return resultAsked(c);
	// "Check the macro, then `dbt run -s x+`", "…, `kubectl patch` it over to …": a command that writes, ordered.
	const verbal =
		c.tokens[0]?.kind === "code" &&
		isWord(c.tokens, 1, ["it", "them", "that", "this", "the", "those", "between", "against", "across"]);
	const code =
		c.tokens[0]?.norm === "then" ? c.tokens[1] : previous?.closer === "then" || verbal ? c.tokens[0] : undefined;
	if (code?.kind === "code" && changingShell(code.norm)) return blockHit(code);
	// "Prepare an overview: direct dependencies, their sizes, …": an item of the answer, not an unknown order.
	const item = answerItem(c) || groundsAnswer(c.tokens, c.head);
	// "It's bcrypt with cost 10, set up years ago.": a participle dated in the past describes.
	const dated =
		c.tokens.slice(c.head + 1, c.head + 5).some((t) => t.norm === "ago") &&
		!isWord(c.tokens, c.head + 1, ["the", "a", "an"]);
	if (dated) return [...statedNeed(c), ...neededValue(c)];
	// "(commit `4be1f0c` on this branch)": a name in brackets orders nothing.
	const head =
		ordersNothing(c) || namedInBrackets(c) || headNamesThing(c) || qualifiesMeasure(c.tokens, c.head)
			? []
			: headOrder(c).filter((h) => h.rule !== "unknown-verb" || !item);
	// "make sure it copes with apostrophes": behaviour ensured, which is a change if it does not hold.
	const ensured = isWord(c.tokens, c.head, ["make"]) && isWord(c.tokens, c.head + 1, ["sure"]);
	const ensure =
		ensured && c.mood === "directive" && ensures(c.tokens, c.head + 2) ? [order(c.tokens, c.head, "ensure")] : [];
	const next = nextStep(c.tokens);
	const upNext = next > 0 && c.mood !== "directive" ? [order(c.tokens, next, "continue-work")] : [];
	return [
		...head,
		...ensure,
		...upNext,
		...sameWork(c),
		...statedNeed(c),
		...neededValue(c),
		...fileShould(c, previous),
	];
}

/** Work applied over again: "the same treatment", "the same fix". */
const SAME_WORK = new Set(["treatment", "fix", "fixes", "change", "changes", "edit", "edits", "rename", "migration"]);

/**
 * "Same treatment for those three", "the same fix for `b.ts`": a clause that opens on work done again
 * and names what it is for carries that work on; "the same happens in …" or "do the same" do not.
 */
function sameWork(c: Clause): Hit[] {
	const t = c.tokens;
	const at = isWord(t, 0, ["the"]) ? 1 : 0;
	if (c.mood === "directive" || !isWord(t, at, ["same"]) || !isWord(t, at + 1, [...SAME_WORK])) return [];
	// "The same change in `b.ts` broke it": a verb after it states what the work did.
	const stated = t.slice(at + 2).some((x) => x.kind === "word" && (pastTense(x.norm) || /[^s]s$/.test(x.norm)));
	return isWord(t, at + 2, ["for", "on"]) && !stated ? [order(t, at, "continue")] : [];
}
