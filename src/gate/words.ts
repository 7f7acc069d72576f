/**
 * The function words the gate reads a clause by: fillers it skips, frames that address the child,
 * words that start a question, a statement or a subordinate clause, and the idioms whose "don't" or
 * "never" forbids nothing. Phrases are space-separated words, matched against normalised tokens.
 */

/** A set of space-separated words. */
export const set = (words: string) => new Set(words.trim().split(/\s+/));
/** One phrase a line, each a list of words. */
export const phrases = (lines: string) =>
	lines
		.trim()
		.split("\n")
		.map((line) => line.trim().split(/\s+/));

/** Words skipped before a clause's head: they change nothing about what the clause asks. */
export const FILLERS = set(`
	please also just now first next finally then and so kindly additionally quickly carefully simply briefly
	again lastly secondly thirdly second third ok okay alright right instead meanwhile afterwards or but
	plus actually basically honestly really maybe perhaps hey hi step once possibly somehow
`);

/**
 * Frames that put the child in front of the verb that follows: "could you fix", "I want you to
 * fix", "your job is to fix". The flag says whether the frame turns a question into a request.
 */
export const FRAMES: ReadonlyArray<readonly string[]> = phrases(`
	would you mind
	would you please
	could you please
	can you please
	will you please
	do you mind
	why don't you
	how about you
	could you
	can you
	would you
	will you
	go ahead and
	make sure to
	make sure you
	be sure to
	remember to
	don't forget to
	do not forget to
	try to
	feel free to
	proceed to
	i want you to
	i'd like you to
	i would like you to
	i need you to
	we need you to
	i'm asking you to
	your job is to
	your task is to
	your goal is to
	the task is to
	the goal is to
	the job is to
	the idea is to
	you should
	you must
	you need to
	you have to
	you can
	you could
	you might
	you would
	you'd
	you may
	you will
	you'll
	you are to
	you're to
	you are going to
	you're going to
	we need to
	we have to
	we must
	we should
	let's
	let us
	you
	need to
	have to
	ought to
	gotta
	got to
`);

/** Words that start a subordinate clause: what follows is a condition or a topic, not an order. */
export const SUBORDINATORS = set(`
	if when whenever once after before because since while unless until whether though although as where
	wherever whereas given
`);

/** Words that start an information question. */
export const QUESTION_WORDS = set(`
	why what how where when which who whom whose is are was were do does did has have had should shall would
	could can will may might must isn't aren't wasn't weren't doesn't don't didn't hasn't haven't won't
	wouldn't shouldn't couldn't can't any anything
`);

/** Words that start a statement: a subject, so the verb that follows is described, not ordered. */
export const SUBJECTS = set(`
	i we they he she it this that these those there here my our their his her its the a an some all every
	each nobody nothing everyone someone something none one both either neither most many few tests test
	code ci build main it's that's there's we're they're i'm we've i've they've we'd i'd he's she's
	nothing everything somebody anybody people users user team
`);

/** Negations that open a prohibition when they head a clause. */
export const NEGATIONS: ReadonlyArray<readonly string[]> = phrases(`
	do not
	don't
	dont
	never
	must not
	mustn't
	should not
	shouldn't
	may not
	cannot
	can't
	can not
	not
	no
	nor
	please don't
	please do not
	please never
	let's not
	let us not
	try not to
	take care not to
	be careful not to
	careful not to
	be sure not to
	make sure not to
	mind you don't
	hold off on
	hold off
	hold fire on
	hold fire
	do your best not to
	try your best not to
	do your utmost not to
	be mindful not to
	mind not to
	remember not to
	take pains not to
	be cautious not to
	be wary of
	be certain not to
	make certain not to
	make sure you don't
	ensure you don't
	see that you don't
	are not to
	are never to
	is not to
	is never to
	you're not to
	you're never to
`);

/** Tails of "leave … alone", "keep … unchanged": the thing between them stays as it is. */
export const KEEP_TAILS: ReadonlyArray<readonly string[]> = phrases(`
	alone
	untouched
	unchanged
	as is
	as-is
	intact
	read-only
	frozen
	in place
	unmodified
	the way it is
	as it is
	as they are
	exactly as
	the same
	be
	put
	out of this
	out of it
	out of your changes
	out of your reply
	out of your answer
	out of your response
	out of your summary
	out of your report
	out of the reply
	out of the answer
	out of the report
	out of the summary
	as you found it
	as you found them
	the way you found it
	the way they are
	where it is
	where they are
	how it is
	how they are
	identical
	byte-for-byte identical
	pristine
	unaltered
	unedited
	as before
	as it was
	the way it was
	the way they were
	as written
	non-destructive
	nondestructive
	harmless
	side-effect-free
	as it stands
	as they stand
	verbatim
	to me
	to us
`);

/** What a "keep" order keeps as it is: "keep backward compatibility", "keep their current shapes". */
export const KEPT_AS_IS = set(`
	compatibility compat backward backwards backward-compatibility behaviour behavior semantics signature
	signatures interface interfaces old existing current original
`);

/** Nouns of rules to obey: "follow the rules in AGENTS.md" asks for obedience. */
export const RULE_NOUNS = set(`
	rules rule constraints constraint conventions convention guidelines guideline instructions policy policies
	restrictions limits boundaries agents.md contributing.md claude.md styleguide checklist requirements
	spec contract standards
`);

/** Gerunds that make "without …" a limit on what the child may do. */
export const WITHOUT_ACTIONS = set(`
	touching changing editing modifying altering writing committing pushing running executing installing
	deleting removing renaming moving creating adding updating breaking reading looking opening calling
	hitting leaving making saving reformatting rewriting refactoring merging rebasing resetting
	any a
`);

/** Nouns after "no" that forbid an action: "no commits", "no new files". */
export const NO_OBJECTS = set(`
	changes change edits edit writes writing commits commit committing pushes push pushing installs
	installing modifications side-effects deletions refactors refactoring renames network touching
	new file file-changes force-push force-pushes destructive git mutations trace traces diff diffs touchy
`);

/** Words after "only" that describe rather than limit: "only if", "the only one". */
export const ONLY_DESCRIPTIVE = set(`
	if when once after because since then one two three recently just now occasionally sometimes rarely
	in-memory on-demand
`);
/** What a thing reported does, after which "only" says when it does it: "only happens with 8+ teams". */
export const ONLY_HAPPENS = set(`
	happens occurs fails crashes hangs breaks stalls appears shows spikes leaks errors triggers fires
	reproduces matters applies affects seems goes kicks
`);

/** Modals that open a question about a thing ("Ought the job to run …?"), and what may follow them as its subject. */
export const ASKING_MODALS = set("ought oughtn't need needn't");
export const MODAL_SUBJECTS = set("the this that these those our its their it they we every each all any");

/** Words that open a limit joined to an order: "— without modifying it", "except the tests". */
export const ORDER_LIMITS = new Set(["without", "except", "excluding"]);
/** Negated auxiliaries after a name, which make its clause a statement: "CODEOWNERS doesn't mention it". */
export const NEGATED_AUXILIARIES = new Set(
	"doesn't isn't wasn't won't can't didn't hasn't haven't aren't weren't wouldn't couldn't".split(" "),
);

/** Subjects that are people rather than things: "someone should …" lays a duty, "the cache should …" may not. */
export const PEOPLE = set("i we you they he she someone somebody one people everyone");

/** Auxiliaries that state, after a name: "`mode` is not set", "`x.ml` doesn't cover much", "pool `p` has 4 slots". */
export const STATING_AUXILIARIES = set(
	"is isn't are aren't was wasn't were weren't has hasn't have haven't had does doesn't did didn't",
);

/** Verbs that leave a thing out: "skip the migrations", "ignore anything under `vendor/`", "omit any …". */
export const LEAVING_OUT = set("skip ignore exclude disregard omit");
