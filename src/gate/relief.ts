/**
 * Words about the answer that relieve the child rather than bind it, read as read-only by the
 * allow-list and the backstop: "no need for prose", "no need to explain the basics" (what the
 * answer may leave out), and "translate this stack trace into plain English for me" (prose made for
 * the reader). Their twins bind or change: "no need for tests" and "no need to polish them" leave a
 * change or a rule in doubt, and "translate the strings in src/i18n/fr.json into English" edits a
 * file. Pure.
 */
import { norm } from "./described.ts";
import { pathText } from "./hits.ts";
import { readVerb } from "./reading.ts";
import type { Token } from "./types.ts";
import { PROSE_OBJECTS } from "./verbs.ts";
import { set } from "./words.ts";

/** Parts of an answer the writer can do without: "no need for prose", "no need for an intro". */
const SPARED = set(`
	prose intro introduction preamble pleasantries formatting caveats detail details background context
	politeness niceties headings bullets citations polish ceremony comments nitpicks nits
`);

/** "No need for prose", "no need to explain the basics": at `i`, "no" sparing a part of the answer. */
export function sparesAnswer(tokens: readonly Token[], i: number): boolean {
	if (norm(tokens[i]) !== "no" || norm(tokens[i + 1]) !== "need") return false;
	const next = norm(tokens[i + 2]);
	let k = i + 3;
	while (["a", "an", "the", "any", "much", "long"].includes(norm(tokens[k]))) k++;
	// "no need for style comments": the phrase's last word names the part of the answer spared.
	let end = k;
	while (end + 1 < k + 3 && tokens[end + 1]?.kind === "word") end++;
	const spared = (w: string) => SPARED.has(w) || PROSE_OBJECTS.has(w);
	if (next === "for") return spared(norm(tokens[k])) || spared(norm(tokens[end]));
	return next === "to" && readVerb(norm(tokens[i + 3]));
}

/** Verbs that restate a thing for the reader. */
const RESTATING = set("translate paraphrase restate rephrase");
/** What a thing is restated into for a reader: "plain English", "layman's terms". */
const READER_TONGUES = set("english words language terms prose layman's simple plain");

/**
 * "Translate this stack trace into plain English for me", "paraphrase the error in simple terms":
 * prose made for the reader from what the brief shows. Not when a file or code is named ("translate
 * the strings in src/i18n/fr.json into English") or the target is another language ("into German").
 */
export function restatesForReader(tokens: readonly Token[], head: number): boolean {
	if (!RESTATING.has(norm(tokens[head]))) return false;
	if (tokens.some((t) => t.kind === "code" || pathText(t) !== undefined)) return false;
	const into = tokens.findIndex((t, k) => k > head && ["into", "in"].includes(norm(t)));
	const tongue = into > 0 && tokens.slice(into + 1, into + 4).some((t) => READER_TONGUES.has(norm(t)));
	const forMe = tokens.some((t, k) => norm(t) === "for" && ["me", "us"].includes(norm(tokens[k + 1])));
	return tongue || (forMe && into < 0);
}
