/**
 * Spec text to a value and Problems, through the shared reader (src/json): a syntax error comes back
 * with its line and column, and a key given twice is an error, because JSON.parse keeps the last of
 * two equal keys without a word: `"read_only": true` followed later by `"read_only": false` would
 * silently turn a read-only task into a write task.
 */
import { duplicateProblem, syntaxProblem } from "../json/problems.ts";
import { readJson } from "../json/read.ts";
import type { Problem } from "../problems.ts";
import { valueAt } from "../values.ts";

export type JsonParse = { ok: true; value: unknown; problems: Problem[] } | { ok: false; problems: Problem[] };

/** Parses spec text; every failure and every duplicate key comes back as a Problem. */
export function parseJson(text: string): JsonParse {
	const read = readJson(text);
	if (!read.ok) return { ok: false, problems: [syntaxProblem(read.error, text, { source: "(json)", path: [] })] };
	const problems = read.duplicates.map((d) => duplicateProblem(d, valueAt(read.value, d.path), { path: d.path }));
	return { ok: true, value: read.value, problems };
}
