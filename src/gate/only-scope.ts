/**
 * "Only" as a limit: "only read src/gate", "look only at the parser", "src/gate only", "read those
 * two files only", "the only files you can change are …", and its kin ("solely", "anything but",
 * "nothing else", "nowhere else" in an order, "restricting yourself to …"). An "only" that
 * describes is left alone (`onlyDescribes`, only-when.ts). Pure.
 */
import { embedded, type Hit, hit, isWord, pathHits, quoteEnd } from "./hits.ts";
import { mentionsChange } from "./limits.ts";
import { onlyWhen, thirdPerson } from "./only-when.ts";
import type { Clause, Token } from "./types.ts";
import { changeForm, imperativeVerb } from "./verbs.ts";
import { ONLY_DESCRIPTIVE, ONLY_HAPPENS } from "./words.ts";

/** What "nothing"/"nowhere" close off: "nothing else", "nowhere outside src/", "nothing beyond the parser". */
const NOTHING_BEYOND = new Set(["but", "else", "outside", "beyond", "more", "extra"]);
/**
 * "One sentence per script, nothing longer", "and please, nothing about how you'd redesign it": what
 * the answer may not hold, where "nothing" opens its clause. "The docs say nothing about retries" states.
 */
const NOTHING_OPENING = new Set(["longer", "further", "about"]);
const OPENERS = new Set(["and", "but", "or", "please", "just", "so"]);
const nothingOpens = (c: Clause, i: number) =>
	isWord(c.tokens, i + 1, NOTHING_OPENING) &&
	c.tokens.slice(0, i).every((t) => t.kind !== "word" || OPENERS.has(t.norm)) &&
	// "Nothing about the setup makes sense": "nothing" the subject of a verb states.
	!statedBefore(c.tokens, c.tokens.length);

/** A verb already conjugated before `i`: "The comment says `# see design note` and nothing more". */
const statedBefore = (tokens: readonly Token[], i: number) =>
	tokens.slice(0, i).some((t) => {
		const w = t.kind === "word" ? t.norm : "";
		const third = /[^s]s$/.test(w) && (changeForm(w.slice(0, -1)) || imperativeVerb(w.slice(0, -1)));
		return third || ["is", "are", "was", "were", "has", "had", "says", "said", "does", "did"].includes(w);
	});

/** "the only thing you may touch", "the only files you can change": a limit on what the child does. */
function onlyYouMay(tokens: readonly Token[], i: number): boolean {
	const you = tokens.slice(i + 1, i + 4).findIndex((t) => t.norm === "you");
	if (you < 0) return false;
	return tokens.slice(i + you + 2, i + you + 6).some((t) => t.kind === "word" && changeForm(t.norm));
}

/** Verbs that say where a change goes: "it goes on the `ledger` Deployment and nowhere else". */
const PLACING = new Set(["go", "goes", "belong", "belongs", "land", "lands", "live", "lives"]);

/** "it goes on the `ledger` Deployment in `k8s/…` and nowhere else": a place named for where it goes. */
const placesChange = (tokens: readonly Token[]) =>
	tokens.some((x) => PLACING.has(x.norm)) && tokens.some((x) => x.kind === "path" || x.kind === "code");

/** Pronouns for items found: "the ones", "those", after which "only" describes them. */
const ITEMS = new Set(["ones", "those", "these", "one"]);

/**
 * An "only" that describes rather than limits: right after the items found ("including the ones
 * only reachable via thrown errors"), or saying when a thing stated happens ("lag climbs on
 * partition 7, and only in the minutes after a deploy", clauses.ts), or before what a thing reported
 * does ("only happens with 8+ teams").
 */
export const onlyDescribes = (c: Clause, i: number) =>
	c.tokens[i]?.norm === "only" &&
	(ITEMS.has(c.tokens[i - 1]?.norm ?? "") ||
		subjectOnlyDoes(c.tokens, i) ||
		isWord(c.tokens, i + 1, ONLY_HAPPENS) ||
		onlyWhen(c.tokens, i, c.sentence) ||
		hyphened(c, c.tokens[i] as Token));

const MADE_SO = new Set(["sure", "ensure", "guarantee", "certain", "should", "must", "so"]);
const PRONOUNS = new Set(["it", "he", "she", "that", "this", "which", "who"]);
const DETERMINERS = new Set(["the", "our", "a", "an", "its", "their", "this", "that", "each", "every", "my"]);
/**
 * "the user only sees our commands run", "it only fails on Safari": a subject, "only", and a verb
 * already conjugated report what a thing does. "Read only files under src/" has no subject before it.
 */
function subjectOnlyDoes(tokens: readonly Token[], i: number): boolean {
	const before = tokens[i - 1];
	if (before?.kind !== "word" || !thirdPerson(tokens[i + 1]?.norm ?? "")) return false;
	// "Make sure the job only runs on Mondays": a state ordered, not reported.
	if (tokens.slice(0, i).some((t) => MADE_SO.has(t.norm))) return false;
	const noun = DETERMINERS.has(tokens[i - 2]?.norm ?? "") && !imperativeVerb(before.norm);
	return PRONOUNS.has(before.norm) || noun;
}

/** "`pyproject.toml`-only config": "only" glued by a hyphen into a compound adjective. */
function hyphened(c: Clause, t: Token): boolean {
	const glued = c.sentence.tokens[c.sentence.tokens.indexOf(t) - 1];
	return glued?.text === "-" && glued.end === t.start;
}

const LOOKING = new Set(["look", "read", "consider", "count", "check", "focus", "examine", "review", "audit", "use"]);

/** "Look at `serious` and `critical` impacts alone"; not "leave it alone" nor "why it fails … alone". */
function aloneCloses(c: Clause, i: number): boolean {
	const { tokens, head } = c;
	if (tokens[i]?.norm !== "alone" || c.mood !== "directive" || !LOOKING.has(tokens[head]?.norm ?? "")) return false;
	return i > head + 1 && !embedded(tokens, head, i) && tokens.slice(i + 1).every((x) => x.kind === "punct");
}

/** Orders that hand over the answer, and what may stand between the verb and a "just" that limits it. */
const HANDING = new Set([
	"give",
	"send",
	"tell",
	"show",
	"return",
	"report",
	"list",
	"paste",
	"answer",
	"reply",
	"respond",
]);
const HANDED_TO = new Set(["me", "us", "with", "back"]);
const COUNTED = new Set(["the", "one", "two", "three", "four", "five", "their", "its", "your"]);

/**
 * "Give me just the two version strings", "reply with just the ids": "just" right after an order
 * that hands over the answer limits what comes back, as "only" does. Not "just tell me why" (a
 * softener before the verb) nor "it just returns the ids" (a statement).
 */
function justHands(c: Clause, i: number): boolean {
	const { tokens, head } = c;
	// "Return just the names." reads as a fragment ("return" is a noun too): the verb first is enough.
	const ordered = c.mood === "directive" || (c.mood === "fragment" && head === 0);
	if (tokens[i]?.norm !== "just" || !ordered || !HANDING.has(tokens[head]?.norm ?? "")) return false;
	const between = tokens.slice(head + 1, i);
	const next = tokens[i + 1];
	return (
		between.length <= 2 &&
		between.every((t) => HANDED_TO.has(t.norm)) &&
		next !== undefined &&
		(next.kind === "number" || COUNTED.has(next.norm))
	);
}

/** "only read src/gate", "look only at the parser", "src/gate only", "you may only …". */
export function onlyScope(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		if (t.kind !== "word") continue;
		if (t.norm === "only") {
			const before = tokens[i - 1];
			// "the only thing you may touch is the README": a limit, though "the only" usually describes.
			if (before?.norm === "the" && onlyYouMay(tokens, i)) {
				out.push(hit("prohibition", "only", before, quoteEnd(tokens, i, 6)));
				continue;
			}
			if (before && ["the", "not", "if", "an", "one"].includes(before.norm)) continue;
			if (hyphened(c, t)) continue;
			if (
				isWord(tokens, i + 1, ONLY_DESCRIPTIVE) ||
				isWord(tokens, i + 1, ONLY_HAPPENS) ||
				embedded(tokens, head, i) ||
				onlyWhen(tokens, i, c.sentence)
			)
				continue;
			// "read those two files only": "only" closing an order limits its object.
			const closing = i > head + 1 && tokens.slice(i + 1).every((x) => x.kind === "punct");
			const atHead = i <= head + 2 || closing || (before !== undefined && ["and", "but", "or"].includes(before.norm));
			const nextPath = tokens.slice(i + 1, i + 3).some((x) => x.kind === "path");
			const prevPath = before?.kind === "path";
			if (c.mood === "directive" ? atHead || nextPath || prevPath : nextPath || prevPath) {
				const verb = i > head && i <= head + 2 && tokens[head]?.kind === "word" ? (tokens[head] as Token) : t;
				out.push(hit("prohibition", "only", prevPath && before ? before : verb, quoteEnd(tokens, i, 3)));
			}
		} else if (
			["exclusively", "solely"].includes(t.norm) ||
			// "Look at the TypeScript files alone": "alone" closing a reading order limits its object as "only" does.
			aloneCloses(c, i) ||
			justHands(c, i) ||
			// "…, restricting yourself to those two files": the limit as a manner of the order.
			(["restricting", "limiting", "confining"].includes(t.norm) &&
				isWord(tokens, i + 1, ["yourself", "your", "yourselves"])) ||
			// "anything but the billing module", "everything except src/api".
			(["anything", "everything", "all"].includes(t.norm) && isWord(tokens, i + 1, ["but", "except", "apart"])) ||
			// "The comment says `# see design note` and nothing more": a statement's "nothing more" describes.
			(((t.norm === "nothing" && !(c.mood === "statement" && statedBefore(tokens, i))) ||
				// "Look into why uploads fail from Safari but nowhere else": where a thing asked about happens.
				(t.norm === "nowhere" && (c.mood === "directive" || placesChange(tokens)) && !embedded(tokens, head, i))) &&
				isWord(tokens, i + 1, NOTHING_BEYOND)) ||
			(t.norm === "nothing" && nothingOpens(c, i))
		)
			out.push(hit("prohibition", "only", t, quoteEnd(tokens, i, 2)));
	}
	if (out.length > 0 && mentionsChange(tokens, head)) out.push(...pathHits(tokens, head, () => "change", "only"));
	return out;
}
