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

import { kindContrast, settingContrast } from "./contrasts.ts";
import { shapesAnswer } from "./edits.ts";
import { embedded, type Hit, hit, isWord, pathHits, quoteEnd } from "./hits.ts";
import { NEGATION_IDIOMS } from "./idioms.ts";
import { constraints, keepPaths, noAction, readOnly, without } from "./limits.ts";
import { participleDescribed } from "./not-yet.ts";
import { onlyScope } from "./only-scope.ts";
import { longestAt } from "./phrases.ts";
import type { Clause, Token } from "./types.ts";
import { changeForm, imperativeVerb } from "./verbs.ts";
import { KEEP_TAILS, KEPT_AS_IS, LEAVING_OUT, NEGATIONS, RULE_NOUNS } from "./words.ts";
import { writersState } from "./writers-state.ts";

const NO_NEED = [
	["no", "call", "to"],
	["no", "need", "to"],
	["needn't"],
	["not", "necessary", "to"],
	["no", "reason", "to"],
	["not", "required", "to"],
];
const MODALS = new Set(["must", "should", "may", "can", "could", "will", "would", "shall"]);
const OBEY = new Set(["follow", "obey", "respect", "honour", "honor", "observe", "heed"]);
const COMPLY = new Set(["adhere", "comply", "abide", "conform"]);
const SCOPE = new Set(["limit", "restrict", "confine", "cap"]);
const DEGREES = new Set(["well", "far", "right", "completely", "totally", "entirely", "clean", "way"]);
const AVOIDS = new Set(["avoid", "refrain", "resist", "abstain", "forgo", "forego", "desist", "eschew", "shun"]);
const WITHHELD = new Set(["suggestions", "recommendations", "advice", "speculation", "opinions", "fixes"]);
const KEPT_AWAY = new Set(["your", "changes", "edits", "hands", "it", "them", "yourself", "any", "all", "the", "my"]);
const STAY_IN = new Set(["in", "within", "inside", "under", "out", "away", "clear"]);

/** Parts of a codebase a reading may leave out: "the Compose screens", "the client-side code", `legacy/`. */
const AREAS = new Set(
	"code screens screen pages page components component modules module files file folder folders directory side layer views templates".split(
		" ",
	),
);
const codeArea = (t: Token) => t.kind === "path" || t.kind === "code" || AREAS.has(t.norm);

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
		// "don't bother opening a PR": what is not to be bothered with is not to be done, whatever it is.
		// "don't bother with the Compose screens": a part of the code left out of what is read.
		const area = isWord(tokens, after + 1, ["with", "about"]) && tokens.slice(after + 2, after + 6).some(codeArea);
		const bothered = next.norm === "bother" && (/ing$/.test(tokens[after + 1]?.norm ?? "") || area);
		return changes || bothered ? [hit("prohibition", "no-need", first, quoteEnd(tokens, after, 3))] : [];
	}
	// "defined but never referenced", "never merged": a past participle after "never" describes a thing found.
	if (!c.addressed && participleDescribed(tokens, head)) return [];
	// "… like I've used Airflow pools but never Prefect": a name after "never", no verb to forbid.
	const named = next?.kind === "word" && /^[A-Z][a-z]/.test(next.text) && !imperativeVerb(next.norm);
	if (!c.addressed && first.norm === "never" && named) return [];
	// "Can't decide whether …", "never done this before": the writer's own state, the subject elided;
	// "… on macOS, but never in CI?": a contrast of places, with no verb to forbid.
	if (!c.addressed && (writersState(tokens, head) || settingContrast(c, head) || kindContrast(c))) return [];
	const end = next && next.kind !== "punct" ? next : (tokens[after - 1] as Token);
	// "you must not write": the quote starts at the modal the frame took.
	const modal = c.addressed && isWord(tokens, head - 1, MODALS) ? (tokens[head - 1] as Token) : first;
	return [hit("prohibition", "negated-directive", modal, end), ...keepPaths(tokens, after, "negated-directive")];
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

const JUDGE = new Set(["judge", "grade", "assess", "rate", "score", "measure", "check", "review"]);
const STANDARD = new Set(["by", "against"]);

/** States a thing may be treated as: "consider src/core frozen", "treat main as protected". */
const TREATED = new Set(
	"frozen immutable protected read-only readonly off-limits untouchable sacred sacrosanct locked".split(" "),
);

function treatedAs(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, ["consider", "treat", "regard", "assume"])) return false;
	return tokens.slice(head + 1, head + 8).some((t) => t.kind === "word" && TREATED.has(t.norm));
}

const LATER = new Set(["later", "another", "a", "the", "next", "some", "future"]);

function postponed(tokens: readonly Token[], head: number): boolean {
	const k = tokens.findIndex((t, j) => j > head && j < head + 6 && t.norm === "for");
	return k > 0 && isWord(tokens, k + 1, LATER) && tokens.slice(k + 1, k + 4).some((t) => LATER_NOUNS.has(t.norm));
}

const LATER_NOUNS = new Set([
	"later",
	"day",
	"time",
	"pr",
	"follow-up",
	"followup",
	"change",
	"branch",
	"ticket",
	"sprint",
	"release",
]);

const KEEPERS = new Set(["keep", "preserve", "retain", "maintain"]);
/** What a "keep" order keeps as it is: "keep backward compatibility", "preserve the existing behaviour". */

/** "keep the compatibility with v1", "preserve the existing behaviour": a rule against breaking it. */
function keepsAsIs(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, KEEPERS)) return false;
	const near = tokens.slice(head + 1, head + 5);
	const minded = tokens.slice(head + 1, head + 8).some((t) => ["mind", "view", "eye", "track"].includes(t.norm));
	return !minded && near.some((t) => t.kind === "word" && KEPT_AS_IS.has(t.norm));
}

/** "keep from editing …", "hold back from renaming …", "shy away from …": to abstain from an act. */
function held(tokens: readonly Token[], head: number): boolean {
	if (!isWord(tokens, head, ["keep", "hold", "shy"])) return false;
	const from = isWord(tokens, head + 1, ["from"]) ? head + 1 : isWord(tokens, head + 2, ["from"]) ? head + 2 : -1;
	return from > 0 && /ing$/.test(tokens[from + 1]?.norm ?? "");
}

/**
 * "follow the rules in AGENTS.md", "comply", "judge them by the rules in `docs/api-style.md`": rules,
 * or a standard the child's judgement is bound to.
 */
function obeysRules(tokens: readonly Token[], head: number): boolean {
	const v = tokens[head]?.norm ?? "";
	// "… and follow into the Oban child spec": where the reading goes, not a spec obeyed.
	const into = ["into", "through", "down", "along"].includes(tokens[head + 1]?.norm ?? "");
	const obeys =
		OBEY.has(v) &&
		!into &&
		tokens
			.slice(head + 1, head + 6)
			.some((t) => RULE_NOUNS.has(t.norm) || /^(?:agents|claude|contributing)\.md$/.test(t.norm));
	const standard = (k: number) => tokens.slice(Math.max(0, k - 3), k).some((b) => STANDARD.has(b.norm));
	const judged = JUDGE.has(v) && tokens.some((t, k) => RULE_NOUNS.has(t.norm) && standard(k));
	return obeys || judged || COMPLY.has(v);
}

/** "avoid …", "leave … alone", "follow the rules", "stick to …", "stay in …", "limit yourself to …". */
function directiveVerbs(c: Clause): Hit[] {
	const { tokens, head } = c;
	const first = tokens[head];
	if (first?.kind !== "word") return [];
	const v = first.norm;
	// "stay away from", "steer well clear of", "keep right out of".
	// "keep your changes away from the schema": what is kept away may stand between.
	const far = tokens.slice(head + 1, head + 5).findIndex((t) => !DEGREES.has(t.norm) && !KEPT_AWAY.has(t.norm));
	const away = ["keep", "stay", "steer"].includes(v) && isWord(tokens, head + 1 + far, ["away", "out", "clear"]);
	// "skip the migrations", "ignore anything under `vendor/`" forbid them; "skip the preamble in your
	// answer" shapes the answer.
	// "skip any suggestions for improving it": what the answer may not hold, as "no recommendations" is.
	const withheld = tokens.slice(head + 1, head + 4).some((t) => WITHHELD.has(t.norm));
	if (AVOIDS.has(v) || away || held(tokens, head) || (LEAVING_OUT.has(v) && (withheld || !shapesAnswer(c)))) {
		return [hit("prohibition", "avoid", first, quoteEnd(tokens, head, 3)), ...keepPaths(tokens, head, "avoid")];
	}
	if (v === "leave" || v === "keep") {
		for (let k = head + 1; k < Math.min(tokens.length, head + 9); k++) {
			const n = longestAt(tokens, k, KEEP_TAILS);
			if (n === 0 || (tokens[k]?.norm === "be" && v === "keep")) continue;
			const tail = tokens[k + n - 1] as Token;
			return [hit("prohibition", "leave-alone", first, tail), ...pathHits(tokens, head, () => "keep", "leave-alone")];
		}
	}
	// "spare the snapshot files": leave them be; "spare me the details" asks for less prose.
	if (v === "spare" && !isWord(tokens, head + 1, ["me", "us", "you", "them", "him", "her"])) {
		return [
			hit("prohibition", "leave-alone", first, quoteEnd(tokens, head, 4)),
			...keepPaths(tokens, head, "leave-alone"),
		];
	}
	// "let the vendored code be", "let it lie".
	if (
		v === "let" &&
		isWord(tokens, tokens.length - (tokens.at(-1)?.kind === "punct" ? 2 : 1), ["be", "alone", "lie"])
	) {
		return [hit("prohibition", "leave-alone", first, quoteEnd(tokens, head, 6))];
	}
	if (treatedAs(tokens, head)) return [hit("prohibition", "treat-as", first, quoteEnd(tokens, head, 6))];
	// "save the refactoring for another day": put off, so not done now.
	if (["save", "park", "defer", "postpone"].includes(v) && postponed(tokens, head)) {
		return [hit("prohibition", "postpone", first, quoteEnd(tokens, head, 6))];
	}
	if (keepsAsIs(tokens, head)) return [hit("prohibition", "keep-as-is", first, quoteEnd(tokens, head, 4))];
	if (obeysRules(tokens, head)) return [hit("prohibition", "obey-rules", first, quoteEnd(tokens, head, 4))];
	const stick = (v === "stick" || v === "keep") && isWord(tokens, head + 1, ["to", "with"]);
	const stay = (v === "stay" || v === "keep") && isWord(tokens, head + 1, STAY_IN);
	if (stick || stay || SCOPE.has(v)) return [hit("prohibition", "scope-limit", first, quoteEnd(tokens, head, 4))];
	// "change nothing", "touch nothing".
	if (changeForm(v) && isWord(tokens, head + 1, ["nothing"])) {
		return [hit("prohibition", "negated-directive", first, tokens[head + 1] as Token)];
	}
	return [];
}

/** What an answer may be asked to leave out, after ", not": "not theories", "not a fix". */
const NOT_WANTED = new Set(
	"theories theory guesses guess speculation fix fixes patch patches rewrite recommendations suggestions opinions".split(
		" ",
	),
);
const ASKING_FOR = new Set(["like", "want", "need", "prefer"]);

/**
 * "Report what the logs show, not theories", "I'd like an explanation with the evidence, not a
 * fix": after an order or a wish for the answer, ", not" and what it must not hold limit it. "It's
 * a config issue, not a code fix" states.
 */
function notWanted(c: Clause): Hit[] {
	const { tokens, head } = c;
	const all = c.sentence.tokens;
	const at = all.indexOf(tokens[head] as Token);
	if (tokens[head]?.norm !== "not" || all[at - 1]?.text !== ",") return [];
	const skip = isWord(tokens, head + 1, ["a", "an", "any"]) ? 1 : 0;
	if (!isWord(tokens, head + 1 + skip, NOT_WANTED)) return [];
	const words = all.slice(0, at).filter((t) => t.kind === "word");
	const ordered = imperativeVerb(words[0]?.norm ?? "") || words.slice(0, 3).some((t) => ASKING_FOR.has(t.norm));
	return ordered ? [hit("prohibition", "not-wanted", tokens[head] as Token, tokens[head + 1 + skip] as Token)] : [];
}

/** "Rules:", "Constraints:", "Strict rule:", "One rule:": a label that announces rules to obey. */
function ruleLabel(c: Clause): Hit[] {
	if (c.closer !== ":" || (c.mood !== "fragment" && c.mood !== "statement")) return [];
	const words = c.tokens.filter((t) => t.kind === "word");
	const last = words.at(-1);
	if (!last || words.length > 3 || !RULE_NOUNS.has(last.norm)) return [];
	return [hit("prohibition", "rule-label", words[0] as Token, last)];
}

/**
 * Every prohibition in a clause. Questions about a rule forbid nothing; conditions ("if you change
 * anything, say so") carry none of their own; descriptions can still state one ("src/api must not
 * change").
 */
export function prohibitionHits(c: Clause): Hit[] {
	if (c.inQuestion || c.mood === "subordinate") return [];
	const anywhere = [
		...ruleLabel(c),
		...noNeed(c),
		...onlyScope(c),
		...without(c),
		...noAction(c),
		...constraints(c),
		...readOnly(c),
		...notWanted(c),
	];
	if (c.mood !== "directive") return anywhere;
	return [...negatedHead(c), ...directiveVerbs(c), ...anywhere];
}
