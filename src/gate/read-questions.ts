/**
 * The allow-list's reading of questions (allow.ts): a question is read-only unless it asks the
 * child to act — "could you add …?", "is there any way you could …?", "would it be possible to
 * regenerate …?", "can the loader be taught to …?".
 */
import { EMBEDDERS } from "./act-words.ts";
import { norm } from "./described.ts";
import { choiceAsked } from "./listed.ts";
import { hypothetical, pastCounterfactual, stillPossible } from "./questions.ts";
import { readOrder } from "./read-orders.ts";
import {
	ASK_MODALS,
	actVerb,
	askedCheckRun,
	asksAnswer,
	childInfinitive,
	GETTING,
	invertedModal,
	no,
	OUGHT,
	ok,
	POSSIBLE,
	PREFERRING,
	PROPOSING,
	participle,
	type Reading,
	readVerb,
	verbAfter,
	WH,
	words,
	YOU,
	YOU_CONTRACTED,
} from "./reading.ts";
import { toldAfterAside } from "./told.ts";
import type { Clause, Token } from "./types.ts";
import { changeParticiple } from "./verbs.ts";
import { IDLE_AFTER_YOU, YOU_MODALS } from "./wish-words.ts";
import { set } from "./words.ts";

/** Words that set what a thing does against what it does now: "… instead?", "… rather than failing?", "… as well?". */
const ALTERNATIVE = set("instead rather");
const ALTERNATIVE_PHRASES = ["as well", "too"];
/** "Could the print view use the same serif font as the website?": a thing asked to match another. */
const MATCHING = ["the same"];
/** "Could the kiosk's font sizes go up a notch?": a thing asked to be more or less. */
const SHIFTED = ["a notch", "a size", "a touch", "a tad"];

/**
 * "Could it use their first name instead?", "can the importer skip blank rows rather than failing?":
 * a thing asked to behave otherwise than it does, which is a change asked for, whoever is to make
 * it. Not a state asked about ("could it be that … rather than …?") nor the child addressed (read
 * elsewhere). Where the request starts, or -1.
 */
export function requestOfThing(c: Clause): number {
	const all = words(c);
	const first = all[0]?.norm ?? "";
	const subject = all[1]?.norm ?? "";
	if (!ASK_MODALS.has(first) || YOU.has(subject) || SELVES.has(subject) || possibilityAsked(c)) return -1;
	const norms = all.map((t) => t.norm);
	// "Could it be that …", "would the cache have been stale rather than …": a state, not a behaviour.
	if (norms.some((w, k) => STATES.has(w) && norms[k + 1] !== "able")) return -1;
	// "Could the Mirage factory for `invoice` get an `overdue` trait?": a named part given to a thing.
	const gets = c.tokens.findIndex(
		(t, k) => k > 1 && GAINS.has(norm(t)) && ["a", "an", "new"].includes(norm(c.tokens[k + 1])),
	);
	const part = (k: number) =>
		(c.tokens[k]?.kind === "code" && PARTS.has(norm(c.tokens[k + 1]))) ||
		(norm(c.tokens[k]) === "new" && (c.tokens[k + 1]?.kind === "code" || PARTS.has(norm(c.tokens[k + 1]))));
	if (gets > 0 && (part(gets + 1) || part(gets + 2))) return gets;
	const last = norms.at(-1) ?? "";
	const alternative =
		norms.some((w) => ALTERNATIVE.has(w)) ||
		ALTERNATIVE_PHRASES.some((p) => norms.join(" ").endsWith(p)) ||
		(MATCHING.some((p) => ` ${norms.join(" ")} `.includes(` ${p} `)) && norms.includes("as")) ||
		SHIFTED.some((p) => ` ${norms.join(" ")} `.includes(` ${p} `)) ||
		// "Could the default timeout go from 10 s to 30 s?": a value asked to move; not "… because of X?" (a cause).
		(norms.some((w, k) => SHIFTS.has(w) && norms[k + 1] === "from" && norms.slice(k + 3, k + 8).includes("to")) &&
			!norms.some((w) => CAUSED.has(w)));
	return alternative && last !== "" ? c.tokens.indexOf(all[0] as (typeof all)[number]) : -1;
}
const SELVES = set("i we");
const SHIFTS = set("go move drop jump change switch rise fall climb");
const CAUSED = set("because due after since when whenever if");
const PERFECT_SUBJECTS = set("people we they you i users folks others teams projects");
const GAINS = set("get gain have grow");
/** Parts a thing may be given: "an `overdue` trait", "a `--json` flag". */
const PARTS = set(
	"trait field column flag option method test hook index attribute property param parameter scope variant case endpoint route mode setting",
);
const STATES = set("be been being");

/** Words that ask whether a thing can be so, not for it to be made so: "… at all?", "… in principle?". */
const POSSIBILITY_PHRASES = ["at all", "in principle", "in theory", "other than", "elsewhere", "safely", "without"];

/**
 * "Could the sidebar state be stored somewhere other than local storage?", "could the loaders be
 * merged without changing behaviour?": a passive question of what is possible, with a word that
 * weighs the possibility, asks; "could the dead code be removed?" still requests.
 */
function possibilityAsked(c: Clause): boolean {
	const text = ` ${c.sentence.tokens.map(norm).join(" ")} `;
	if (POSSIBILITY_PHRASES.some((p) => text.includes(` ${p} `))) return true;
	// "Could the same be done with a view, and which would be faster?": weighed by a question after it.
	const after = c.sentence.tokens.slice(c.sentence.tokens.indexOf(c.tokens.at(-1) as Token) + 1).map(norm);
	return after.some(
		(w, k) => WH.has(w) && (k === 0 || after[k - 1] === "and" || after[k - 1] === "or" || after[k - 1] === ""),
	);
}

/** Words that judge a course: "would it be mad to …?", "is it a bad idea to …?". */
const JUDGING = set(
	"mad crazy silly stupid dumb insane wise sensible overkill mistake bad good reasonable foolish smart",
);

/** "Would it be mad to have the rules written as data tables?": whether a course is wise, asked. */
function judgedCourse(c: Clause): boolean {
	const w = words(c).map((t) => t.norm);
	const be = w[1] === "it" ? (w[0] === "is" ? 2 : w[2] === "be" ? 3 : -1) : -1;
	return be > 0 && w.slice(be, be + 3).some((x) => JUDGING.has(x)) && w.slice(be, be + 5).includes("to");
}

/** A yes/no question ("could you …?", "is there any way you could …?") that asks the child to act; where. */
export function requestInQuestion(c: Clause): number {
	const tokens = c.tokens;
	const doer = childInfinitive(tokens);
	if (doer >= 0) return doer;
	const first = words(c)[0]?.norm ?? "";
	if (WH.has(first) || judgedCourse(c)) return -1;
	const thing = requestOfThing(c);
	if (thing >= 0) return thing;
	// "Could those be updated to the 3.x form?": a change asked for in the passive.
	// Not "could it be deleted by the cron job?", which asks what happens.
	const be = tokens.findIndex((t, k) => k > 0 && k < 4 && norm(t) === "be" && changeParticiple(norm(tokens[k + 1])));
	if (ASK_MODALS.has(first) && be > 0 && norm(tokens[be + 2]) !== "by") return be + 1;
	for (let i = 0; i < tokens.length; i++) {
		const w = norm(tokens[i]);
		const next = norm(tokens[i + 1]);
		// "would it be possible to regenerate …?", "is it possible to get the typo fixed?".
		const asking = ASK_MODALS.has(first);
		if (
			asking &&
			POSSIBLE.has(w) &&
			next === "to" &&
			(actVerb(norm(tokens[i + 2])) || GETTING.has(norm(tokens[i + 2])))
		) {
			if (!asksAnswer(tokens, i + 2)) return i + 2;
		}
		// "… get the typo fixed?", "shouldn't the routes be removed by now?".
		const before = tokens.slice(0, i).map(norm);
		// "any reason the config file would be rewritten?": a part asked about.
		if (before.some((b) => EMBEDDERS.has(b) || b === "reason")) continue;
		// "… a fork people have moved to?": "have" after its own subject forms a past, it causes nothing.
		const had = before.findIndex((b, k) => k > 0 && b === "have" && !PERFECT_SUBJECTS.has(before[k - 1] ?? ""));
		const made = before.includes("get") || before.includes("got") || had > 0;
		if (participle(w) && (made || before.includes("be"))) {
			const proposed = norm(tokens[i - 1]) === "be" && (PROPOSING.has(norm(tokens[i - 2])) || PROPOSING.has(first));
			if (made || OUGHT.has(first) || (proposed && !possibilityAsked(c))) return i;
		}
		// "Surely the dead code can go by now?": a removal proposed.
		if (
			PROPOSING.has(w) &&
			norm(tokens[i + 1]) === "go" &&
			!["through", "over", "into", "on"].includes(norm(tokens[i + 2]))
		) {
			return i + 1;
		}
		if (!YOU.has(w) && !YOU_CONTRACTED.has(w)) continue;
		const after = verbAfter(tokens, i, YOU_MODALS);
		const modal = after.modal || invertedModal(tokens, i);
		if (!modal || after.verb === "" || readVerb(after.verb) || asksAnswer(tokens, after.at)) continue;
		// "Can you help?": with what the brief asked.
		if (after.verb === "help" && !tokens.slice(after.at + 1).some((t) => t.kind === "word")) continue;
		if (after.verb !== "be" && !IDLE_AFTER_YOU.has(after.verb)) return after.at;
	}
	return -1;
}

/** A question: read-only unless it asks the child to act. */
export function readQuestion(c: Clause): Reading {
	// "Would you delete it, if you were me?", "would you rather …": what the child would do is asked.
	const head = norm(c.tokens[c.head]);
	const before = norm(c.tokens[c.head - 1]);
	// "… do you reckon it's worth switching …?": whether a course is worth it.
	if (hypothetical(c.sentence.tokens) || PREFERRING.has(before) || PREFERRING.has(head) || before === "worth")
		return ok("question");
	// "Would you have written it this way?": what the child would have done, asked.
	if (pastCounterfactual(c.tokens)) return ok("question");
	// "Could we be double-counting …?": a state asked about.
	if (before === "be" && head.endsWith("ing")) return ok("question");
	// "Any joy figuring out why …?": a suggestion that asks.
	const still = stillPossible(c.sentence.tokens, c.sentence.question);
	if (c.suggestion && head !== "be" && !still && !asksAnswer(c.tokens, c.head) && !choiceAsked(c)) {
		return no("unread-suggestion", c.head);
	}
	// "Could you run the test suite a few times and tell me which ones are flaky?": a run asked as the means.
	if (askedCheckRun(c, c.head)) return ok("question");
	if (c.addressed && !c.suggestion) {
		const order = readOrder(c);
		if (!order.readOnly) return order;
	}
	// "Can you reconstruct, from the git history, why …?": what is asked is the wh-clause after the aside.
	const at = toldAfterAside(c) ? -1 : requestInQuestion(c);
	return at >= 0 ? no("unread-request", at) : ok("question");
}
