/**
 * Prohibitions: anything that tells the child what it must not do or may not look beyond — "do
 * not", "never", "must not", "avoid", "only", "without touching", "leave … alone", "follow the
 * rules in AGENTS.md". A child that must obey a rule is a task: a fork inherits the conversation,
 * and a rule stated once in its last message loses to everything before it.
 *
 * Not prohibitions: the same words in a question about them ("why does AGENTS.md say never…?"),
 * in a statement about the code ("we never cache it", "it must not be null"), in quoted data, and
 * in idioms that forbid nothing ("don't hesitate to ask", "never mind the tests").
 */
import { longestAt, phraseAt } from "./clauses.ts";
import { embedded, type Hit, hit, isWord, pathHits, quoteEnd } from "./hits.ts";
import type { Clause, PathSense, Token } from "./types.ts";
import { changeForm, pastTense } from "./verbs.ts";
import {
	ABSOLUTE_PROHIBITIONS,
	FORBIDDEN_WORDS,
	KEEP_TAILS,
	NEGATION_IDIOMS,
	NEGATIONS,
	NO_OBJECTS,
	ONLY_DESCRIPTIVE,
	RULE_NOUNS,
	WITHOUT_ACTIONS,
} from "./words.ts";

const NO_NEED = [
	["no", "need", "to"],
	["needn't"],
	["not", "necessary", "to"],
	["no", "reason", "to"],
	["not", "required", "to"],
];
const MODALS = new Set([
	"must",
	"should",
	"may",
	"can",
	"shall",
	"will",
	"cannot",
	"can't",
	"mustn't",
	"shouldn't",
	"won't",
]);
const NEGATED_MODALS = new Set(["cannot", "can't", "mustn't", "shouldn't", "won't"]);
const STAY_VERBS = new Set(["stay", "stays", "remain", "remains", "be", "is", "are"]);
const STAY_TAILS = new Set([
	"unchanged",
	"untouched",
	"intact",
	"frozen",
	"stable",
	"unmodified",
	"read-only",
	"as-is",
]);
const OBEY = new Set(["follow", "obey", "respect", "honour", "honor", "observe", "heed"]);
const COMPLY = new Set(["adhere", "comply", "abide", "conform"]);
const SCOPE = new Set(["limit", "restrict", "confine"]);
const STAY_IN = new Set(["in", "within", "inside", "under", "out", "away", "clear"]);
const READ_ONLY_BEFORE = new Set(["stay", "remain", "keep", "strictly", "purely", "completely", "entirely", "be"]);
const READ_ONLY_AFTER = new Set([
	"task",
	"job",
	"investigation",
	"exploration",
	"pass",
	"look",
	"review",
	"analysis",
	"please",
	"only",
	"access",
]);
const NO_BEFORE = new Set(["is", "are", "was", "were", "be", "been", "has", "have", "had", "there", "with", "of"]);
const NO_AFTER = new Set(["were", "was", "are", "is", "have", "has", "had", "yet", "since", "so"]);

/** Whether the clause talks about changing things (so the paths it names are a write boundary). */
const mentionsChange = (tokens: readonly Token[], from: number) =>
	tokens.slice(from).some((t) => t.kind === "word" && changeForm(t.norm));

/** Paths in a prohibition: "outside"/"except" a path names what may change, otherwise what must stay. */
function keepPaths(tokens: readonly Token[], from: number, rule: string): Hit[] {
	if (!mentionsChange(tokens, from)) return [];
	const sense = (i: number): PathSense =>
		tokens.slice(from, i).some((t) => ["outside", "beyond", "except", "but"].includes(t.norm)) ? "change" : "keep";
	return pathHits(tokens, from, sense, rule);
}

/** "don't …", "never …", "must not …" heading a directive, unless an idiom or a "no need to" that allows. */
function negatedHead(c: Clause): Hit[] {
	const { tokens, head } = c;
	const n = longestAt(tokens, head, NEGATIONS);
	const first = tokens[head];
	if (n === 0 || !first || first.norm === "no" || first.norm === "nor") return [];
	const after = head + n;
	if (longestAt(tokens, after, NEGATION_IDIOMS) > 0) return [];
	const next = tokens[after];
	// "don't bother …", "don't need to …": a prohibition only when what is not needed is a change.
	if (next && ["bother", "need", "have", "necessarily"].includes(next.norm)) {
		const changes = tokens.slice(after + 1, after + 4).some((t) => t.kind === "word" && changeForm(t.norm));
		return changes ? [hit("prohibition", "no-need", first, quoteEnd(tokens, after, 3))] : [];
	}
	const end = next && next.kind !== "punct" ? next : (tokens[after - 1] as Token);
	return [hit("prohibition", "negated-directive", first, end), ...keepPaths(tokens, after, "negated-directive")];
}

/** "no need to fix …", "not necessary to edit …", "needn't touch …": what is not needed is forbidden. */
function noNeed(c: Clause): Hit[] {
	const { tokens, head } = c;
	for (let i = head; i < tokens.length; i++) {
		const n = longestAt(tokens, i, NO_NEED);
		if (n === 0 || embedded(tokens, head, i)) continue;
		const changes = tokens.slice(i + n, i + n + 3).some((t) => t.kind === "word" && changeForm(t.norm));
		if (changes) return [hit("prohibition", "no-need", tokens[i] as Token, quoteEnd(tokens, i + n, 2))];
	}
	return [];
}

/** "only read src/gate", "look only at the parser", "src/gate only", "you may only …". */
function onlyScope(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		if (t.kind !== "word") continue;
		if (t.norm === "only") {
			const before = tokens[i - 1];
			if (before && ["the", "not", "if", "an", "one"].includes(before.norm)) continue;
			if (isWord(tokens, i + 1, ONLY_DESCRIPTIVE) || embedded(tokens, head, i)) continue;
			const atHead = i <= head + 2 || (before !== undefined && ["and", "but", "or"].includes(before.norm));
			const nextPath = tokens.slice(i + 1, i + 3).some((x) => x.kind === "path");
			const prevPath = before?.kind === "path";
			if (c.mood === "directive" ? atHead || nextPath || prevPath : nextPath || prevPath) {
				out.push(hit("prohibition", "only", prevPath && before ? before : t, quoteEnd(tokens, i, 2)));
			}
		} else if (
			["exclusively", "solely"].includes(t.norm) ||
			(t.norm === "nothing" && isWord(tokens, i + 1, ["but", "else", "outside", "beyond"]))
		) {
			out.push(hit("prohibition", "only", t, quoteEnd(tokens, i, 2)));
		}
	}
	if (out.length > 0 && mentionsChange(tokens, head)) out.push(...pathHits(tokens, head, () => "change", "only"));
	return out;
}

/** "avoid …", "leave … alone", "follow the rules", "stick to …", "stay in …", "limit yourself to …". */
function directiveVerbs(c: Clause): Hit[] {
	const { tokens, head } = c;
	const first = tokens[head];
	if (first?.kind !== "word") return [];
	const v = first.norm;
	const away = (v === "keep" || v === "stay") && isWord(tokens, head + 1, ["away", "out", "clear"]);
	if (v === "avoid" || v === "refrain" || away || phraseAt(tokens, head, ["steer", "clear"]) > 0) {
		return [hit("prohibition", "avoid", first, quoteEnd(tokens, head, 2)), ...keepPaths(tokens, head, "avoid")];
	}
	if (v === "leave" || v === "keep") {
		for (let k = head + 1; k < Math.min(tokens.length, head + 9); k++) {
			const n = longestAt(tokens, k, KEEP_TAILS);
			if (n === 0 || (tokens[k]?.norm === "be" && v === "keep")) continue;
			const tail = tokens[k + n - 1] as Token;
			return [hit("prohibition", "leave-alone", first, tail), ...pathHits(tokens, head, () => "keep", "leave-alone")];
		}
	}
	const obeys =
		OBEY.has(v) &&
		tokens
			.slice(head + 1, head + 6)
			.some((t) => RULE_NOUNS.has(t.norm) || /^(?:agents|claude|contributing)\.md$/.test(t.norm));
	if (obeys || COMPLY.has(v)) return [hit("prohibition", "obey-rules", first, quoteEnd(tokens, head, 4))];
	const stick = (v === "stick" || v === "keep") && isWord(tokens, head + 1, ["to", "with"]);
	const stay = (v === "stay" || v === "keep") && isWord(tokens, head + 1, STAY_IN);
	if (stick || stay || SCOPE.has(v)) return [hit("prohibition", "scope-limit", first, quoteEnd(tokens, head, 3))];
	// "change nothing", "touch nothing".
	if (changeForm(v) && isWord(tokens, head + 1, ["nothing"])) {
		return [hit("prohibition", "negated-directive", first, tokens[head + 1] as Token)];
	}
	return [];
}

/** A subject followed by a past tense before `i`: "we shipped without touching" reports, it does not order. */
function reported(tokens: readonly Token[], from: number, i: number): boolean {
	for (let k = from; k < i - 1; k++) {
		if (isWord(tokens, k, ["we", "they", "i", "he", "she", "you"]) && tokens[k + 1] && pastTense(tokens[k + 1]!.norm))
			return true;
	}
	return false;
}

/** "without touching", "without any changes". */
function without(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		if (!isWord(tokens, i, ["without"]) || !isWord(tokens, i + 1, WITHOUT_ACTIONS)) continue;
		const next = tokens[i + 1] as Token;
		if ((next.norm === "any" || next.norm === "a") && !isWord(tokens, i + 2, NO_OBJECTS)) continue;
		if (reported(tokens, head, i)) continue;
		out.push(hit("prohibition", "without", tokens[i] as Token, quoteEnd(tokens, i, next.norm === "any" ? 3 : 2)));
		out.push(...keepPaths(tokens, i, "without"));
	}
	return out;
}

/** "no commits", "make no changes", "no new files" — not "there are no changes". */
function noAction(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		if (!isWord(tokens, i, ["no", "nor"]) || !isWord(tokens, i + 1, NO_OBJECTS)) continue;
		if (isWord(tokens, i - 1, NO_BEFORE) || isWord(tokens, i + 2, NO_AFTER) || embedded(tokens, head, i)) continue;
		out.push(hit("prohibition", "no-action", tokens[i] as Token, tokens[i + 1] as Token));
	}
	return out;
}

/** "src/api must not change", "the schema should stay unchanged", "X is off-limits", "hands off". */
function constraints(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		if (t.kind !== "word") continue;
		const absolute = longestAt(tokens, i, ABSOLUTE_PROHIBITIONS);
		const forbidden = absolute || (embedded(tokens, head, i) ? 0 : longestAt(tokens, i, FORBIDDEN_WORDS));
		if (forbidden > 0) {
			out.push(hit("prohibition", "forbidden", t, tokens[i + forbidden - 1] as Token));
			out.push(...pathHits(tokens, head, () => "keep", "forbidden"));
			continue;
		}
		if (!MODALS.has(t.norm) || i === head || c.mood === "directive" || embedded(tokens, head, i)) continue;
		const window = tokens.slice(i + 1, i + 5);
		const negated = NEGATED_MODALS.has(t.norm) || isWord(tokens, i + 1, ["not", "never"]);
		const change = window.findIndex((w) => w.kind === "word" && changeForm(w.norm));
		const stays = isWord(tokens, i + 1, STAY_VERBS) && window.some((w) => STAY_TAILS.has(w.norm) || w.norm === "alone");
		if ((negated && change >= 0) || stays) {
			const end = stays
				? (window.find((w) => STAY_TAILS.has(w.norm) || w.norm === "alone") as Token)
				: (window[change] as Token);
			out.push(
				hit("prohibition", "constraint", t, end),
				...pathHits(tokens.slice(0, i), head, () => "keep", "constraint"),
			);
		}
	}
	return out;
}

/** "read-only" as an order ("Read-only.", "stay read-only", "a read-only task"), not a property of code. */
function readOnly(c: Clause): Hit[] {
	const { tokens, head } = c;
	const out: Hit[] = [];
	for (let i = head; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		const joined = t.norm === "read-only" || t.norm === "readonly";
		const spaced = t.norm === "read" && isWord(tokens, i + 1, ["only"]) && (i === head || i === tokens.length - 2);
		if ((!joined && !spaced) || embedded(tokens, head, i)) continue;
		const end = spaced ? (tokens[i + 1] as Token) : t;
		const alone = tokens.slice(head).filter((x) => x.kind === "word").length <= (spaced ? 3 : 2);
		const before = isWord(tokens, i - 1, READ_ONLY_BEFORE);
		const after = isWord(tokens, spaced ? i + 2 : i + 1, READ_ONLY_AFTER);
		if ((i === head && alone) || before || after || (i === head && c.mood === "fragment")) {
			out.push(hit("prohibition", "read-only", t, end));
		}
	}
	return out;
}

/**
 * Every prohibition in a clause. Questions about a rule forbid nothing; conditions ("if you change
 * anything, say so") carry none of their own; descriptions can still state one ("src/api must not
 * change").
 */
export function prohibitionHits(c: Clause): Hit[] {
	if (c.inQuestion || c.mood === "subordinate") return [];
	const anywhere = [...noNeed(c), ...onlyScope(c), ...without(c), ...noAction(c), ...constraints(c), ...readOnly(c)];
	if (c.mood !== "directive") return anywhere;
	return [...negatedHead(c), ...directiveVerbs(c), ...anywhere];
}
