/**
 * The two reader findings as Problems, worded once for every caller: a syntax error and a key given
 * twice. The caller chooses the place (a spec says `(json)`, a settings file its name and position).
 */
import type { Problem, ProblemPlace } from "../problems.ts";
import { describePosition } from "./position.ts";
import { readJson } from "./read.ts";
import type { DuplicateKey, JsonSyntaxError } from "./types.ts";

/** The text of one line (1-based), without its line break or a byte-order mark. */
export function lineText(text: string, line: number): string {
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	return body.split(/\r\n|\r|\n/)[line - 1] ?? "";
}

/**
 * Why text is not JSON, in the reader's words and position ("not valid JSON at line 1, column 5:
 * …"), for text that a fast parser has already refused: the engine's own message names neither.
 */
export function notJsonReason(text: string): string {
	const read = readJson(text);
	return read.ok ? "not valid JSON" : `not valid JSON at ${describePosition(read.error)}: ${read.error.reason}`;
}

/** A syntax error as a Problem whose value is the offending line, so the reader sees it without opening the file. */
export function syntaxProblem(error: JsonSyntaxError, text: string, place: ProblemPlace, fixNote = ""): Problem {
	return {
		...place,
		code: "invalid_syntax",
		value: lineText(text, error.line).trim(),
		message: `not valid JSON at ${describePosition(error)}: ${error.reason}`,
		fix: `${error.hint}${fixNote}`,
	};
}

/** "lines 2 and 4", or "line 3, columns 12 and 22" when both are on one line. */
function bothPlaces(duplicate: DuplicateKey): string {
	const { first, again } = duplicate;
	if (first.line !== again.line) return `lines ${first.line} and ${again.line}`;
	return `line ${first.line}, columns ${first.column} and ${again.column}`;
}

/** A key given twice as a Problem; `value` is the value that JSON.parse (and the reader) keeps. */
export function duplicateProblem(duplicate: DuplicateKey, value: unknown, place: ProblemPlace): Problem {
	return {
		...place,
		code: "duplicate",
		value,
		message:
			`appears twice in one object (${bothPlaces(duplicate)}); JSON keeps only the last, so one copy ` +
			"would silently override the other",
		fix: "keep exactly one of them",
	};
}
