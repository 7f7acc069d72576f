/**
 * What "and" joins, where a sentence is split into clauses (clauses.ts): two nouns of a pair after
 * "of" ("consistency of tone and format" is no order to format), or a verb of the act lexicon with
 * its object ("review the issues and close the duplicates" is two orders, though "close" heads no
 * order the rules know). Pure.
 */
import { actForm } from "./act-words.ts";
import type { Token } from "./types.ts";

/** Verbs that are as often nouns of a quality or a part: "consistency of tone and format". */
const NOUN_VERBS = new Set("format style layout design order structure setup output name type wording".split(" "));

/**
 * "check them for consistency of tone and format": after "of" and a noun, a noun-verb that ends the
 * clause is the second noun of a pair. Not "check the code for bugs and fix." (no "of"; "fix" is
 * no noun of a quality).
 */
export function pairedNoun(tokens: readonly Token[], i: number): boolean {
	const after = tokens[i + 2];
	if (
		!(tokens[i + 1]?.kind === "word" && NOUN_VERBS.has((tokens[i + 1] as Token).norm)) ||
		(after !== undefined && after.kind !== "punct")
	)
		return false;
	return tokens[i - 2]?.norm === "of" && tokens[i - 1]?.kind === "word";
}

/**
 * At `k`, after "and": a base form of the act lexicon followed by the start of an object, a path or
 * code ("close the duplicates", "assign them"). Not a gerund ("… and tightening it up" stays in its
 * frame) or a noun ("the build and release process").
 */
export function actedOn(tokens: readonly Token[], k: number, objectStarts: ReadonlySet<string>): boolean {
	const verb = tokens[k];
	const after = tokens[k + 1];
	if (verb?.kind !== "word" || !actForm(verb.norm) || verb.norm.endsWith("ing")) return false;
	return after?.kind === "path" || after?.kind === "code" || (after?.kind === "word" && objectStarts.has(after.norm));
}

const RELATIVE_PRONOUNS = new Set(["that", "which", "who"]);

/**
 * At `i`, a verb followed by a relative clause with a past or third-person verb: a noun ("the PR or
 * commit that added the loop", "the merge which removed it"). "Commit that change" keeps its object:
 * the word after "that" is no verb form. `verbs` are the forms known without a suffix ("broke").
 */
export function relativeNoun(tokens: readonly Token[], i: number, verbs: ReadonlySet<string>): boolean {
	const after = tokens[i + 2];
	if (!RELATIVE_PRONOUNS.has(tokens[i + 1]?.norm ?? "") || after?.kind !== "word") return false;
	return /[^e]ed$|[^s]s$/.test(after.norm) || verbs.has(after.norm);
}

/** Nouns an act word may qualify in a compound: "the release process", "the deploy pipeline". */
const COMPOUND_HEADS = new Set(
	`process processes pipeline pipelines flow flows workflow workflows step steps stage stages phase phases
	job jobs logic path paths script scripts strategy strategies policy policies tooling setup machinery
	mechanism cycle checklist story procedure schedule cadence window windows target targets notes`.split(/\s+/),
);

/**
 * At `i`, after "and" or "or", an act word that qualifies the noun after it, which ends the phrase: "explain the build
 * and release process", "the test and deploy pipeline". Not "build and release the package" (an
 * object's start after the verb) nor "… and fix the process" ("the" first); or one after a part of the
 * reply (replyCompound).
 */
export function compoundNoun(tokens: readonly Token[], i: number): boolean {
	if (replyCompound(tokens, i)) return true;
	const head = tokens[i + 1];
	if (!["and", "or"].includes(tokens[i - 1]?.norm ?? "")) return false;
	if (head?.kind !== "word" || !COMPOUND_HEADS.has(head.norm)) return false;
	const after = tokens[i + 2];
	return (
		after === undefined || after.kind === "punct" || ["for", "of", "in", "on", "is", "are", "and"].includes(after.norm)
	);
}

/** What a reply is made of, naming a section of a brief: "Output format", "Report layout". */
const REPLY_PARTS = new Set(["output", "report", "answer", "reply", "response", "result", "results", "summary"]);

/**
 * At `i`, an act word closing a compound after a part of the reply: "## Output format", "Report
 * layout:", a heading that names the answer's form. Not "Output the format" (a determiner) nor
 * "format the output" (the act word first).
 */
function replyCompound(tokens: readonly Token[], i: number): boolean {
	const after = tokens[i + 1];
	const closes = after === undefined || after.kind === "punct";
	return closes && i > 0 && REPLY_PARTS.has(tokens[i - 1]?.norm ?? "") && tokens[i - 1]?.kind === "word";
}
