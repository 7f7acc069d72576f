/**
 * Polite frames that vary too much to list phrase by phrase, read by their structure instead:
 *
 * - hedges inside a frame: "I was rather hoping you'd …", "I'd be ever so grateful if you could …",
 *   "I'd really like you to …" are the frames without "rather", "ever so" and "really";
 * - the chance of it: "is there any possibility you could …", "what are the odds of you …";
 * - the imposition of asking: "would it be a terrible imposition to ask you to …", "is it much
 *   of a bother to …";
 * - gratitude promised: "I'd be grateful if you could …", "it would be splendid if you could …";
 * - wanting stated plainly, as non-native English often does: "I need that you …", "I want you
 *   fix …";
 * - a suggestion asked in the negative: "couldn't we just …", "wouldn't it be neater to …".
 *
 * Each is a sequence of slots, each slot a choice of phrases (or a test of one word), matched
 * left to right: a few comparisons per slot, where listing every combination would be thousands.
 */

import { SUGGESTED } from "./offers.ts";
import { APPRECIATE, ASK_FOR, type Slot, SUGGEST_YOU } from "./slots.ts";
import type { Token } from "./types.ts";
import { phrases, set } from "./words.ts";

/** Degree words that may sit inside a frame without changing what it asks. */
const HEDGES = set("rather really actually truly genuinely quite so ever awfully terribly very much most");

/** Length of `phrase` at `i`, skipping hedges between its words (never before the first); 0 when it does not match. */
export function hedgedAt(tokens: readonly Token[], i: number, phrase: readonly string[]): number {
	let k = i;
	for (let p = 0; p < phrase.length; p++) {
		while (p > 0 && tokens[k]?.kind === "word" && HEDGES.has(tokens[k]?.norm ?? "") && tokens[k]?.norm !== phrase[p]) {
			k++;
		}
		if (tokens[k]?.norm !== phrase[p]) return 0;
		k++;
	}
	return k - i;
}

type Phrases = ReadonlyArray<readonly string[]>;
/** Each list's phrases by their first word: a frame is looked for at every clause's start. */
const byFirst = new WeakMap<Phrases, Map<string, Array<readonly string[]>>>();

/** The phrases of `list` that start with `word`. */
export const phrasesStarting = (list: Phrases, word: string | undefined) => indexed(list).get(word ?? "") ?? [];

function indexed(list: Phrases): Map<string, Array<readonly string[]>> {
	let index = byFirst.get(list);
	if (index === undefined) {
		index = new Map();
		for (const phrase of list) {
			const first = phrase[0] ?? "";
			index.set(first, [...(index.get(first) ?? []), phrase]);
		}
		byFirst.set(list, index);
	}
	return index;
}

/** The longest of `list` at `i`, hedges allowed inside, as its length in tokens (0 when none matches). */
export function hedgedLongestAt(tokens: readonly Token[], i: number, list: Phrases): number {
	let best = 0;
	for (const phrase of indexed(list).get(tokens[i]?.norm ?? "") ?? [])
		best = Math.max(best, hedgedAt(tokens, i, phrase));
	return best;
}

/** Matches the slots in order from `i`: the length matched, or 0. */
function slotsAt(tokens: readonly Token[], i: number, slots: readonly Slot[]): number {
	let k = i;
	for (const slot of slots) {
		while (k > i && tokens[k]?.kind === "word" && HEDGES.has(tokens[k]?.norm ?? "")) k++;
		const t = tokens[k];
		let n = 0;
		if (slot.test) n = t?.kind === "word" && slot.test(t.norm) ? 1 : 0;
		else n = hedgedLongestAt(tokens, k, slot.options ?? []);
		if (n === 0 && !slot.optional) return 0;
		k += n;
	}
	return k - i;
}

const YOU_TAILS = phrases(`
	if you could
	if you would
	if you'd
	if you can
	if you will
	for you to
	if you
`);

const CHANCE: readonly Slot[] = [
	{
		options: phrases(`
			is there any
			is there a
			is there some
			there's any
			there's a
			any
			what are the
			what're the
			what's the
			how are the
		`),
	},
	{ options: phrases("chance\nchances\npossibility\nlikelihood\nodds\nhope\nprospect") },
	{ options: phrases("of you\nthat you could\nthat you'd\nthat you might\nyou could\nyou'd\nyou might\nyou can") },
];

const IMPOSITION: readonly Slot[] = [
	{ options: phrases("would it be\nwould that be\nis it\nwill it be\nwould it not be\nwouldn't it be") },
	{
		options: phrases("a\nan\ntoo much of a\nmuch of a\ntoo much\nany\na big\na huge\na terrible\nan awful\na real"),
		optional: true,
	},
	{
		options: phrases(
			"imposition\nbother\ntrouble\nproblem\nhassle\npain\nnuisance\nburden\nask\ninconvenience\nstretch",
		),
	},
	{ options: [...phrases("to ask you to\nif i asked you to\nto"), ...YOU_TAILS] },
];

const TROUBLE: readonly Slot[] = [
	{ options: phrases("would it\nwill it\ndoes it\nwould that\nwould this") },
	{ options: phrases("trouble\nbother\ninconvenience\nput you out") },
	{ options: phrases("you"), optional: true },
	{ options: [...phrases("to\nif i asked you to"), ...YOU_TAILS] },
];

const GRATEFUL: readonly Slot[] = [
	{
		options: phrases(
			"i'd be\ni would be\nwe'd be\nwe would be\ni'll be\ni will be\ni'm\ni am\nwe're\nwe are\nwe'll be",
		),
	},
	{ options: phrases("grateful\nthankful\nobliged\nglad\nhappy\ndelighted\nchuffed\npleased\nthrilled\nindebted") },
	{ options: YOU_TAILS },
];

export const PRAISE = set(`
	great nice lovely splendid wonderful brilliant helpful fab fabulous fantastic amazing ace handy ideal good
	perfect super awesome cool grand marvellous marvelous terrific excellent useful best better smashing
`);

const NICE_IF: readonly Slot[] = [
	{ options: phrases("it would be\nit'd be\nit will be\nit'll be\nthat would be\nthat'd be\nwould be") },
	{ options: phrases("a\nso"), optional: true },
	{ test: (w) => PRAISE.has(w) },
	{ options: YOU_TAILS },
];

const WANT_THAT: readonly Slot[] = [
	{ options: phrases("i\nwe\ni'd\nwe'd\ni would\nwe would\ni will\ni'll") },
	{ options: phrases("want\nneed\nwish\nlike") },
	{ options: phrases("that you\nyou") },
];

/** Comparatives a negative suggestion weighs by: "wouldn't it be neater to", "isn't it simpler to". */
const comparative = (w: string) =>
	/(?:er|est)$/.test(w) || ["preferable", "sensible", "smart", "wise", "best", "better"].includes(w);

const NEGATIVE_SUGGESTION: readonly Slot[] = [
	{ options: phrases("wouldn't it be\nwould it not be\nisn't it\nwon't it be\nwouldn't it just be") },
	{ test: comparative },
	{ options: phrases("to\nif we\nif you") },
];

const NEGATIVE_WE = phrases(`
	couldn't we
	can't we
	shouldn't we
	oughtn't we
	mightn't we
	why can't we
	why couldn't we
	why shouldn't we
	why wouldn't we
	wouldn't it make sense to
	would it not make sense to
	doesn't it make sense to
`);

/** A structural polite frame at `i`: its length, and whether it only suggests. */
export function politeFrameAt(tokens: readonly Token[], i: number): { length: number; suggestion: boolean } {
	const request = Math.max(
		slotsAt(tokens, i, CHANCE),
		slotsAt(tokens, i, IMPOSITION),
		slotsAt(tokens, i, TROUBLE),
		slotsAt(tokens, i, GRATEFUL),
		slotsAt(tokens, i, NICE_IF),
		slotsAt(tokens, i, WANT_THAT),
		slotsAt(tokens, i, ASK_FOR),
		slotsAt(tokens, i, APPRECIATE),
	);
	const offer = Math.max(
		slotsAt(tokens, i, NEGATIVE_SUGGESTION),
		hedgedLongestAt(tokens, i, NEGATIVE_WE),
		hedgedLongestAt(tokens, i, SUGGESTED),
		slotsAt(tokens, i, SUGGEST_YOU),
	);
	return { length: Math.max(request, offer), suggestion: offer > request };
}

/**
 * A second frame after the first, before the verb: "would you be able to", "can you see your way
 * to", "would you consider", "could you go ahead and".
 */
export const INNER_FRAMES: ReadonlyArray<readonly string[]> = phrases(`
	be able to
	be
	be willing to
	be so kind as to
	be so good as to
	be kind enough to
	be good enough to
	be up for
	be happy to
	have time to
	have a moment to
	have a minute to
	find time to
	find the time to
	get around to
	see your way to
	see your way clear to
	take a moment to
	take a minute to
	manage to
	want to
	need to
	go ahead and
	just go ahead and
	see about
	find a way to
	have a go at
	take a stab at
	having a go at
	taking a stab at
	having a crack at
	taking a crack at
	taking a shot at
	making a start on
	like to
	care to
	happen to
	have a crack at
	take a crack at
	take a shot at
	try your hand at
	make a start on
	be ok with
	be okay with
	be happy with
	please
	consider
	mind
	try
	start
	begin
`);

/** Openers that may stand before another: "I don't suppose there's any chance you could …". */
export const STACKED_OPENERS = phrases(`
	i don't suppose
	don't suppose
	i do not suppose
	i don't imagine
	i wonder
	i was wondering
	just wondering
	quick question
`);
