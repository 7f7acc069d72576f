/**
 * Changes asked for without an order whose subject is the child:
 *
 * - a replacement written as an arrow: "'utilise' → 'use' throughout docs/", "`getUser` ->
 *   `fetchUser` across the codebase";
 * - a thing that could be changed, asked about as a chance: "any chance the CLI could get a
 *   `--version` flag?", "perhaps the two loaders could be merged?";
 * - a wish for the change, soon or as the goal: "the sooner that workaround is gone, the better",
 *   "what I'm after is for the dead pages to be linked again";
 * - what a named thing has to do: "src/queue/worker.ts needs to retry on a timeout";
 * - a choice made for a named place: "could you go with the versioned-key approach in src/cache/?".
 *
 * Their look-alikes explain a flow ("request → handler → store"), ask a real question ("any chance
 * this is a race?") or describe: an arrow needs a quoted, coded or named target; a chance needs a
 * modal and a change after it; a need needs a named thing as its subject.
 */

import { changingShell } from "./commands.ts";
import { norm } from "./described.ts";
import { type Hit, hit, isWord, pathText, quoteEnd } from "./hits.ts";
import { WH } from "./reading.ts";
import type { Clause, Sentence, Token } from "./types.ts";
import {
	CHANGE_UNLESS_PROSE,
	CHANGE_VERBS,
	CODE_OBJECTS,
	changeGerund,
	changeParticiple,
	imperativeVerb,
	LOOK_VERBS,
	NOT_VERBS,
	pastTense,
} from "./verbs.ts";
import { set } from "./words.ts";

const ARROWS = set("→ ⟶ => ➔ ➜");
const SPAN = set("everywhere throughout across all every");
const CHANCE = set("chance perhaps maybe possibly way");
const MODALS = set("could can might would");
const BECOME = set("become turn go get");
const NEEDS = set("needs need has have must ought");
const SUBJECTS_OF_PEOPLE = set("i we you they he she someone somebody anyone user users people team everyone");
const CHOOSE = [
	["go", "with"],
	["go", "for"],
	["opt", "for"],
	["settle", "on"],
	["run", "with"],
];
const changeBase = (w: string) => CHANGE_VERBS.has(w) || CHANGE_UNLESS_PROSE.has(w);
const named = (t: Token) => t.kind === "code" || pathText(t) !== undefined;
/** A part of a program named as the subject: "the config loader", "the retry handler", "the CLI". */
const part = (t: Token) =>
	named(t) || CODE_OBJECTS.has(t.norm) || /^[a-z]{3,}(?:er|or)$/.test(t.norm) || t.norm === "cli";

const PLACING = set("in across everywhere throughout for within under on");

/** An arrow at `k`: "→", or "-" and ">" written together. */
const arrowAt = (tokens: readonly Token[], k: number) =>
	ARROWS.has(tokens[k]?.text ?? "") ||
	(tokens[k]?.text === "-" && tokens[k + 1]?.text === ">" && tokens[k + 1]?.start === tokens[k]?.end);

/** "'e.g.' → 'for example' everywhere", "Behaviour → behavior throughout the docs folder". */
function replacement(s: Sentence): Hit[] {
	if (s.question || s.fence) return [];
	const { tokens } = s;
	const k = tokens.findIndex((_, j) => j > 0 && arrowAt(tokens, j));
	if (k < 0) return [];
	const from = tokens[k - 1] as Token;
	const to = tokens[tokens[k]?.text === "-" ? k + 2 : k + 1];
	if (to === undefined || from.kind === "punct" || to.kind === "punct") return [];
	const quoted = (t: Token) => t.kind === "quote" || t.kind === "code";
	const target = tokens.some((t) => named(t) || (t.kind === "word" && SPAN.has(t.norm)));
	// "request → handler → store" is a flow: a second arrow makes it one.
	const chain = tokens.some((_, j) => j > k + 1 && arrowAt(tokens, j));
	// "the Kafka → S3 sink", "every JS → wasm call": bare words joined by an arrow qualify the noun after them.
	const after = tokens[(tokens[k]?.text === "-" ? k + 2 : k + 1) + 1];
	const spread = tokens.slice(k).some((t) => SPAN.has(t.norm));
	const qualifies = !quoted(from) && !spread && after?.kind === "word" && !PLACING.has(after.norm);
	if (qualifies) return [];
	return !chain && ((quoted(from) && quoted(to)) || target) ? [hit("file-change", "replacement", from, to)] : [];
}

/** "any chance the CLI could get a flag?", "perhaps the copies could become one?", "could be merged?". */
function chanceOf(c: Clause): Hit[] {
	const { tokens } = c;
	if (!c.sentence.question || !tokens.slice(0, 4).some((t) => CHANCE.has(t.norm))) return [];
	const m = tokens.findIndex((t, k) => k > 1 && MODALS.has(t.norm) && !isWord(tokens, k - 1, ["you", "i", "we"]));
	const v = tokens[m + 1];
	if (m < 0 || v?.kind !== "word") return [];
	// "could be made less chatty", "could be read from the environment instead": the thing otherwise.
	const passive =
		v.norm === "be" && (pastTense(tokens[m + 2]?.norm ?? "") || isWord(tokens, m + 2, ["read", "set", "put"]));
	const gains =
		BECOME.has(v.norm) &&
		tokens.slice(m + 2, m + 6).some((t) => t.kind === "code" || t.norm === "one" || CODE_OBJECTS.has(t.norm));
	return passive || gains || CHANGE_VERBS.has(v.norm)
		? [hit("file-change", "chance-of", v, quoteEnd(tokens, m + 1, 4))]
		: [];
}

const HELPFUL = set("help helpful nice great good lovely ideal better handy useful brilliant perfect");
const WISHERS = set("i'd we'd i we");
const SPEAKERS = set("you i we your my our");

/** "It would help if the CLI printed …", "would be nice if the report sorted …": a thing wished otherwise. */
function helpedIf(tokens: readonly Token[]): Hit | undefined {
	const k = tokens.findIndex(
		(t, j) => t.norm === "if" && tokens.slice(Math.max(0, j - 3), j).some((b) => HELPFUL.has(b.norm)),
	);
	// "A little diagram in the reply would be great if it turns out complicated": the answer wished for.
	const answer = tokens.slice(0, k).some((t) => ["reply", "answer", "response"].includes(t.norm));
	if (k < 0 || answer || isWord(tokens, k + 1, SPEAKERS)) return undefined;
	// A thing that printed or sorted otherwise is changed code, so a verb of reading counts here too.
	const v = tokens.slice(k + 2, k + 6).find((t) => t.kind === "word" && pastTense(t.norm));
	return v ? hit("file-change", "stated-need", tokens[k] as Token, v) : undefined;
}

/** Words that mark a question as a request: "when you get a chance", "if you get a minute", "at some point". */
const MARKERS = [
	["when", "you", "get", "a"],
	["whenever", "you", "have", "a"],
	["when", "you", "have", "a"],
	["if", "you", "get", "a"],
	["if", "you", "have", "a"],
	["at", "some", "point"],
	["when", "you", "can"],
	["whenever", "you", "can"],
	["time", "permitting"],
	["at", "your", "convenience"],
];
const THINGS = set("the this that these those our its a an");

/** "Whenever you have a moment, could the status command show the branch name?": a thing asked to behave otherwise. */
function markedAsk(c: Clause): Hit[] {
	const s = c.sentence.tokens;
	if (!c.sentence.question || !s.some((_, k) => MARKERS.some((p) => p.every((w, j) => s[k + j]?.norm === w))))
		return [];
	const { tokens } = c;
	if (
		!isWord(tokens, 0, ["could", "can", "would", "will"]) ||
		!(isWord(tokens, 1, THINGS) || named(tokens[1] as Token))
	)
		return [];
	// The first verb after the subject's noun: "be" and "have" ask about a state.
	// A verb the gate knows, or any word that takes an object: "could the release script … sign the binaries".
	const verbAt = (k: number) =>
		imperativeVerb(tokens[k]?.norm ?? "") || STATES.has(tokens[k]?.norm ?? "") || isWord(tokens, k + 1, OBJECT_STARTS);
	const at = tokens.findIndex(
		(t, k) => k >= 3 && k < 10 && t.kind === "word" && !NOT_VERBS.has(t.norm) && !THINGS.has(t.norm) && verbAt(k),
	);
	const v = at > 0 ? tokens[at] : undefined;
	return v && !STATES.has(v.norm) ? [hit("file-change", "marked-ask", tokens[0] as Token, v)] : [];
}
const STATES = set("be have get");
const LIKENESS = set("looks look looked sounds sound seems seem feels feel");
const OBJECT_STARTS = set("the a an this that these those its their every all");

/** "the sooner X is gone, the better"; "what I'm after is for X to be linked from the index". */
function wished(c: Clause): Hit[] {
	const { tokens } = c;
	if (isWord(tokens, 0, ["the"]) && isWord(tokens, 1, ["sooner"])) {
		const done = tokens.find((t) => t.norm === "gone" || changeParticiple(t.norm));
		return done ? [hit("file-change", "stated-need", tokens[0] as Token, done)] : [];
	}
	const helped = helpedIf(tokens);
	if (helped) return [helped];
	// Not "looks like" (a likeness), nor "what I'm after is why …" (a question put as a wish).
	const wants = tokens.findIndex(
		(t, k) => ["after", "like", "want", "need", "hoping"].includes(t.norm) && !LIKENESS.has(norm(tokens[k - 1])),
	);
	// "what we're after is the README linking to the new docs": a part of the program doing otherwise.
	const is = tokens.findIndex((t, k) => k > wants && t.norm === "is");
	if (wants >= 0 && is > 0 && WH.has(norm(tokens[is + 1]))) return [];
	const doing = tokens.findIndex((t, k) => k > is + 1 && t.kind === "word" && /ing$/.test(t.norm));
	if (wants >= 0 && isWord(tokens, 0, ["what"]) && is > 0 && doing > 0 && tokens.slice(is + 1, doing).some(part))
		return [hit("file-change", "stated-need", tokens[0] as Token, tokens[doing] as Token)];
	for (let k = wants + 1; wants >= 0 && k + 3 < tokens.length; k++) {
		if (!isWord(tokens, k, ["to"]) || !isWord(tokens, k + 1, ["be"])) continue;
		const done = tokens[k + 2] as Token;
		const stem = done.norm.replace(/e?d$/, "");
		// "for X to be …", or a wish of the speaker's own: "I'd quite like the tests to be skipped".
		const own = tokens.slice(Math.max(0, wants - 3), wants).some((t) => WISHERS.has(t.norm));
		// "hidden", "rewritten": a participle in "-en" as well as "-ed".
		const participle = pastTense(done.norm) || (done.norm.length > 5 && /[^e]en$/.test(done.norm));
		// "The user would like `email` … to be unique": a named thing wished to be otherwise, by anyone.
		const between = tokens.slice(wants + 1, k);
		const namedState =
			between.some(named) && done.kind === "word" && !between.some((t) => WH.has(t.norm) || t.norm === "to");
		const wisher = own || tokens.slice(wants, k).some((t) => t.norm === "for");
		if (((wisher && participle) || namedState) && !LOOK_VERBS.has(stem))
			return [hit("file-change", "stated-need", tokens[wants] as Token, done)];
	}
	return [];
}

/** "src/queue/worker.ts needs to retry on a timeout": what a named thing has to do. */
function namedNeeds(c: Clause): Hit[] {
	const { tokens, head } = c;
	if (c.mood !== "statement" && c.mood !== "fragment") return [];
	const n = tokens.findIndex((t, k) => k > head && NEEDS.has(t.norm) && isWord(tokens, k + 1, ["to"]));
	const v = tokens[n + 2];
	if (n < 0 || v?.kind !== "word" || ["be", "know", "understand", "wait"].includes(v.norm)) return [];
	// "the config loader has to read …": the subject is a named part, not a person.
	const subject = tokens.slice(head, n);
	if (subject.some((t) => SUBJECTS_OF_PEOPLE.has(t.norm))) return [];
	return subject.some(part) ? [hit("file-change", "stated-need", tokens[n] as Token, v)] : [];
}

/** "could you go with the versioned-key approach in src/cache/?": a choice to carry out in a named place. */
function chosenFor(c: Clause): Hit[] {
	const { tokens, head } = c;
	if (c.mood !== "directive" || !CHOOSE.some((p) => p.every((w, j) => tokens[head + j]?.norm === w))) return [];
	return tokens.some(named) ? [hit("file-change", "chosen", tokens[head] as Token, quoteEnd(tokens, head, 5))] : [];
}

/** Every implied change in a clause. */
export function impliedHits(c: Clause): Hit[] {
	const any = [...chanceOf(c), ...chosenFor(c), ...commandAlone(c), ...markedAsk(c)];
	if (c.sentence.question) return any;
	return [...any, ...wished(c), ...(c.mood === "subordinate" ? [] : namedNeeds(c))];
}

const GO_AHEAD = [
	["do", "it"],
	["please", "do"],
	["go", "ahead"],
	["go", "for", "it"],
	["by", "all", "means"],
	["do", "so"],
	["make", "it", "so"],
	["proceed"],
	["have", "at", "it"],
	["feel", "free"],
	["be", "my", "guest"],
];

/** "Is there still time to drop X? If so, please do.": the question's change, allowed in advance, is the order. */
function goAhead(s: Sentence, next: Sentence | undefined): Hit[] {
	if (!s.question || next === undefined || !isWord(next.tokens, 0, ["if"])) return [];
	const words = next.tokens;
	if (!words.some((_, k) => GO_AHEAD.some((p) => p.every((w, j) => words[k + j]?.norm === w)))) return [];
	const { tokens } = s;
	const v = tokens.findIndex((t, k) => isWord(tokens, k - 1, ["to", "could", "can", "should"]) && changeBase(t.norm));
	return v > 0 ? [hit("file-change", "go-ahead", tokens[v] as Token, quoteEnd(tokens, v, 4))] : [];
}

const DEFECTS = set("wrong broken missing outdated stale incorrect misspelt misspelled typo out-of-date");

/**
 * "`README.md`: the install command is wrong, should be …": a defect filed against a named file.
 * "Needs fixing.", "Wants a test.": a need whose subject the brief left out.
 */
function filed(s: Sentence): Hit[] {
	if (s.question || s.fence) return [];
	const { tokens } = s;
	const first = tokens[0];
	if (first && named(first) && tokens[1]?.text === ":") {
		const defect = tokens.find((t, k) => k > 1 && (DEFECTS.has(t.norm) || t.norm === "should"));
		if (defect) return [hit("file-change", "defect-filed", first, defect)];
	}
	if (!isWord(tokens, 0, ["needs", "need", "wants", "requires"])) return [];
	const done = tokens[1];
	const asked =
		done !== undefined && (changeGerund(done.norm) || (done.norm === "to" && changeBase(tokens[2]?.norm ?? "")));
	return asked ? [hit("file-change", "stated-need", tokens[0] as Token, done as Token)] : [];
}

/** "`yarn upgrade-interactive`, then …": a changing command written alone as a step. */
export function commandAlone(c: Clause): Hit[] {
	const words = c.tokens.filter((t) => t.kind !== "punct");
	const only = words[0];
	if (c.sentence.question || c.sentence.fence || words.length !== 1 || only?.kind !== "code") return [];
	// A fenced block is shown, not run, unless "run this:" introduces it (changes.ts).
	if (only.text.startsWith("```") || only.text.startsWith("~~~") || !changingShell(only.norm)) return [];
	return [hit("file-change", "command", only)];
}

/** Every implied change written across a sentence, and the sentence after it. */
export const impliedSentenceHits = (s: Sentence, next: Sentence | undefined): Hit[] => [
	...replacement(s),
	...goAhead(s, next),
	...filed(s),
];
