/**
 * The items of an answer listed after a colon: "Prepare a quick overview of the dependency tree:
 * direct dependencies, their sizes, and the heaviest transitive ones", "Inventory the queues: name,
 * consumer, and retry policy". A word of the act lexicon or an unknown word heading such an item
 * with a bare noun after it ("direct dependencies", "retry policy") is an adjective of the item,
 * not an order, when the sentence before the colon asks for an answer (a verb of reading, or a
 * verb of making with prose for its object) and the items are a list. Not "Fix the build: backfill
 * tests, …" (a change before the colon) nor "…: backfill the tests, …" (an object's start after the
 * word). Pure.
 */
import { norm } from "./described.ts";
import { objectOf } from "./hits.ts";
import { PROSE_MAKERS } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { LOOK_VERBS } from "./verbs.ts";
import { set } from "./words.ts";

/** Words that open an object, after which the word before is a verb again: "backfill the tests". */
const OBJECT_START = set("the a an each every all it them this that these those its their our your my any some");

const LEADS_LIST = new Set([":", "—", "–", "--"]);
const DOING = set("do run perform give");
const REVIEWS = set("review audit pass check inspection survey walkthrough");

/** Whether the sentence of `c`, before a colon that precedes `c`, asks for an answer, and lists after it. */
function answerLead(c: Clause): boolean {
	const all = c.sentence.tokens;
	const start = all.indexOf(c.tokens[0] as Token);
	// "… describe the pipeline end to end — source files, plugins, …": a dash leads a list as a colon does.
	const colon = all.findLastIndex((t, k) => k < start && LEADS_LIST.has(t.text));
	if (colon < 0 || !all.slice(colon + 1).some((t) => t.text === ",")) return false;
	const lead: Token[] = all.slice(0, colon);
	const head = lead.findIndex((t) => t.kind === "word" && t.norm !== "please");
	const verb = norm(lead[head]);
	if (head < 0 || lead.some((t) => t.text === ";" || t.text === ".")) return false;
	// "Do an accessibility review of `Features/`: …": a look named as what is done.
	const reviewDone = DOING.has(verb) && lead.slice(head + 1, head + 5).some((t) => REVIEWS.has(t.norm));
	return LOOK_VERBS.has(verb) || reviewDone || (PROSE_MAKERS.has(verb) && objectOf(lead, head, "code") === "prose");
}

/** Whether the word at `at` (the head by default) of clause `c` heads an item of an answer listed after a colon. */
export function answerItem(c: Clause, at = c.head): boolean {
	const next = c.tokens[at + 1];
	if (next?.kind !== "word" || OBJECT_START.has(next.norm)) return false;
	return answerLead(c);
}

/**
 * "(branch `perf/cache-v2`)", "(feat/idempotency-keys)", "(commit a1b2c3d)": a name in brackets,
 * with at most a word for its kind, names a thing and orders nothing. Not "(and fix `parse` while
 * you're there)", which has more words than a kind.
 */
export function namedInBrackets(c: Clause): boolean {
	const all = c.sentence.tokens;
	const start = all.indexOf(c.tokens[0] as Token);
	// "(branch `feat/x`, files under `gateway/`)": the first of several names in brackets too.
	if (all[start - 1]?.text !== "(" || (c.closer !== ")" && c.closer !== ",")) return false;
	const named = c.tokens.some((t) => t.kind === "code" || t.kind === "path");
	// "(commit `4be1f0c` on this branch)": a kind and its name open the brackets; the rest places it.
	const [kind, name] = c.tokens;
	const ref =
		name !== undefined && (name.kind === "number" || (name.kind === "code" && /^[0-9a-f]{6,40}$/.test(name.norm)));
	if (kind?.kind === "word" && (KINDS.has(kind.norm) || REF_KINDS.has(kind.norm)) && ref) return true;
	// "feat/idempotency-keys": a word joined to the path after it is part of the name.
	const joined = (k: number) => c.tokens[k + 1]?.start === c.tokens[k]?.end;
	const words = c.tokens.filter((t, k) => t.kind === "word" && !joined(k));
	return named && words.length <= 1 && words.every((t) => KINDS.has(t.norm));
}

/** Kinds whose name is a hash or a number: "(commit `4be1f0c` …)", "(build 4411)"; "(commit src/a.ts)" orders. */
const REF_KINDS = set("commit tag build release run");
/** Words that say what kind of thing a name in brackets is. */
const KINDS = set("branch pr issue ticket job version see cf ref sha hash on in from");

/** Labels that name what follows as a choice to weigh: "decision:", "question:", "options:". */
const CHOICE_LABELS = set("decision question choice options option dilemma debate tradeoff trade-off open");

/**
 * "- decision: keep Jest or move to Vitest": alternatives joined by "or" after a label that names
 * them a choice are weighed, not ordered. Not "- todo: keep Jest or move to Vitest" (a label of
 * work) nor "decision: move to Vitest" (one course, decided).
 */
export function choiceLabelled(c: Clause): boolean {
	const all = c.sentence.tokens;
	const colon = all.findIndex((t) => t.text === ":");
	const label = all.slice(0, Math.max(0, colon)).filter((t) => t.kind === "word");
	if (colon < 0 || label.length !== 1 || !CHOICE_LABELS.has(label[0]?.norm ?? "")) return false;
	const after = all.slice(colon + 1);
	return after.includes(c.tokens[0] as Token) && after.some((t) => t.norm === "or");
}

/**
 * "What does `satisfies` do on line 42, and why not a plain annotation?": "why not" and a noun, no
 * verb, after a question in the same sentence, asks why the code chose as it did. "Why not add a
 * plain annotation?" still suggests an act.
 */
export function choiceAsked(c: Clause): boolean {
	const at = c.tokens.findIndex((t, k) => norm(t) === "why" && norm(c.tokens[k + 1]) === "not");
	const after = norm(c.tokens[at + 2]);
	const before = c.sentence.tokens.indexOf(c.tokens[0] as Token) > 0;
	return at >= 0 && before && ["a", "an", "the", "just"].includes(after);
}

/** A clause whose words name, weigh or ask about a thing, and head no order: see the three readers above. */
export const ordersNothing = (c: Clause) => namedInBrackets(c) || choiceLabelled(c) || choiceAsked(c);
