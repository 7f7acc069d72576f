/**
 * Orders about what the child's answer holds, which name no file: "include line numbers for every
 * claim", "give the file and line for each problem you list", "number your findings". Read before
 * the change rules (edits.ts), so that an answer's shape is never taken for an edit. Pure.
 */
import { isWord, pathText, placedInFile } from "./hits.ts";
import { formattedAsShape } from "./shaped.ts";
import type { Token } from "./types.ts";
import { changeForm, imperativeVerb, LOOK_VERBS } from "./verbs.ts";

/** Verbs that shape what the answer holds: "include line numbers for every claim", "number your findings". */
const FORM_VERBS = new Set(
	"include give number put mark sort order rank cite quote start open lead end close".split(" "),
);
/** What an answer holds beside its claims: "a file and line", "a short example", "links", "a TL;DR". */
const ANSWER_PARTS = new Set(
	`line lines number numbers file files path paths link links example examples reason reasons reference
	references source sources citation citations evidence severity rating score confidence tl;dr verdict
	summary snippet snippets quote quotes caveat caveats rationale excerpt excerpts`.split(/\s+/),
);
/** What the child's answer is made of: "each claim", "your findings", "every point". */
const CLAIMS = new Set(
	`claim claims finding findings point points problem problems issue issues risk risks option options
	suggestion suggestions recommendation recommendations statement statements`.split(/\s+/),
);
/** The child's telling, after "you": "each problem you list", "every claim you make". */
const TOLD = new Set(
	`mention cite quote refer list describe reference report answer reply explain discuss summarise summarize
	make find raise flag suggest recommend name spot`.split(/\s+/),
);

/**
 * "Include line numbers for every claim", "give the file and line for each problem you list",
 * "number your findings": an order about what the answer holds, naming no file. Not "include a test
 * for each problem you find": a test is no part of an answer.
 */
export function formsAnswer(tokens: readonly Token[], head: number, sentence: readonly Token[] = tokens): boolean {
	if (ordersItems(tokens, head, sentence) || returnsAnswer(tokens, head) || omitsItems(tokens, head)) return true;
	if (formattedAsShape(tokens, head)) return true;
	if (!isWord(tokens, head, FORM_VERBS) || tokens.some((t) => t.kind === "code" || pathText(t) !== undefined))
		return false;
	const ordering = isWord(tokens, head, ["number", "sort", "order", "rank"]) && isWord(tokens, head + 1, ["your"]);
	const parts = tokens.slice(head + 1, head + 6).some((t) => t.kind === "word" && ANSWER_PARTS.has(t.norm));
	if (!ordering && !parts) return false;
	if (partIfHelpful(tokens, head)) return true;
	return tokens.some(
		(t, k) =>
			k > head &&
			((t.norm === "you" && isWord(tokens, k + 1, TOLD)) ||
				(["your", "each", "every"].includes(t.norm) && isWord(tokens, k + 1, CLAIMS))),
	);
}

/** Conditions on a part of the answer: "if it helps", "where they differ", "when it makes the point clearer". */
const HELPFUL = new Set(["if", "where", "wherever", "when", "whenever"]);

/**
 * "Include a short excerpt if it makes the point clearer", "include the relevant lines where they
 * differ": a part of the answer, given on a condition of its own and placed nowhere. Not "include
 * line numbers in the log output", which places it in code.
 */
function partIfHelpful(tokens: readonly Token[], head: number): boolean {
	const part = tokens.findIndex((t, k) => k > head && k <= head + 4 && t.kind === "word" && ANSWER_PARTS.has(t.norm));
	const rest = tokens.slice(part + 1).filter((t) => t.kind !== "punct");
	return part > head && (rest.length === 0 || HELPFUL.has(rest[0]?.norm ?? ""));
}

/** Verbs that arrange what the answer lists: "group the open bugs by component", "rank them by risk". */
const ARRANGING = new Set(
	`group sort order rank rank-order bucket tally tabulate cluster categorise categorize classify arrange organise
	organize prioritise prioritize triage collate`.split(/\s+/),
);
/** Of those, the ones that never edit a file, whatever it names: "rank the TODOs in src/ by risk". */
const ONLY_ARRANGING = new Set(
	"rank rank-order bucket tally tabulate cluster categorise categorize classify prioritise prioritize triage collate".split(
		" ",
	),
);
/** Verbs of marking that the change lexicon leaves out: "label them", "mark the tests". */
const MARKING = new Set(["label", "mark", "skip", "file"]);
/** Verbs of the answer's form that also act on a thing: "open with …" but "open the issue". */
const PLACE_FORMS = new Set(["start", "open", "lead", "end", "close"]);
/** Words that open a verb's object: "close the duplicates", "assign them". */
const OBJECTS = new Set("the a an them it each every all those these any some".split(" "));

/**
 * A verb at `k` that acts on what was arranged: a change or a mark ("mark each cluster"), or an
 * unknown word with an object ("close the duplicates", "assign them"); not one of reading or of
 * the answer's form ("explain each group", "give each a reason", "tabulate them").
 */
function acts(tokens: readonly Token[], k: number): boolean {
	const w = tokens[k]?.kind === "word" ? (tokens[k] as Token).norm : "";
	if (w === "") return false;
	if (changeForm(w) || MARKING.has(w)) return true;
	// "… and close with a summary" shapes the answer; "… and close the duplicates" acts.
	const object = isWord(tokens, k + 1, OBJECTS);
	if (LOOK_VERBS.has(w) || (FORM_VERBS.has(w) && !(PLACE_FORMS.has(w) && object))) return false;
	return object || imperativeVerb(w);
}

/** Where code or work is arranged: then arranging edits ("sort the helpers into modules", "in the tracker"). */
const CODE_HOMES = new Set(
	`file files module modules package packages directory directories folder folders class classes block blocks
	tracker board backlog jira project milestone sheet spreadsheet repo repository codebase branch database`.split(/\s+/),
);
/** Parts of code an arranging verb may reorder in place: "sort the imports", "order the keys". */
const CODE_PARTS = new Set(
	`import imports key keys entry entries field fields export exports case cases line lines method methods
	function functions property properties props param params argument arguments column columns constant
	constants type types class classes route routes fixture fixtures script scripts test tests dependency
	dependencies module modules package packages member members enum enums variant variants rule rules`.split(/\s+/),
);
/** What an arrangement is by: "by component", "according to severity", "per directory". */
const CRITERIA = new Set(["by", "according", "per"]);
/** Where an arrangement ends: "worst first", "highest first", "most likely first", "newest last". */
const ENDS = new Set(["first", "last", "descending", "ascending"]);

/**
 * "Break the estimate down by module", "break the time down per step": a figure broken down by a
 * criterion. Not "break the monolith down into packages", which splits code.
 */
function brokenDown(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, ["break"])) return false;
	const down = tokens.findIndex((t, k) => k > head && k <= head + 5 && t.norm === "down");
	// "break the 1.8 s down as JS load, native init and first render": a figure broken into its parts.
	const figure = isWord(tokens, down + 1, ["as"]) && tokens.slice(0, down).some((t) => t.kind === "number");
	return down > 0 && (isWord(tokens, down + 1, ["by", "per"]) || figure);
}

/**
 * "Group the open bugs by component", "sort the risks from highest to lowest", "order them by
 * severity, worst first", "bucket the dependencies into runtime and test-only": the answer's items
 * arranged by a criterion. An arranging verb that may also edit ("sort", "group", "order") does so
 * only where it names no file or code ("sort the imports in src/a.ts by name" still edits); the
 * rest never do. Not "sort the keys alphabetically", which names no criterion and reads as an edit.
 */
function ordersItems(tokens: readonly Token[], head: number, sentence: readonly Token[]): boolean {
	if (arrangesCode(tokens, head, sentence)) return false;
	if (brokenDown(tokens, head)) return true;
	if (!isWord(tokens, head, ARRANGING)) return false;
	return tokens.some((t, k) => {
		if (k <= head + 1 || t.kind !== "word") return false;
		if (CRITERIA.has(t.norm) || ENDS.has(t.norm)) return true;
		// "bucket the dependencies into runtime and test-only": only a verb that never edits sorts into kinds.
		if (t.norm === "into") return isWord(tokens, head, ONLY_ARRANGING) && tokens[k + 1]?.kind === "word";
		// "from highest to lowest", "from most to least risky".
		return t.norm === "from" && tokens.slice(k + 1, k + 5).some((x) => x.norm === "to");
	});
}

/** Items a tool's output lists: "the lint warnings", "the failures", "the slow queries". */
const OUTPUT_ITEMS = new Set(
	`warning warnings error errors failure failures message messages finding findings hit hits result results
	timing timings offender offenders alert alerts event events crash crashes exception exceptions occurrence
	occurrences violation violations diagnostic diagnostics query queries request requests`.split(/\s+/),
);
/** Files that hold a run's output, not code: "lint.txt", "errors.log", "report.json". */
const OUTPUT_FILE = /\.(?:txt|log|out|csv|tsv|json|jsonl|xml|sarif)$/;

/**
 * "Sort the lint warnings in lint.txt by how often each rule fires": output items read from an
 * output file are the answer's, arranged; "sort the imports in src/a.ts by name" edits code, and
 * "sort the entries in config/keys.json by name" arranges no output items. A place named after the
 * criterion is the criterion's ("group the hits by feature folder under `lib/features/`").
 */
function outputRead(tokens: readonly Token[], head: number): boolean {
	const items = tokens.slice(head + 1, head + 5).some((t) => t.kind === "word" && OUTPUT_ITEMS.has(t.norm));
	const criterion = tokens.findIndex((t, k) => k > head && t.kind === "word" && CRITERIA.has(t.norm));
	const before = criterion > head ? tokens.slice(0, criterion) : tokens;
	const files = before.map((t) => (t.kind === "code" ? t.norm : pathText(t))).filter((f) => f !== undefined);
	// "… into separate files": arranged into a home of its own, which edits.
	return items && files.every((f) => OUTPUT_FILE.test(f)) && !tokens.some((t) => t.norm === "into");
}

/**
 * Whether an arrangement edits: into code or a tracker ("group the tests by feature into separate
 * files", "… in the tracker"), followed by a change ("… and mark each cluster's tests with
 * `.skip`", "… and write the entries"), of a named file by a verb that may edit ("sort the imports
 * in src/a.ts by name"), or of code's own parts in place ("sort the imports by module") unless the
 * sentence found them by reading first ("tally the casts … and sort the directories by count").
 */
function arrangesCode(tokens: readonly Token[], head: number, sentence: readonly Token[]): boolean {
	const into = (k: number) => isWord(tokens, k, ["into", "in", "to"]);
	const housed = (k: number) =>
		into(k - 1) || (into(k - 2) && tokens[k - 1]?.kind === "word") || (into(k - 3) && k > 3);
	const from = sentence.indexOf(tokens[head] as Token);
	const joined = (k: number) => isWord(sentence, k, ["and", "then"]) && acts(sentence, k + 1);
	if (sentence.some((_, k) => k > from && joined(k))) return true;
	if (outputRead(tokens, head)) return false;
	if (tokens.some((t, k) => k > head && t.kind === "word" && CODE_HOMES.has(t.norm) && housed(k))) return true;
	if (isWord(tokens, head, ONLY_ARRANGING)) return false;
	if (tokens.some((t) => t.kind === "code" || pathText(t) !== undefined)) return true;
	const found = sentence.slice(0, Math.max(0, from)).some((t) => t.kind === "word" && LOOK_VERBS.has(t.norm));
	// The object only, not the criterion: "group them by owning module" arranges items, not modules.
	const criterion = tokens.findIndex((t, k) => k > head && (CRITERIA.has(t.norm) || ENDS.has(t.norm)));
	const object = tokens.slice(head + 1, criterion > head ? Math.min(criterion, head + 5) : head + 5);
	const code = object.some((t) => t.kind === "word" && CODE_PARTS.has(t.norm));
	return isWord(tokens, head, ARRANGING) && code && !found;
}

/** Verbs that hand the answer back: "return a short report", "hand back a summary", "send back a list". */
const RETURNS = new Set(["return", "hand", "send", "deliver"]);
/** What is handed back as the answer. */
const ANSWERS = new Set(
	`report summary answer list table verdict diagnosis explanation overview breakdown assessment findings
	review write-up writeup memo note analysis recommendation estimate`.split(/\s+/),
);
/** Words that make the returned thing code's: "return a list of users from the endpoint", "… when it fails". */
const BEHAVES = new Set([
	"from",
	"when",
	"whenever",
	"if",
	"instead",
	"on",
	"for",
	"to",
	"by",
	"via",
	"object",
	"type",
]);

/**
 * "Return a short report: the cause, the evidence, and your confidence", "hand back a summary":
 * the answer handed back, naming no file. Not "return a list of users from the endpoint" or "return
 * an error report when parsing fails": what code returns.
 */
function returnsAnswer(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, RETURNS) || tokens.some((t) => t.kind === "code" || pathText(t) !== undefined))
		return false;
	const back = isWord(tokens, head + 1, ["back"]) ? head + 2 : head + 1;
	const noun = tokens.slice(back, back + 4).findIndex((t) => t.kind === "word" && ANSWERS.has(t.norm));
	if (noun < 0 || !isWord(tokens, back, ["a", "an", "your", "the", "me", "us"])) return false;
	return !tokens.slice(back + noun + 1).some((t) => t.kind === "word" && BEHAVES.has(t.norm));
}

/** Verbs that leave items out of the answer: "leave out the obvious ones", "skip the nits". */
const OMITTING = new Set(["leave", "skip", "omit", "ignore", "drop"]);
/** Items of an answer, and the words that pick them: "the obvious ones", "minor nits", "the boilerplate". */
const ANSWER_ITEMS = new Set(
	`out the a any all of ones one obvious trivial minor small tiny cosmetic nits nit nitpicks nitpick details
	boilerplate preamble pleasantries caveats duplicates style stylistic issues points known already-known
	well-known usual suspects basics fluff`.split(/\s+/),
);

/**
 * "Leave out the obvious ones", "skip the nits", "ignore style": items the answer may leave out,
 * when every word after the verb names such an item. Not "leave out the migration", "skip the
 * flaky test" or "drop the obvious ones from the fixtures": work, code or a place left out.
 */
function omitsItems(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, OMITTING)) return false;
	if (isWord(tokens, head, ["leave"]) && !isWord(tokens, head + 1, ["out"])) return false;
	const rest = tokens.slice(head + 1).filter((t) => t.kind !== "punct");
	return rest.length > 0 && rest.every((t) => t.kind === "word" && ANSWER_ITEMS.has(t.norm));
}

/** Words that make what is returned the code's behaviour: "from the endpoint", "when it fails". */
const BEHAVIOUR = new Set(["from", "when", "whenever", "if", "unless", "instead", "rather"]);

/**
 * "Return a list of users from the endpoint", "return an empty summary when the input is blank":
 * what code returns, however prose-like the thing returned; read by the change rules (changes.ts).
 */
export function returnsFromCode(tokens: readonly Token[], head: number): boolean {
	const sent = isWord(tokens, head, ["send", "sends"]) && isWord(tokens, head + 1, ["back"]);
	if (!sent && !isWord(tokens, head, ["return", "returns"])) return false;
	return tokens.some((t, k) => k > head + 1 && t.kind === "word" && BEHAVIOUR.has(t.norm));
}

/**
 * "Return the page path, the link target and the line.", "paste the relevant diff hunk back to me":
 * the answer's items, handed back — not
 * what code returns ("return a list of users from the endpoint"), nor a change of what it returns
 * ("return the original error instead of wrapping it").
 */
export function answerReturned(tokens: readonly Token[], head: number): boolean {
	// "Send back the divergence", "hand back what you find": the answer handed back.
	const back = isWord(tokens, head, ["send", "hand", "report"]) && isWord(tokens, head + 1, ["back"]);
	if ((!back && !isWord(tokens, head, ["return", "paste", "quote"])) || returnsFromCode(tokens, head)) return false;
	return !tokens.some((t) => INSTEAD_OF.has(t.norm)) && !placedInFile(tokens, head + 1);
}
const INSTEAD_OF = new Set(["instead", "rather", "anymore", "again"]);
