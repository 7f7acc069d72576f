/**
 * The allow-list's words of wishes, rules and limits (allow.ts): what turns a statement into a wish
 * or a need ("should", "I'd love", "time to"), a thing into a rule ("off limits", "as it is"), an
 * order to read into a limited one ("only", "without"), and what may stand between "you" and its
 * verb. A word missing here lets a wish pass as context; the rules (prohibitions.ts, wishes.ts) read
 * the common ones first.
 */
import { phrases, set } from "./words.ts";

/**
 * Words that make a statement a wish, a need or an obligation: "the timeout should be …", "I'd love
 * for …", "ideally the loader would …", "hoping you can …". A statement with one of these (or a
 * word ending in "'d", or a phrase of WISH_PHRASES) passes only if it wants an answer ("I'd like to
 * know …", "what I need is your view").
 */
export const WISH_WORDS = set(`
	should shall must need needs ought want wants wanted wish wishes hope hoping hopefully ideally
	keen prefer would wouldn't gotta let's lets deserves deserve appreciate appreciated
`);

/** Phrases that make a statement a wish or a need: "time to …", "it's better if …", "has to go". */
export const WISH_PHRASES = phrases(`
	could use
	could really use
	could do with
	could really do with
	would benefit
	could benefit
	time to
	about time
	high time
	better if
	better to
	best if
	best to
	had better
	has to
	have to
	got to
	can't wait
	looking forward
`);

/** Words that, stated of a thing, lay down a rule about it: "the fixtures are off limits". */
export const RULE_STATES = phrases(`
	off limits
	off-limits
	out of bounds
	out of scope
	no-go
	no go
	hands off
	hands-off
	untouchable
	untouched
	unchanged
	as is
	as-is
	as it is
	as they are
	forbidden
	banned
	not allowed
	not permitted
	not to be
	stays
	stay
	remains
	remain
	read-only
	frozen
	sacred
	verboten
	taboo
	off the table
	off the cards
	belongs in
	belong in
`);

/** Rules on how to answer: "say so instead of inferring", "rather than guessing". */
export const NO_GUESSING = phrases(`
	instead of guessing
	instead of inferring
	instead of speculating
	instead of assuming
	rather than guessing
	rather than inferring
	rather than speculating
	rather than assuming
`);

/** Caps on how much: "at most", "no more than", "three sentences or fewer". */
export const CAPS = phrases(`
	at most
	no more than
	not more than
	no longer than
	or fewer
	or less
`);

/**
 * Limits in an order to read: "look only at the tests", "read nothing outside test/", "find it and
 * report it, nothing more". A fork cannot hold the child to them; a task's boundary and checks can.
 */
export const READ_LIMITS = [
	...CAPS,
	...phrases(`
	only
	exclusively
	solely
	strictly
	without
	nothing else
	nothing more
	nothing but
	nothing outside
	nothing beyond
	nothing under
	nothing inside
	nothing within
	but nothing
	no writes
	no edits
	no changes
	no modifications
	no further
	not beyond
	not outside
	stop there
	stop at that
	leave it there
	go no further
`),
];

/**
 * Verbs of understanding that also write where a path follows: "note it in CHANGELOG.md", "list
 * them into todo.txt". After "in" only the verbs that leave a mark write ("summarise the rules in
 * CONTRIBUTING.md" reads them).
 */
export const RECORDING = set(`
	note comment flag mention highlight list summarise summarize sketch outline report record document
	jot log save answer cite quote point name gather collect catalogue catalog chart draw
`);
export const RECORDING_IN = set("note comment flag mention jot log save record document");

/**
 * Verbs after "you" in a condition or statement that order nothing: "if you want", "when you get a
 * moment", "once you've had a look".
 */
export const IDLE_AFTER_YOU = set(`
	want wish like prefer get have had has 've are 're were was be been being feel agree disagree need
	think do does did go get got hit come care mind
`);

/** Modals between "you" and its verb: "you could add …", "you'll want …". */
export const YOU_MODALS = set(`
	can could would will 'd 'll might may must should shall just also then please kindly possibly maybe
	perhaps already
`);
