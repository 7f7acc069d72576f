/**
 * A "not" that contrasts, and lays no rule down (backstop.ts): ", not the API", "but not the
 * codebase", "and not for others" (a contrast of nouns or places), and outside an order a contrast
 * of values or states: "`brand` is mapped as `text`, not `keyword`", "p95 got slower, not faster".
 * Not a contrast of places in a statement ("writes go to `tmp/`, not `src/`"), which may set a
 * boundary. "Never" contrasts a setting after a statement ("with `bf16` on, never with it off"),
 * never after an order ("run it, but never on prod"). Pure.
 */
import { CONTRASTED } from "./act-words.ts";
import { norm } from "./described.ts";
import type { Clause } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";

/**
 * "Loss goes NaN with `bf16` on, never with it off", "fails on CI but never locally": after a
 * statement, "never" and a place or condition contrast, with no verb to forbid. Not after an order:
 * "Run it, but never on prod" limits the run.
 */
export function settingContrast(c: Clause, i: number): boolean {
	const w = norm(c.tokens[i]);
	if ((w !== "never" && w !== "not") || !SETTINGS.has(norm(c.tokens[i + 1]))) return false;
	const first = c.sentence.tokens.find((t) => t.kind === "word");
	return first !== undefined && !imperativeVerb(first.norm) && first !== c.tokens[i];
}

/**
 * "DevTools shows long raster frames, not build frames": outside an order, ", not" and a phrase that
 * ends on the noun the statement ended on contrast two kinds of one thing. "Fix the raster frames,
 * not the build frames" limits the fix.
 */
export function kindContrast(c: Clause): boolean {
	const i = c.head;
	const all = c.sentence.tokens;
	const at = all.indexOf(c.tokens[i] as (typeof all)[number]);
	if (norm(c.tokens[i]) !== "not" || all[at - 1]?.text !== ",") return false;
	const words = c.tokens.slice(i + 1).filter((t) => t.kind === "word");
	const last = words.at(-1);
	if (!last || words.length > 4 || !opensOnNoOrder(c)) return false;
	return all.slice(Math.max(0, at - 4), at - 1).some((t) => t.kind === "word" && t.norm === last.norm);
}

/** What "never" may contrast without a verb: a place, a time, a condition. */
const SETTINGS = new Set(
	"in on at under during when after before since inside with without locally remotely here there elsewhere again".split(
		" ",
	),
);
/** Code that names a place: a directory or a file. */
const PATH_LIKE = /\/|\.[a-z0-9]{1,5}$/i;

/** Whether the "not" at `i` of the clause contrasts. */
export function contrast(c: Clause, i: number): boolean {
	const t = c.tokens;
	const w = norm(t[i]);
	if (w !== "not" && w !== "never") return false;
	const all = c.sentence.tokens;
	const before = all[all.indexOf(t[i] as (typeof t)[number]) - 1];
	const opens = i === 0 || before?.text === "," || ["but", "and"].includes(norm(before));
	if (!opens) return false;
	if (w === "never") return settingContrast(c, i);
	if (i === c.head && kindContrast(c)) return true;
	if (CONTRASTED.has(norm(t[i + 1]))) return true;
	// Values and states, outside an order.
	const next = t[i + 1];
	if (c.mood === "directive" || (before?.text !== "," && norm(before) !== "but")) return false;
	if (next?.kind === "code") return !PATH_LIKE.test(next.norm);
	return (next?.kind === "word" && /(?:er|ly)$/.test(next.norm) && next.norm.length > 4) || wordsContrasted(c, i);
}

/**
 * "The logs hold facts, not theories", "those are guesses, not measurements": in a sentence that
 * opens on no order, ", not" and a few plain words closing the clause contrast what was stated.
 * Places keep their weight ("writes go to `tmp/`, not `src/`").
 */
function wordsContrasted(c: Clause, i: number): boolean {
	const rest = c.tokens.slice(i + 1).filter((t) => t.kind !== "punct");
	const plain = rest.length > 0 && rest.length <= 3 && rest.every((t) => t.kind === "word");
	return plain && opensOnNoOrder(c);
}

/** Whether the clause's sentence opens on a word that is no order: not a verb, not "please". */
function opensOnNoOrder(c: Clause): boolean {
	const first = c.sentence.tokens.find((t) => t.kind === "word");
	return first !== undefined && !imperativeVerb(first.norm) && first.norm !== "please";
}
