/**
 * Orders phrased as questions, offers and suggestions: "is it possible for you to add …", "do you
 * think you could tidy …", "would you be able to …", "how about renaming …", "why not just delete
 * …". English asks politely by asking about ability or permission, so a question mark says nothing
 * about whether a change is wanted; the frame does. Each frame puts the child in front of the verb
 * that follows it, and that verb decides, as after "could you": "would it be possible to
 * regenerate the renders" orders a change, "would it be possible to explain …" asks for prose.
 *
 * A suggestion ("why not …", "how about …", "what if you …", "can we …") is an order unless the
 * brief goes on to ask about it: "why not delete the cache? What would break?" asks for the
 * consequences, and is read as the question it is (see `askedAbout`).
 */

import { HANDED_FRAMES } from "./offers.ts";
import type { Clause, Token } from "./types.ts";
import { phrases } from "./words.ts";

/**
 * Openers that may stand before "you could", "you can", "you'd": "do you think you could …", "I
 * wonder if you could …", "any chance you could …". Alone they start a question ("do you think
 * the lockfile is stale?"); only before a frame that addresses the child do they ask for an act.
 */
export const OPENERS: ReadonlyArray<readonly string[]> = phrases(`
	do you think
	do you reckon
	do you suppose
	do you imagine
	do you believe
	think
	reckon
	suppose
	i wonder if
	i wonder whether
	i was wondering if
	i was wondering whether
	i'm wondering if
	i'm wondering whether
	we were wondering if
	we were wondering whether
	we're wondering if
	wondering if
	i hope
	i'm hoping
	i was hoping
	we were hoping
	hopefully
	is there any way
	is there a way
	is there some way
	is there any chance
	is there a chance
	any way
	any chance
	by any chance
	is it possible that
	would it be possible that
	is it likely
	i guess
	i suppose
`);

/** Every phrase made of one part from each list, in order: ["could i"] × ["ask"] × ["you to"]. */
function combine(...parts: string[][]): string[][] {
	return parts.reduce<string[][]>((acc, part) => acc.flatMap((a) => part.map((p) => [...a, ...p.split(" ")])), [[]]);
}

/**
 * Frames of a polite request in question form. Listed by their structure: ability or
 * willingness asked of "you", possibility or permission asked impersonally ("is it possible for
 * you to", "would it be possible to" — but not the bare "is it possible to …", which asks whether
 * a thing can be done at all), and the speaker asking leave to ask ("could I ask you to").
 */
export const REQUEST_FRAMES: ReadonlyArray<readonly string[]> = [
	...combine(
		["may i", "might i", "could i", "can i"],
		[
			"ask",
			"trouble",
			"bother",
			"beg",
			"persuade",
			"impose on",
			"impose upon",
			"prevail on",
			"prevail upon",
			"count on",
		],
		["you to"],
	),
	...combine(
		["i'd", "i would", "we'd", "we would", "i", "we"],
		["like", "love", "want", "need"],
		["you to", "for you to"],
	),
	...HANDED_FRAMES,
	...combine(
		["do you have", "have you got", "would you have", "got"],
		["time", "a minute", "a moment", "a sec", "a second", "five minutes", "the time", "a chance"],
		["to"],
	),
	...phrases(`
	is it possible for you to
	is possible you
	is possible for you to
	is possible that you
	is better you
	is better if you
	is better that you
	would it be within your power to
	is it in your power to
	it's up to you to
	it is up to you to
	it's on you to
	it is on you to
	over to you to
	it falls to you to
	i'm counting on you to
	we're counting on you to
	i'm relying on you to
	would it be possible for you to
	will it be possible for you to
	would it be possible to
	would it be at all possible to
	would it be at all possible for you to
	is it at all possible for you to
	is it feasible for you to
	would it be feasible to
	would it be feasible for you to
	would it be ok to
	would it be okay to
	is it ok if you
	is it okay if you
	is it alright if you
	is it all right if you
	would it be ok if you
	would it be okay if you
	would it be alright if you
	would it be too much trouble to
	would it be too much trouble for you to
	would it be much trouble to
	would it be a problem to
	would it be a problem for you to
	would it be a bother to
	is it too much to ask for you to
	would it be too much to ask for you to
	would it kill you to
	would it hurt to
	would it hurt you to
	are you able to
	are you willing to
	are you up for
	you are welcome to
	might you
	i'd ask you to
	i'd like to ask you to
	i'd love it if you could
	i'd love it if you would
	it'd be great if you could
	it would be great if you could
	it would be nice if you could
	it'd be nice if you could
	it would help if you could
	i'd appreciate it if you could
	i'd appreciate it if you would
	i would appreciate it if you could
	can i get you to
	could i get you to
	can i have you
	could i have you
	got time to
	any chance of you
	is there any chance of you
	is there any chance of
	any chance of
	would you care to
	care to
	feel like
	fancy
	do you fancy
	would you fancy
	d'you fancy
	you wouldn't
	you won't
	can't you
	couldn't you
	won't you
	wouldn't you
	why can't you
	why couldn't you
	you couldn't
	do me a favour and
	do me a favor and
	you have my permission to
	you have my blessing to
	you're free to
	you are free to
	it's fine to
	it is fine to
	it's ok to
	it's okay to
	it is ok to
	can i get
	could i get
	you wouldn't mind
	i wouldn't mind if you
	happy for you to
	up for
	you up for
	are you up for
	i'm happy for you to
	we're happy for you to
	fine for you to
	it's fine for you to
	ok for you to
	okay for you to
	wouldn't mind if you
	i'd not mind if you
	i don't mind if you
	you don't mind
	are you in a position to
	would you be in a position to
	is there any reason you can't
	is there a reason you can't
	have a go at
	take a stab at
	have a crack at
	take a crack at
	take a shot at
	try your hand at
	make a start on
	get started on
`),
];

/**
 * Frames of a suggestion: an order unless the brief asks about it afterwards. "Why don't you"
 * is here, not among the requests, for the same reason "why not" is.
 */
export const SUGGESTION_FRAMES: ReadonlyArray<readonly string[]> = phrases(`
	why not
	why don't you
	why don't we
	why do not you
	why not try
	if you could
	if you would
	if you'd
	if you wouldn't mind
	if you don't mind
	how would you feel about
	how do you feel about
	would you be open to
	are you open to
	how about you
	how about we
	how about
	what about
	what if you
	what if we
	shall we
	can we
	could we
	any objection to you
	any objection to
	any objections to
	any reason not to
	what do you say we
	what would you say we
	what say we
`);

/** Verbs of a follow-up that asks about a suggestion rather than taking it up. */
const ASKING_VERBS = new Set(
	"tell explain say describe argue outline justify weigh compare discuss convince talk walk".split(" "),
);

/** Words that ask for a judgement of what was suggested: "what's the downside", "in your view". */
const JUDGEMENT_WORDS = new Set(
	`opinion view views downside downsides drawback drawbacks trade-off trade-offs tradeoff tradeoffs pros cons
	risk risks break breaks catch consequences cost costs asking wondering curious`.split(/\s+/),
);

const judges = (tokens: readonly Token[]) => tokens.some((t) => t.kind === "word" && JUDGEMENT_WORDS.has(t.norm));

/**
 * Whether what follows a suggestion asks about it: a question, a request to explain or weigh it,
 * or a word that asks for a judgement, in the rest of its sentence or the next one.
 */
export function askedAbout(suggestion: Clause, after: readonly Clause[]): boolean {
	if (judges(suggestion.tokens)) return true;
	return after.some((c) => {
		const head = c.tokens[c.head];
		// In the suggestion's own sentence only a question of its own asks ("…, one per format?" is an aside).
		const own = c.sentence === suggestion.sentence;
		if (c.mood === "question" || (c.inQuestion && c.mood !== "directive" && head !== undefined && !own)) return true;
		if (c.mood !== "statement" && head !== undefined && ASKING_VERBS.has(head.norm)) return true;
		return judges(c.tokens);
	});
}
