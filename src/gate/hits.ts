/**
 * What a rule returns (a hit: which tokens tripped it) and the small readers rules share: the
 * paths a clause names, and what a verb's object is.
 */
import { ANSWER_NOUNS } from "./allow-words.ts";
import { isPath } from "./tokens.ts";
import type { PathSense, ReasonKind, Token } from "./types.ts";
import { CODE_OBJECTS, PROSE_OBJECTS } from "./verbs.ts";

export interface Hit {
	kind: ReasonKind;
	rule: string;
	/** First and last token of the quote. */
	from: Token;
	to: Token;
	path?: { text: string; sense: PathSense };
}

export const hit = (kind: ReasonKind, rule: string, from: Token, to: Token = from): Hit => ({ kind, rule, from, to });

const TRAILING = new Set([
	"in",
	"for",
	"to",
	"of",
	"the",
	"a",
	"an",
	"and",
	"on",
	"at",
	"with",
	"from",
	"into",
	"or",
	"any",
]);

/**
 * The last token of a readable quote starting at `i`: up to `count` tokens, stopping before
 * punctuation, without a dangling "the" or "in" at its end.
 */
export function quoteEnd(tokens: readonly Token[], i: number, count: number): Token {
	let last = i;
	for (let k = i + 1; k < Math.min(tokens.length, i + count); k++) {
		if ((tokens[k] as Token).kind === "punct") break;
		last = k;
	}
	while (last > i && TRAILING.has((tokens[last] as Token).norm)) last--;
	return tokens[last] as Token;
}

/** Words that report or embed what follows: "the README says …", "explain why …", "tell me whether …". */
const EMBEDDING = new Set(
	`says said say states stated claims claimed mentions mentioned notes reads according wrote writes argues
	suggests thinks believes told asks asked decided agreed chose documented documents explains warns why
	what how when whether if which where who because since unless`
		.split(/\s+/)
		.filter(Boolean),
);

/** Whether the word at `i` sits in a reported or subordinate part of its clause (after "why", "says"). */
export function embedded(tokens: readonly Token[], head: number, i: number): boolean {
	for (let k = head + 1; k < i; k++) if (EMBEDDING.has((tokens[k] as Token).norm)) return true;
	return false;
}

/** A path token, or inline code that holds nothing but a path (`src/a.ts`). */
export function pathText(t: Token): string | undefined {
	if (t.kind === "path") return t.text;
	if (t.kind === "code" && !t.text.startsWith("``") && /^\S+$/.test(t.norm) && isPath(t.norm)) return t.norm;
	if (t.kind === "code" && /^[\w.-]+$/.test(t.norm) && /\.\w{1,5}$/.test(t.norm)) return t.norm;
	return undefined;
}

/** Write-boundary hits for every path in `tokens[from…]`, with the sense each is named in. */
export function pathHits(tokens: readonly Token[], from: number, sense: (i: number) => PathSense, rule: string) {
	const out: Hit[] = [];
	for (let i = Math.max(0, from); i < tokens.length; i++) {
		const t = tokens[i] as Token;
		const text = pathText(t);
		if (text !== undefined) out.push({ ...hit("write-boundary", rule, t), path: { text, sense: sense(i) } });
	}
	return out;
}

/** Nouns that make a code word before them a kind of prose. */
const COMPOUND_PROSE = new Set([
	"message",
	"messages",
	"plan",
	"plans",
	"description",
	"notes",
	"summary",
	"title",
	"graph",
	"diagram",
	"strategy",
]);

export type ObjectClass = "prose" | "code" | "none";

/** Prose nouns that are verbs after an object: "make them pass", "make it read better". */
const VERBAL_PROSE = new Set(["pass", "read", "look"]);
const PASS_DETERMINERS = new Set([
	"a",
	"an",
	"another",
	"one",
	"the",
	"first",
	"second",
	"final",
	"quick",
	"last",
	"full",
]);

/** Words that open a clause a verb of making may tell: "sketch how you would …". */
const TOLD_WH = new Set(["how", "why", "what", "where", "which", "whether"]);

/** Words that take the place after them for themselves: a gerund's object, a change's target. */
const GOVERNS = new Set(["changes", "edits", "commits", "updates", "splitting", "moving", "renaming", "migrating"]);

/**
 * What the object of the verb at `i` is, from the next few words: prose ("a summary"), code ("a
 * test", a path, inline code) or neither. The first telling word decides; `prefer` breaks a tie
 * when a word is both ("table" is a summary's shape and a database's).
 */
export function objectOf(tokens: readonly Token[], i: number, prefer: "prose" | "code"): ObjectClass {
	// "write the summary to docs/summary.md", "add a description to every schema": where it goes decides.
	// "write up what you find": a particle may stand before the wh-clause told.
	const told =
		isWord(tokens, i + 1, TOLD_WH) || (isWord(tokens, i + 1, ["up", "down", "out"]) && isWord(tokens, i + 2, TOLD_WH));
	for (let k = i + 1; k < Math.min(tokens.length, i + 9); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") break;
		// "a plan for splitting X into Y", "a timeline of the changes to X": the place is the gerund's or the change's.
		if (GOVERNS.has(t.norm) && k > i + 1) break;
		if (!["to", "into", "in", "under", "at"].includes(t.norm)) continue;
		const target = tokens.slice(k + 1, k + 4);
		// After a wh-clause ("sketch how you would split it into packages") only a file is where the prose goes.
		const thing = (x: Token) => !told && CODE_OBJECTS.has(x.norm) && !PROSE_OBJECTS.has(x.norm);
		if (target.some((x) => pathText(x) !== undefined || thing(x))) {
			return "code";
		}
	}
	// "sketch how you would split it", "draft what we'd say": a wh-clause told is prose.
	if (told) return "prose";
	for (let k = i + 1; k < Math.min(tokens.length, i + 9); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") break;
		if (pathText(t) !== undefined || t.kind === "code") return "code";
		if (t.kind !== "word") continue;
		// "make them pass" asks a result; "a quick pass", "another pass" is prose.
		const verbal = VERBAL_PROSE.has(t.norm) && !isWord(tokens, k - 1, PASS_DETERMINERS);
		const prose = PROSE_OBJECTS.has(t.norm) && !verbal;
		const code = CODE_OBJECTS.has(t.norm);
		if (prose && code) return prefer;
		// "a commit message", "the test plan": the last noun names the thing.
		if (code && isWord(tokens, k + 1, COMPOUND_PROSE)) return "prose";
		// "a comparison script", "a summary file": the last noun names the thing here too.
		const next = tokens[k + 1];
		if (prose && next?.kind === "word" && CODE_OBJECTS.has(next.norm) && !PROSE_OBJECTS.has(next.norm)) return "code";
		if (prose) return "prose";
		if (code) return "code";
	}
	return "none";
}

/** Whether a word token at `i` has one of `words` as its norm. */
export const isWord = (tokens: readonly Token[], i: number, words: ReadonlySet<string> | readonly string[]) => {
	const t = tokens[i];
	if (t?.kind !== "word") return false;
	return words instanceof Set ? words.has(t.norm) : (words as readonly string[]).includes(t.norm);
};

const SOURCE_OR_ASKED = new Set("from behind across whether if how what why which who where when".split(" "));
const PHRASE_ENDS = new Set(["of", "from", "for", "behind", "on", "about", "in", "and", "with", "as", "that"]);
const NAMING = new Set(["the", "a", "an", "your", "its", "their", "this", "that"]);

/**
 * "Reconstruct the reasoning from …", "Distil the argument": an unknown verb whose object, right
 * after its determiner (and a word qualifying it), is a piece of prose, makes prose; "Frobnicate the
 * config" still reads as a change.
 */
export function proseNamed(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head + 1, NAMING)) return false;
	const prose = (k: number) =>
		(isWord(tokens, k, PROSE_OBJECTS) || isWord(tokens, k, ANSWER_NOUNS)) && !isWord(tokens, k, CODE_OBJECTS);
	// "the review comments" names comments: the prose noun must end its noun phrase ("kill the
	// timezone theory" has one word qualifying it).
	const ends = (k: number) => {
		const next = tokens[k + 1];
		return next === undefined || next.kind !== "word" || PHRASE_ENDS.has(next.norm);
	};
	const at = prose(head + 2) ? head + 2 : tokens[head + 2]?.kind === "word" && prose(head + 3) ? head + 3 : -1;
	return at > 0 && ends(at) && !placedInFile(tokens, at + 1);
}

/**
 * Whether the words from `from` place the thing in a file: "… into unused.txt", "… in README.md";
 * not where a source was named first ("… from the codegen setup in `tools/codegen/`").
 */
export function placedInFile(tokens: readonly Token[], from: number): boolean {
	for (let k = from; k < tokens.length; k++) {
		const t = tokens[k] as Token;
		// "… from the setup in `x/`", "… whether `f` in `a.go` issues …": a source, or a part asked about.
		if (t.kind === "punct" || isWord(tokens, k, SOURCE_OR_ASKED)) return false;
		const place = isWord(tokens, k, ["to", "into", "onto", "in", "under", "at"]);
		if (place && tokens.slice(k + 1, k + 4).some((x) => pathText(x) !== undefined || x.kind === "code")) return true;
	}
	return false;
}
