/**
 * Write boundaries: the files and directories a brief names to change ("fix the typo in a.ts"),
 * to leave alone ("don't touch src/api"), or as the limit of what may change ("restrict your
 * changes to docs/", "you may edit src/gate"). They become hints for the task's write_allowed —
 * never the authority itself: a path guessed from prose must not widen what a child may change.
 *
 * Paths named in a clause that only reads ("read src/gate/classify.ts and explain it") are no
 * boundary at all.
 */

import { embedded, type Hit, hit, isWord, pathHits, quoteEnd } from "./hits.ts";
import { verbIdiomAt } from "./idioms.ts";
import { longestAt } from "./phrases.ts";
import type { Clause, Token } from "./types.ts";
import { changeForm } from "./verbs.ts";

const PREPOSITIONS = new Set(["in", "under", "inside", "within", "into", "for", "at", "on", "to"]);
const RESTRICT = new Set(["restrict", "limit", "confine", "keep", "scope"]);
const CHANGE_NOUNS = new Set([
	"changes",
	"edits",
	"writes",
	"writing",
	"modifications",
	"work",
	"diff",
	"edit",
	"change",
]);
const PLACES = new Set([
	"stay",
	"stays",
	"go",
	"goes",
	"live",
	"lives",
	"land",
	"lands",
	"be",
	"happen",
	"belong",
	"belongs",
]);
const WHERE = new Set(["to", "in", "within", "inside", "under", "into"]);
const PERMITS = [
	["allowed", "to"],
	["permitted", "to"],
	["free", "to"],
	["permission", "to"],
];

const DENIALS = new Set(["not", "no", "don't", "doesn't", "haven't", "hasn't", "never", "without", "aren't", "isn't"]);

/** Paths an order to change names: in its own clause, and in a leading "In src/a.ts," fragment. */
export function targetHits(c: Clause, previous: Clause | undefined, changed: boolean): Hit[] {
	if (!changed) return [];
	const own = pathHits(c.tokens, c.head, () => "change", "change-target");
	const lead = previous && previous.closer === "," && isWord(previous.tokens, 0, PREPOSITIONS);
	return lead ? [...pathHits(previous.tokens, 0, () => "change", "change-target"), ...own] : own;
}

/** "restrict your changes to docs/", "changes must stay in src/gate", "edits go under test/". */
function restricted(tokens: readonly Token[]): Hit[] {
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		if (t.kind !== "word") continue;
		if (RESTRICT.has(t.norm)) {
			const k = tokens.slice(i + 1, i + 4).findIndex((x) => CHANGE_NOUNS.has(x.norm));
			if (k >= 0 && isWord(tokens, i + k + 2, WHERE)) {
				return [hit("write-boundary", "restrict-changes", t, quoteEnd(tokens, i, k + 4))];
			}
		}
		// "how much work it would be to support …", "the amount of work in …": work estimated, not bounded.
		const measured = isWord(tokens, i - 1, ["much", "of", "more", "less"]);
		if (CHANGE_NOUNS.has(t.norm) && i + 1 < tokens.length && !measured) {
			const rest = tokens.slice(i + 1, i + 5);
			const place = rest.findIndex((x) => PLACES.has(x.norm));
			if (place >= 0 && isWord(tokens, i + place + 2, WHERE) && !isWord(tokens, i - 1, ["no"])) {
				return [hit("write-boundary", "restrict-changes", t, quoteEnd(tokens, i, place + 4))];
			}
		}
	}
	return [];
}

/** "you are allowed to edit …", "free to change …"; not "explain which files it is allowed to touch". */
function permitted(tokens: readonly Token[], head: number): Hit[] {
	for (let i = 0; i < tokens.length; i++) {
		const t = tokens[i] as Token;
		const n = embedded(tokens, head, i) ? 0 : longestAt(tokens, i, PERMITS);
		const verb = tokens[i + n];
		// "feel free to push back on my assumptions": an idiom of a change verb permits no change.
		const idiom = n > 0 && verbIdiomAt(tokens, i + n) > 0;
		if (n > 0 && !idiom && verb?.kind === "word" && (changeForm(verb.norm) || verb.norm === "touch")) {
			// "you don't have permission to change …", "you have not the permission to …": a permission denied forbids.
			const denied = tokens.slice(Math.max(0, i - 4), i).some((b) => DENIALS.has(b.norm));
			if (denied) return [hit("prohibition", "permission-denied", t, quoteEnd(tokens, i + n, 3))];
			return [hit("write-boundary", "permission", t, quoteEnd(tokens, i + n, 3))];
		}
	}
	return [];
}

/** Write-boundary phrases of a clause, with the paths they name as the area that may change. */
export function boundaryHits(c: Clause): Hit[] {
	if (c.inQuestion || c.mood === "subordinate") return [];
	const phrases = [...restricted(c.tokens), ...permitted(c.tokens, c.head)];
	if (phrases.length === 0) return [];
	const first = phrases[0] as Hit;
	const after = c.tokens.indexOf(first.from);
	return [...phrases, ...pathHits(c.tokens, after, () => "change", first.rule)];
}
