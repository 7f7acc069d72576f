/**
 * Work named without a verb: a brief may list what it wants as things rather than orders.
 *
 * - a noun of work asked for: "A regression test for the empty case, please", "One more thing: a
 *   changelog entry for the flag", "Next up: the migration that adds the column";
 * - a checklist of results after a to-do label: "Still to do: the old flag removed and the docs
 *   regenerated";
 * - where a thing belongs: "that validation really belongs in the model layer".
 *
 * Their look-alikes ask for prose ("a summary of the issues, please", "your thoughts, please"),
 * describe ("changes in this release: the flag removed") or ask ("where does it belong?"): the
 * noun must be one of work or code, and the request must be marked — "please", "if you can", or a
 * label that hands out work.
 */
import { embedded, type Hit, hit, isWord, pathText, quoteEnd } from "./hits.ts";
import type { Clause, Token } from "./types.ts";
import {
	CODE_OBJECTS,
	changeForm,
	changeParticiple,
	imperativeVerb,
	PROSE_OBJECTS,
	pastTense,
	WORK_NOUNS,
} from "./verbs.ts";
import { phrases, set } from "./words.ts";

const INDEFINITE = set("a an one another some more few couple");
const DEFINITE = set("the this that these those");
/** Nouns of work a brief may ask for by name. */
const ITEMS = set(
	"entry entries docstring docstrings test tests fixture fixtures stub stubs mock mocks flag flags option options",
);
const STOPS = set("of for in on about with from to by at that which who");
/** Words of a label that hands out work: "next up:", "one more thing:", "todo for you:". */
const LABEL_WORDS = set(`
	next up one more thing also then todo to-do for you still to do remaining left action item items tasks task
	finally lastly and last but not least p.s ps oh plan checklist steps changes this pr deliverable deliverables pending small quick oh p.s.
	what i we i'm we're i'd we'd need needed want wanted like after is here's here ask request favour favor thing
`);
/** Words of a label that states the ask: "the ask is simple:", "the change we want:". */
const ASK_WORDS = set(
	"ask request change want need needed job task goal fix gist upshot tl;dr bottom short whoever assignee",
);
const SHOULD = set("should must needs has");
const GOES = set("go goes move moves");
const DEFECTS = set("missing wrong broken outdated stale out-of-date incorrect misspelt misspelled");
/** Words of a decision just reported: "we landed on option B. So …". */
const DECIDED = set("decided landed agreed settled chose concluded going went");
const CLEFTS = [
	["what's", "needed"],
	["what", "is", "needed"],
	["what", "we", "need"],
	["what", "i", "need"],
	["all", "we", "need"],
	["what", "i", "want"],
	["what", "we", "want"],
	["what", "i", "would", "like"],
	["what", "we", "would", "like"],
	["what", "i'd", "like"],
	["what", "we'd", "like"],
	["the", "ask"],
	["the", "request"],
];
/** Clefts that name what the child is to do, before the doing: "what you should do is add a test". */
const DO_CLEFTS = phrases(`
	what you should do
	what you need to do
	what you have to do
	what you could do
	what you can do
	what i want you to do
	what we want you to do
	what i'd like you to do
	what i would like you to do
	all you need to do
	all you have to do
	what needs to happen
	what has to happen
`);
/** Words of a label over a to-do list: "still to do:", "remaining:", "what needs doing:". */
const TODO_WORDS = set("do todo to-do doing remaining left needed outstanding pending tasks plan");
const MARKERS: ReadonlyArray<readonly string[]> = [
	["please"],
	["if", "you", "can"],
	["if", "you", "could"],
	["if", "possible"],
];

const marked = (tokens: readonly Token[]) =>
	tokens.some((_, k) => MARKERS.some((m) => m.every((w, j) => tokens[k + j]?.norm === w)));

const LABEL_CLOSERS = new Set([":", "–", "—", "-", ","]);

/** The clause before is a label of `words`, closed by a colon or a dash: "Next up:", "One small thing –". */
function labelled(before: Clause | undefined, words: ReadonlySet<string>, all: boolean): boolean {
	if (before === undefined || !LABEL_CLOSERS.has(before.closer)) return false;
	if (before.closer !== ":" && (!all || before.tokens.length > 4)) return false;
	const ws = before.tokens.filter((t) => t.kind === "word");
	return all ? ws.length > 0 && ws.every((t) => words.has(t.norm)) : ws.some((t) => words.has(t.norm));
}

/** The noun of work a clause starts with ("a regression test", "the migration"), if any. */
function workNoun(c: Clause): Token | undefined {
	const { tokens, head } = c;
	const first = tokens[head];
	if (first?.kind !== "word") return undefined;
	const article = INDEFINITE.has(first.norm) ? "a" : DEFINITE.has(first.norm) ? "the" : "";
	for (let k = head + (article ? 1 : 0); k < Math.min(tokens.length, head + 5); k++) {
		const t = tokens[k] as Token;
		// "a `--no-color` flag": inline code names the thing the noun after it is.
		if (t.kind === "code" && k > head) continue;
		if (t.kind !== "word" || STOPS.has(t.norm) || PROSE_OBJECTS.has(t.norm)) return undefined;
		if (PROSE_OBJECTS.has(tokens[k + 1]?.norm ?? "")) return undefined;
		// "a patched version of the exporter": the change is in the participle.
		if (pastTense(t.norm)) return article !== "" && changeParticiple(t.norm) ? t : undefined;
		const work = WORK_NOUNS.has(t.norm) && !DEFINITE.has(t.norm) && t.norm !== "it";
		// "a changelog entry", "docstrings for …": code or items when indefinite; "the migration": work.
		const item = article !== "the" && (ITEMS.has(t.norm) || CODE_OBJECTS.has(t.norm));
		if (work || (item && (article !== "" || !imperativeVerb(t.norm)))) return t;
		if (imperativeVerb(t.norm) && k === head) return undefined;
	}
	return undefined;
}

/** "A regression test for X, please", "Next up: the migration that adds …". */
function askedFor(list: readonly Clause[], k: number, label: Clause | undefined): Hit[] {
	const c = list[k] as Clause;
	if (c.mood !== "fragment" && c.mood !== "statement") return [];
	if (!marked(c.sentence.tokens) && !labelled(list[k - 1] ?? label, LABEL_WORDS, true)) return [];
	const noun = workNoun(c);
	return noun ? [hit("file-change", "work-asked", c.tokens[c.head] as Token, noun)] : [];
}

/** "Still to do: the old flag removed and the docs regenerated": results listed as work to do. */
function checklist(list: readonly Clause[], k: number): Hit[] {
	const c = list[k] as Clause;
	// The label may stand before several items: "The plan: new endpoint, old one deprecated, docs updated."
	let j = k - 1;
	while (j > 0 && list[j]?.closer === ",") j--;
	if (c.mood === "directive" || !labelled(list[j], TODO_WORDS, false)) return [];
	const done = c.tokens.find((t, j) => j > c.head && t.kind === "word" && changeParticiple(t.norm));
	const aux = c.tokens.some((t) => ["is", "are", "was", "were", "has", "have", "had", "been"].includes(t.norm));
	return done && !aux ? [hit("file-change", "work-listed", c.tokens[c.head] as Token, done)] : [];
}

/** "That validation logic belongs in the model layer": where a thing should live, stated. */
function belongs(c: Clause): Hit[] {
	const { tokens } = c;
	if (c.mood !== "statement") return [];
	const k = tokens.findIndex((t) => t.norm === "belongs" || t.norm === "belong" || GOES.has(t.norm));
	if (k <= c.head || !isWord(tokens, k + 1, ["in", "under", "inside", "with", "alongside", "next", "into", "to"]))
		return [];
	// "the date helpers go into src/util/date.ts": where a thing goes, when the place is named.
	if (GOES.has((tokens[k] as Token).norm) && !tokens.slice(k + 2, k + 5).some((t) => pathText(t) !== undefined))
		return [];
	if (embedded(tokens, c.head, k)) return [];
	return [hit("file-change", "belongs", tokens[k] as Token, quoteEnd(tokens, k, 5))];
}

/**
 * "What's needed now is a guard in the uploader", "the ask is to add …", "the ask is simple: the
 * exporter should write UTF-8": the ask, stated as what is needed.
 */
function statedAsk(list: readonly Clause[], k: number): Hit[] {
	const c = list[k] as Clause;
	const { tokens } = c;
	const start = tokens.findIndex((t) => t.kind === "word" && t.norm !== "so" && t.norm !== "and");
	const cleft = CLEFTS.some((p) => p.every((w, j) => tokens[start + j]?.norm === w));
	const is = tokens.findIndex((t, j) => j > start && t.norm === "is");
	const after = tokens.slice(is + 1, is + 4).find((t) => !["now", "simply", "just", "really"].includes(t.norm));
	if (cleft && is > 0 && after !== undefined) {
		// "a clear explanation", "a short list of …": prose within the next few words is an answer asked for.
		const at = tokens.indexOf(after);
		const prose = tokens.slice(at + 1, at + 4).some((t) => PROSE_OBJECTS.has(t.norm));
		const work = isWord([after], 0, INDEFINITE) && !prose;
		if (work) return [hit("file-change", "work-asked", tokens[start] as Token, after)];
	}
	// "What you should do is add a test", "all you need to do is bump the version": the change after "is".
	const doing = DO_CLEFTS.some((p) => p.every((w, j) => tokens[start + j]?.norm === w));
	const verb = tokens.slice(is + 1, is + 4).find((t) => !["to", "now", "simply", "just", "really"].includes(t.norm));
	if (doing && is > 0 && verb?.kind === "word" && changeForm(verb.norm)) {
		return [hit("file-change", "work-asked", tokens[start] as Token, verb)];
	}
	// "list every exported function that has no test": in a relative clause, the items found are described.
	const relative = (j: number) => ["that", "which", "who"].includes(tokens[j - 1]?.norm ?? "");
	const m = tokens.findIndex((t, j) => j > c.head && SHOULD.has(t.norm) && !relative(j));
	const asked = labelled(list[k - 1], ASK_WORDS, false) || labelled(list[k - 1], LABEL_WORDS, true);
	if (m > 0 && asked && tokens[m + 1]?.kind === "word") {
		return [hit("file-change", "work-asked", tokens[m] as Token, quoteEnd(tokens, m, 3))];
	}
	// "The goal: `doctor` finishes in under a second": what a named thing does, stated as the ask.
	const subject = tokens[c.head];
	const namedSubject = subject !== undefined && (subject.kind === "code" || pathText(subject) !== undefined);
	if (namedSubject && labelled(list[k - 1], ASK_WORDS, false) && c.mood !== "directive" && tokens.length > c.head + 2) {
		return [hit("file-change", "work-asked", subject, quoteEnd(tokens, c.head, 4))];
	}
	// "Oh, and nothing under docs/ changes": a rule handed out after a label.
	const short = labelled(list[k - 1], LABEL_WORDS, true);
	if (short && isWord(tokens, c.head, ["nothing", "no"]) && tokens.some((t, j) => j > c.head && changeForm(t.norm))) {
		return [hit("prohibition", "rule-listed", tokens[c.head] as Token, quoteEnd(tokens, c.head, 6))];
	}
	// "One small thing – the license header is missing from the new files": a defect handed out.
	const defect = tokens.find((t) => DEFECTS.has(t.norm));
	if (defect && c.mood === "statement" && labelled(list[k - 1], LABEL_WORDS, true)) {
		return [hit("file-change", "work-asked", tokens[c.head] as Token, defect)];
	}
	return [];
}

/**
 * "We landed on option B. So the client gets wrapped in an adapter, and the old calls go away.",
 * "As discussed, the fallback path goes": a decision carried out, stated as what happens.
 */
function decidedPlan(c: Clause, first: boolean, previous: readonly Token[]): Hit[] {
	const { tokens } = c;
	const s = c.sentence.tokens;
	const agreed = isWord(s, 0, ["as"]) && isWord(s, 1, ["discussed", "agreed", "decided", "planned"]);
	const so = first && isWord(tokens, 0, ["so", "then"]) && previous.some((t) => DECIDED.has(t.norm));
	if (!agreed && !so) return [];
	for (let k = 1; k < tokens.length; k++) {
		const got = isWord(tokens, k, ["gets", "get"]) && pastTense(tokens[k + 1]?.norm ?? "");
		const gone = isWord(tokens, k, ["go", "goes"]) && (isWord(tokens, k + 1, ["away"]) || tokens[k + 1] === undefined);
		if (got || gone) return [hit("file-change", "work-planned", tokens[k] as Token, quoteEnd(tokens, k, 2))];
	}
	return [];
}

/**
 * Work named without a verb in a sentence's clauses; nothing in a question. `label` is a label
 * alone on the line before ("Plan:"), `previous` the sentence before.
 */
export function worklistHits(list: readonly Clause[], label?: Clause, previous: readonly Token[] = []): Hit[] {
	const out: Hit[] = [];
	for (let k = 0; k < list.length; k++) {
		const c = list[k] as Clause;
		if (c.inQuestion || c.sentence.question) continue;
		out.push(...askedFor(list, k, label), ...checklist(list, k), ...belongs(c), ...statedAsk(list, k));
		out.push(...decidedPlan(c, k === 0, previous));
	}
	return out;
}
