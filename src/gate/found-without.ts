/**
 * "Without" that describes the items a finding order finds: "list every public function without a
 * doc comment", "find the routes without a test" — a lack of the items, no limit on the child.
 * Pure.
 */
import { norm } from "./described.ts";
import { actVerb } from "./reading.ts";
import type { Token } from "./types.ts";
import { set } from "./words.ts";

/** Verbs that find items, which "without" may describe: "list every function without a doc comment". */
export const FINDING = set(
	"list find show identify name count enumerate locate spot flag point search look tally catalogue collect gather",
);
/** Words after "without" that make it the child's limit, not the items': "without running", "without help". */
const UNAIDED = set("help permission asking approval changing touching modifying editing running");

/**
 * "List every public function without a doc comment", "find the routes without a test": "without"
 * and a noun describe the items found, and limit nothing. Not "find them without running anything"
 * (a verb: how the child may work) or "explain it without jargon" (a verb that does not find items).
 */
export function withoutDescribes(tokens: readonly Token[], first: number, i: number): boolean {
	if (norm(tokens[i]) !== "without" || !FINDING.has(norm(tokens[first]))) return false;
	let k = i + 1;
	while (["a", "an", "any", "the", "its", "their", "his", "her"].includes(norm(tokens[k]))) k++;
	const w = norm(tokens[k]);
	// "without a `Kept whole` comment": a marker named in code is a thing the items lack.
	if (tokens[k]?.kind === "code") return true;
	return tokens[k]?.kind === "word" && !w.endsWith("ing") && !UNAIDED.has(w) && !actVerb(w);
}
