/**
 * Slots of the polite frames read by structure (politeness.ts): the work asked for by name ("could I
 * trouble you for a test …"), a suggestion put as the speaker's ("might I suggest you …"), and thanks
 * promised for the act ("would appreciate it if you could …").
 */
import { phrases } from "./words.ts";

/** One slot: phrases to choose from, or a test of one word; an optional slot may be skipped. */
export interface Slot {
	options?: ReadonlyArray<readonly string[]>;
	test?: (word: string) => boolean;
	optional?: boolean;
}

/** "would appreciate if you can …", "I'd really appreciate it if you could …": thanks promised for the act. */
export const APPRECIATE: readonly Slot[] = [
	{ options: phrases("i'd\ni would\nwe'd\nwe would\nwould\ni'll\ni will"), optional: true },
	{ options: phrases("appreciate\nvalue\nwelcome\nlove") },
	{ options: phrases("it"), optional: true },
	{ options: [...phrases("if you can\nif you could\nif you would\nif you'd\nif you"), ...phrases("you")] },
];

/** "could I trouble you for a test …", "can we ask you for a fix …": the work asked for by name. */
export const ASK_FOR: readonly Slot[] = [
	{ options: phrases("could\ncan\nmay\nmight") },
	{ options: phrases("i\nwe") },
	{ options: phrases("trouble\nask\nbother\npester\nimpose on") },
	{ options: phrases("you") },
	{ options: phrases("for") },
];

/** "might I suggest you …", "may I propose that you …": a suggestion, an order unless asked about. */
export const SUGGEST_YOU: readonly Slot[] = [
	{ options: phrases("could\ncan\nmay\nmight") },
	{ options: phrases("i\nwe") },
	{ options: phrases("suggest\npropose\nrecommend\nadvise") },
	{ options: phrases("that"), optional: true },
	{ options: phrases("you\nwe") },
];
