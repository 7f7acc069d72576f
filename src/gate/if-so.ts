/**
 * An order under a short condition with no comma: "… and if so run `helm rollback payments 14` to get
 * staging green again", "if needed restart the worker". The condition stands for a clause already
 * said ("so", "not", "needed"), so what follows it is the order itself, not part of a condition —
 * unless a subject follows instead ("if so, it fails": a condition's own clause). Pure.
 */
import type { Clause } from "./types.ts";
import { imperativeVerb } from "./verbs.ts";
import { set } from "./words.ts";

/** What may stand after "if" for a condition already said: "if so", "if not", "if needed". */
const SAID = set("so not yes needed necessary required confirmed possible");
/** Words that open a clause of their own after the condition rather than an order. */
const SUBJECTS = set("it we i you they he she this that these those the there its our their a an");

/** The order after "if so" in a clause read as a condition, as a clause of its own; undefined if none. */
export function orderAfterIfSo(c: Clause): Clause | undefined {
	if (c.mood !== "subordinate") return undefined;
	const words = c.tokens.map((t) => (t.kind === "word" ? t.norm : ""));
	const at = words[0] === "and" || words[0] === "then" ? 1 : 0;
	if (words[at] !== "if" || !SAID.has(words[at + 1] ?? "")) return undefined;
	const verb = at + 2;
	const next = words[verb] ?? "";
	if (next === "" || (!imperativeVerb(next) && SUBJECTS.has(next))) return undefined;
	return { ...c, tokens: c.tokens.slice(verb), head: 0, mood: "directive" };
}
