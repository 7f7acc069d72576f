/**
 * Findings kept in a file nobody named: "List the flaky tests in a new file", "Collect them into a
 * markdown doc". An order of reading that ends so records, and only a task can check a write. Pure.
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { RECORDING } from "./wish-words.ts";
import { set } from "./words.ts";

/** Files an order may put its findings in without naming them: "in a new file", "into a markdown doc". */
const FILE_NOUNS = set("file files document doc docs page spreadsheet csv");
const FRESH = set("new separate fresh scratch own");
const FILE_KINDS = set("markdown text json yaml csv md txt plain single");

/**
 * "List the flaky tests in a new file", "Summarise the findings in a separate markdown document",
 * "Collect them into a file": findings kept in a file no one named, at `i` ("in", "into", "to").
 * "in" needs the file to be new ("look for secrets in a config file" reads one); "to" needs a verb
 * that records ("compare the output to a file" reads one).
 */
export function newFileAt(tokens: readonly Token[], i: number, verb: string): boolean {
	const at = norm(tokens[i]);
	if (!["in", "into", "to"].includes(at) || (at === "to" && !RECORDING.has(verb))) return false;
	let k = i + 1;
	if (["a", "an", "the", "one"].includes(norm(tokens[k]))) k++;
	let fresh = false;
	for (; FRESH.has(norm(tokens[k])) || FILE_KINDS.has(norm(tokens[k])); k++) {
		if (FRESH.has(norm(tokens[k]))) fresh = true;
	}
	return FILE_NOUNS.has(norm(tokens[k])) && (at !== "in" || fresh);
}
