/**
 * The gate's second reader: a linear model over the brief's words and word pairs, marked with where
 * its sentences start and its questions end, its last sentence and what its negations reach
 * (tf-idf, logistic regression), trained on the corpus's tuning split only (scripts/gate-train.ts)
 * and shipped as data (learned-weights.ts). The rules name why a brief is a task; the model weighs the whole brief
 * the way the corpus's writers did, and has seen phrasings no rule was written for. It overrules
 * the rules only where it is nearly sure (classify.ts): a brief the rules block but that reads,
 * as a whole, like a question to answer; a brief the rules let through that reads like work.
 */
import { LEARNED } from "./learned-weights.ts";
import type { GateReason } from "./types.ts";

/** A word as the model reads it: letters, digits and underscores, with an apostrophe's ending kept ("don't"). */
const WORD = "[a-z0-9_]+(?:'[a-z]+)?";

/** The text as the model reads it: lower case, curly apostrophes straightened. */
const lowered = (brief: string) => brief.toLowerCase().replace(/\u2019/g, "'");
/** The words of a lowered text, in order. */
const wordsOf = (text: string) => text.match(new RegExp(WORD, "g")) ?? [];

/** A brief's words, in lower case with curly apostrophes straightened, in order. (@internal: exported for its tests) */
export function learnedTokens(brief: string): string[] {
	return wordsOf(lowered(brief));
}

/** Where the model cuts a brief into sentences: after a stop, colon or semicolon and a space, after "?", at a line's end. */
const SENTENCE_BREAK = /(?<=[.!?:;])\s+|\n+|(?<=\?)/;
/** Where the last sentence starts: after a full stop, "!" or "?" and a space, or at a line's end. */
const LAST_BREAK = /(?<=[.!?])\s+|\n+/;
/** Words that turn what follows into something not to do, or not done. */
const NEGATION = /^(?:not|no|never|don't|without|nothing|avoid|can't|won't|shouldn't|mustn't|didn't|doesn't|isn't)$/;
/** How many words after a negation it reaches. */
const NEGATION_REACH = 4;

/** The marks a feature may carry: a sentence's start, a question's end, the last sentence, a negation's reach. */
const [START, QUESTION, LAST, NEGATED] = ["<s>", "<q>", "<e> ", "~"] as const;

/** The words of the brief a feature stands for, its marks taken off ("<s> fix" is "fix", "~touch" is "touch"). */
function featureWords(feature: string): string[] {
	return feature
		.split(" ")
		.filter((w) => !w.startsWith("<"))
		.map((w) => (w.startsWith(NEGATED) ? w.slice(NEGATED.length) : w));
}

type Add = (feature: string) => void;

/** Each word and each pair of neighbouring words, a sentence's start and a question's end counted as words. */
function sentenceFeatures(text: string, add: Add): void {
	let previous: string | undefined;
	for (const sentence of text.split(SENTENCE_BREAK)) {
		const words = wordsOf(sentence);
		if (words.length === 0) continue;
		const marked = [START, ...words, ...(/\?\s*["')\]]*\s*$/.test(sentence) ? [QUESTION] : [])];
		for (const [i, w] of marked.entries()) {
			if (!w.startsWith("<")) add(w);
			if (i > 0) add(`${marked[i - 1]} ${w}`);
		}
		if (previous) add(`${previous} ${words[0]}`);
		previous = words.at(-1);
	}
}

/** Each word of the last sentence again, when there is more than one sentence. */
function lastSentenceFeatures(text: string, add: Add): void {
	const sentences = text.split(LAST_BREAK).filter((s) => /[a-z]/.test(s));
	if (sentences.length > 1) for (const w of wordsOf(sentences.at(-1) as string)) add(`${LAST}${w}`);
}

/** Each word within NEGATION_REACH after a negation. */
function negationFeatures(text: string, add: Add): void {
	let reach = 0;
	for (const w of wordsOf(text)) {
		if (NEGATION.test(w)) reach = NEGATION_REACH;
		else if (reach > 0) {
			add(`${NEGATED}${w}`);
			reach--;
		}
	}
}

/**
 * The features of a brief, with their counts:
 * - each word, and each pair of neighbouring words, where a sentence's start (`<s>`) and a
 *   question's end (`<q>`) count as words: "fix it" that opens a sentence is an order, in
 *   "how would you fix it?" it is not;
 * - each word of the last sentence again (`<e> word`), where afterthoughts stand ("…oh, and leave
 *   the tests alone");
 * - each word within four after a negation (`~word`): "don't touch the lockfile" forbids the touch.
 */
export function learnedFeatures(brief: string): Map<string, number> {
	const counts = new Map<string, number>();
	const add: Add = (f) => counts.set(f, (counts.get(f) ?? 0) + 1);
	const text = lowered(brief);
	sentenceFeatures(text, add);
	lastSentenceFeatures(text, add);
	negationFeatures(text, add);
	return counts;
}

/** A model as data: its features in order, each one's idf and weight, and the bias. */
export interface LearnedModel {
	features: readonly string[];
	idf: Float64Array;
	weight: Float64Array;
	bias: number;
}

/**
 * The brief's vector as the model reads it: for each known feature, (1 + ln count) × idf, the
 * whole scaled to length 1. Sparse: feature index to value.
 */
export function learnedVector(
	brief: string,
	index: ReadonlyMap<string, number>,
	idf: Float64Array,
): Map<number, number> {
	const vector = new Map<number, number>();
	let norm = 0;
	for (const [feature, count] of learnedFeatures(brief)) {
		const i = index.get(feature);
		if (i === undefined) continue;
		const value = (1 + Math.log(count)) * (idf[i] as number);
		vector.set(i, value);
		norm += value * value;
	}
	const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
	for (const [i, v] of vector) vector.set(i, v * scale);
	return vector;
}

interface Loaded extends LearnedModel {
	index: Map<string, number>;
}

let loaded: Loaded | undefined;

/** The shipped model, indexed on first use. */
function shipped(): Loaded {
	loaded ??= {
		features: LEARNED.features,
		idf: Float64Array.from(LEARNED.idf),
		weight: Float64Array.from(LEARNED.weight),
		bias: LEARNED.bias,
		index: new Map(LEARNED.features.map((f, i) => [f, i])),
	};
	return loaded;
}

/** What the model makes of a brief: the chance it is a task, and the features that weighed most toward it. */
export interface LearnedReading {
	task: number;
	/** Features of the brief, heaviest toward "task" first (at most five, each with a positive weight). */
	toward: string[];
}

export function readLearned(
	brief: string,
	model: LearnedModel & { index: ReadonlyMap<string, number> } = shipped(),
): LearnedReading {
	const vector = learnedVector(brief, model.index, model.idf);
	let z = model.bias;
	const parts: Array<[string, number]> = [];
	for (const [i, v] of vector) {
		const part = v * (model.weight[i] as number);
		z += part;
		if (part > 0) parts.push([model.features[i] as string, part]);
	}
	parts.sort((a, b) => b[1] - a[1]);
	return { task: 1 / (1 + Math.exp(-z)), toward: parts.slice(0, 5).map(([f]) => f) };
}

/** The sentence (or line) around brief[from, to): from after the previous end to its own. */
function sentenceAround(brief: string, from: number, to: number): { quote: string; offset: number } {
	let start = from;
	// A sentence ends at a stop followed by a space ("src/a.ts" does not end one), or at a line's end.
	while (start > 0 && brief[start - 1] !== "\n" && !/[.!?]\s/.test(brief.slice(start - 2, start))) start--;
	while (/\s/.test(brief[start] as string) && start < from) start++;
	const rest = /[.!?](?=\s|$)|\n/.exec(brief.slice(to));
	const end = rest ? to + rest.index + (rest[0] === "\n" ? 0 : 1) : brief.trimEnd().length;
	return { quote: brief.slice(start, Math.max(end, to)), offset: start };
}

/**
 * The reason the second reader gives for a block: the sentence holding the words of its heaviest
 * feature toward "task", where they first stand (the first sentence when none is found) — the
 * model rewriting its call sees what read as work.
 */
export function learnedReason(brief: string, reading: LearnedReading): GateReason {
	for (const feature of reading.toward) {
		const words = featureWords(feature).map((w) => w.replace("'", "['\u2019]"));
		const found = new RegExp(`(?<![a-z0-9_'\u2019])${words.join("[^a-z0-9_]+")}(?![a-z0-9_]|['\u2019][a-z])`, "i").exec(
			brief,
		);
		if (found)
			return {
				kind: "not-read-only",
				...sentenceAround(brief, found.index, found.index + found[0].length),
				rule: "learned",
			};
	}
	const first = new RegExp(WORD, "i").exec(brief);
	const at = first?.index ?? 0;
	return {
		kind: "not-read-only",
		...sentenceAround(brief, at, at + (first?.[0].length ?? brief.length)),
		rule: "learned",
	};
}
