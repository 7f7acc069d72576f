/**
 * The writer's own state, negated: "I'm not confident", "I can't see why", "I don't trust what the
 * dashboard claims", "I've never read it", "we don't know where it splits". A negation whose
 * subject is the writer says what the writer does not know, believe or have done: evidence for the
 * question, no rule for the child. Not when the writer negates a wish or a permission ("I don't
 * want the lockfile touched", "I can't have you pushing", "I won't accept …"): those lay a rule
 * down. "We" says less of the writer alone ("we don't deploy on Fridays" may be a house rule), so
 * it only counts before a verb of knowing. Also here: what nobody knows or did ("nobody can say
 * why", "none caught it") and the writer's own find with its "I" left out ("found it in deploy.sh").
 * Pure.
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { set } from "./words.ts";

const NEGATIONS = set("not never don't dont can't cant cannot didn't didnt haven't havent couldn't couldnt");
/** Words that may stand between the writer and the negation: "I'm not", "I really can't", "I've never". */
const BETWEEN = set("am do does did have could can really honestly genuinely still just simply");
/** Verbs a negated writer would use to lay a rule down or to wish. */
const WILLING = set(`
	want wish need expect care accept allow permit afford like let have tolerate approve mind stress
	intend
`);
/** Verbs of knowing and believing: what "we" may negate without laying anything down. */
const KNOWING = set(`
	get understand see follow know grasp remember recall trust believe think buy find tell decide figure
	reproduce repro
`);
/** What nobody knows or says, in any tense: "nobody knew the answer", "nobody can say why". */
export const KNOWN = set(`
	know knows knew known say says said tell tells told remember remembers remembered recall recalls
	recalled understand understands understood explain explains explained seems seemed
`);
/** What an elided "I" does not know: "Don't know whether …", "don't understand why …". */
const UNKNOWN_TO_WRITER = set("know understand remember recall see grasp");
/** What "I'm not …" may be and still only say the writer does not know. */
const UNSURE = set("sure certain confident convinced clear familiar aware positive a an the expert across");
const ADVERBS = set("really properly actually even once");
const DOING_NOT = set(
	"asking saying suggesting proposing planning expecting requesting trying deciding blaming doing hoping judging complaining",
);
/** Participles after a bare "never" that say what the writer never did: "never done this before". */
const DONE = set("done seen been used tried written read touched worked heard had gone known");

/** Whether the negation at `i` of a clause's tokens states the writer's own state. */
export function writersState(tokens: readonly Token[], i: number): boolean {
	if (!NEGATIONS.has(norm(tokens[i]))) return false;
	let k = i - 1;
	while (k >= 0 && k > i - 4 && BETWEEN.has(norm(tokens[k])) && norm(tokens[k]) !== "i") k--;
	const subject = norm(tokens[k]);
	const next = norm(tokens[i + 1]);
	// "Can't decide whether …", "never done this before", "not confident": the writer elided.
	if (k === i - 1 && (k < 0 || tokens[k]?.kind !== "word"))
		return elidedWriter(norm(tokens[i]), next, norm(tokens[i + 2]));
	if (subject === "i" || subject === "i'm" || subject === "i've" || subject === "im" || subject === "ive") {
		const copula = ["i'm", "im", "am"].includes(norm(tokens[i - 1]));
		if (copula) return UNSURE.has(next) || DOING_NOT.has(next);
		return next !== "" && !WILLING.has(next) && !["you", "your"].includes(norm(tokens[i + 2]));
	}
	return subject === "we" && KNOWING.has(next);
}

function elidedWriter(negation: string, next: string, after: string): boolean {
	// "Never really looked at that bit": an adverb may stand before what was never done.
	if (negation === "never") return DONE.has(next) || (ADVERBS.has(next) && (DONE.has(after) || after.endsWith("ed")));
	// "Not asking for it to happen", "…, not asking for a fix": what the writer is not doing.
	if (negation === "not") return (UNSURE.has(next) && next.length > 3) || DOING_NOT.has(next);
	// "Don't know whether a per-CronJob `timeZone` is even available": what the writer does not know.
	// "Don't know whether …": only a verb no order takes ("Don't trust the dashboard" still forbids).
	if (["don't", "dont"].includes(negation)) return UNKNOWN_TO_WRITER.has(next);
	return ["can't", "cant", "cannot"].includes(negation) && KNOWING.has(next);
}

/**
 * "Nobody knew the answer", "nobody can say why", "no one remembers who added it", "none caught
 * last week's bug", "functions nobody calls": what nobody knows or did, or items no one uses, is the
 * question's context, no rule on everyone. Takes the index of "nobody" (or "no" of
 * "no one").
 */
export function nobodyKnows(tokens: readonly Token[], i: number): boolean {
	const w = norm(tokens[i]);
	const one = w === "no" && norm(tokens[i + 1]) === "one";
	const at = ["nobody", "no-one", "noone", "none"].includes(w) ? i + 1 : one ? i + 2 : -1;
	if (at < 0) return false;
	const verb = norm(tokens[["can", "could", "really", "ever", "quite"].includes(norm(tokens[at])) ? at + 1 : at]);
	// "… yet none caught last week's bug": a past tells what happened.
	const past = /[^e]ed$/.test(verb) || PAST.has(verb);
	// "Functions nobody calls": a relative clause on the noun before it describes the items.
	const before = tokens[i - 1];
	const third = /[^s]s$/.test(verb) && before?.kind === "word" && !["and", "but", "so", "that"].includes(before.norm);
	return KNOWN.has(verb) || past || third;
}
const PAST = set("caught saw found got made took ran wrote broke thought brought noticed did had was were");

/** "found it in deploy.sh on the old server": the writer's past, its "I" left out. */
export const foundIt = (tokens: readonly Token[], head: number) =>
	["found", "saw", "spotted", "noticed", "heard"].includes(norm(tokens[head])) &&
	["it", "this", "that", "them", "one"].includes(norm(tokens[head + 1]));
