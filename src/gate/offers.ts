/**
 * Phrase lists of two families of request: work handed over or allowed ("it's on you to …", "you
 * have the green light to …", "need you to …"), and suggestions stated as the speaker's view ("I
 * think we should …", "my vote is to …", "it might be worth …"), which are orders unless the brief
 * goes on to ask about them. Phrases are space-separated words, matched against normalised tokens.
 */
import { phrases } from "./words.ts";

/**
 * Requests by handing work over, granting leave or naming the time, and the plain requests of
 * non-native English: "it's on you to …", "you have the green light to …", "it's time to …",
 * "need you to …", "requesting you to …", "could do with a …", "would appreciate a …".
 */
export const HANDED_FRAMES: ReadonlyArray<readonly string[]> = [
	...combineWords(
		["i'll leave it", "i will leave it", "can i leave it", "could i leave it", "i leave it", "we'll leave it"],
		["with you to", "to you to", "up to you to"],
	),
	...combineWords(
		["you have", "you've got", "you've", "consider this", "take this as", "this is", "here's"],
		["the green light", "the go-ahead", "my go-ahead", "your go-ahead", "the all-clear", "my blessing", "the okay"],
		["to"],
	),
	...phrases(`
	is it within your power to
	the idea being that you
	the idea is that you
	the plan is that you
	the point being that you
	it's time to
	it is time to
	time to
	now's the time to
	high time to
	see if you can
	see whether you can
	try and
	need you to
	want you to
	would like you to
	requesting you to
	request you to
	i request you to
	could do with
	would love
	would appreciate
	i'd love
	i'd appreciate
	we'd love
	we'd appreciate
	could use
	we could use
	i could use
	would welcome
	i'd welcome
	you're welcome to
	be bold and
`),
];

/** Every phrase made of one part from each list, in order. */
function combineWords(...parts: string[][]): string[][] {
	return parts.reduce<string[][]>((acc, part) => acc.flatMap((a) => part.map((q) => [...a, ...q.split(" ")])), [[]]);
}

/** Suggestions stated as the speaker's view: an order unless the brief goes on to ask about it. */
export const SUGGESTED = phrases(`
	how's about you
	how's about
	i think we should
	i think we ought to
	i think you should
	i reckon we should
	i reckon we ought to
	i reckon you should
	my suggestion is to
	my suggestion would be to
	my vote is to
	my vote would be to
	my preference is to
	i'd go with
	i would go with
	i'd suggest
	i suggest
	i'd recommend
	it might be worth
	it may be worth
	it would be worth
	it'd be worth
	it's worth
	worth
	might be worth
	could be worth
	it might be an idea to
	might be an idea to
	it might be good to
	might be good to
	any joy
	any luck
	couldn't hurt to
	wouldn't hurt to
	can't hurt to
	won't hurt to
	it couldn't hurt to
	it wouldn't hurt to
	it can't hurt to
	it won't hurt to
	no harm in
	there's no harm in
	it does no harm to
`);
