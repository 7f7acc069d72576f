/**
 * The allow-list's reading of orders and conditions (allow.ts): an order is read-only when its verb
 * asks only to understand, names an answer, or shapes the answer without limiting it; a condition
 * unless it asks the child to act ("if you could add a test").
 */
import { DESCRIBED_AFTER_NEGATIVE, RUNS } from "./act-words.ts";
import { ANSWER_NOUNS } from "./allow-words.ts";
import { longestAt } from "./clauses.ts";
import { embeddedAt, norm } from "./described.ts";
import { guessedMust } from "./guesses.ts";
import { objectOf, pathText } from "./hits.ts";
import {
	actVerb,
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
import type { Clause, Token } from "./types.ts";
import { IDLE_AFTER_YOU, READ_LIMITS, RECORDING, RECORDING_IN, RULE_STATES, YOU_MODALS } from "./wish-words.ts";
import { set } from "./words.ts";
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

/** An order: read-only when its verb asks only to understand, or when it makes prose for the answer. */
export function readOrder(c: Clause): Reading {
	const { tokens, head } = c;
	if (head >= tokens.length) return no("unread-order", 0);
	if (asksAnswer(tokens, head) || readingCommand(tokens, head)) return ok("understanding");
	// "We must have a memory leak somewhere": a guess about the code, the context of a question.
	if (guessedMust(tokens, head - 1)) return ok("context");
	// "Help me make sense of …", "use the numbers above to tell me …": a means to an answer.
	const helped = norm(tokens[head]) === "help" && ["me", "us"].includes(norm(tokens[head + 1]));
	if (helped && asksAnswer(tokens, head + 2)) return ok("understanding");
	if (purposeAsks(tokens, head)) return ok("understanding");
	// "Can you help?": help with what the brief asked.
	if (norm(tokens[head]) === "help" && !tokens.slice(head + 1).some((t) => t.kind === "word")) {
		return ok("understanding");
	}
	// "Would you consider the cache a good design?": the frame's own verb asks.
	if (readVerb(norm(tokens[head - 1])) && !norm(tokens[head]).endsWith("ing")) return ok("understanding");
	// "Do you mind if I ask how …": a condition after the frame.
	if (norm(tokens[head]) === "if") return readCondition(c);
	// "Draft a commit message", "slap together a quick summary": prose is an answer.
	if (PROSE_MAKERS.has(norm(tokens[head])) && objectOf(tokens, head, "code") === "prose") return ok("answer");
	// "No changes were made to the lockfile": a negative subject described, not a rule.
	const negative = ["no", "nothing", "none"].includes(norm(tokens[head]));
	if (negative && tokens.slice(head + 1, head + 4).some((t) => DESCRIBED_AFTER_NEGATIVE.has(norm(t)))) {
		return ok("context");
	}
	// "Use our bench numbers": data to answer from.
	const data = tokens.slice(head + 1).filter((t) => t.kind === "word");
	const drawn = data.some((t) => DATA.has(t.norm) || ANSWER_NOUNS.has(t.norm));
	if (norm(tokens[head]) === "use" && data.length <= 10 && drawn) return ok("understanding");
	// "Feel free to be blunt": the answer's tone.
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
		if (!SELF.has(w) && actVerb(verb) && !IDLE_AFTER_YOU.has(verb)) return no("unread-request", at);
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
	if (norm(tokens[first]) === "use" && placed) return no("unread-order", first);
	for (let i = first + 1; i < tokens.length; i++) {
		if (idiomAt(tokens, i) || embeddedAt(c, i)) continue;
		if (longestAt(tokens, i, READ_LIMITS) > 0) return no("unread-limit", i);
		if (longestAt(tokens, i, RULE_STATES) > 0) return no("unread-state", i);
		const verb = norm(tokens[first]);
		const into = ["into", "to"].includes(norm(tokens[i])) && RECORDING.has(verb);
		const inside = ["in", "under"].includes(norm(tokens[i])) && RECORDING_IN.has(verb);
		const path = tokens[i + 1] && pathText(tokens[i + 1] as Token) !== undefined;
		if ((into || inside) && path) return no("unread-record", first);
	}
	return ok("understanding");
}

/** Verbs that, heading a clause about the answer, limit it: "keep the answer short", "stick to the facts". */
export const LIMITING = set("keep stick limit restrict cap confine avoid stay");
export const NEGATIONS = set("don't dont never not no without");

/** A clause about the answer: read-only unless it limits it ("keep the answer short", "don't speculate in your reply"). */
export function limitsAnswer(c: Clause): Reading {
	const { tokens, head } = c;
	if (LIMITING.has(norm(tokens[head]))) return no("unread-limit", head);
	for (let i = 0; i < tokens.length; i++) {
		if (idiomAt(tokens, i) || embeddedAt(c, i)) continue;
		// A negation limits the answer where it heads the clause ("don't speculate …", "no jargon in …").
		const heading = NEGATIONS.has(norm(tokens[i])) && i <= head + 1;
		if (longestAt(tokens, i, READ_LIMITS) > 0 || heading) return no("unread-limit", i);
	}
	return ok("answer");
}
