/**
 * The read-only backstop's vocabulary: verbs that change files, state or run things, markers of a
 * rule, and verbs that ask only to understand. Broad on purpose — the backstop blocks a brief that
 * carries one of these outside a descriptive or questioning construction, so a word missing from
 * here is a fork let through, a word too many costs one rewritten call.
 */
import { phrases, set } from "./words.ts";

/** Base forms of verbs that change files or state, or run things. */
const ACT_BASES = set(`
	add fix change rewrite migrate remove rename update tidy bump set drop convert regenerate format
	install commit push reset delete edit modify write create make replace refactor move merge rebase
	revert patch apply upgrade downgrade deploy publish release run execute build generate implement
	introduce port retire strip swap sort clean squash prune kill restore restructure reorganise
	reorganize translate sharpen improve polish tweak trim split extract inline wire hook enable
	disable switch pin unpin lower raise increase reduce shorten expand extend annotate
	close draft insert append prepend wrap unwrap repair correct adjust
	align normalise normalize simplify rework redo undo rerun re-run retry deprecate archive bootstrap
	scaffold touch overwrite store clear wipe purge flush truncate reinstall uninstall
	configure provision stop restart send submit upload download clone checkout
	unstage stash amend bundle compile lint reformat rephrase reword finish continue resume
	complete carry include rebuild hide skip rollback roll reorder rearrange
	consolidate dedupe deduplicate unify harden loosen tighten bump-up beef iron sweep weed cull
	replace rotate regen recreate recompile vendor unvendor localise localize assign unassign reopen
`);

/** Words that a request or a rule wherever they stand outside a question. */
export const CONSTRAINT_MARKERS = set(`
	no not never only without leave keep stay avoid must should shall don't dont doesn't
	won't can't cannot mustn't shouldn't nothing none nobody neither nor solely exclusively careful
	frozen forbidden except refrain dare remit stick limit restrict strictly read-only readonly
	leaves keeps stays untouched alone
`);

/** Verbs whose clause asks only to understand: what follows them is their topic. */
export const UNDERSTANDING = set(`
	explain describe tell summarise summarize sum list trace find show walk help compare contrast
	review read skim look check investigate explore research identify figure consider think hear know
	understand see answer report note point estimate assess evaluate judge rate outline sketch map
	analyse analyze study examine inspect audit diagnose locate search grep scan dig browse recap
	remind guess predict weigh give spell break work poke wonder wondering curious argue justify
	suggest propose recommend discuss critique count measure profile observe cite quote rank grade
	score highlight mention assume play steelman ferret
`);

/** Words that ask, or embed what follows as a thing asked or reported about. */
export const EMBEDDERS = set(`
	why how what which where when whether if who whom whose unless once whenever wherever
	says said say says claims mentions notes reads wrote argues decided documented explains
	ago because since while suppose supposing imagine hypothetically agreed insists insisted tells
	told telling saying claimed claiming reckons reckoned warned warns
`);

/** A word is a form of an act verb: its base, or an -ing form (descriptive -s and -ed forms are not). */
export function actForm(norm: string): boolean {
	if (ACT_BASES.has(norm)) return true;
	if (!norm.endsWith("ing") || norm.length < 5) return false;
	const stem = norm.slice(0, -3);
	return (
		ACT_BASES.has(stem) ||
		ACT_BASES.has(`${stem}e`) ||
		(stem.at(-1) === stem.at(-2) && ACT_BASES.has(stem.slice(0, -1)))
	);
}

/** Words before a verb form that make it a noun: "the fix", "a move", "our release". */
export const DETERMINERS = set(`
	a an the this that these those my your our their its his her some any each every one no another
	first last new old same such whole two three four five six seven eight nine ten both several more
`);

/** What the child hands back: a clause about "your answer" shapes the answer, not a file. */
export const ANSWERS = set("answer reply response summary write-up report message");

/** Words after a contrastive ", not" that make it a contrast of nouns: "in the worker, not the API". */
export const CONTRASTED = set("a an the for in at on my your our this that any");

/** Verbs that, after a negative subject, describe what happened: "no changes were made". */
/** What follows a negative subject that is described: "no changes were made", "with no rationale given". */
export const DESCRIBED_AFTER_NEGATIVE = set(
	"were was had did got has have is are given provided stated offered attached documented recorded shown",
);

/** Act verbs that run the command after them: only a changing command (commands.ts) is an act. */
export const RUNS = set("run running execute executing rerun re-run");

/** Words that, before a base form, make it a statement of obligation or an order in a statement. */
export const OBLIGATION = set(`
	must should shall need needs ought let's lets please
`);

/** Negations and limits that rule nothing: "not sure", "no rush", "not just the file". */
export const IDLE_MARKERS = phrases(`
	not sure
	can't tell
	cannot tell
	couldn't tell
	not so sure
	not too sure
	not entirely sure
	not quite sure
	not just
	not only
	no rush
	no hurry
	no worries
	no idea
	no clue
	not a clue
	never seem
	never seems
	never seemed
	can't quite put my finger on
	can't put my finger on
	cannot put my finger on
	no time
	not planning
	no plans
	no doubt
	no matter
	no need to be
	don't bother with
	don't bother about
	never bother with
	only one question
	only question
	yes or no
	yes/no
`);
