/**
 * A second order joined to a first by "and" or "then": "review the code and harmonise the names",
 * "read the logs and tune the thresholds". The clause splitter starts a new clause only before a
 * verb it knows, so an unknown verb would ride along with a verb of reading and fork; here any word
 * after "and" that takes an object of its own, and is no verb of reading nor of the answer's form,
 * is read as an order. Read by the allow-list's readers (read-orders.ts). Pure.
 */
import { formsAnswer } from "./answer-form.ts";
import { norm } from "./described.ts";
import { readVerb } from "./reading.ts";
import type { Token } from "./types.ts";
import { CHANGE_VERBS } from "./verbs.ts";
import { set } from "./words.ts";

/** Words that open an object: "log each hop", "instrument it". */
const OBJECT_START = set("the a an each every all it them this that these those its their");
/** Words that open a clause that describes: "where we catch …", "that calls …". */
const RELATIVES = set("where which that who whom whose whether because while wherever");
/**
 * Words that may stand after "and" before an object's start without being a verb: "and all its
 * uses", and a second wh-clause told ("explain what it does and why it needs a lock").
 */
const NOT_VERBS_AFTER_AND = set(
	"the a an each every all it them this that these those its their our your my any some both no why how what when where whether which who at in on into onto from with for about under through across within via",
);

/** Objects that point back to what a relative clause found: "… that log secrets and redact them". */
const BACK_REFERENCES = set("them those each all both");

/**
 * "the callers that pass …", "handlers which log …": a relative clause whose subject is a plural
 * thing found. A verb after "and" whose object is "them" cannot be the relative's own (that would
 * be "themselves"), so it acts on the things found.
 */
function subjectRelative(tokens: readonly Token[], k: number): boolean {
	const before = tokens[k - 1];
	const plural = before?.kind === "word" && /[^s]s$/.test(before.norm);
	return ["that", "which", "who"].includes(norm(tokens[k])) && plural;
}

/** "them", "it": what an indirect question found, acted on by a change joined after it. */
const BACK_OR_IT = set("them those each all both it");

/**
 * "Find which flags are dead …", "check whether the cache is stale …": a wh-word right after a verb
 * of reading (or its particle or person: "work out which", "tell me whether") opens the question
 * the order asks, not a clause describing a noun ("places where …").
 */
function askedOf(tokens: readonly Token[], k: number): boolean {
	const before = norm(tokens[k - 1]);
	const ask = ["which", "what", "whether", "where", "how", "when", "who"].includes(norm(tokens[k]));
	return ask && (readVerb(before) || ["out", "me", "us"].includes(before));
}

/**
 * "… and eliminate them", "… then tune the thresholds": the index of a verb joined by "and" or
 * "then" after `from` with an object of its own, that is no verb of reading; -1 when there is none.
 * A clause headed by a verb of reading does not carry such a second order along with it.
 */
export function joinedOrder(tokens: readonly Token[], from: number): number {
	let relative = false;
	let asked = false;
	for (let k = from; k + 2 < tokens.length; k++) {
		// "places where we catch an error and drop it": what a relative or wh-clause says is described,
		// but for what it found: "the callers that pass user input and sanitize them" acts on the callers.
		if (RELATIVES.has(norm(tokens[k]))) {
			if (askedOf(tokens, k)) asked = true;
			else if (!subjectRelative(tokens, k)) return -1;
			else relative = true;
			continue;
		}
		if (!["and", "then"].includes(norm(tokens[k])) || tokens[k + 1]?.kind !== "word") continue;
		const w = norm(tokens[k + 1]);
		// "… why the worker dies and loses its socket": a third-person verb describes what the subject does.
		const third = /[^s]s$/.test(w) && w.length > 3;
		if (NOT_VERBS_AFTER_AND.has(w) || third || readVerb(w) || !OBJECT_START.has(norm(tokens[k + 2]))) continue;
		if (relative && !BACK_REFERENCES.has(norm(tokens[k + 2]))) continue;
		// "Find which flags are dead and remove them": a change on what the question found.
		if (asked && !(CHANGE_VERBS.has(w) && BACK_OR_IT.has(norm(tokens[k + 2])))) continue;
		// "… and bucket the commits into features": the answer's items arranged.
		if (!formsAnswer(tokens, k + 1)) return k + 1;
	}
	return -1;
}
