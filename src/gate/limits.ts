/**
 * Limits a brief can state anywhere in a clause, not only at its head: "without touching …", "no
 * commits", "src/api must not change", "the schema stays unchanged", "X is off-limits", "read-only".
 * Each skips the parts of a clause that report or embed ("the README says X is forbidden", "explain
 * why we shipped without touching it"): there the limit is talked about, not laid down.
 */

import { doubtedState } from "./doubted.ts";
import { embedded, type Hit, hit, isWord, pathHits, pathText, quoteEnd } from "./hits.ts";
import { notYet, sinceThen } from "./not-yet.ts";
import { longestAt, phraseAt } from "./phrases.ts";
import { storedAt } from "./stored.ts";
import type { Clause, PathSense, Token } from "./types.ts";
import { changeForm, changeGerund, changeParticiple, imperativeVerb, pastTense } from "./verbs.ts";
import { ABSOLUTE_PROHIBITIONS, FORBIDDEN_WORDS } from "./verdicts.ts";
import { keptAt } from "./wishes.ts";
import { NO_OBJECTS, WITHOUT_ACTIONS } from "./words.ts";
import { nobodyKnows, writersState } from "./writers-state.ts";

/** Whether the clause talks about changing things (so the paths it names are a write boundary). */
export const mentionsChange = (tokens: readonly Token[], from: number) =>
	tokens.slice(from).some((t) => t.kind === "word" && changeForm(t.norm));

/** Paths in a prohibition: "outside"/"except" a path names what may change, otherwise what must stay. */
export function keepPaths(tokens: readonly Token[], from: number, rule: string): Hit[] {
	if (!mentionsChange(tokens, from)) return [];
	const sense = (i: number): PathSense =>
		tokens.slice(from, i).some((t) => ["outside", "beyond", "except", "but"].includes(t.norm)) ? "change" : "keep";
	return pathHits(tokens, from, sense, rule);
}

const NOTHING_VERBS = new Set(["gets", "get", "should", "may", "must", "is", "will", "can", "shall"]);
const MODALS = new Set("must should may can shall will cannot can't mustn't shouldn't won't".split(" "));
const NEGATED_MODALS = new Set(["cannot", "can't", "mustn't", "shouldn't", "won't"]);
/** States a thing is to keep: "must stay unchanged", "must survive this unscathed", "must come through intact". */
const STAY_VERBS = new Set("stay stays remain remains be is are survive survives come comes emerge".split(" "));
const NEED_TO = new Set(["need", "needs", "has", "have", "ought", "got"]);
const STAY_TAILS = new Set([
	"unchanged",
	"untouched",
	"intact",
	"frozen",
	"stable",
	"unmodified",
	"read-only",
	"as-is",
	"alone",
	"unscathed",
	"undisturbed",
	"unharmed",
]);
const SAME = new Set(["same", "identical", "untouched", "unchanged", "pristine"]);
const READ_ONLY_BEFORE = new Set([
	"stay",
	"remain",
	"keep",
	"strictly",
	"purely",
	"completely",
	"entirely",
	"be",
	"as",
	"were",
]);
const READ_ONLY_AFTER = new Set([
	"task",
	"job",
	"investigation",
	"exploration",
	"pass",
	"look",
	"review",
	"analysis",
	"please",
	"only",
	"access",
]);
const NO_BEFORE = new Set(
	"is are was were be been has have had there there's with of shows showed found saw lists".split(" "),
);
const NO_AFTER = new Set(["were", "was", "are", "is", "have", "has", "had", "yet", "since", "so"]);

/** A subject followed by a past tense before `i`: "we shipped without touching" reports, it does not order. */
function reported(tokens: readonly Token[], from: number, i: number): boolean {
	for (let k = from; k < i - 1; k++) {
		if (isWord(tokens, k, ["we", "they", "i", "he", "she", "you"]) && tokens[k + 1] && pastTense(tokens[k + 1]!.norm))
			return true;
	}
	return false;
}

/** "without touching", "without any changes". */
export function without(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		if (!isWord(tokens, i, ["without"]) || !isWord(tokens, i + 1, WITHOUT_ACTIONS)) continue;
		const next = tokens[i + 1] as Token;
		if ((next.norm === "any" || next.norm === "a") && !isWord(tokens, i + 2, NO_OBJECTS)) continue;
		// "… whether the type errors could explain jobs failing without any trace": part of what is asked.
		if (reported(tokens, head, i) || (c.mood !== "directive" && embedded(tokens, head, i))) continue;
		out.push(hit("prohibition", "without", tokens[i] as Token, quoteEnd(tokens, i, next.norm === "any" ? 3 : 2)));
		out.push(...keepPaths(tokens, i, "without"));
	}
	return out;
}

const PASSIVE_MODALS = new Set(["should", "must", "may", "can", "shall", "will", "is", "are"]);

/** "nothing in test/fixtures should be changed", "no file under dist/ is to be rewritten": a modal passive. */
function modalPassive(tokens: readonly Token[], i: number): boolean {
	if (!isWord(tokens, i, ["nothing", "no"])) return false;
	for (let k = i + 1; k < Math.min(tokens.length, i + 8); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (!PASSIVE_MODALS.has(t.norm)) continue;
		const be = isWord(tokens, k + 1, ["be"])
			? k + 1
			: isWord(tokens, k + 1, ["to"]) && isWord(tokens, k + 2, ["be"])
				? k + 2
				: -1;
		if (be < 0 || (["is", "are"].includes(t.norm) && be !== k + 2)) return false;
		return changeParticiple(tokens[be + 1]?.norm ?? "");
	}
	return false;
}

/** "nobody is to push", "no one may merge": a rule on everyone. */
function nobodyMay(tokens: readonly Token[], i: number): boolean {
	const one = isWord(tokens, i, ["no"]) && isWord(tokens, i + 1, ["one"]);
	const n = isWord(tokens, i, ["nobody", "no-one"]) ? 1 : one ? 2 : 0;
	if (n === 0) return false;
	const to = isWord(tokens, i + n, ["is"]) && isWord(tokens, i + n + 1, ["to"]) ? i + n + 2 : -1;
	const at = to > 0 ? to : isWord(tokens, i + n, ["may", "must", "should", "can", "shall", "gets"]) ? i + n + 1 : -1;
	// "no one should be modifying …".
	const verb = tokens[isWord(tokens, at, ["be", "ever", "really"]) ? at + 1 : at];
	return verb?.kind === "word" && (changeForm(verb.norm) || imperativeVerb(verb.norm)) && !nobodyKnows(tokens, i);
}

/** "Nothing gets run against prod": a run forbidden as a change is. */
const RUN = new Set(["run", "executed", "invoked", "triggered"]);
/** "nothing destructive", "nothing irreversible". */
const DANGERS = new Set(["destructive", "irreversible", "risky", "permanent", "dangerous", "drastic"]);
const ARRIVALS = new Set(["end", "land", "make", "get", "go", "reach", "leave"]);

/** "nothing you do should end up in git history", "nothing may land on main". */
function arrives(tokens: readonly Token[], i: number): boolean {
	// "nothing lands on main", "nothing goes to prod": the present lays it down too.
	const present = isWord(tokens, i + 1, ["lands", "goes", "gets", "reaches", "ends"]);
	if (present && isWord(tokens, i + 2, ["on", "in", "to", "into", "up"]) && !isWord(tokens, i + 3, ["plan", "waste"]))
		return true;
	const m = tokens.slice(i + 1, i + 6).findIndex((t) => MODALS.has(t.norm));
	return m >= 0 && isWord(tokens, i + m + 2, ARRIVALS);
}

/** "no commits", "make no changes", "no new files" — not "there are no changes". */
export function noAction(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		if (nobodyMay(tokens, i) && !embedded(tokens, head, i))
			out.push(hit("prohibition", "no-action", tokens[i] as Token, quoteEnd(tokens, i, 4)));
		if (!isWord(tokens, i, ["no", "nor", "nothing", "zero"])) continue;
		const object = tokens[i + 1]?.kind === "word" ? (tokens[i + 1] as Token).norm : "";
		// "no commits", "no rewriting", "no files change", "nothing gets installed".
		const nothing = (tokens[i] as Token).norm === "nothing";
		const files = ["files", "file", "code"].includes(object) && changeForm(tokens[i + 2]?.norm ?? "");
		// "nothing gets installed", "nothing should be deleted" — not "nothing was changed".
		const passive =
			(nothing &&
				NOTHING_VERBS.has(object) &&
				tokens.slice(i + 2, i + 4).some((t) => changeParticiple(t.norm) || RUN.has(t.norm))) ||
			modalPassive(tokens, i) ||
			(nothing && arrives(tokens, i)) ||
			(nothing && DANGERS.has(object)) ||
			// "nothing should change", "nothing may be touched".
			(nothing && MODALS.has(object) && changeForm(tokens[i + 2]?.norm ?? "")) ||
			(nothing && storedAt(tokens, i + 1));
		// "no commits", "no dependency upgrades": the object, or the noun after one word of it.
		const second = tokens[i + 2]?.kind === "word" ? (tokens[i + 2] as Token).norm : "";
		const pair = (NO_OBJECTS.has(second) || changeForm(second)) && !isWord(tokens, i + 3, NO_AFTER);
		// "no merges", "no rebases": a plural of a change verb.
		const plural = object.endsWith("s") && changeForm(object);
		const named = !nothing && (NO_OBJECTS.has(object) || changeGerund(object) || pair || plural);
		if (!files && !passive && !named) continue;
		// "there are no changes" describes; "there should be no changes" lays down.
		// "there's to be no rebasing": "is to be" lays down as a modal does.
		const laid =
			(isWord(tokens, i - 1, ["be"]) && (isWord(tokens, i - 2, MODALS) || isWord(tokens, i - 2, ["to"]))) ||
			(isWord(tokens, i - 1, ["have"]) && isWord(tokens, i - 2, ["let's", "us"]));
		const skip = (isWord(tokens, i - 1, NO_BEFORE) && !laid) || isWord(tokens, i + 2, NO_AFTER);
		if (skip || sinceThen(tokens, i, laid) || embedded(tokens, head, i) || notYet(tokens, i)) continue;
		out.push(hit("prohibition", "no-action", tokens[i] as Token, quoteEnd(tokens, i, files || passive ? 4 : 2)));
	}
	return out;
}

/** "src/api must not change", "the schema should stay unchanged", "X is off-limits", "hands off". */
export function constraints(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		if (t.kind !== "word") continue;
		const absolute = longestAt(tokens, i, ABSOLUTE_PROHIBITIONS);
		// "nothing is set in stone yet" denies the verdict.
		// "(not allowed in MV3 outside enterprise installs)": a verdict in brackets, on the thing before them.
		const bracketed = c.closer === ")" && i === head && !tokens.some((x) => x.norm === "you" || x.norm === "to");
		const denied =
			bracketed || embedded(tokens, head, i) || isWord(tokens, i - 1, ["nothing", "nothing's", "nobody", "hardly"]);
		const forbidden = absolute || (denied ? 0 : longestAt(tokens, i, FORBIDDEN_WORDS));
		if (forbidden > 0) {
			out.push(hit("prohibition", "forbidden", t, tokens[i + forbidden - 1] as Token));
			out.push(...pathHits(tokens, head, () => "keep", "forbidden"));
			continue;
		}
		if (i === head || c.mood === "directive" || embedded(tokens, head, i)) continue;
		// "test/golden remains untouched": a file named as the subject of a keep-state.
		const named = tokens[i - 1] !== undefined && pathText(tokens[i - 1] as Token) !== undefined;
		// "the lockfile is staying put": a plan for the thing, not a description of it.
		const planned = isWord(tokens, i, ["is", "are"]) && isWord(tokens, i + 1, ["staying", "remaining"]);
		// "the lockfile stays put", "the API remains as it is": a present state laid down.
		const stays = isWord(tokens, i, ["stays", "remains", "stay", "remain"]);
		const kept = named || planned || stays ? keptAt(tokens, planned ? i + 1 : i) : undefined;
		// "I can't find the build step anywhere": the writer's own state.
		const end = writersState(tokens, i) ? undefined : (notToBe(tokens, i) ?? modalLimit(tokens, i) ?? kept);
		if (end)
			out.push(
				hit("prohibition", "constraint", t, end),
				...pathHits(tokens.slice(0, i), head, () => "keep", "constraint"),
			);
	}
	return out;
}

/** "are not to be read or edited": an order in the passive, whatever the verb. */
function notToBe(tokens: readonly Token[], i: number): Token | undefined {
	// "the endpoint isn't to be hit", "aren't to be touched": the negation contracted into "is".
	const contracted = ["isn't", "aren't"].includes(tokens[i]?.norm ?? "") && isWord(tokens, i + 1, ["to"]);
	if (phraseAt(tokens, i, ["not", "to", "be"]) === 0 && !(contracted && isWord(tokens, i + 2, ["be"])))
		return undefined;
	const verb = tokens[i + 3];
	if (verb?.kind !== "word") return undefined;
	const used = ["hit", "run", "called", "used", "queried", "contacted", "pinged", "touched"].includes(verb.norm);
	return changeForm(verb.norm) || pastTense(verb.norm) || imperativeVerb(verb.norm) || used ? verb : undefined;
}

/** "must not change", "should stay unchanged", "needs to stay exactly as it is", "has to remain intact". */
/** "The graph may not allow a clean cut": "may not" before no change says what may be so. */
const mayNotDo = (tokens: readonly Token[], at: number) =>
	isWord(tokens, at, ["may", "might"]) &&
	isWord(tokens, at + 1, ["not"]) &&
	!isWord(tokens, at + 2, ["be", "get", "stay", "remain"]) &&
	!changeForm(tokens[at + 2]?.norm ?? "be");

function modalLimit(tokens: readonly Token[], i: number): Token | undefined {
	const t = tokens[i] as Token;
	// "needs to stay", and "is to stay": an order in the passive.
	const need = (NEED_TO.has(t.norm) || t.norm === "is" || t.norm === "are") && isWord(tokens, i + 1, ["to"]);
	if (!MODALS.has(t.norm) && !need) return undefined;
	const at = need ? i + 1 : i;
	const window = tokens.slice(at + 1, at + 5);
	const negated = NEGATED_MODALS.has(t.norm) || isWord(tokens, at + 1, ["not", "never"]);
	const change = window.find((w) => w.kind === "word" && changeForm(w.norm));
	if (negated && change && !mayNotDo(tokens, at)) return change;
	// "the repo should look exactly the same afterwards".
	if (isWord(tokens, at + 1, ["look", "looks"])) return window.find((w) => SAME.has(w.norm));
	if (isWord(tokens, at + 1, STAY_VERBS)) return window.find((w) => STAY_TAILS.has(w.norm)) ?? keptAt(tokens, at + 1);
	return undefined;
}

/** The work itself said to be read-only: "This is read-only:", "the task is read-only", "this job's read-only". */
function workIs(tokens: readonly Token[], i: number): boolean {
	const be = i - 1;
	if (!isWord(tokens, be, ["is", "'s"])) return false;
	const subject = tokens[be - 1];
	const work = isWord(tokens, be - 1, READ_ONLY_AFTER) && isWord(tokens, be - 2, ["this", "the", "your"]);
	return work || (be - 1 === 0 && isWord(tokens, be - 1, ["this"]) && subject !== undefined);
}

/** "read-only" as an order ("Read-only.", "stay read-only", "a read-only task"), not a property of code. */
export function readOnly(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		const joined = t.norm === "read-only" || t.norm === "readonly";
		const last = i + 2 >= tokens.length || tokens[i + 2]?.kind === "punct";
		const spaced = t.norm === "read" && isWord(tokens, i + 1, ["only"]) && (i === head || last);
		if ((!joined && !spaced) || embedded(tokens, head, i) || doubtedState(tokens, i, c.sentence.tokens)) continue;
		const end = spaced ? (tokens[i + 1] as Token) : t;
		const alone = tokens.slice(head).filter((x) => x.kind === "word").length <= (spaced ? 3 : 2);
		const before = isWord(tokens, i - 1, READ_ONLY_BEFORE);
		const after = isWord(tokens, spaced ? i + 2 : i + 1, READ_ONLY_AFTER);
		if ((i === head && alone) || before || after || (i === head && c.mood === "fragment") || workIs(tokens, i)) {
			out.push(hit("prohibition", "read-only", t, end));
		}
	}
	return out;
}
