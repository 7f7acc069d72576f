/**
 * Plain edits of named things that no single change verb announces, and the answer-format
 * requests that look like them:
 *
 * - a mark left in the code: "leave a comment wherever …", "stick a TODO next to …", "flag every
 *   call with a FIXME", "note each breaking change in UPGRADING.md";
 * - a setting set: "set runner in .pi/settings.json", "in tsconfig.json, target should be ES2022";
 * - a thing made to behave otherwise: "have the logger print UTC", "get the typo fixed";
 * - but not the child's own answer: "put them in a table in your answer", "leave a comment in your
 *   reply", "number the steps in your explanation" shape the reply and change no file.
 */
import { formsAnswer } from "./answer-form.ts";
import { embedded, type Hit, hit, isWord, pathText, quoteEnd } from "./hits.ts";
import { marksWith, placesMark, recordsIn } from "./marks.ts";
import type { Clause, Token } from "./types.ts";
import { changeParticiple, PROSE_OBJECTS, pastTense } from "./verbs.ts";

/** What the child's reply is called: "in your answer", "at the top of the reply". */
const REPLY_NOUNS = new Set("answer answers reply replies response responses".split(" "));
/** Names that are the reply only as "your …": "your explanation", but "the summary" may be a doc's. */
const YOUR_NOUNS = new Set("explanation summary write-up writeup report message output list table notes".split(" "));
/** Shapes of a reply, after "as" or "in a": "in a table", "as a numbered list", "as JSON". */
const FORMAT_NOUNS = new Set(
	`table tables list lists bullet bullets bulleted numbered paragraph paragraphs sentence sentences checklist
	diagram chart json markdown yaml csv prose points outline message block snippet section sections heading
	headings appendix`.split(/\s+/),
);
const DESTINATIONS = new Set(["in", "into", "to", "at", "as", "within", "inside", "throughout", "under", "on"]);
const SKIP = new Set(
	"the a an your this that my its top end start bottom beginning head foot of one short small single plain simple numbered bulleted code separate dedicated own".split(
		" ",
	),
);

/** A path or a piece of code anywhere in the clause: then a table or a list may be a file's. */
const namesFile = (tokens: readonly Token[]) => tokens.some((t) => t.kind === "code" || pathText(t) !== undefined);

/** The reply or a shape of prose at `i`, a destination: "in your answer", "as a table", "in a list". */
function replyAt(tokens: readonly Token[], i: number): boolean {
	let k = i + 1;
	while (k < tokens.length && k < i + 6 && isWord(tokens, k, SKIP)) k++;
	const noun = tokens[k];
	if (noun?.kind !== "word" || namesFile(tokens)) return false;
	const your = tokens.slice(i + 1, k).some((t) => t.norm === "your");
	if (REPLY_NOUNS.has(noun.norm) || (your && YOUR_NOUNS.has(noun.norm))) return true;
	const indefinite = isWord(tokens, i, ["as"]) || isWord(tokens, i + 1, ["a", "an", "one"]);
	return indefinite && FORMAT_NOUNS.has(noun.norm);
}

/** Verbs of the child's telling: "when you mention them", "wherever you cite code". */
const TELLING = new Set(
	"mention cite quote refer list describe reference report answer reply explain discuss summarise summarize".split(" "),
);

/** "when you mention them", "whenever you cite a file": the clause is about how the child tells. */
function whenReporting(tokens: readonly Token[]): boolean {
	return tokens.some(
		(_, k) =>
			isWord(tokens, k, ["when", "whenever", "wherever", "as"]) &&
			isWord(tokens, k + 1, ["you"]) &&
			isWord(tokens, k + 2, TELLING),
	);
}

/**
 * Whether the clause shapes the child's answer: its object or destination is the reply ("put your
 * answer in …", "at the top of your reply") or, when it names no file, a shape of prose ("in a
 * table", "as a numbered list", "as JSON").
 */
export function shapesAnswer(c: Clause): boolean {
	const { tokens, head } = c;
	if (whenReporting(tokens) || formsAnswer(tokens, head, c.sentence.tokens)) return true;
	for (let i = head + 1; i < tokens.length; i++) if (isWord(tokens, i, DESTINATIONS) && replyAt(tokens, i)) return true;
	return replyAt(tokens, head);
}

/** "point the CI at the new registry", "point `base_url` to staging"; not "point me to", "point out". */
function pointsAt(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, ["point", "repoint", "redirect", "retarget"])) return false;
	if (isWord(tokens, head + 1, ["me", "us", "out", "to", "at", "them", "him", "her", "you"])) return false;
	return tokens.slice(head + 2, head + 7).some((t) => t.norm === "at" || t.norm === "to");
}

/** People and children: "have the reviewer look", "get them to explain" change no file. */
const AGENTS = new Set(
	"me us you them him her child children reviewer reviewers agent agents fork forks subagent subagents someone everyone each one team".split(
		" ",
	),
);
const CAUSE_OBJECTS = new Set(["the", "this", "that", "these", "those", "each", "every", "all", "our", "its", "their"]);

/**
 * "get the typo fixed", "have the styles updated": a change asked for through its result. "Have the
 * logger print UTC", "have main.py exit with 2": the code made to behave otherwise.
 */
function causes(c: Clause): Token | undefined {
	const { tokens, head } = c;
	// "could we see the duplicate helpers merged?": a result asked to be seen is asked for.
	const see = isWord(tokens, head, ["see"]) && (c.addressed || c.suggestion);
	if (see && isWord(tokens, head + 1, CAUSE_OBJECTS)) {
		return tokens.slice(head + 2, head + 7).find((t) => t.kind === "word" && changeParticiple(t.norm));
	}
	if (!isWord(tokens, head, ["get", "getting", "have", "having"])) return undefined;
	const object = tokens[head + 1];
	if (!object || (object.kind === "word" && AGENTS.has(object.norm))) return undefined;
	for (let k = head + 2; k < Math.min(tokens.length, head + 9); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") break;
		// "getting the e2e suite to run headless": a thing made to behave otherwise.
		if (isWord(tokens, k, ["to"]) && isWord(tokens, head + 1, CAUSE_OBJECTS) && tokens[k + 1]?.kind === "word") {
			return tokens[k + 1];
		}
		// "get the flaky test quarantined": any participle, for the result is what is asked for.
		if (t.kind === "word" && (changeParticiple(t.norm) || pastTense(t.norm))) return t;
		// "get the README badges pointing at the new CI": a thing got doing otherwise.
		if (
			isWord(tokens, head, ["get"]) &&
			isWord(tokens, head + 1, CAUSE_OBJECTS) &&
			/[^n]ing$/.test(t.norm) &&
			k > head + 2
		)
			return t;
	}
	const have = isWord(tokens, head, ["have"]) && (!c.sentence.question || c.addressed);
	const thing = object.kind === "path" || object.kind === "code" || isWord(tokens, head + 1, CAUSE_OBJECTS);
	const prose = tokens.slice(head + 1, head + 5).some((t) => PROSE_OBJECTS.has(t.norm) || AGENTS.has(t.norm));
	return have && thing && !prose ? quoteEnd(tokens, head, 5) : undefined;
}

/** Edits of named things, for a directive clause that no change verb heads. */
export function editOrder(c: Clause): Hit[] {
	const { tokens, head } = c;
	const first = tokens[head];
	if (c.mood !== "directive" || first?.kind !== "word") return [];
	if (pointsAt(tokens, head)) return [hit("file-change", "edit-named", first, quoteEnd(tokens, head, 4))];
	const mark = placesMark(tokens, head);
	// "Write a short design note, in your reply, …": the mark is placed in the answer, a clause later.
	const st = c.sentence.tokens;
	const inReply = st.some((_, k) => isWord(st, k, ["in", "into"]) && replyAt(st, k));
	if (mark && !inReply) return [hit("file-change", "leave-mark", first, mark)];
	if (marksWith(tokens, head) || recordsIn(tokens, head)) {
		return [hit("file-change", "edit-named", first, quoteEnd(tokens, head, 4))];
	}
	const caused = causes(c);
	return caused ? [hit("file-change", "causative", first, caused)] : [];
}

/** "is it possible to get the typo fixed?", "any way to have the styles updated?": a result asked for. */
export function resultAsked(c: Clause): Hit[] {
	const { tokens } = c;
	for (let i = 1; i + 2 < tokens.length; i++) {
		if (!isWord(tokens, i, ["get", "have"]) || !isWord(tokens, i - 1, ["to"])) continue;
		if (!isWord(tokens, i - 2, ["possible", "way", "chance", "able", "ok", "okay", "feasible"])) continue;
		if (tokens[i + 1]?.kind === "word" && AGENTS.has((tokens[i + 1] as Token).norm)) continue;
		const done = tokens.slice(i + 2, i + 9).find((t) => t.kind === "word" && changeParticiple(t.norm));
		if (done) return [hit("file-change", "causative", tokens[i] as Token, done)];
	}
	return [];
}

const SHOULD = new Set(["should", "must", "ought"]);
/** What a named thing "should" become or where it should go: a change, whatever follows. */
const BECOMES = new Set(["become", "turn", "move", "live", "go"]);
/** What a file "should" do that is its content: "the README should mention …", "target should be ES2022". */
const CONTENT_VERBS = new Set(
	"say read mention include list state document contain cover explain note be point default".split(" "),
);
/** Names of documents and settings, when the brief names no path: "the README's install section". */
const DOC_WORDS = new Set(
	`readme readme's changelog changelog's docs documentation docstring docstrings manpage message error label title
	heading tooltip banner copy text comment header prompt dockerfile makefile gemfile procfile jenkinsfile justfile
	rakefile vagrantfile license codeowners`.split(/\s+/),
);
const VALUE = /^(?:\d[\w.%-]*|true|false|on|off|null|none|yes|no|[\p{Lu}][\p{Lu}\d._-]+)$/u;

/** What a thing may lack that only a change gives it: "could do with a cleanup", "needs a test". */
const WORK = new Set(
	`cleanup clean-up refactor rewrite fix test tests docstring docstrings comment comments rename tidy tidy-up
	overhaul rework revamp refresh polish clear-out makeover migration migrations patch entry`.split(/\s+/),
);
/** Work that is a new thing, not done to one: it needs a target to be asked for now. */
const NEW_WORK = new Set(["migration", "migrations", "patch", "entry", "test", "tests"]);
const TARGETS = new Set(["for", "in", "to", "around", "on", "covering", "that", "which"]);
const LACKS = new Set(["needs", "need", "deserves", "wants", "lacks", "requires"]);

/** "src/a.ts needs a test", "the README could use a section on proxies": what a named file lacks. */
function fileLacks(tokens: readonly Token[], head: number): Hit[] {
	for (let k = head + 1; k + 1 < tokens.length; k++) {
		const use =
			(isWord(tokens, k, ["use"]) && isWord(tokens, k - 1, ["could", "can"])) ||
			(isWord(tokens, k, ["use"]) &&
				isWord(tokens, k - 1, ["really", "definitely", "surely", "do"]) &&
				isWord(tokens, k - 2, ["could", "can"])) ||
			(isWord(tokens, k, ["with"]) && isWord(tokens, k - 1, ["do"]) && isWord(tokens, k - 2, ["could"])) ||
			(isWord(tokens, k, ["from"]) && isWord(tokens, k - 1, ["benefit"])) ||
			(isWord(tokens, k, ["for"]) && isWord(tokens, k - 1, ["overdue", "ripe", "begging", "due", "out"])) ||
			(isWord(tokens, k, ["of"]) && isWord(tokens, k - 1, ["need"]) && isWord(tokens, k - 2, ["in"]));
		if (!use && !isWord(tokens, k, LACKS)) continue;
		if (!isWord(tokens, k + 1, ["a", "an", "some", "another", "more", "proper"])) continue;
		const named = tokens
			.slice(head, k)
			.some((t) => t.kind === "code" || pathText(t) !== undefined || DOC_WORDS.has(t.norm));
		// "needs a test", "need a migration for the new column": the work, and for a new piece of
		// work what it is for ("we'll need a migration eventually" names no target yet).
		const w = tokens.slice(k + 2, k + 4).findIndex((t) => WORK.has(t.norm));
		const target = tokens.slice(k + 3 + w, k + 6 + w).some((t) => TARGETS.has(t.norm) || pathText(t) !== undefined);
		const work = w >= 0 && (!NEW_WORK.has((tokens[k + 2 + w] as Token).norm) || target);
		const from = isWord(tokens, k, ["with", "from", "for", "of"]) ? k - 1 : k;
		return named || work ? [hit("file-change", "stated-need", tokens[from] as Token, quoteEnd(tokens, k, 3))] : [];
	}
	return [];
}

/**
 * "In tsconfig.json, target should be ES2022", "the README's install section should mention Node
 * 22": what a named file should say, stated as a need. Only in a sentence that does not ask, and
 * only about a file the brief names (a path, code, or a document such as the README), so that "the
 * timeout should be 30 s, find out why it isn't" stays a description.
 */
export function fileShould(c: Clause, previous: Clause | undefined): Hit[] {
	const { tokens, head } = c;
	if (c.sentence.question || c.mood === "directive") return [];
	const lacks = fileLacks(tokens, head);
	if (lacks.length > 0) return lacks;
	const m = tokens.findIndex((t, k) => k > head && t.kind === "word" && SHOULD.has(t.norm));
	// "ought to be": the verb comes after "to".
	const at = isWord(tokens, m + 1, ["to"]) ? m + 2 : m + 1;
	const verb = tokens[at];
	const becomes = verb?.kind === "word" && BECOMES.has(verb.norm);
	if (m < 0 || verb?.kind !== "word" || embedded(tokens, head, m)) return [];
	const lead =
		previous?.closer === "," && isWord(previous.tokens, 0, ["in", "inside", "within"]) ? previous.tokens : [];
	// "In src/app.ts, the log level should come from LOG_LEVEL": after a named file, any act is its content.
	const leadNamed = lead.some((t) => t.kind === "code" || pathText(t) !== undefined || DOC_WORDS.has(t.norm));
	if (!CONTENT_VERBS.has(verb.norm) && !becomes && !(leadNamed && !isWord(tokens, at, ["not", "already"]))) return [];
	// "the new constants should live in src/config/limits.ts": where a thing goes names the file.
	const named = [...lead, ...tokens.slice(0, becomes ? tokens.length : m)].some(
		(t) => t.kind === "code" || pathText(t) !== undefined || DOC_WORDS.has(t.norm),
	);
	const value = tokens[at + 1];
	const compared = value?.kind === "punct" && /^[<>=~^]$/.test(value.text);
	const valued =
		verb.norm !== "be" ||
		becomes ||
		compared ||
		(value !== undefined && (value.kind === "code" || VALUE.test(value.text)));
	// "X should become a config option" changes X, whatever X is.
	const become = verb.norm === "become";
	return (named || become) && valued
		? [hit("file-change", "stated-need", tokens[m] as Token, quoteEnd(tokens, m, 3))]
		: [];
}
