/**
 * Orders that read though their verb is no reading verb: following the way a call runs through the
 * code, and using the records a run left (read-orders.ts).
 */

import { changingShell } from "./commands.ts";
import { norm } from "./described.ts";
import { joinedOrder } from "./joined.ts";
import { longestAt } from "./phrases.ts";
import { asksAnswer, INSTEAD, readVerb } from "./reading.ts";
import type { Token } from "./types.ts";
import { phrases, RULE_NOUNS, set } from "./words.ts";

/** "`CHANGELOG.md`", "notes.txt", "`ci.log`": a document or a record kept in a file, read, never built on. */
const documentFile = (t: Token) => /\.(?:md|mdx|txt|log|csv|tsv|rst|adoc|jsonl)$/i.test(t.norm);

/** Records a run leaves, which nobody writes code with: "the CI logs", "`docker history` output", "the diff". */
/** Words after which a thing used is placed or taken as something: "in build-logs/", "as your source". */
const PLACES = set("in under from at as for between since");
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
		if (!RECORDS.has(w) && !documentFile(t)) return false;
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
	// "… and follow into `pkg/status/`", "follow it through to the handler": where the reading goes.
	// "follow `plan.Compute`", "follow the `Permit` until it's dropped": a symbol followed through the code.
	if (["into", "through", "down", "along"].includes(norm(tokens[head + 1])) || tokens[head + 1]?.kind === "code")
		return true;
	if (norm(tokens[head + 1]) === "the" && tokens[head + 2]?.kind === "code") return true;
	let bound = false;
	for (let k = head + 1; k < Math.min(tokens.length, head + 5); k++) {
		if (FLOWS.has(norm(tokens[k]))) return true;
		if (tokens[k]?.kind === "punct") break;
		bound ||= BINDING.has(norm(tokens[k])) || RULE_NOUNS.has(norm(tokens[k]));
	}
	// "follow the module sources", "follow the remote-config keys it checks": what is followed is
	// read, unless it binds the work (a rule, a plan, a pattern to copy).
	// "Follow the call down to the handler and log each hop": an order joined after it is not read here.
	const joined = tokens.slice(head + 2).some((t) => ["and", "then"].includes(norm(t)));
	return norm(tokens[head + 1]) === "the" && !bound && !joined;
}

/** What, followed, binds the child's work: "follow the plan", "follow the same pattern". */
const BINDING = set(
	"plan plans guide style pattern patterns approach example examples advice recommendation recommendations steps procedure process runbook template format lead same existing usual instructions recipe",
);

/**
 * "Use `leaks` or `vmmap` on them and tell me which types grew", "use `terraform state list` to find
 * …": a tool that changes nothing, used to answer what is asked right after it. Not "use `pnpm`
 * instead of npm", nor a file used in code ("use `src/api.ts` in the handlers").
 */
export function toolUsed(tokens: readonly Token[], first: number, closer: string): boolean {
	const tool = tokens[first + 1];
	if (tool?.kind !== "code" || /[/\\]|\.\w+$/.test(tool.norm) || changingShell(tool.norm)) return false;
	if (tokens.some((t) => INSTEAD.has(norm(t)))) return false;
	// The ask may follow in the clause, or in the one its "and" or "then" opens.
	const joined = closer === "and" || closer === "then";
	return (
		joined ||
		tokens.some((t, k) => k > first + 1 && ["and", "to", "then"].includes(norm(t)) && asksAnswer(tokens, k + 1))
	);
}

/** What a file is used as, to answer from: "as evidence", "as your starting point", "if helpful". */
const AS_EVIDENCE = phrases(`
	as evidence
	as your evidence
	as a starting point
	as your starting point
	as the starting point
	as a reference
	as your reference
	as a guide
	for reference
	for context
	if helpful
	if it helps
	if useful
	if that helps
	if you need it
`);
/** After "use X": no "to" + a verb that is not one of reading ("to seed the database"), no path after "in" past the file. */
function purposeReads(tokens: readonly Token[], first: number): boolean {
	const to = tokens.findIndex((t, k) => k > first && norm(t) === "to" && tokens[k + 1]?.kind === "word");
	if (to > 0 && !readVerb(norm(tokens[to + 1])) && !asksAnswer(tokens, to + 1)) return false;
	// "… if helpful and tune the thresholds in src/gate/limits.ts": a second order, however it is spelled.
	return joinedOrder(tokens, first + 1) < 0;
}

/**
 * "Use the heap snapshot in /tmp/heap.json if helpful", "use `git diff v1 v2` as your starting
 * point": a file or a command used as evidence for the answer, said so. Not "use the logger in
 * src/log.ts", "use the snapshot in /tmp/s.json for the tests" or "use pnpm instead of npm", which
 * change what the code uses.
 */
export function evidence(tokens: readonly Token[], first: number): boolean {
	if (tokens.some((t) => INSTEAD.has(norm(t)))) return false;
	// "… and the Dockerfile diff": a list of records, where a second order would be read as joined.
	if (recordsUsed(tokens, first) || toolUsed(tokens, first, "")) return true;
	if (!purposeReads(tokens, first)) return false;
	return tokens.some((_, k) => k > first && longestAt(tokens, k, AS_EVIDENCE) > 0);
}

/** What a file is taken as, to answer from: "as your primary evidence", "as the baseline". */
const EVIDENCE_ROLES = set(
	"evidence reference baseline source truth starting basis example case illustration yardstick",
);

/**
 * "Treat the build log as your primary evidence", "take bench/old.json as the baseline", "use
 * `acme_feed.py` as the concrete case".
 */
export function takenAsEvidence(tokens: readonly Token[], head: number): boolean {
	if (!["treat", "take", "regard", "use"].includes(norm(tokens[head]))) return false;
	// "take `ai/path.gd` as it stands today as the basis": any "as" may name the role.
	return tokens.some(
		(t, as) => as > head && norm(t) === "as" && tokens.slice(as + 1, as + 5).some((r) => EVIDENCE_ROLES.has(norm(r))),
	);
}
