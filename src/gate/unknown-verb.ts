/**
 * Unknown verbs: a word the gate does not know, heading a clause and followed by an object, is read
 * as an order (clauses.ts reads the mood; changes.ts the change). Pure.
 */
import type { Token } from "./types.ts";
import { imperativeVerb, NOT_VERB_FORM, NOT_VERBS } from "./verbs.ts";
import { LEAVING_OUT, STATING_AUXILIARIES } from "./words.ts";

/** What follows an unknown verb for it to read as an order: the start of its object. */
export const UNKNOWN_OBJECTS = new Set(
	"the a an this that these those our your my its their every each all it them".split(" "),
);

const PLACED = new Set("in under inside within below beneath from outside".split(" "));
const PARTICLES = new Set(["up", "out", "down", "off", "back"]);
const CODE_PLURALS = new Set(
	"tests functions methods helpers classes modules components constants types files scripts fixtures mocks stubs docs dependencies".split(
		" ",
	),
);

/**
 * A word the gate does not know, heading a clause and followed by an object ("Tweak the reason
 * text", "Polish `gate.ts`"): read as an order. The vocabulary of changes is open, that of
 * exploration far less so; reading an unknown verb as an order errs on the side that costs a
 * rewritten call rather than an unchecked write.
 */
export function unknownVerb(tokens: readonly Token[], head: number): boolean {
	const t = tokens[head];
	// Adverbs, possessives, gerunds and past forms ("weed" and "shed" are not past forms).
	const form = NOT_VERB_FORM;
	// A word with a digit in it ("e2e-fork", "v2") names a thing, never an order's verb.
	const named = /\d/.test(t?.norm ?? "");
	if (t?.kind !== "word" || named || NOT_VERBS.has(t.norm) || form.test(t.norm) || /^\p{Lu}{2,}/u.test(t.text)) {
		return false;
	}
	if (head > 0 && /^\p{Lu}/u.test(t.text) && tokens[head - 1]?.kind === "word") return false;
	// "… and then removes it": a third-person form of a known verb describes.
	if (/[^s]s$/.test(t.norm) && [1, 2].some((n) => imperativeVerb(t.norm.slice(0, -n)))) return false;
	// "Iron out the …", "Beef up the …": a particle may come between the verb and its object.
	const at = PARTICLES.has(tokens[head + 1]?.norm ?? "") ? head + 2 : head + 1;
	const next = tokens[at];
	const stated = !CAUSATIVE.has(t.norm) && namedThenStated(tokens, at);
	if (next === undefined || compares(tokens, head) || stated) return false;
	// "Backfill tests for …": a bare plural of code is an object too.
	// "skip any suggestions for improving it": what is left out may be any of a kind.
	const leftOut = next.norm === "any" && LEAVING_OUT.has(t.norm);
	const object = next.kind === "path" || next.kind === "code" || UNKNOWN_OBJECTS.has(next.norm) || leftOut;
	return object || CODE_PLURALS.has(next.norm) || placedAll(tokens, at);
}

const FREE_RELATIVES = new Set(["whatever", "anything", "everything"]);

/**
 * "Skip whatever is in `tasks/legacy/`", "Ignore anything under `Shaders/Debug/`": a free relative
 * placed by what follows is an object; "Mark anything you are unsure about" (one the child picks) is
 * left to the readers of the answer.
 */
function placedAll(tokens: readonly Token[], at: number): boolean {
	if (!FREE_RELATIVES.has(tokens[at]?.norm ?? "")) return false;
	const k = ["is", "that", "which", "else"].includes(tokens[at + 1]?.norm ?? "") ? at + 2 : at + 1;
	return PLACED.has(tokens[k]?.norm ?? "") || tokens[k]?.kind === "path" || tokens[k]?.kind === "code";
}

const VERSUS = new Set(["vs", "vs.", "versus", "v."]);

/** "Bevy `Events<T>` vs a channel", "Opus/ADPCM vs Vorbis": a comparison named, not an order. */
const compares = (tokens: readonly Token[], head: number) =>
	tokens.slice(head + 1, head + 5).some((t) => t.kind === "word" && VERSUS.has(t.norm));

/** Verbs whose object a participle completes: "Make `retries` required", "Leave `models/` untouched". */
const CAUSATIVE = new Set("make get have keep leave mark set render consider declare treat".split(" "));

/** "pool `vendor_pool` has 4 slots": a word, the thing's name and a verb that states — a noun phrase. */
const namedThenStated = (tokens: readonly Token[], at: number) =>
	(tokens[at]?.kind === "code" || tokens[at]?.kind === "path") &&
	(STATING_AUXILIARIES.has(tokens[at + 1]?.norm ?? "") || /^[a-z]{2,}[^e]ed$/.test(tokens[at + 1]?.norm ?? ""));
