/**
 * The verbs the gate knows. A brief is short and written in a handful of registers (imperatives,
 * polite requests, lists), so a few hundred words decide almost every case; the lists are explicit
 * so that a wrong decision can be traced to one entry and fixed with a corpus case beside it.
 */

const set = (words: string) => new Set(words.trim().split(/\s+/));

/** Verbs that change files (or the repository, or installed packages) whatever follows them. */
export const CHANGE_VERBS = set(`
	fix edit delete remove rename move refactor commit push install uninstall reinstall apply patch modify
	rewrite overwrite revert rebase merge cherry-pick amend stage unstage squash stash bump upgrade downgrade
	migrate implement deploy publish release reformat regenerate scaffold port replace insert append reseed backfill narrow
	repopulate resync redeploy
	truncate change update alter replace hotfix repair correct restructure reorganise reorganize rework
	backport vendor clean rm mv mkdir rmdir chmod chown cleanup tidy wire hook inline convert resolve
	address handle reset checkout uncomment comment tag pin save land ship redo undo rollback tweak shorten
	lengthen polish document lower raise increase decrease reduce flip toggle enable disable simplify
	optimise optimize harden tighten loosen relax reword rewire deduplicate dedupe rebrand retitle
	annotate localise localize parametrise parametrize memoise memoize deprecate swap reorder rearrange collapse
	consolidate unify mess tinker fiddle meddle re-enable reenable indent dedent italicise italicize capitalise capitalize alphabetise alphabetize
	sanitize sanitise redact
`);

/** Verbs whose object decides: "write a test" changes a file, "write a summary" does not. */
export const CHANGE_UNLESS_PROSE = set(`
	write create add make generate build format develop rebuild recompile set configure record rephrase drop split
`);

/** Verbs that produce prose unless their object is code: "draft a reply", but "draft the migration". */
export const PROSE_UNLESS_CODE = set(`
	draft compose prepare produce assemble extract sketch introduce sort order group number compile
`);

/** Verbs that carry on work already in flight: they change files when their object is work. */
export const CONTINUE_VERBS = set(`
	continue finish complete resume do perform execute redo proceed carry pick wrap get go keep start begin take
`);

/** What "finish the …" must be about for it to mean changing files. */
export const WORK_NOUNS = set(`
	refactor refactoring migration migrations change changes fix fixes implementation rename edit edits patch
	rewrite port upgrade cleanup clean-up work feature pr commit commits plan step steps wave branch update
	integration job task rollout conversion edits todo todos it this that rework overhaul redesign removal
`);

/** Nouns that make a writing verb produce prose, not files. */
export const PROSE_OBJECTS = set(`
	summary summaries report reply response answer answers paragraph paragraphs note notes overview explanation
	description recap review critique comparison list lists outline sketch proposal analysis assessment memo
	rundown breakdown bullet bullets sentence sentences table tables timeline map picture case argument
	estimate estimates opinion opinions view views verdict recommendation recommendations guess judgement
	judgment decision call choice shortlist checklist digest diagram thoughts thought caveats concerns
	remarks context detail details evidence citations references pointers examples questions question
	hypothesis hypotheses theory theories model intuition understanding sense sure mind point points
	ranking score scores tally count counts inventory catalogue catalog matrix pass pros cons tradeoffs
	trade-offs risks risk findings finding conclusion conclusions story narrative read look once-over spin try write-up writeup
	glance skim plan plans roadmap justification justifications rationale graph graphs memo points
	status briefing primer suggestion suggestions
`);

/** Nouns that make a prose verb produce code or files. */
export const CODE_OBJECTS = set(`
	test tests function functions method methods helper helpers class classes module modules component components
	constant constants variable variables interface interfaces type types file files package packages util
	utils utility script scripts migration migrations config configuration schema schemas endpoint endpoints
	handler handlers hook hooks fixture fixtures mock mocks stub stubs changelog readme docs doc commit
	commits pr branch release patch fix code implementation dependency dependencies lockfile column columns
	table index database db
`);

/** Verbs of exploration and reporting: a clause headed by one is a directive that changes nothing. */
export const LOOK_VERBS = set(`
	consult assume presume collate rank-order tally catalogue catalog inventory
	read look find search check explain tell list show compare summarise summarize review investigate trace
	figure identify locate describe inspect examine audit analyse analyze assess evaluate estimate map walk
	report give suggest propose outline determine verify confirm see open scan grep skim note count collect
	gather answer consider think decide pick choose rank weigh argue critique study research explore dig
	measure profile benchmark debug diagnose reproduce run test try sanity-check double-check spot-check
	cross-check enumerate name point quote cite highlight flag spot catch understand learn recall remind
	eyeball characterise characterize reconcile survey probe chase hunt untangle unpack demystify vet
	scrutinise scrutinize dissect triage pinpoint isolate narrow teach help show work puzzle mull ponder
	reflect track sniff peer tour overview frame sketch weigh imagine picture argue steelman play rate
	contrast recap tabulate chart graph plot brief advise appraise stress-test red-team reread re-read
	revisit retrace rethink reconsider re-examine reexamine recheck re-check fact-check condense distil
	distill infer deduce speculate boil spell detail elaborate expand rank vouch wonder scour interrogate
	cross-reference proofread ferret lay line jot suss size hash round
	ask reply respond say brainstorm discuss recommend predict guess judge grade rate score sum tally
	interpret clarify justify defend challenge question doubt poke browse peek glance focus use ping
	classify categorise categorize group sort filter diff time query fetch pull ls cat head tail view print
	compute calculate translate paraphrase restate quantify validate lint typecheck watch
	observe monitor sample include number rerun re-run treat regard know hear spend share cast trust
	ascertain gauge delineate itemise itemize unpick decipher decode detect uncover unearth discover
	triangulate corroborate substantiate juxtapose derive relate reason correlate
`);

/**
 * Phrasal verbs that change files: the verb, then a particle within a few words ("put the helper in
 * its own file", "get rid of the dead code", "bring the README up to date").
 */
export const PHRASAL_CHANGES: ReadonlyArray<readonly [string, readonly string[]]> = [
	["sort", ["out"]],
	["switch", ["off", "on", "over", "to", "from", "back"]],
	["point", ["at"]],
	["knock", ["out", "up", "together"]],
	["whip", ["up", "together"]],
	["pick", ["back"]],
	["put", ["in", "into", "under", "back"]],
	["turn", ["into", "on", "off"]],
	["get", ["rid", "onto", "into", "off", "over"]],
	["bring", ["up-to-date", "date", "back", "line", "sync"]],
	["take", ["care"]],
	["clear", ["out"]],
	["strip", ["out"]],
	["rip", ["out"]],
	["tear", ["out", "down"]],
	["swap", ["out", "for"]],
	["factor", ["out"]],
	["split", ["out", "up"]],
	["break", ["out", "up"]],
	["throw", ["away", "out", "together", "in"]],
	["roll", ["back", "out"]],
	["back", ["out"]],
	["open", ["pr", "pull"]],
	["speed", ["up"]],
	["slim", ["down"]],
	["work", ["on"]],
	["wrap", ["in", "with"]],
	["touch", ["up"]],
	["deal", ["with"]],
	["go", ["wild", "town"]],
	["bolt", ["on"]],
	["tack", ["on"]],
	["pull", ["into", "together"]],
	["fill", ["in", "out"]],
	["stick", ["in", "into", "under", "inside", "onto", "next", "above", "below", "behind"]],
	["pop", ["in", "into", "under", "inside", "onto", "next", "above", "below"]],
];

/** Verbs of putting a thing somewhere or taking it out: an order when their object is a thing. */
export const PLACE_VERBS = set(`
	put stick pop strip rip tear chuck slot squeeze slap bung shove plonk tack bolt trim weed knock whip
	throw drop yank snip sprinkle scatter pepper cut prune carve stuff cram wedge jam splice graft staple
`);

/** Words that never head an order, though they may start a clause: prepositions and time words. */
/**
 * Forms no order is headed by: adverbs, possessives, gerunds, past forms ("weed" and "shed" are
 * not), irregular participles ("Heap snapshots (taken an hour apart)"), and third persons ("It
 * debounces events, kills the child, and …": an imperative is a base form, never "kills").
 */
export const NOT_VERB_FORM =
	/ly$|'s$|s'$|ing$|[^e]ed$|(?:[^aeiosu]|e)s$|^(?:taken|written|given|seen|done|gone|known|shown|drawn|driven|chosen|broken|spoken|forgotten|hidden|thrown|grown|frozen|stolen|found|saw|got|made|took|went|ran|wrote|broke|thought|told|said|heard|brought|bought|caught|felt|kept|left|lost|meant|met|sent|spent|stood|understood|began|came|became)$/;

export const NOT_VERBS = set(`
	without with for from in on at by about versus vs across after against along among around before behind below
	beneath beside besides between beyond despite during except inside into like near of off onto outside
	over past per regarding through throughout to toward towards under unlike until up upon via within
	apart aside above re earlier yesterday today tonight tomorrow sometimes often always usually here thanks
	thank great nice cool sorry yes no yeah nope fyi btw note context background goal task tl;dr not nor neither suppose supposing assuming
	yet though however half quarter most upstream downstream one two three four five six seven eight nine ten otherwise instead meanwhile likewise hence therefore thus anyway
	same different similar both either another other such id ids relevant related key main known useful
	e.g. i.e. eg ie etc etc. viz
`);

/** Past tense or participles that are not simply base + "ed": they mark a clause as reporting. */
export const IRREGULAR_PAST = set(`
	did made went chose chosen wrote written built left ran kept took taken said told thought found put
	set got gotten gave given saw seen knew known began begun brought bought sent spent shipped
`);

/** Participles of change verbs not made with "-ed". */
const IRREGULAR_CHANGED = set(`
	gone rewritten undone redone written overwritten rebuilt reset split touched
`);

/** Participles of the change verbs, for "needs to be fixed", "I want it removed". */
export function changeParticiple(word: string): boolean {
	if (IRREGULAR_CHANGED.has(word)) return true;
	for (const suffix of ["ed", "d"]) {
		if (!word.endsWith(suffix)) continue;
		const stem = word.slice(0, -suffix.length);
		if (CHANGE_VERBS.has(stem) || CHANGE_UNLESS_PROSE.has(stem)) return true;
		// committed, stripped: a doubled final consonant.
		if (stem.length > 2 && stem.at(-1) === stem.at(-2) && CHANGE_VERBS.has(stem.slice(0, -1))) return true;
		// applied, modified, tidied.
		if (stem.endsWith("i") && CHANGE_VERBS.has(`${stem.slice(0, -1)}y`)) return true;
	}
	return false;
}

/** Gerunds of the change verbs, for "needs fixing", "don't bother renaming". */
export function changeGerund(word: string): boolean {
	if (!word.endsWith("ing")) return false;
	// "force-pushing", "hand-editing": the last part of a compound is the verb.
	if (word.includes("-")) return changeGerund(word.slice(word.lastIndexOf("-") + 1));
	const stem = word.slice(0, -3);
	const candidates = [stem, `${stem}e`, stem.length > 2 && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : ""];
	return candidates.some((c) => c !== "" && (CHANGE_VERBS.has(c) || CHANGE_UNLESS_PROSE.has(c) || c === "touch"));
}

/** The base forms a gerund may come from: "splitting" → split, "removing" → remove. */
export function gerundBases(word: string): string[] {
	if (!word.endsWith("ing")) return [];
	const stem = word.slice(0, -3);
	return [stem, `${stem}e`, stem.length > 2 && stem.at(-1) === stem.at(-2) ? stem.slice(0, -1) : ""].filter(Boolean);
}

/** Any form of a change verb: base, participle or gerund ("change", "changed", "changing"). */
export function changeForm(word: string): boolean {
	return (
		CHANGE_VERBS.has(word) ||
		CHANGE_UNLESS_PROSE.has(word) ||
		word === "touch" ||
		word === "touches" ||
		changeParticiple(word) ||
		changeGerund(word) ||
		(word.endsWith("es") && CHANGE_VERBS.has(word.slice(0, -2))) ||
		(word.endsWith("s") && CHANGE_VERBS.has(word.slice(0, -1)))
	);
}

/** A word that looks like a past tense: it makes a clause a report of what happened. */
export function pastTense(word: string): boolean {
	return IRREGULAR_PAST.has(word) || (word.length > 4 && word.endsWith("ed"));
}

/** Any verb the gate recognises as the head of an imperative. */
export function imperativeVerb(word: string): boolean {
	return (
		CHANGE_VERBS.has(word) ||
		CHANGE_UNLESS_PROSE.has(word) ||
		PROSE_UNLESS_CODE.has(word) ||
		CONTINUE_VERBS.has(word) ||
		LOOK_VERBS.has(word) ||
		word === "leave" ||
		word === "avoid" ||
		word === "stay" ||
		word === "stick" ||
		word === "steer" ||
		word === "spare" ||
		word === "resist" ||
		word === "abstain" ||
		word === "forgo" ||
		word === "forego" ||
		word === "desist" ||
		word === "eschew" ||
		word === "limit" ||
		word === "restrict" ||
		word === "confine" ||
		word === "follow" ||
		word === "obey" ||
		word === "respect" ||
		word === "touch" ||
		word === "refrain" ||
		PLACE_VERBS.has(word) ||
		PHRASAL_CHANGES.some(([verb]) => verb === word)
	);
}
