/**
 * Work picked back up: "finish the migration", "carry on with the TypeScript conversion", "pick up
 * where you left off", "carry on from `:feature:checkout`", "get the tests passing". Read after a
 * verb of continuing or finishing (changes.ts decides which verbs). Pure.
 */
import { isWord } from "./hits.ts";
import type { Token } from "./types.ts";
import { changeGerund, PROSE_OBJECTS, WORK_NOUNS } from "./verbs.ts";

const PRONOUN_WORK = new Set(["it", "this", "that"]);
const PRONOUN_VERBS = new Set("finish complete continue resume do redo perform execute carry".split(" "));
const CONTINUE_SKIP = new Set([
	"of",
	"the",
	"this",
	"that",
	"our",
	"your",
	"my",
	"with",
	"on",
	"up",
	"ahead",
	"off",
	"out",
	"a",
	"an",
]);
const STARTED = new Set(["started", "began", "begun", "kicked"]);
const LEFT_WHAT = new Set(["off", "it", "things", "them", "that"]);
const WORK_GERUNDS = new Set(["working", "coding", "implementing", "hacking", "editing", "writing"]);
const GET_RESULTS = new Set([
	"passing",
	"green",
	"working",
	"compiling",
	"building",
	"fixed",
	"done",
	"zero",
	"sync",
	"date",
	"shape",
	"order",
]);
const BARE_CONTINUE = [
	["resume"],
	["continue"],
	["carry", "on"],
	["keep", "going"],
	["proceed"],
	["go", "ahead"],
	["finish", "up"],
];

/** "finish the refactor", "continue where we left off", "start refactoring"; not "do we agree …?". */
export function continues(tokens: readonly Token[], i: number, verb: string, whole: boolean): boolean {
	const rest = tokens.slice(i + 1, i + 8).filter((t) => t.kind === "word");
	if (verb === "do" && ["we", "you", "they", "i"].includes(rest[0]?.norm ?? "")) return false;
	if (BARE_CONTINUE.some((p) => p.every((w, k) => tokens[i + k]?.norm === w)) && whole && rest.length <= 1) return true;
	// "Do `envs/staging` next": the work just done, on the next thing named.
	const named = tokens[i + 1]?.kind === "code" || tokens[i + 1]?.kind === "path";
	if (verb === "do" && named && isWord(tokens, i + 2, ["next", "too", "again", "now", "afterwards"])) return true;
	// "Do the second one the same way": work done before, done again.
	if (verb === "do" && rest.some((t, k) => t.norm === "same" && rest[k + 1]?.norm === "way")) return true;
	// "Go ahead with that.", "carry on with it": the work just named, carried out.
	const withIt = isWord(tokens, i + 2, ["with"]) && isWord(tokens, i + 3, ["that", "it", "this", "them"]);
	if (BARE_CONTINUE.some((p) => p.length === 2 && p.every((w, k) => tokens[i + k]?.norm === w)) && withIt && whole)
		return true;
	// "where we left off", "where you left it", "what you started", "take on the port".
	if (rest.some((t, k) => t.norm === "left" && LEFT_WHAT.has(rest[k + 1]?.norm ?? ""))) return true;
	if (rest.some((t, k) => ["you", "we"].includes(t.norm) && STARTED.has(rest[k + 1]?.norm ?? ""))) return true;
	// "do what you have to", "do whatever it takes".
	if (verb === "do" && isWord(tokens, i + 1, ["what", "whatever"]) && whole) return true;
	if (verb === "take" && !isWord(tokens, i + 1, ["on"])) return false;
	// "Carry on from `:feature:checkout`": the work resumed from a named point.
	const from = isWord(tokens, i + 1, ["on"]) ? i + 2 : i + 1;
	if (
		["carry", "continue", "resume"].includes(verb) &&
		isWord(tokens, from, ["from"]) &&
		tokens[from + 1]?.kind === "code"
	)
		return true;
	if (verb !== "get" && verb !== "make" && isWord(tokens, i + 1, WORK_GERUNDS)) return true;
	// "get the tests passing", "get the coverage report uploading again".
	const again = tokens.some((t, k) => k > i && t.norm === "again" && /ing$/.test(tokens[k - 1]?.norm ?? ""));
	if (verb === "get" || verb === "make")
		return again || tokens.slice(i + 1, i + 10).some((t) => GET_RESULTS.has(t.norm));
	// "finish the migration", "carry on with the TypeScript conversion": a word or two may qualify the work.
	let qualifiers = 0;
	for (let k = i + 1; k < Math.min(tokens.length, i + 8); k++) {
		const t = tokens[k] as Token;
		if (t.kind !== "word") return false;
		if (CONTINUE_SKIP.has(t.norm)) continue;
		if (changeGerund(t.norm)) return true;
		if (PRONOUN_WORK.has(t.norm)) return PRONOUN_VERBS.has(verb) && qualifiers === 0;
		if (WORK_NOUNS.has(t.norm)) return true;
		if (++qualifiers > 2 || PROSE_OBJECTS.has(t.norm)) return false;
	}
	return false;
}

const NEXT_WORK = new Set(["step", "up", "thing", "job", "task"]);
/**
 * "Next step is getting it to emit the 21-point table", "the next job is wiring the exporter in":
 * the work in flight, named as what comes next. The index of the gerund, or -1. Not "the next step
 * is reading the logs" (a gerund of no change).
 */
export function nextStep(tokens: readonly Token[]): number {
	const at = isWord(tokens, 0, ["the", "so", "and"]) ? 1 : 0;
	if (!isWord(tokens, at, ["next"]) || !isWord(tokens, at + 1, NEXT_WORK) || !isWord(tokens, at + 2, ["is"])) return -1;
	const w = tokens[at + 3]?.norm ?? "";
	return changeGerund(w) || w === "getting" ? at + 3 : -1;
}
