/**
 * Needs stated about a thing: "the typo needs fixing", "it should be removed", "I want the old API
 * gone", "`RuleX` needs wiring into `TestY`", "a redirect entry in `mkdocs.yml` is required" — an
 * order to change, put as what a thing needs (changes.ts reads the orders themselves). Pure.
 */
import { ANSWER_NOUNS } from "./allow-words.ts";
import { norm } from "./described.ts";
import { guessedMust } from "./guesses.ts";
import { type Hit, hit, isWord, pathText } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import { CHANGE_VERBS, changeGerund, changeParticiple } from "./verbs.ts";
import { PEOPLE, set } from "./words.ts";

const NEEDS = new Set(["needs", "need", "should", "must", "has", "have", "ought", "got", "want", "wants"]);
const NEGATED = new Set("not never isn't aren't don't doesn't wasn't weren't nothing no none nobody".split(" "));
const PERFECT = new Set(["has", "have", "got"]);
const WANTERS = new Set(["want", "need", "like", "prefer", "wanted", "liked", "preferred"]);

const ASKED_WHETHER = new Set(["whether", "if"]);
const WH_TOLD = new Set(["what", "which", "where", "how", "who", "when", "why"]);

/** Gerunds a need may take that only read: "needs checking", "needs a look". */
const READING_GERUNDS = set(
	"checking looking reading investigating reviewing testing examining verifying revisiting thinking discussing explaining understanding",
);
const REQUIRED = new Set(["required", "needed"]);
/** Prepositions a statement may open on before its subject: "For the 4.0 release a `--json` mode is required". */
const LEADING_PHRASES = new Set(["for", "on", "in", "at", "before", "after", "by"]);
/** Parts of code a need may be said of: "each option ought to have …", "every endpoint should have a …". */
const PARTS_OF_CODE = set(
	"option options field fields function functions endpoint endpoints route routes test tests file files page pages column columns setting settings flag flags",
);
/** Pieces of code a need may name as its subject: "a redirect", "an index", "an event on that setter". */
const PIECES = set(
	"redirect redirects migration index test tests check guard flag header field column rule entry event constraint attribute annotation",
);
const REQUIRING = new Set(["requires", "require", "needs", "mandates", "expects"]);
const COMPARATIVES = set(
	"stricter tighter newer faster smaller bigger larger safer cleaner better simpler shorter longer different",
);
const INTO = new Set(["into", "to", "onto", "on", "in", "under", "inside", "within"]);
const named = (t: Token | undefined) => t !== undefined && (t.kind === "code" || pathText(t) !== undefined);

/**
 * A need whose work is placed in a file: "X needs wiring into `PaymentSheetTest`" (a gerund and a
 * place named after it), "a redirect entry in `mkdocs.yml` is required" (a thing in a file, wanted).
 * The token that ends the need, or undefined.
 */
function neededInPlace(tokens: readonly Token[], i: number, sentence: readonly Token[]): Token | undefined {
	const w = tokens[i]?.norm ?? "";
	const gerund = tokens[i + 1];
	const placedAfter = (k: number) =>
		tokens.slice(k, k + 4).some((x, n) => INTO.has(x.norm) && named(tokens[k + n + 1]));
	if (["needs", "need"].includes(w) && gerund?.norm.endsWith("ing") && !READING_GERUNDS.has(gerund.norm)) {
		return placedAfter(i + 2) ? gerund : undefined;
	}
	const required = ["is", "are"].includes(w) && REQUIRED.has(tokens[i + 1]?.norm ?? "");
	const subject = tokens.slice(0, i);
	const inFile = subject.some((x, k) => INTO.has(x.norm) && named(subject[k + 1]));
	// "A stricter policy is required for the marketing site": something other than what is there, wanted.
	const other = subject.some((x) => COMPARATIVES.has(x.norm));
	// "… is missing `MaxAuthTries 3`, and the audit requires it": what is missing, required.
	const missing =
		REQUIRING.has(w) && isWord(tokens, i + 1, ["it", "them"]) && sentence.some((x) => x.norm === "missing");
	if (missing) return tokens[i + 1];
	// "Those entries are needed in `_locales/fr/messages.json`": the place named after the need.
	const placedIn = placedAfter(i + 2);
	// "A redirect from the old slugs to the new ones is required": a piece of code, wanted.
	// Not a policy: "a test is required for every PR".
	const policy = tokens.slice(i + 2).some((x) => ["every", "each", "all", "any"].includes(x.norm));
	// "… a replica count of 1 is required": a value wanted.
	const value = subject.some((x) => x.kind === "number") && !policy;
	const piece = (subject.slice(0, 3).some((x) => PIECES.has(x.norm)) || value) && !policy;
	return required && (inFile || other || placedIn || piece) ? tokens[i + 1] : undefined;
}

/** "the typo needs fixing", "it should be removed", "I want the old API gone". */
/**
 * Whether a clause may state a need: a statement; a fragment whose subject is named in code ("`RuleX`
 * needs wiring into `TestY`"); one opening on a phrase of purpose ("For the 4.0 release a `--json`
 * mode is required …"), or a relative on the thing before ("…, which needs sorting before Sunday").
 */
function statesNeed(c: Clause): boolean {
	const first = c.tokens[0]?.norm ?? "";
	const opener =
		(c.mood === "subordinate" && first === "which") || (c.mood !== "directive" && LEADING_PHRASES.has(first));
	return c.mood === "statement" || (c.mood === "fragment" && named(c.tokens[0])) || opener;
}

/** What a need word is followed by that names the work: a participle, a gerund, "sorting", "back to". */
function doneIn(window: readonly Token[]): Token | undefined {
	const work = (w: Token, n: number) =>
		changeParticiple(w.norm) ||
		changeGerund(w.norm) ||
		w.norm === "sorting" ||
		// "they want it back to the default": a value restored.
		(w.norm === "back" && ["to", "on", "in"].includes(norm(window[n + 1])));
	// "IT wants a written view of …": a participle after an article is an adjective.
	return window.find((w, n) => w.kind === "word" && work(w, n) && !["a", "an"].includes(norm(window[n - 1])));
}

/** "Each option ought to have a one-line explanation above it": a thing a named part should gain. */
function gainsPart(tokens: readonly Token[], head: number, i: number): Token | undefined {
	const gains = isWord(tokens, i + 2, ["have"]) && isWord(tokens, i + 3, ["a", "an"]);
	if (!gains || tokens.slice(0, i).some((x) => PEOPLE.has(x.norm))) return undefined;
	return tokens.slice(head, i).some((x) => x.kind === "word" && PARTS_OF_CODE.has(x.norm)) ? tokens[i + 4] : undefined;
}

/**
 * Words before a participle that make it a verb of a relative clause, not what the writer wants
 * done: "I want the order tasks are created in", "the date the old role last touched each".
 */
const RELATED = new Set("is are was were been get gets got last first ever recently just originally".split(" "));

/** Written things whose content is their text: a need of what they say changes them. */
const WRITTEN = new Set(
	"guide guides doc docs documentation readme changelog page comment docstring manual wiki runbook tutorial faq section message copy tooltip banner".split(
		" ",
	),
);
const SAYING = new Set(
	"reflect mention say cover describe explain include list state note show match document".split(" "),
);

/** "The guide has to reflect the v3 layout", "`docs/setup.md` needs to mention Node 22": a text's need. */
function docSays(tokens: readonly Token[], head: number, i: number, to: Token): boolean {
	const written = (x: Token) =>
		WRITTEN.has(x.norm) || ((x.kind === "path" || x.kind === "code") && /\.(?:md|mdx|rst|txt|adoc)$/.test(x.norm));
	// "I'm writing the store page and want to describe them": the writer's wish, no duty of the text.
	const duty = !["want", "wants"].includes(tokens[i]?.norm ?? "");
	return duty && SAYING.has(to.norm) && tokens.slice(head, i).some(written);
}

/** "We need a short page at `docs/architecture/telemetry.md`": a file wanted where it is to be. */
function fileWanted(tokens: readonly Token[], head: number): Token | undefined {
	const article = tokens.findIndex((t, k) => k > head && k <= head + 3 && ["a", "an"].includes(t.norm));
	if (article < 0) return undefined;
	const at = tokens.findIndex((t, k) => k > article && k <= article + 5 && ["at", "in", "under"].includes(t.norm));
	// "We need a summary of what is in `docs/x.md`": an answer about the file, not the file.
	const answer = tokens
		.slice(article + 1, at)
		.some((t) => ANSWER_NOUNS.has(t.norm) || t.norm === "of" || t.norm === "look");
	const place = at > 0 && !answer ? tokens[at + 1] : undefined;
	const file = place !== undefined && (place.kind === "path" || place.kind === "code") && /\.\w{1,5}$/.test(place.norm);
	return file ? place : undefined;
}

export function statedNeed(c: Clause): Hit[] {
	if (!statesNeed(c)) return [];
	const { tokens, head } = c;
	const wanter =
		isWord(tokens, head, ["i", "we", "i'd", "we'd"]) &&
		tokens.slice(head + 1, head + 3).some((t) => WANTERS.has(t.norm));
	const file = wanter ? fileWanted(tokens, head) : undefined;
	if (file) return [hit("file-change", "stated-need", tokens[head] as Token, file)];
	for (let i = head + 1; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		if (t.kind !== "word") continue;
		// "someone asked whether we need to fix anything": a need asked about, not stated.
		if (ASKED_WHETHER.has(t.norm)) return [];
		// "I need a summary of what moved where": a participle in a wh-clause says what happened.
		// "I need to know at what point the SoftDevice gets enabled": anywhere after the wish.
		const told = tokens.slice(head, i).some((x) => WH_TOLD.has(x.norm));
		if (wanter && changeParticiple(t.norm) && i > head + 2 && !told && !RELATED.has(norm(tokens[i - 1])))
			return [hit("file-change", "stated-need", tokens[head] as Token, t)];
		// "`DisableAnimationsRule` needs wiring into `PaymentSheetTest`", "a redirect in `mkdocs.yml` is required".
		const placed = neededInPlace(tokens, i, c.sentence.tokens);
		if (placed) return [hit("file-change", "stated-need", t, placed)];
		// "the stale branches are to be deleted": an order in the passive.
		const toBe = isWord(tokens, i, ["is", "are"]) && isWord(tokens, i + 1, ["to"]) && isWord(tokens, i + 2, ["be"]);
		if ((!NEEDS.has(t.norm) && !toBe) || guessedMust(tokens, i) || guessedMust(tokens, i - 1)) continue;
		// "the user has applied to the wrong workspace twice": "has" is a duty only as "has to".
		if (PERFECT.has(t.norm) && !isWord(tokens, i + 1, ["to"])) continue;
		// "That initializer needs the secure flag added": the object may take three words.
		const window = tokens.slice(i + 1, i + (wanter ? 4 : 5));
		// "these fixtures need to go" (removed), "somebody has to delete them".
		const to = isWord(tokens, i + 1, ["to"]) ? tokens[i + 2] : undefined;
		const gone = to?.norm === "go" && tokens[i + 3]?.kind !== "word";
		const gained = to ? gainsPart(tokens, head, i) : undefined;
		if (gained) return [hit("file-change", "stated-need", t, gained)];
		// "The user says the jump address has to match the linker script": a requirement relayed.
		const relayed = tokens.slice(0, i).some((x) => x.norm === "user" || x.norm === "client") && to?.norm === "match";
		const base = to !== undefined && (CHANGE_VERBS.has(to.norm) || relayed || docSays(tokens, head, i, to));
		const done = gone || base ? (to as Token) : doneIn(window);
		// "The team wants opinions on replacing …": what is wanted is an answer about the change.
		const answer =
			tokens.slice(i + 1, i + 3).some((w) => ANSWER_NOUNS.has(w.norm)) ||
			(to !== undefined && ["know", "understand", "see", "learn", "find", "hear"].includes(to.norm));
		if (!done || answer || isWord(tokens, i + 1, ["not", "never"])) continue;
		// "the client isn't something anyone should be editing": a need denied forbids.
		if (tokens.slice(head, i).some((x) => NEGATED.has(x.norm))) return [hit("prohibition", "negated-need", t, done)];
		return [hit("file-change", "stated-need", t, done)];
	}
	return [];
}
