/**
 * Verdicts that forbid wherever they stand in a clause: "src/api is off-limits", "force-pushing is
 * off the table", "under no circumstances", "hands off". Phrases are space-separated words, matched
 * against normalised tokens.
 */
import { phrases } from "./words.ts";

/** Passive verdicts on a thing: "src/api is off-limits". */
export const FORBIDDEN_WORDS: ReadonlyArray<readonly string[]> = phrases(`
	no-go
	no-fly zone
	no fly zone
	no-go zone
	no-go area
	excluded from this
	not part of this
	is immutable
	are immutable
	a red line
	have no business
	has no business
	not something you
	not something we
	not something anyone
	not a thing you
	is set in stone
	are set in stone
	off the table
	off the cards
	not on the cards
	not in the cards
	not on the table
	not an option
	non-starter
	no-no
	a no from me
	a no from us
	a hard no
	a definite no
	a flat no
	a big no
	an absolute no
	a clear no
	a firm no
	a no for me
	not something i want
	not something we want
	not something i'd like
	not what i want
	not what we want
	verboten
	taboo
	wide berth
	not yours to
	not ours to
	not welcome
	unwelcome
	not wanted
	out of the question
	forbidden
	prohibited
	not allowed
	not permitted
	disallowed
	banned
	off-limits
	off limits
	out of bounds
	out of scope
	out-of-scope
	not in scope
	not to be touched
	not to be changed
	not to be edited
	not to be modified
	is frozen
	are frozen
	stays frozen
	stay frozen
	is sacrosanct
	are sacrosanct
	is untouchable
	are untouchable
`);

/** Phrases that forbid anywhere they appear. */
export const ABSOLUTE_PROHIBITIONS: ReadonlyArray<readonly string[]> = phrases(`
	under no circumstances
	under no account
	on no accounts
	at no point
	in no case
	on no account
	under no condition
	under no conditions
	on no condition
	in no circumstances
	not under any circumstances
	at no time
	in no event
	in no way
	not under any condition
	not under any conditions
	hands off
	eyes only
	look but don't touch
	look don't touch
	view only
	view-only
	observe only
`);
