/**
 * The allow-list's vocabulary (allow.ts): the verbs that ask only to understand, what the child may
 * hand back, and the words that turn a statement into a wish, a need or a rule. Narrow on purpose,
 * and the opposite of act-words.ts: a clause passes when its verb is found here, so a word missing
 * from here costs one rewritten call, never an unchecked write.
 */
import { phrases, set } from "./words.ts";

/**
 * Verbs whose order asks only to understand, with what follows as their topic: "explain how …",
 * "list the callers", "review the diff", "find where …". Verbs that also make things ("sketch",
 * "draft", "work", "give", "help", "break") are not here: they pass only in the phrases below.
 */
export const READ_VERBS = set(`
	explain describe tell summarise summarize sum list trace find show walk compare contrast review
	read reread skim look check double-check recheck investigate explore research identify figure
	consider think hear know understand see answer report note point estimate assess evaluate judge
	rate outline analyse analyze study examine inspect audit diagnose locate search grep scan dig
	browse recap remind guess predict weigh spell poke wonder argue justify suggest propose recommend
	discuss critique count measure observe confirm verify clarify determine establish enumerate
	quote cite peek glance eyeball scrutinise scrutinize survey spot detect tally ask learn ponder
	reflect comment advise brainstorm rank sanity-check fact-check imagine suppose assume picture
	describe interpret decode decipher paraphrase translate-back define characterise characterize
	remember recall mention highlight flag say reply respond interrogate cross-reference
	pinpoint gauge ascertain elaborate steelman poll vet stress-test proofread grade condense distil
	distill tabulate pick choose decide convince sketch talk narrow summarise name hunt scour sift relate reason correlate
	ferret reproduce gather collect catalogue catalog chart unpack demystify illustrate share provide
	present offer draw rank prioritise prioritize triage categorise categorize classify probe query
	benchmark time simulate pretend speculate theorise theorize hypothesise hypothesize restate
	quantify plan design relate cross-check prove disprove challenge question doubt dispute defend
	rebut score retrace peruse digest familiarise familiarize acquaint watch warn alert state brief
	orient guide refer demonstrate spot-check rethink reconsider reevaluate re-evaluate reassess
	doublecheck lookup boil ballpark guesstimate brainstorm riff noodle reason untangle dissect isolate
	puzzle mull peer tour picture graph plot red-team re-read re-examine reexamine re-check infer deduce
	detail vouch compute calculate monitor regard share trust line open inventory
`);

/** Words alone in a clause that order nothing: "Try and work out …", "Thanks." */
export const LONE_ASIDES = set("try thanks thank cheers ta please pls plz help wanted deliverable deliverables output");

/** Verbs of understanding after "you" in a statement or a condition: "you'll see …", "if you know …". */
export const PERCEPTION = set(`
	see know find notice remember recall recognise recognize understand spot read saw knew found noticed
	mentioned said asked wrote told meant think thought guess probably might may must can could will
	'll would 'd already also
`);

/** Phrases that head a read-only order although their verb also makes things. */
export const READ_PHRASES: ReadonlyArray<readonly string[]> = phrases(`
	factor in
	call out
	call it out
	call that out
	call them out
	take into account
	account for
	bear in mind
	keep in mind
	lay it out
	spell it out
	give me
	send me
	send us
	give us
	get me
	get back to me
	get back to us
	let me know
	let us know
	take a look
	take a peek
	take a glance
	take a closer look
	take a critical look
	take a quick look
	take a second look
	take a stab at explaining
	take me through
	have a look
	have a poke
	have a peek
	have a nosey
	have a gander
	have a dig
	have a read
	have a think
	have a glance
	send back
	report back
	hand back
	follow where
	follow how
	follow what
	follow which
	pull together what
	take us through
	run me through
	run us through
	do the arithmetic
	do the math
	do the maths
	crunch the numbers
	work outward
	work outwards
	work backward
	work backwards
	work inward
	work inwards
	side by side
	round up
	cast an eye
	cast your eye
	sanity check
	double check
	fact check
	gut check
	step back
	zoom out
	take stock
	level with me
	humour me
	humor me
	bear with me
	chew on
	sleep on
	sniff out
	run the numbers
	line up
	track down
	root out
	get a feel
	get familiar
	get to the bottom
	get a sense
	get an idea
	get a handle
	keep an eye
	pick apart
	poke holes
	poke around
	tear apart
	make a case
	make the case
	make a list
	step through
	scope out
	size up
	suss out
	dig up
	dig out
	turn up
	look up
	read up
	sum up
	weigh up
	play devil's
	act as
	think through
	think about
	mull over
	drill down
	drill into
	zero in
	hone in
	home in
	teach me
	teach us
	chase down
	taking me through
	taking us through
	have a read
	have a think
	help me find
	go find
	go and find
	go look
	go and look
	pull up
	boil down
	boil it down
	spend some time with
	spend time with
	push back
	take us through
	do me a favour
	do me a favor
	shed some light
	shed light
	lift the lid
	narrow down
	treat my
	have a look
	have a peek
	have a think
	have a go at explaining
	keep in mind
	bear in mind
	go through
	go over
	work out
	help me understand
	help me see
	help me figure
	help us understand
	break down
	break it down
	pull together a summary
	fill me in
	catch me up
	bring me up to speed
	talk me through
	run me through
	run through
	weigh in
	chime in
	sit with
	come up with a list
	come back with
	lay out
	make sense of
	map out
	zoom in
	focus on
	focus your
	concentrate on
	pay attention
	pay particular attention
	pay close attention
	pay special attention
	test the theory
	test the hypothesis
	test the idea
	test my theory
	test my hypothesis
	test that theory
	test this theory
	test that hypothesis
	test this hypothesis
	lean on
	draw on
	rely on
	go by
	reconstruct the order
	reconstruct the sequence
	reconstruct the timeline
	reconstruct the history
	reconstruct what
	reconstruct why
	reconstruct how
	piece together
`);

/**
 * What the child hands back: a clause whose want or need is one of these asks for an answer ("I'd
 * like your view on …", "what I need is a list of …").
 */
export const ANSWER_NOUNS = set(`
	answer answers view views opinion opinions take thoughts thought assessment explanation explanations
	summary summaries list lists report review reviews estimate estimates analysis recommendation
	recommendations sense idea ideas overview rundown breakdown comparison comparisons understanding
	picture feedback insight insights input perspective verdict read second opinion guess hunch
	pointers pointer advice suggestions suggestion diagnosis table map inventory census gist recap
	walkthrough explanation evaluation critique notes impressions reaction finding findings
	rundown sec minute moment word chat dive deep-dive write-up writeup once-over bullet bullets prose diagram example examples language
	paragraph paragraphs tl;dr conclusion conclusions sketch sketches side-by-side pros cons intuition thinking reasoning rationale lowdown sanity-check
	digest baseline primer briefing refresher timeline shortlist outline numbers figures stats statistics
	feeling feelings gut facts evidence judgement judgment reading file:line path:line grouping groupings
`);
