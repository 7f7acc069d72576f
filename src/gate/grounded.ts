/**
 * What an answer rests on, named: "Base your suggestion on what the access logs show", "ground it
 * in the latency numbers", "base the estimate on the commit history". The object is the answer
 * (prose, "your …", or "it" and "them", which only an order elsewhere could make code), and the
 * place after "on" or "in" is evidence read, not a file changed. Not "Base the new exporter on
 * src/metrics/legacy.ts" (code based on code). Pure.
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { CODE_OBJECTS, PROSE_OBJECTS } from "./verbs.ts";
import { set } from "./words.ts";

const GROUNDING = set("base ground anchor root");
const RESTS_ON = set("on upon in");
const ANSWER_PRONOUNS = set("it them this that these those");

/** Whether the order headed at `head` grounds the answer in evidence. */
export function groundsAnswer(tokens: readonly Token[], head: number): boolean {
	if (!GROUNDING.has(norm(tokens[head]))) return false;
	const on = tokens.findIndex((t, k) => k > head && k <= head + 5 && RESTS_ON.has(norm(t)));
	if (on < 0) return false;
	const object = tokens.slice(head + 1, on).map(norm);
	if (object.length === 1 && ANSWER_PRONOUNS.has(object[0] ?? "")) return true;
	// "your suggestion", "the estimate"; not "your implementation", which is code.
	return object.some((w) => PROSE_OBJECTS.has(w)) && !object.some((w) => w === "" || CODE_OBJECTS.has(w));
}
