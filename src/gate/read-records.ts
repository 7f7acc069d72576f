/**
 * Orders that read though their verb is no reading verb: following the way a call runs through the
 * code, and using the records a run left (read-orders.ts).
 */
import { norm } from "./described.ts";
import type { Token } from "./types.ts";
import { set } from "./words.ts";

/** Records a run leaves, which nobody writes code with: "the CI logs", "`docker history` output", "the diff". */
/** Words after which a thing used is placed or taken as something: "in build-logs/", "as your source". */
const PLACES = set("in under from at as for");
const RECORDS = set(
	"logs log output outputs diff diffs history metrics export exports dump dumps traces trace report reports",
);

/**
 * "Use the CI logs in artifacts/ and the git log", "use `docker history` output in build-logs/":
 * every thing used, before its place, is a record of a run, which is read, never built on. Not "use
 * the logger in src/log.ts" (a part of the code) or "use the log helper" (a record noun that modifies).
 */
export function recordsUsed(tokens: readonly Token[], first: number): boolean {
	let heads = 0;
	for (let k = first + 1; k < tokens.length; k++) {
		const t = tokens[k] as Token;
		if (t.kind !== "word" && t.kind !== "code") continue;
		const w = norm(t);
		// "to seed the database": a purpose, which may be an act.
		if (w === "to") return false;
		if (PLACES.has(w)) {
			while (k + 1 < tokens.length && norm(tokens[k + 1]) !== "and" && tokens[k + 1]?.text !== ",") k++;
			continue;
		}
		const next = norm(tokens[k + 1]);
		const ends = tokens[k + 1] === undefined || tokens[k + 1]?.kind === "punct" || PLACES.has(next) || next === "and";
		if (!ends) continue;
		if (!RECORDS.has(w)) return false;
		heads++;
	}
	return heads > 0;
}

/** What runs through the code, which a reader follows: "the middleware chain", "the call path". */
const FLOWS = set("chain path flow trail calls thread route hops pipeline sequence");

/**
 * "Follow the middleware chain", "follow the call path from loadConfig down": following the way a
 * request or a call runs through the code is reading it. Not "follow the conventions in
 * CONTRIBUTING.md" or "follow the plan": rules and plans followed bind the child's work.
 */
export function followsFlow(tokens: readonly Token[], head: number): boolean {
	if (norm(tokens[head]) !== "follow") return false;
	for (let k = head + 1; k < Math.min(tokens.length, head + 5); k++) {
		if (FLOWS.has(norm(tokens[k]))) return true;
		if (tokens[k]?.kind === "punct") return false;
	}
	return false;
}
