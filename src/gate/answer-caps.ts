/**
 * Limits on the answer stated without a verb of their own: "Three bullets at most, please", "max
 * two paragraphs", "Nothing about the frontend ones, I've read those" (read-statements.ts). Pure.
 */
import { longestAt } from "./phrases.ts";
import { FINITE, WH, words } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { CAPS as HOW_MUCH } from "./wish-words.ts";
import { phrases, set } from "./words.ts";

/** Caps stated without a verb: "at most", "no more than", "three bullets tops". */
const CAPS = [...HOW_MUCH, ...phrases("tops\nmax\nmaximum"), ...phrases("in under\nin fewer than\nin less than")];
const NUMBER_WORDS = set("two three four five six seven eight nine ten twelve fifteen twenty fifty hundred");
const CAPS_AFTER = phrases("max\nmaximum\ntops\nat most\nor fewer\nor less");
const UNDER = phrases("in under\nunder\nin fewer than\nfewer than\nin less than\nless than");

/** "Answer in under 200 words", "in fewer than five bullets": a cap on the answer's units; where, or -1. */
export function underCap(c: Clause): number {
	// "… in three bullets max": a count of the answer's units, then the cap.
	const after = c.tokens.findIndex(
		(t, i) =>
			(t.kind === "number" || NUMBER_WORDS.has(t.norm)) &&
			UNITS.has(c.tokens[i + 1]?.norm ?? "") &&
			longestAt(c.tokens, i + 2, CAPS_AFTER) > 0,
	);
	if (after >= 0) return after;
	return c.tokens.findIndex((_, i) => {
		const n = longestAt(c.tokens, i, UNDER);
		const count = c.tokens[i + n]?.kind === "number" || NUMBER_WORDS.has(c.tokens[i + n]?.norm ?? "");
		return n > 0 && count && UNITS.has(c.tokens[i + n + 1]?.norm ?? "");
	});
}

/** Where a cap on the answer starts in a clause with no verb ("three bullets at most"), or -1. */
export function capAt(c: Clause): number {
	const under = underCap(c);
	if (under >= 0) return under;
	// "One-sentence answer plus the doc link": a size given to the whole answer ("a one-line verdict" is a part).
	const sized = c.tokens.findIndex((t) => SIZED.test(t.norm));
	if (sized >= 0 && c.tokens.slice(sized + 1, sized + 3).some((t) => SIZED_ANSWERS.has(t.norm))) return sized;
	const at = c.tokens.findIndex((_, i) => longestAt(c.tokens, i, CAPS) > 0);
	// "max two paragraphs" caps the answer; "(max task 40 min, median 20 s)" reports a metric.
	const loose = LOOSE.has(c.tokens[at]?.norm ?? "");
	// "Three bullets, max.": the cap alone, its unit in the clause before.
	const units = words(c).length === 1 ? c.sentence.tokens : c.tokens;
	return at >= 0 && (!loose || units.some((t) => UNITS.has(t.norm))) ? at : -1;
}
/**
 * "A handful of lines at most when it reports back": a cap on the answer's units put first, before
 * any verb, in a clause that goes on to state when. Not "it retries at most three times" (the cap
 * after a verb describes) nor "the job takes at most 3 lines of config" (a verb before the cap).
 */
export function capFirst(c: Clause): number {
	const at = capAt(c);
	if (at < 0) return -1;
	const before = c.tokens.slice(0, at);
	const near = c.tokens.slice(Math.max(0, at - 3), at + 4);
	const verbBefore = before.some((t) => t.kind === "word" && (FINITE.has(t.norm) || t.norm.endsWith("ed")));
	return !verbBefore && near.some((t) => UNITS.has(t.norm)) ? at : -1;
}
const SIZED = /^(?:one|two|three|four|five|single|\d+)-(?:sentence|line|paragraph|bullet|word|page)$/;
const SIZED_ANSWERS = set("answer answers reply response");

const OUTSIDE = set("under in inside within from outside beyond else");
const PRONOUNS = set("we i they it he she you");

/** Caps that also name metrics ("max", "tops"): a limit only with a unit of the answer. */
const LOOSE = set("max maximum tops in");
const UNITS = set(
	"bullet bullets paragraph paragraphs sentence sentences line lines word words item items point points page pages screen screens example examples",
);

/** What "nothing" leaves out of the answer: "nothing about the frontend ones", "nothing on the legacy API". */
const LEFT_OUT = set("about on else more beyond outside regarding in under inside");
/** Verbs a "nothing about …" subject goes on with: "nothing about it makes sense". */
const STATING = set(
	"makes seems looks works matters changes says suggests helps explains fits shows means breaks happens",
);

/**
 * "Nothing about the frontend ones, I've read those": "nothing" and what it leaves out, with no
 * verb of its own, limits the answer. Not "nothing about it makes sense" (a statement with a verb).
 * Where the limit starts, or -1.
 */
export function leftOut(c: Clause): number {
	// "Just the offline pipeline in `features/`", "…, but nothing under vendor/": the code in scope, and
	// what is not ("Just the plan, in your answer" shapes the answer).
	const [first, second, third] = c.tokens;
	const placed = c.tokens.some((t) => t.kind === "code" || t.kind === "path");
	if (first?.norm === "just" && placed && !c.tokens.some((t) => FINITE.has(t.norm))) return 0;
	if (first?.norm === "but" && second?.norm === "nothing" && third !== undefined && OUTSIDE.has(third.norm)) return 0;
	// "Plain English, and nothing about how the code is structured": "and" may open the limit.
	const all = words(c).filter((t, k) => k > 0 || !["and", "but"].includes(t.norm));
	if (all[0]?.norm !== "nothing" || !LEFT_OUT.has(all[1]?.norm ?? "")) return -1;
	// "We only validate responses, nothing on the way in": going on from a statement, it describes.
	// "Plain English, and nothing about …" goes on from a fragment, and still limits.
	const before = c.sentence.tokens.slice(0, c.sentence.tokens.indexOf(all[0] as Token));
	const stated = (t: Token) =>
		FINITE.has(t.norm) || t.norm.endsWith("ed") || STATING.has(t.norm) || PRONOUNS.has(t.norm);
	if (before.some(stated)) return -1;
	// "… nothing about how the code is structured": a verb inside a wh-clause is the topic's.
	const wh = all.findIndex((t, k) => k > 1 && WH.has(t.norm));
	const own = all.slice(2, wh > 0 ? wh : all.length);
	const verb = own.some((t) => FINITE.has(t.norm) || STATING.has(t.norm) || t.norm.endsWith("ed"));
	return verb ? -1 : c.tokens.indexOf(all[0]);
}
