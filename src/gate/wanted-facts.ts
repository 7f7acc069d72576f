/**
 * Facts wished for, in the register a parent agent writes: "I want the query plan in words: which
 * subgraph is hit first …", "I want three lists: …", "I want file:line and an estimate of calls",
 * "I'd like a breakdown of what's taking the space". The writer wants things to be told, named
 * with an article or a number, and the thing is no piece of code ("I want a new endpoint", "I'd
 * like a test for it") nor changed after ("I want the tests fixed", "… in `out.txt`"). Pure.
 */
import { norm } from "./described.ts";
import { isWord, pathText } from "./hits.ts";
import type { Token } from "./types.ts";
import { CHANGE_VERBS, CODE_OBJECTS, changeParticiple, PROSE_OBJECTS } from "./verbs.ts";
import { set } from "./words.ts";

/** Words a wished-for thing may open with: "the query plan", "every DB query", "three lists". */
const OPENERS = set(`
	a an the every each all some any two three four five six seven eight nine ten one
	which where what who how why whether
`);
const WISHERS = set("want wants like love need");
const SELVES = set("i we i'd we'd");
/** Words that end the thing's name: "… in words:", "… and an estimate", "… of what's …". */
const ENDS = set("and of for from on with behind about per across between as");
/** Words that make the wished thing changed or new: "… gone", "a new endpoint", "… back". */
const CHANGED = set("new gone back removed fixed green passing working updated");
/** Things built rather than told, beyond the code nouns: "a `--json` flag", "an option", "a button". */
const BUILT = set(
	"flag flags option options setting settings button buttons command commands route routes page pages job jobs",
);
const PLACES = set("in into to under inside");

/** Where the thing wished at `i` starts ("i'd like | the query plan"), or -1. */
function thingAt(tokens: readonly Token[], i: number): number {
	const w = norm(tokens[i]);
	const self = SELVES.has(norm(tokens[i - 1])) || SELVES.has(w);
	let k = i + (w === "i'd" || w === "we'd" ? 1 : 0);
	if (!self || !WISHERS.has(norm(tokens[k]))) return -1;
	k++;
	const start = tokens[k];
	const named = start?.kind === "code" || OPENERS.has(norm(start));
	// "I want evidence — …", "I want specifics:": a bare noun the clause ends on.
	const bare =
		start?.kind === "word" && [tokens[k + 1], tokens[k + 2]].some((t) => t === undefined || t.kind === "punct");
	return named || bare ? k : -1;
}

/** Whether a wish at `i` wants facts told, not a thing made or changed. */
export function wantsFacts(tokens: readonly Token[], i: number): boolean {
	const at = thingAt(tokens, i);
	if (at < 0) return false;
	for (let k = at; k < tokens.length; k++) {
		const t = tokens[k] as Token;
		const w = norm(t);
		if (CHANGED.has(w) || changeParticiple(w) || CHANGE_VERBS.has(w)) return false;
		// "I want the summary in `notes.md`": a place in a file makes it a write.
		const place = PLACES.has(w);
		if (place && tokens.slice(k + 1, k + 4).some((x) => x.kind === "code" || pathText(x) !== undefined)) return false;
		// The thing's name ends here; its last noun says what it is ("the module path", not "a new module").
		if (k > at && (t.kind === "punct" || ENDS.has(w) || place)) return !built(norm(tokens[k - 1])) && rest(tokens, k);
	}
	return !built(norm(tokens.at(-1)));
}

/** A thing built rather than told: a piece of code, or a flag, option, button. */
const built = (w: string) => (CODE_OBJECTS.has(w) && !PROSE_OBJECTS.has(w)) || BUILT.has(w);

/** The rest of the clause after the thing: nothing changed, and no place in a file. */
const rest = (tokens: readonly Token[], from: number) =>
	!tokens.slice(from).some((t) => CHANGED.has(norm(t)) || changeParticiple(norm(t)));

/** Verbs of coming to know, and the words that embed what is to be known. */
const KNOWING = set("know understand learn see hear");
const ASKED = set("why how whether if what which where when who");

/**
 * "I want to know why the fields never line up", "I'd like a breakdown of what's taking the space —
 * codecs we never use", "I want three lists: … defined but never referenced": a wish to know, or for
 * a piece of the answer, whose "never" is in what is asked.
 */
export const wishedToKnow = (tokens: readonly Token[]) => {
	const at = isWord(tokens, 0, ["to"]) ? 1 : 0;
	if (isWord(tokens, at, KNOWING) && isWord(tokens, at + 1, ASKED)) return true;
	const noun = isWord(tokens, 0, ANSWER_OPENERS) ? 1 : 0;
	return isWord(tokens, noun, ANSWERS) || (tokens[noun]?.kind === "word" && isWord(tokens, noun + 1, ANSWERS));
};
const ANSWER_OPENERS = set("a an the your two three four five some");
const ANSWERS = set(
	"breakdown breakdowns list lists summary table tables rundown overview report count tally inventory map",
);
