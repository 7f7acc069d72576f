/**
 * A "not" that contrasts, and lays no rule down (backstop.ts): ", not the API", "but not the
 * codebase", "and not for others" (a contrast of nouns or places), and outside an order a contrast
 * of values or states: "`brand` is mapped as `text`, not `keyword`", "p95 got slower, not faster".
 * Not a contrast of places in a statement ("writes go to `tmp/`, not `src/`"), which may set a
 * boundary. Pure.
 */
import { CONTRASTED } from "./act-words.ts";
import { norm } from "./described.ts";
import type { Clause } from "./types.ts";

/** Code that names a place: a directory or a file. */
const PATH_LIKE = /\/|\.[a-z0-9]{1,5}$/i;

/** Whether the "not" at `i` of the clause contrasts. */
export function contrast(c: Clause, i: number): boolean {
	const t = c.tokens;
	if (norm(t[i]) !== "not") return false;
	const all = c.sentence.tokens;
	const before = all[all.indexOf(t[i] as (typeof t)[number]) - 1];
	const opens = i === 0 || before?.text === "," || ["but", "and"].includes(norm(before));
	if (!opens) return false;
	if (CONTRASTED.has(norm(t[i + 1]))) return true;
	// Values and states, outside an order.
	const next = t[i + 1];
	if (c.mood === "directive" || (before?.text !== "," && norm(before) !== "but")) return false;
	if (next?.kind === "code") return !PATH_LIKE.test(next.norm);
	return next?.kind === "word" && /(?:er|ly)$/.test(next.norm) && next.norm.length > 4;
}
