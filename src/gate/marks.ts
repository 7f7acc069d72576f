/**
 * Marks left in code or docs and records kept in a file: "leave a comment where it is wrong", "flag
 * every call in `src/` with a TODO", "note each change in UPGRADING.md", "write up what each ramp
 * does in docs/lighting.md". Each places something in a file, so it is a change. Pure.
 */
import { isWord, pathText } from "./hits.ts";
import type { Token } from "./types.ts";

/** Marks left in code or docs. */
const MARKS = new Set(
	`comment comments note notes todo todos fixme fixmes xxx hack marker markers docstring docstrings annotation
	annotations remark remarks warning warnings hint hints reminder reminders breadcrumb breadcrumbs
	tag tags label labels header headers banner`.split(/\s+/),
);
/** Verbs that put a mark somewhere: "leave a comment", "stick a TODO", "drop a note in …". */
const PLACERS = new Set("leave drop stick pop place plant put add insert sprinkle scatter slap slip write".split(" "));
const FOUND_WHERE = new Set("anywhere wherever where what which whatever whenever when".split(" "));
/** Verbs that mark a thing with something: "flag every call with a TODO", "tag the tests with @slow". */
const MARKERS = new Set("flag mark tag label decorate annotate stamp prefix suffix".split(" "));
/** Verbs that record something where it goes: "note each change in UPGRADING.md". */
const RECORDERS = new Set("note jot log record capture enter track include write draft".split(" "));
/** Verbs that put something into a file they name: "include a test for it in test/x.test.ts". */
const INTO_FILE = new Set(["include", "incorporate"]);
/** Documents: a path to one of these is a place to write, not a place to look. */
const DOCUMENT =
	/(?:\.(?:md|mdx|txt|rst|adoc|org)|(?:^|\/)(?:readme|changelog|changes|notes|todo|history|upgrading|authors)[^/]*)$/i;

/** "leave a comment …", "stick a TODO …": a mark within a few words of a placing verb. */
export function placesMark(tokens: readonly Token[], head: number): Token | undefined {
	if (!isWord(tokens, head, PLACERS)) return undefined;
	// "Write what you find up as a comment block at the top of …": the mark may come a few words on.
	for (let k = head + 1; k < Math.min(tokens.length, head + 8); k++) {
		const t = tokens[k] as Token;
		if (t.kind === "punct") return undefined;
		if (t.kind === "word" && MARKS.has(t.norm)) return t;
	}
	return undefined;
}

/** "flag every call in src/ with a TODO", "tag the slow tests with @slow". */
export function marksWith(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, MARKERS)) return false;
	const w = tokens.findIndex((t, k) => k > head && t.norm === "with");
	// "flag anywhere the docs disagree with what `schema.ts` accepts": "with" of a clause found, not the mark.
	if (w < 0 || tokens.slice(head + 1, w).some((t) => FOUND_WHERE.has(t.norm))) return false;
	const after = tokens.slice(w + 1, w + 4);
	return after.some((t) => t.kind === "code" || (t.kind === "word" && MARKS.has(t.norm)) || /^[@#]/.test(t.text));
}

/** "note each breaking change in UPGRADING.md": a recording verb whose destination is a document. */
export function recordsIn(tokens: readonly Token[], head: number): boolean {
	const any = isWord(tokens, head, INTO_FILE);
	if (!any && !isWord(tokens, head, RECORDERS)) return false;
	return tokens.some((t, k) => {
		const text = pathText(t);
		const into = k > head + 1 && text !== undefined && isWord(tokens, k - 1, ["in", "into", "to"]);
		return into && (any || DOCUMENT.test(text));
	});
}
