/**
 * Idioms: phrases whose "don't", "never" or change verb neither forbids nor changes anything —
 * "don't hesitate to ask", "never mind the tests", "push back on", "update me", "commit to one
 * answer". Each entry is a phrase of normalised words, matched where the verb or negation stands.
 */

import { longestAt } from "./phrases.ts";
import type { Token } from "./types.ts";
import { phrases, set } from "./words.ts";

/** What may follow "don't" or "never" without forbidding anything. */
export const NEGATION_IDIOMS: ReadonlyArray<readonly string[]> = phrases(`
	hesitate
	worry
	hold back
	pull punches
	pull your punches
	sugar-coat
	sugarcoat
	mind
	be afraid
	be shy
	feel
	panic
	sweat
	apologise
	apologize
	get me wrong
	take this personally
	take it personally
	despair
	stress
	forget
	overthink
	you think
	you agree
	you reckon
	you see
	you know
	you find
	get ahead of
	get carried away
	get bogged down
	jump to conclusions
	overcomplicate
	go down that road
	get lost
	have time
	have the time
	have much time
`);

/** Idioms of change verbs: "push back" and "update me" change no file. */
export const VERB_IDIOMS: ReadonlyArray<readonly string[]> = phrases(`
	pick up the thread
	has to do with
	catching you up
	catch you up
	fill you in
	filling you in
	bring you up to speed
	bringing you up to speed
	have to do with
	had to do with
	has nothing to do with
	have nothing to do with
	have to admit
	got to admit
	gotta admit
	must admit
	push back
	move on
	move forward
	move ahead
	move along
	update me
	raise concerns
	raise any
	raise questions
	raise doubts
	update from
	update us
	update the thread
	update the team
	update yourself
	change your mind
	change tack
	change the subject
	fix on
	fix your attention
	write down
	call out
	call it out
	call that out
	call them out
	write back
	write me
	write out
	drop me
	drop it
	save me
	save us
	save time
	save yourself
	make sure
	make certain
	make sense
	pin down
	check in with
	correct me
	resolve whether
	resolve which
	comment on
	set aside
	set the scene
	set expectations
	hook me
	tag me
	handle it however
	land on
	address me
	record your
	start by
	begin by
	start with
	begin with
	keep in mind
	keep an eye
	keep your attention
	keep your focus
	keep track
	keep it short
	keep it brief
	keep the answer
	keep your answer
	go through
	go over
	go deeper
	go back
	go look
	go check
	pick one
	pick the
	pick a
	pick between
	do a
	do an
	do some
	get a feel
	get a sense
	get me
	get back
	add up
	add to that
	build a mental
	build a picture
	build a case
	build an intuition
	build an understanding
	make a call
	make the call
	make an educated
	commit to memory
	have a look
	have a think
	have a read
	have a peek
	have a glance
	have a skim
	put yourself
	put simply
	put it simply
	put differently
	put it differently
	put another way
	put it another way
	strip away
	lift the lid
	be a star
	be a dear
	be a love
	be a gem
	be a sport
	be a pal
	be a darling
	be a doll
	be a legend
	be a hero
	be a champ
	be an angel
	cut to the chase
`);

/** What "commit to …" takes when it means choosing, not git. */
export const COMMIT_TO_CHOICE = set(`
	a an one your single answer position view recommendation opinion choice decision side stance verdict
	number estimate guess conclusion
`);

/** Where a thing is put: after "drop it" these make a placement ("drop it in", "drop it into the README"). */
const PLACING = set("in into on onto there here under inside at");

/**
 * Length of a verb idiom at `i` ("drop it", "write me"), or 0. An idiom whose object is "it" and
 * that goes on to say where is a placement, not the idiom: "drop it" lets a matter go, "drop it
 * in" puts a thing somewhere.
 */
export function verbIdiomAt(tokens: readonly Token[], i: number): number {
	const n = longestAt(tokens, i, VERB_IDIOMS);
	const placed = n > 0 && tokens[i + n - 1]?.norm === "it" && PLACING.has(tokens[i + n]?.norm ?? "");
	return placed ? 0 : n;
}
