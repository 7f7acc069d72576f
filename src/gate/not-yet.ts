/**
 * "I've drafted a change (not committed yet)", "the branch, not merged yet, …": "not" and a phrase
 * ending on "yet" tell how things stand so far, and forbid nothing; so does "no longer" before a
 * verb conjugated ("the bootloader no longer fits"). "No commits yet" still forbids.
 * Likewise a past participle after "not" or "never" ("defined but never referenced"), a habit in a
 * relative clause ("codecs we never use") and a duty in a comparison ("more often than it should").
 * Pure.
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";

export function notYet(tokens: readonly Token[], i: number): boolean {
	// "the bootloader no longer fits", "it no longer builds": how things stand now, not a rule.
	if (tokens[i]?.norm === "no" && tokens[i + 1]?.norm === "longer") return stated(tokens[i + 2]?.norm ?? "");
	if (tokens[i]?.norm !== "not") return false;
	for (let k = i + 1; k < Math.min(tokens.length, i + 7); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return false;
		if (t.norm === "yet") return k + 1 === tokens.length || tokens[k + 1]?.kind === "punct";
	}
	return false;
}

/** A verb conjugated for a thing: "fits", "builds", "worked". */
const stated = (w: string) =>
	/^[a-z]{2,}[^su]s$|[^e]ed$/.test(w) || ["is", "are", "was", "were", "has", "have"].includes(w);

/**
 * "defined but never referenced", "referenced but not defined": "not" or "never" before a past
 * participle describes a thing found (a never-referenced flag), and forbids nothing. "Never edit"
 * (a base form) still forbids.
 */
export function participleDescribed(tokens: readonly Token[], i: number): boolean {
	const w = tokens[i]?.norm ?? "";
	const next = tokens[i + 1]?.norm ?? "";
	if (w !== "never" && w !== "not") return false;
	// "… that subscribes in `ngOnInit` and never tears it down": a third-person verb goes on describing.
	const third = w === "never" && /[^s]s$/.test(next) && imperativeVerb(next.slice(0, -1));
	// "loss jumping to 9.8 and never recovering": a gerund after "never" goes on describing too.
	const ongoing = w === "never" && /^[a-z]{3,}ing$/.test(next) && !imperativeVerb(next);
	const irregular = IRREGULAR_PARTICIPLES.has(next);
	return (/[^e]ed$/.test(next) && !imperativeVerb(next)) || third || ongoing || irregular;
}

/** Past participles without "-ed" that no order begins with: "never understood it", "not seen since". */
const IRREGULAR_PARTICIPLES = new Set(
	"understood seen been known heard found gotten made thought taken given written shown grown gone done spoken broken forgotten told said meant caught taught bought brought felt won lost sent built spent stood".split(
		" ",
	),
);

/** Words a relative clause of the team's doing hangs on only if they are nouns. */
/** "In practice about half don't.", "most of them won't": a negated auxiliary with its verb left out states. */
export const elided = (tokens: readonly Token[], i: number) =>
	ELIDING.has(norm(tokens[i])) &&
	i > 0 &&
	tokens[i - 1]?.kind === "word" &&
	(tokens[i + 1] === undefined || tokens[i + 1]?.kind === "punct");
const ELIDING = new Set([
	"don't",
	"doesn't",
	"didn't",
	"won't",
	"can't",
	"isn't",
	"aren't",
	"wasn't",
	"weren't",
	"haven't",
	"hasn't",
]);

export const NOT_NOUNS = new Set([
	"and",
	"or",
	"but",
	"then",
	"so",
	"that",
	"what",
	"how",
	"if",
	"when",
	"once",
	"is",
	"are",
]);

/** "it runs way more often than it should": a duty named in a comparison, measured, not laid down. */
export const compared = (tokens: readonly Token[], i: number) =>
	norm(tokens[i - 2]) === "than" && ["it", "they", "we", "this", "that"].includes(norm(tokens[i - 1]));

/** "codecs we never use", "the flags they never read": a habit, in a relative clause, describes the items. */
export const habitOfItems = (tokens: readonly Token[], i: number) =>
	norm(tokens[i]) === "never" &&
	["we", "they", "i"].includes(norm(tokens[i - 1])) &&
	tokens[i - 2]?.kind === "word" &&
	!NOT_NOUNS.has(norm(tokens[i - 2]));

/**
 * "Bypassing it changes nothing", "the rollback fixed nothing": "nothing" as the object of a verb
 * already conjugated (third person or past) states a result. "Change nothing" (a base form) forbids.
 */
export function resultNothing(tokens: readonly Token[], i: number): boolean {
	if (norm(tokens[i]) !== "nothing") return false;
	const verb = norm(tokens[i - 1]);
	const third = /[^s]s$/.test(verb) && (imperativeVerb(verb.slice(0, -1)) || imperativeVerb(verb.slice(0, -2)));
	const past = /[^e]ed$/.test(verb) || ["did", "found", "showed", "shown", "got", "made", "brought"].includes(verb);
	// "… yet nothing rolled back", "nothing happened": what did not happen, as its subject.
	const after = norm(tokens[i + 1]);
	const happened =
		(/[^e]ed$/.test(after) && !imperativeVerb(after)) || ["broke", "came", "went", "showed"].includes(after);
	return ((third || past) && tokens[i - 2] !== undefined) || happened;
}

const KEEPS = new Set(["keep", "keeps", "kept"]);
/** Words before "keep" that make it an order: "please keep running", "and keep polling". */
const ORDERING = new Set(["please", "just", "and", "then", "so", "also", "", "to"]);

/** "Marketing keeps asking", "customers keep reporting different totals": a habit, not "keep" as a rule. */
export const habitKept = (tokens: readonly Token[], i: number) =>
	KEEPS.has(norm(tokens[i])) && norm(tokens[i + 1]).endsWith("ing") && i > 0 && !ORDERING.has(norm(tokens[i - 1]));

/** "No code change to the DAG since May": a "no" a time follows says what has not happened since. */
export const sinceThen = (tokens: readonly Token[], i: number, laid: boolean) =>
	!laid && tokens.slice(i + 2).some((t) => t.norm === "since");
