/**
 * Orders that shape the answer with a verb that could also change files: "format it as program →
 * inputs → outputs", "turn the Slack export in `x.md` into a short narrative timeline". The object
 * is the answer or prose, and nothing places it in code. Pure.
 */
import { isWord, pathText } from "./hits.ts";
import type { Token } from "./types.ts";
import { PROSE_OBJECTS } from "./verbs.ts";

const SHAPES = new Set(
	"table tables list lists bullets bullet json markdown csv yaml prose paragraph paragraphs outline tree diagram chart columns rows pairs".split(
		" ",
	),
);
/** What the answer is called when it is formatted: "it", "them", "the list", "your findings". */
const FORMATTED = new Set("it them this that the your list table output results findings answer report".split(" "));

/**
 * "Format it as program → inputs → outputs", "present them as a table": the answer given a shape.
 * Not "format the file as YAML", nor anything naming code.
 */
export function formattedAsShape(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, ["format", "present", "structure", "shape"])) return false;
	const as = tokens.findIndex((t, k) => k > head && t.norm === "as");
	const object = tokens.slice(head + 1, as);
	const named = tokens.some((t) => t.kind === "code" || pathText(t) !== undefined);
	// The shape is an answer's: a table, bullets, arrows between parts; not "as h:mm:ss" (a display format).
	const shape = tokens.slice(as + 1).some((t) => SHAPES.has(t.norm) || t.text === "→" || t.text === "->");
	return as > head && object.length <= 3 && object.every((t) => FORMATTED.has(t.norm)) && !named && shape;
}

/** "Turn the Slack export in `x.md` into a short narrative timeline", "condense the notes into a summary". */
export function turnedIntoProse(tokens: readonly Token[], i: number): boolean {
	if (!isWord(tokens, i, ["turn", "convert", "condense", "distil", "distill", "boil"])) return false;
	const into = tokens.findIndex((t, k) => k > i && t.norm === "into");
	const window = into > 0 ? tokens.slice(into + 1, into + 6) : [];
	const end = window.findIndex((t) => t.kind === "punct");
	const after = end >= 0 ? window.slice(0, end) : window;
	return !after.some((t) => t.kind !== "word") && after.some((t) => PROSE_OBJECTS.has(t.norm));
}
