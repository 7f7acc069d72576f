/**
 * A wh-clause told by a verb of making or finding across an aside: "Can you reconstruct, from the
 * git history, why the seccomp filter was dropped?", "could you draft, in a few lines, how we would
 * split it?". Without the aside the wh-clause is the verb's object and prose ("sketch how you would
 * split it"); the commas only hide that. Not "Can you reconstruct, from the backup, the users
 * table?" (a thing made) nor a verb with an object of its own before the aside. Pure.
 */
import { norm } from "./described.ts";
import { PROSE_MAKERS, WH } from "./reading.ts";
import type { Clause, Token } from "./types.ts";
import { set } from "./words.ts";

/** Verbs that, with a wh-clause for object, make an account of the past: "reconstruct why …". */
const RECONSTRUCTING = set("reconstruct piece recover establish");
/** Words an aside between the verb and its wh-clause starts with. */
const ASIDE_STARTS = set("from in using with based by for at");

/** Whether the verb heading `c` tells the wh-clause after an aside in commas. */
export function toldAfterAside(c: Clause): boolean {
	const verb = norm(c.tokens[c.head]);
	if (!PROSE_MAKERS.has(verb) && !RECONSTRUCTING.has(verb)) return false;
	const rest = c.tokens.slice(c.head + 1).filter((t) => t.kind === "word");
	if (rest.some((t) => t.norm !== "together") || c.closer !== ",") return false;
	const all = c.sentence.tokens;
	const end = all.indexOf(c.tokens.at(-1) as Token) + 1;
	if (all[end]?.text !== "," || !ASIDE_STARTS.has(norm(all[end + 1]))) return false;
	const close = all.findIndex((t, k) => k > end + 1 && t.text === ",");
	return close > 0 && close <= end + 8 && WH.has(norm(all[close + 1]));
}
