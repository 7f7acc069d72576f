/**
 * A clause's mood, read from its head (heads.ts): a verb or a negation heads an order, a subject a
 * statement, a question word a question, "if"/"when" a condition; a verb followed by what only a
 * noun takes ("Fix fails on CI") is no order.
 */
import { commandWords } from "./commands.ts";
import { WH } from "./heads.ts";
import { participleDescribed } from "./not-yet.ts";
import { onlyWhen } from "./only-when.ts";
import { compoundNoun, relativeNoun } from "./paired.ts";
import { longestAt, wordIn as word } from "./phrases.ts";
import { hypothetical, negativeQuestion } from "./questions.ts";
import type { Mood, Sentence, Token } from "./types.ts";
import { unknownVerb } from "./unknown-verb.ts";
import { imperativeVerb, pastTense } from "./verbs.ts";
import {
	ASKING_MODALS,
	MODAL_SUBJECTS,
	NEGATED_AUXILIARIES,
	NEGATIONS,
	ONLY_HAPPENS,
	QUESTION_WORDS,
	STATING_AUXILIARIES,
	SUBJECTS,
	SUBORDINATORS,
} from "./words.ts";

/** Words after a would-be verb that show it is a noun: "Fix fails on CI", "Update from the team". */
const NOUN_FOLLOWERS = new Set(
	`is was are were has had does did didn't doesn't isn't wasn't seems seemed looks looked works worked
	fails failed broke breaks landed caused introduced regressed went made 's for of itself should would
	might will must can could`
		.split(/\s+/)
		.filter(Boolean),
);

/** A verb at `i` that reads as a noun because of what follows it: "Fix fails on CI", "the commit that added". */
export function nounUse(tokens: readonly Token[], i: number): boolean {
	return (
		word(tokens[i + 1], NOUN_FOLLOWERS) ||
		relativeNoun(tokens, i, NOUN_FOLLOWERS) ||
		compoundNoun(tokens, i) ||
		namedNoun(tokens, i)
	);
}

/** "Commit `3fe02ab` switched the writer", "Commit `e41b2c9` has the message …": the verb names a thing named. */
function namedNoun(tokens: readonly Token[], i: number): boolean {
	const next = tokens[i + 2];
	if (tokens[i + 1]?.kind !== "code" || next?.kind !== "word") return false;
	return NOUN_FOLLOWERS.has(next.norm) || ((pastTense(next.norm) || /..ed$/.test(next.norm)) && next.norm !== "used");
}

const DOES = new Set(["do", "does", "did"]);
const DONT = new Set(["don't", "dont"]);
/** Words that address the reader before an order: "Thanks, don't touch it", "Folks, don't merge". */
const ADDRESSES = new Set(["thanks", "folks", "guys", "lads", "cheers", "friends"]);
const CAUSED = new Set(["the", "this", "that", "these", "those", "each", "every", "all", "our", "its", "their"]);
const HAD = new Set("look go read think dig poke peek glance try crack stab nosey gander".split(" "));

/** "Have the logger print UTC", "have main.py exit with 2", "have a look": orders, not questions without a mark. */
function causeHead(tokens: readonly Token[], head: number, sentence: Sentence): boolean {
	const next = tokens[head + 1];
	if (tokens[head]?.norm !== "have" || sentence.question || next === undefined) return false;
	const had = next.norm === "a" && word(tokens[head + 2], HAD);
	return next.kind === "path" || next.kind === "code" || word(next, CAUSED) || had;
}

export function moodOf(
	tokens: readonly Token[],
	head: number,
	addressed: boolean,
	sentence: Sentence,
	label: boolean,
): Mood {
	const t = tokens[head];
	// "`mode` is not set explicitly", "`test/lexer_test.ml` doesn't cover much": a name, then a verb that states.
	const named = (t?.kind === "code" || t?.kind === "path") && word(tokens[head + 1], STATING_AUXILIARIES);
	if (t?.kind !== "word") return addressed ? "directive" : named ? "statement" : "fragment";
	if (negativeQuestion(tokens, head, sentence.question)) return "question";
	// "Please not delete the logs", "Not touch the config": a bare "not" before a verb forbids.
	const notVerb = t.norm === "not" && imperativeVerb(tokens[head + 1]?.norm ?? "");
	// "… defined but never referenced": "never" before a past participle describes (not-yet.ts).
	const negated = longestAt(tokens, head, NEGATIONS) > 0 && !participleDescribed(tokens, head);
	if (negated && (t.norm !== "not" || addressed || notVerb)) return "directive";
	// "Would you delete it, if you were me?": a hypothetical asks for an opinion.
	if (addressed && sentence.question && hypothetical(sentence.tokens)) return "question";
	// "Only happens with 8+ teams": a symptom reported, no limit.
	const happens = word(tokens[head + 1], ONLY_HAPPENS);
	if (t.norm === "only") return happens || onlyWhen(tokens, head, sentence) ? "fragment" : "directive";
	if (addressed) return "directive";
	// "Ought the job to run on weekends?", "Need the parser keep comments?": a modal that opens a question asks.
	if (sentence.question && ASKING_MODALS.has(t.norm) && word(tokens[head + 1], MODAL_SUBJECTS)) return "question";
	// "Do we really delete their readings …?", "Does the sync retry?": an auxiliary before a subject asks.
	if (sentence.question && word(t, DOES) && word(tokens[head + 1], MODAL_SUBJECTS)) return "question";
	if (commandWords(tokens.slice(head, head + 2).map((x) => x.norm))) return "directive";
	// "Update:" alone is a label, not an order.
	if (imperativeVerb(t.norm) && !nounUse(tokens, head) && !label) return "directive";
	if (causeHead(tokens, head, sentence)) return "directive";
	if (SUBORDINATORS.has(t.norm)) return "subordinate";
	// Outside a question, "any" is a subject's determiner ("any changes you make belong in docs/") and a
	// negated auxiliary has lost its subject ("is not permitted that …").
	// "(src/parse.ts) is off-limits": an auxiliary before no subject of its own states.
	const next = tokens[head + 1];
	const noSubject = next === undefined || (next.kind === "word" && !SUBJECTS.has(next.norm) && next.norm !== "you");
	const subjectless = t.norm === "any" || t.norm === "anything" || (!WH.has(t.norm) && noSubject);
	if (QUESTION_WORDS.has(t.norm)) return sentence.question ? "question" : subjectless ? "statement" : "subordinate";
	if (SUBJECTS.has(t.norm)) return "statement";
	// "CODEOWNERS doesn't mention it": a name, then a negated auxiliary, states.
	if (word(tokens[head + 1], NEGATED_AUXILIARIES)) return "statement";
	// "Keepers don't exactly sleep normal hours": a plural noun, then "don't", states a habit.
	const plural = /^[a-z]{3,}[^su']s$/.test(t.norm) && !imperativeVerb(t.norm.slice(0, -1)) && !ADDRESSES.has(t.norm);
	if (plural && word(tokens[head + 1], DONT)) return "statement";
	return unknownVerb(tokens, head) ? "directive" : "fragment";
}
