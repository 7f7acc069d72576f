/**
 * Act words that name or describe rather than order, by where they stand in their clause — the
 * shapes a parent agent's context paragraphs are full of:
 *
 * - a thing named by its kind before its name: "a security review of commit `a3f9c21`", "since
 *   release 2.3";
 * - a participle describing the noun before it: "the three open PRs touching `pkg/scheduler/`",
 *   "the tests calling `parse`";
 * - a gerund that is its clause's subject: "Building the crate for arm64 fails at link time";
 * - items listed after a statement's colon: "we tried three things: bumping the timeout, pinning
 *   `websockets`, …";
 * - an act named as a noun at the end of a phrase: "what's missing for an exact resume.".
 *
 * Each is read by position only, so an order in the same words still reads as one: "Commit
 * `a3f9c21`", "Touch `pkg/scheduler/`", "Build the crate". Pure.
 */
import { actForm, DETERMINERS } from "./act-words.ts";
import { norm } from "./described.ts";
import { comparedAgainst } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";
import { set } from "./words.ts";

const PREPOSITIONS = set("of in since from at by for on after before against with into via");
/** Plurals that are no nouns: "is", "this", "us", "always". */
const NOT_PLURAL = set("is was has does this its us as yes thus plus always perhaps sometimes its ours yours");
/** Finite verbs a gerund subject goes on with: "Building the crate fails". */
const FINITE = set(`
	fails failed breaks broke takes took hangs hung crashes crashed errors errored throws threw produces
	produced returns returned causes caused leads led results resulted times timed triggers triggered
`);
const NAMING_DETERMINERS = set("a an the");
const MEASURES = set(
	"bandwidth latency throughput amplification speed speeds rate rates performance path paths access errors failures volume volumes time times phase stage period periods interval intervals",
);
const TOPICS = set(
	"idea ideas thought notion plan prospect cost costs risk risks benefit benefits point merits pros cons case",
);
const AFTER_NOUN = set("of for in on with to from at by");

const isName = (t: Token | undefined) =>
	t !== undefined && (t.kind === "code" || t.kind === "path" || t.kind === "number");

/** Verbs a named thing goes on with as a subject: "Commit `9f3c1ab` says …". */
const SAYING = set(
	"says said reads read shows showed claims claimed mentions adds added removed changed introduced is was",
);

/**
 * "a security review of commit `a3f9c21`": an act word between a preposition and a name is the
 * name's kind; so is one that heads its clause when the name goes on with a verb of its own:
 * "Commit `9f3c1ab` says …" (not "Commit `9f3c1ab` and push").
 */
const kindOfName = (tokens: readonly Token[], i: number) =>
	isName(tokens[i + 1]) && (PREPOSITIONS.has(norm(tokens[i - 1])) || (i === 0 && SAYING.has(norm(tokens[i + 2]))));

/**
 * "… and recovers on restart.", "for release builds", "instead of retrying": an act word after a
 * preposition that ends its phrase, or that qualifies a plural noun, or a gerund after "instead of",
 * names an act, it orders none.
 */
function afterPreposition(tokens: readonly Token[], i: number): boolean {
	const before = norm(tokens[i - 1]);
	if (before === "of" && norm(tokens[i - 2]) === "instead") return true;
	// "Per run I want …", "each build": a distributive's noun.
	if (before === "per" || before === "each") return true;
	// "the idea of dropping SQLite", "the cost of migrating": an act named as the topic of a noun.
	if (before === "of" && TOPICS.has(norm(tokens[i - 2]))) return true;
	if (!PREPOSITIONS.has(before)) return false;
	const next = tokens[i + 1];
	const plural = next?.kind === "word" && /[^s']s$/.test(next.norm) && next.norm.length > 3;
	return next === undefined || next.kind === "punct" || plural;
}

/** "the PRs touching `pkg/scheduler/`": an -ing form right after a plural noun describes it. */
function describesNoun(tokens: readonly Token[], i: number): boolean {
	const before = tokens[i - 1];
	if (!norm(tokens[i]).endsWith("ing") || before?.kind !== "word") return false;
	const plural = /[^s']s$/.test(before.norm) && before.norm.length > 3 && !NOT_PLURAL.has(before.norm);
	return plural || /^[A-Z]{2,}s$/.test(before.text);
}

/** The first word of a clause past a joining "and", "or", "then". */
const firstWord = (c: Clause) => c.tokens.findIndex((t) => t.kind === "word" && !JOINS.has(t.norm));
const JOINS = set("and or then also");

/**
 * "Building the crate for arm64 fails at link time": a gerund heading its clause, and a verb of
 * what happened after it. Not "… is what I'm after", where the gerund is the wish.
 */
function gerundSubject(c: Clause, i: number): boolean {
	if (i !== firstWord(c) || !norm(c.tokens[i]).endsWith("ing")) return false;
	return c.tokens.slice(i + 2).some((t) => t.kind === "word" && FINITE.has(t.norm));
}

/** "We tried three things: bumping the timeout, pinning …": gerunds listed after a statement's colon. */
function listedAfterStatement(c: Clause, i: number): boolean {
	if (!norm(c.tokens[i]).endsWith("ing") || firstWord(c) !== i) return false;
	const all = c.sentence.tokens;
	const start = all.indexOf(c.tokens[0] as Token);
	const colon = all.findLastIndex((t, k) => k < start && t.text === ":");
	if (colon < 0) return false;
	const lead = all.slice(0, colon).filter((t) => t.kind === "word");
	// The lead tells what was done ("we tried three things", "over the last hour the user and I tried …"), and orders nothing.
	const told = lead.some((t) => /[^e]ed$/.test(t.norm) || DONE.has(t.norm));
	return lead.length >= 2 && told && !imperativeVerb(lead[0]?.norm ?? "");
}
const DONE = set("did tried took ran saw made got had");

/** "for an exact resume.": an act word after an article and one word, ending its phrase, is a noun. */
function endsNounPhrase(tokens: readonly Token[], i: number): boolean {
	if (!NAMING_DETERMINERS.has(norm(tokens[i - 2])) || tokens[i - 1]?.kind !== "word") return false;
	const next = tokens[i + 1];
	return next === undefined || next.kind === "punct" || AFTER_NOUN.has(next.norm);
}

/** What a "run this:" order points at, which a label's noun never is. */
const POINTERS = set("this these that those the following it them");

/**
 * "- Run logs: `runs/…/metrics.jsonl`", "- Client release cadence: `docs/clients.md`": a short label
 * before a colon and a file names the evidence; its act word is part of a name. Not "Run this:".
 */
export function labelsEvidence(c: Clause, i: number): boolean {
	const words = c.tokens.filter((t) => t.kind === "word");
	if (c.closer !== ":" || words.length > 4 || POINTERS.has(norm(c.tokens[i + 1]))) return false;
	const all = c.sentence.tokens;
	const after = all[all.indexOf(c.tokens.at(-1) as Token) + 2];
	return after !== undefined && (after.kind === "code" || after.kind === "path");
}

const SUBJECT_PRONOUNS = set("we they i he she");

/**
 * "(today we drop the message and log)", "PR #812 changes the reconciler to delete and recreate the
 * set": an act with its subject before it, or the purpose of what a thing named does, is described.
 * Not "Change the reconciler to delete it" (an order opens the clause).
 */
function statedAct(c: Clause, i: number): boolean {
	// "upstream `stg_contacts` did change its handling": a past stated with "did" after its subject.
	if (SUBJECT_PRONOUNS.has(norm(c.tokens[i - 1])) || (i >= 2 && ["did", "does"].includes(norm(c.tokens[i - 1]))))
		return true;
	// "Files run 1–5M rows": a plural noun opening the clause is the act's subject.
	const subject = c.tokens[i - 1];
	if (i === 1 && subject?.kind === "word" && /[^s']s$/.test(subject.norm) && !imperativeVerb(subject.norm)) return true;
	// "… to delete and recreate …": the second act of the same purpose too.
	const to = norm(c.tokens[i - 1]) === "to" || (norm(c.tokens[i - 1]) === "and" && norm(c.tokens[i - 3]) === "to");
	if (!to) return false;
	const first = c.tokens.find((t) => t.kind === "word" || t.kind === "code");
	if (!first || (first.kind === "word" && imperativeVerb(first.norm))) return false;
	const third = (w: string) => /[^s]s$/.test(w) && (imperativeVerb(w.slice(0, -1)) || imperativeVerb(w.slice(0, -2)));
	return c.tokens.slice(1, i - 1).some((t) => t.kind === "word" && third(t.norm));
}

/** "bcrypt with cost 10, set up years ago": an act dated in the past describes; "revert the change from two days ago" orders. */
export function dated(tokens: readonly Token[], i: number): boolean {
	const ago = tokens.slice(i + 1, i + 5).findIndex((t) => t.norm === "ago");
	return ago >= 0 && !tokens.slice(i + 1, i + 1 + ago).some((t) => NAMING_DETERMINERS.has(norm(t)));
}

const BEING = set("is are was were been be keeps kept");

/** "Stripe is sending the event twice": an -ing form after "is", "was", "keeps" tells what happens. */
const progressive = (tokens: readonly Token[], i: number) =>
	norm(tokens[i]).endsWith("ing") && [1, 2].some((n) => BEING.has(norm(tokens[i - n])));

const FINITE_BE = set("is are was were");

/**
 * "Permission flags are set in `deploy/Dockerfile`", "the cache was reset at midnight": an act
 * after a finite "be" is a passive that tells what is so. Not after "be" ("should be set", "needs to
 * be reset"), which lays down, nor "is to reset" (handled as an order elsewhere).
 */
const passiveFact = (tokens: readonly Token[], i: number) =>
	i >= 2 && FINITE_BE.has(norm(tokens[i - 1])) && norm(tokens[i - 2]) !== "you";

/** Whether the act word at `i` of `c` names or describes, by where it stands. */
export function describedAct(c: Clause, i: number): boolean {
	const tokens = c.tokens;
	return (
		kindOfName(tokens, i) ||
		comparedAgainst(tokens, i) ||
		countedSubject(tokens, i) ||
		(i === 0 && headNamesThing(c)) ||
		progressive(tokens, i) ||
		passiveFact(tokens, i) ||
		dated(tokens, i) ||
		statedAct(c, i) ||
		afterPreposition(tokens, i) ||
		describesNoun(tokens, i) ||
		gerundSubject(c, i) ||
		listedAfterStatement(c, i) ||
		endsNounPhrase(tokens, i) ||
		labelsEvidence(c, i)
	);
}

/** "write bandwidth on the shared NFS", "read latency": an act word qualifying a measure. */
export const qualifiesMeasure = (tokens: readonly Token[], i: number) => MEASURES.has(norm(tokens[i + 1]));

/**
 * "Commit `9f3c1ab` says …": a clause headed by an act word that names the thing it goes on about;
 * so does one whose act word qualifies a plural subject: "Release notes were never written for it",
 * "Push notifications stopped arriving on Android 14". Not "Delete files created by the job".
 */
export function headNamesThing(c: Clause): boolean {
	const t = c.tokens;
	if (c.head !== 0) return false;
	if (kindOfName(t, 0)) return true;
	const plural = /[^s']s$/.test(norm(t[1])) && norm(t[1]).length > 3;
	const verb = norm(t[2]);
	const stated = FINITE_BE.has(verb) || ["have", "has", "had"].includes(verb);
	// "Build map is at `build/fw.map`": a singular noun too, before "is" and a place.
	const placed = ["is", "was"].includes(verb) && ["at", "in", "under"].includes(norm(t[3])) && t[1]?.kind === "word";
	return (plural && (stated || (/[^e]ed$/.test(verb) && norm(t[3]).endsWith("ing")))) || placed;
}

const COUNTS = set("two three four five six seven eight nine ten several many most few");

/**
 * "Three clusters write to the same zone", "EU and NA run the same image": an act word after a
 * counted plural or two names joined, at the clause's start, is what those subjects do.
 */
function countedSubject(tokens: readonly Token[], i: number): boolean {
	const first = tokens[0];
	const counted = (COUNTS.has(norm(first)) || first?.kind === "number") && i === 2 && /[^s']s$/.test(norm(tokens[1]));
	const name = (t: Token | undefined) => t?.kind === "word" && /^\p{Lu}/u.test(t.text);
	const names = i === 3 && name(tokens[0]) && ["and", "&"].includes(norm(tokens[1])) && name(tokens[2]);
	return counted || names;
}

/** Participles spelt like their verb: "it isn't set", "the flag was reset", "the job got run". */
const SAME_PARTICIPLES = new Set([
	"set",
	"reset",
	"put",
	"cut",
	"run",
	"rerun",
	"hit",
	"shut",
	"split",
	"upset",
	"quit",
]);
const BE = new Set("is isn't are aren't was wasn't were weren't be been being get gets got gotten stays".split(" "));
/** Verbs a thing named does, after which an act word was its name: "the 1e-4 run keeps dropping". */
const ONGOING = new Set("keeps kept takes took seems seemed stays stayed goes went hangs hung".split(" "));

/** "`ALLOW_X` isn't set", "with `DEBUG_SQL=1` set": a participle after a form of "be", or after the value set. */
function participleSet(tokens: readonly Token[], i: number): boolean {
	const w = norm(tokens[i]);
	if (!SAME_PARTICIPLES.has(w)) return false;
	if (BE.has(norm(tokens[i - 1]))) return true;
	const after = tokens[i + 1];
	return (
		w === "set" &&
		tokens[i - 1]?.kind === "code" &&
		(after === undefined || after.kind === "punct" || norm(after) === "and")
	);
}

/** An act word that stands where a noun does: after a determiner, a possessive, or before its relative clause. */
export function nounByPosition(c: Clause, i: number): boolean {
	const before = norm(c.tokens[i - 1]);
	// "the two build targets", "the riskiest change": after a determiner or a superlative, a noun.
	if (DETERMINERS.has(before) || (before.endsWith("est") && before.length > 4)) return true;
	// "the failed release", "the broken build": a participle between a determiner and the word makes it a noun.
	if (before.endsWith("ed") && DETERMINERS.has(norm(c.tokens[i - 2]))) return true;
	// "fix/null-dates": a word glued to a path is part of its name.
	const glued = c.tokens[i + 1];
	if (glued?.kind === "path" && glued.start === c.tokens[i]?.end) return true;
	// "enough to add an endpoint later": how far the understanding should go.
	if (before === "to" && norm(c.tokens[i - 2]) === "enough") return true;
	// "(dry run, nothing gets built)", "a smoke test": a kind of run named.
	if (["dry", "trial", "practice", "smoke", "test"].includes(before) && ["run", "runs"].includes(norm(c.tokens[i])))
		return true;
	if (qualifiesMeasure(c.tokens, i)) return true;
	// "the staging apply I'm about to run": a noun its relative clause follows.
	const relative = ["i'm", "i've", "i'd", "we're", "we've", "i", "we"].includes(norm(c.tokens[i + 1]));
	if (relative && c.tokens[i - 1]?.kind === "word" && i > 1) return true;
	// "on Cloud Run", "Code Review": a capitalised act word after a capitalised word is part of a name.
	const capital = (k: number) => /^\p{Lu}/u.test(c.tokens[k]?.text ?? "");
	if (i > 1 && capital(i) && capital(i - 1) && c.tokens[i - 1]?.kind === "word") return true;
	// "the user thinks `then` should have run": what should have happened, past.
	if (before === "have" && ["should", "would", "could", "must", "might"].includes(norm(c.tokens[i - 2]))) return true;
	if (participleSet(c.tokens, i) || ONGOING.has(norm(c.tokens[i + 1]))) return true;
	// "after Friday's deploy", "yesterday's toolchain upgrade": after a possessive, a noun.
	const owned = (k: number) => /'s$|s'$/.test(norm(c.tokens[k]));
	return owned(i - 1) || (owned(i - 2) && c.tokens[i - 1]?.kind === "word" && !actForm(before));
}
