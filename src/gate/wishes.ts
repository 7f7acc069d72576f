/**
 * Prohibitions stated as wishes, conditions and cautions rather than as "do not": "I'd prefer that
 * you not touch the lockfile", "it would be best if you left the migrations as they are", "the one
 * rule is that nothing in test/fixtures changes", "make sure nothing under bench/results gets
 * overwritten", "I'd hate for the changelog to be edited".
 *
 * Each is two parts, and both must be there: a frame that lays down what the speaker wants (a
 * preference, a judgement such as "best" or "essential", a rule announced as the speaker's own, a
 * caution such as "make sure" or "take care") and, after it in the same sentence, a state that
 * forbids (a negated verb, "nothing … changes", "stays as it is"). Neither alone forbids anything:
 * "I'd prefer a short answer" wants prose, "nothing in test/fixtures changes when the suite runs"
 * describes. A frame reported or attributed ("the README says the one rule is …", "our rule is
 * …", "the rule in CONTRIBUTING.md") lays down nothing, and a frame inside a question asks.
 */

import { embedded, type Hit, hit, isWord, pathHits } from "./hits.ts";
import { longestAt, phraseAt } from "./phrases.ts";
import type { Clause, Token } from "./types.ts";
import { changeForm, imperativeVerb, pastTense } from "./verbs.ts";
import { wishedToKnow } from "./wanted-facts.ts";
import { KEEP_TAILS, KEPT_AS_IS, phrases, set } from "./words.ts";

const SPEAKERS = set(
	"i we i'd we'd i'll we'll i'm we're am would 'd much really honestly strongly definitely my our strong",
);
const PREFERENCES = set(
	"prefer preferred preference rather sooner appreciate grateful insist ask asking request want like wish begging",
);
const JUDGEMENTS = set(`
	best better ideal preferable wise wiser wisest safer safest important essential crucial vital critical key
	imperative mandatory necessary required good great nice helpful advisable sensible
`);
const JUDGED = set("it it's it'd it'll is be would will was");
/** Judgements that make what follows unwanted: "it would be a disaster if the seeds were overwritten". */
const MISHAPS = set("disaster shame pity nightmare catastrophe mess calamity tragedy bad terrible awful unfortunate");
const ADVERBS = set("ideally preferably importantly crucially essentially critically");
const RULES = set(
	"rule rules condition conditions constraint requirement request ask proviso stipulation restriction must non-negotiable demand thing priority",
);
const OWN_RULE = set(`
	only one single sole hard golden main key firm strict my big non-negotiable ground house basic first cardinal
	iron absolute important simple
`);
const ATTRIBUTED = set("our their its project's repo's codebase's team's everyone's");

/** Cautions that lay down what follows: "make sure …", "see to it that …", "whatever you do, …". */
const CAUTIONS: ReadonlyArray<readonly string[]> = phrases(`
	make sure
	make certain
	ensure
	be sure
	be certain
	see to it
	see that
	take care
	be careful
	careful
	remember
	bear in mind
	bearing in mind
	keep in mind
	keeping in mind
	mind that
	note that
	whatever you
	whatever happens
	whatever else
	in an ideal world
	pretend
	act as if
	act as though
	behave as if
	whatever the
	no matter what
	no matter how
	come what may
	in any event
	above all
	at all costs
	it goes without saying
	needless to say
`);

/** Frames that wish a change away: "I'd hate for it to be edited", "we can't have the fixtures changing". */
const UNWANTED: ReadonlyArray<readonly string[]> = phrases(`
	hate
	don't want
	do not want
	never want
	wouldn't want
	would not want
	can't have
	cannot have
	won't have
	will not have
	can't afford
	cannot afford
	last thing
`);

const NEGATORS = set(`
	not never don't doesn't didn't isn't aren't wasn't weren't won't wouldn't shouldn't mustn't can't cannot
	hasn't haven't
`);
const NOTHING = set("nothing none nobody no");
/** Words between a negation and its verb: "not be touched", "didn't ever change", "aren't accidentally". */
const BETWEEN = set("be been being get gets got ever even just accidentally by to you anything any so much as");
const STATES = set(
	"stay stays stayed staying remain remains remained remaining is are be was were left leave kept keep keeps",
);
const TAIL_SKIP = set(
	"exactly completely entirely just precisely strictly fully all byte-for-byte literally perfectly",
);
const TAILS = KEEP_TAILS.filter((p) => p.join(" ") !== "be");
/** Tails that forbid without a verb after a wish: "we'd want the fixtures untouched". */
const STRONG_TAILS = set(
	"untouched unchanged intact unmodified unaltered unedited frozen pristine unscathed undisturbed read-only",
);
const AWAY = set("kept keep keeps stay stays stayed steer steered");
/** States that take their object first: "left the scripts as they are", "kept the API intact". */
const LEAVERS = set("left leave leaves kept keep keeps");

/** "wish": what follows must forbid; "unwanted": any change after is forbidden; "uneasy": a change to come is. */
type Polarity = "wish" | "unwanted" | "uneasy";
/** Unease with what may happen: "I'm not comfortable with anything being deleted". */
const UNEASE = set("uncomfortable unhappy nervous against upset annoyed cross furious livid");
const EASE = set("comfortable happy keen okay ok fine");
const COMING = set("being be been get gets getting");

/** The frame at `i` of a clause, if any, and whether what follows is wished or unwanted. */
function frameAt(
	tokens: readonly Token[],
	i: number,
): { length: number; polarity: Polarity; judgement?: boolean } | undefined {
	const t = tokens[i] as Token;
	const before = tokens.slice(Math.max(0, i - 3), i);
	const unwanted = longestAt(tokens, i, UNWANTED);
	if (unwanted > 0 && (t.norm !== "hate" || before.some((b) => SPEAKERS.has(b.norm)))) {
		return { length: unwanted, polarity: "unwanted" };
	}
	const uneasy = UNEASE.has(t.norm) || (EASE.has(t.norm) && isWord(tokens, i - 1, ["not"]));
	if (uneasy && before.some((b) => SPEAKERS.has(b.norm))) return { length: 1, polarity: "uneasy", judgement: true };
	const caution = longestAt(tokens, i, CAUTIONS);
	if (caution > 0) return { length: caution, polarity: "wish" };
	if (t.kind !== "word") return undefined;
	if (PREFERENCES.has(t.norm) && before.some((b) => SPEAKERS.has(b.norm))) {
		// "I'd rather not guess" is the speaker's own; "I'd rather not touch the lockfile" is a limit.
		const own = isWord(tokens, i + 1, ["not"]) || phraseAt(tokens, i + 1, ["not", "to"]) > 0;
		const verb = tokens[i + (isWord(tokens, i + 2, ["to"]) ? 3 : 2)];
		if (!own || (verb?.kind === "word" && changeForm(verb.norm))) return { length: 1, polarity: "wish" };
		return undefined;
	}
	const judged = i === 0 || before.some((b) => JUDGED.has(b.norm));
	if (MISHAPS.has(t.norm) && judged && isWord(tokens, i + 1, ["if", "for", "to", "should", "were"])) {
		return { length: 1, polarity: "unwanted", judgement: true };
	}
	if (JUDGEMENTS.has(t.norm) && judged) return { length: 1, polarity: "wish", judgement: true };
	if (ADVERBS.has(t.norm)) return { length: 1, polarity: "wish", judgement: true };
	const near = tokens.slice(Math.max(0, i - 3), i);
	const own = near.some((b) => OWN_RULE.has(b.norm)) && !near.some((b) => ATTRIBUTED.has(b.norm));
	if (RULES.has(t.norm) && own && !isWord(tokens, i + 1, ["in", "of", "from", "for", "on"])) {
		return { length: 1, polarity: "wish" };
	}
	return undefined;
}

/** A verb after a negation, past the words that may sit between: "not touch", "isn't altered". */
function negatedVerb(tokens: readonly Token[], i: number): Token | undefined {
	for (let k = i + 1; k < Math.min(tokens.length, i + 5); k++) {
		const t = tokens[k] as Token;
		if (t.kind !== "word") return undefined;
		if (BETWEEN.has(t.norm)) continue;
		const stem = t.norm.replace(/(?:ed|d|s)$/, "");
		return changeForm(t.norm) || imperativeVerb(t.norm) || imperativeVerb(stem) || pastTense(t.norm) ? t : undefined;
	}
	return undefined;
}

/**
 * A keep-state at `i`: "stays as it is", "remain untouched", "were left alone", "is frozen", "left
 * the build scripts as they are".
 */
export function keptAt(tokens: readonly Token[], i: number): Token | undefined {
	// "kept out of the payments code", "stays clear of src/api".
	if (isWord(tokens, i, AWAY) && isWord(tokens, i + 1, ["out", "away", "clear"])) return tokens[i + 1];
	if (!isWord(tokens, i, STATES)) return undefined;
	// "the endpoints keep their current shapes".
	const kept = LEAVERS.has((tokens[i] as Token).norm) && tokens.slice(i + 1, i + 4).find((t) => KEPT_AS_IS.has(t.norm));
	if (kept) return kept;
	// "should be left as is", "is to be kept intact".
	if (isWord(tokens, i + 1, ["left", "kept"]) && !LEAVERS.has((tokens[i] as Token).norm)) return keptAt(tokens, i + 1);
	const reach = LEAVERS.has((tokens[i] as Token).norm) ? 8 : 1;
	for (let k = i + 1; k <= i + reach && k < tokens.length; k++) {
		if ((tokens[k] as Token).kind === "punct") return undefined;
		let j = k;
		while (isWord(tokens, j, TAIL_SKIP)) j++;
		const n = longestAt(tokens, j, TAILS);
		if (n > 0) return tokens[j + n - 1] as Token;
	}
	return undefined;
}

/** The end of a forbidding state at `i`, for a wish: a negated verb, "nothing … changes", a keep-state. */
function forbiddingAt(tokens: readonly Token[], i: number): Token | undefined {
	const t = tokens[i] as Token;
	if (t.kind !== "word") return undefined;
	if (NEGATORS.has(t.norm)) return negatedVerb(tokens, i);
	// "pretend you don't have write access".
	if (isWord(tokens, i, ["write"]) && isWord(tokens, i + 1, ["access", "permission", "rights"])) {
		return tokens.slice(Math.max(0, i - 3), i).some((b) => NEGATORS.has(b.norm) || b.norm === "no")
			? tokens[i + 1]
			: undefined;
	}
	// "I'd rather you held off on upgrading".
	if (isWord(tokens, i, ["hold", "held", "holding"]) && isWord(tokens, i + 1, ["off", "back"])) return tokens[i + 1];
	if (NOTHING.has(t.norm) || (t.norm === "no" && isWord(tokens, i + 1, ["one"]))) {
		const ahead = tokens.slice(i + 1, i + 8);
		const end = ahead.findIndex((x) => x.kind === "punct");
		return (end < 0 ? ahead : ahead.slice(0, end)).find((x) => x.kind === "word" && changeForm(x.norm));
	}
	return keptAt(tokens, i) ?? (STRONG_TAILS.has(t.norm) ? t : undefined);
}

/** How far a frame reaches, in tokens: a wish is stated near its frame, and the scan stays linear. */
const REACH = 40;

/** The tokens a frame governs: the rest of its clause and the statements after it in its sentence. */
function governed(list: readonly Clause[], k: number, from: number): Token[] {
	const out = (list[k] as Clause).tokens.slice(from, from + REACH);
	for (let n = k + 1; n < list.length && out.length < REACH; n++) {
		const c = list[n] as Clause;
		// A later order has rules of its own: "whatever you find, tell me if it stays the same" asks.
		const order = c.mood === "directive" && imperativeVerb(c.tokens[c.head]?.norm ?? "");
		if (!c.inQuestion && c.mood !== "question" && !order) out.push(...c.tokens.slice(0, REACH - out.length));
	}
	return out;
}

/** The first frame of a clause that lays something down, with where it ends. */
function clauseFrame(c: Clause): { at: number; end: number; polarity: Polarity } | undefined {
	// "…, though I'd rather you didn't go near the clue database": a concession still states the wish.
	const conceded = c.mood === "subordinate" && ["though", "although"].includes(c.tokens[0]?.norm ?? "");
	if (c.inQuestion || c.mood === "question" || (c.mood === "subordinate" && !conceded)) return undefined;
	const asks = c.sentence.question;
	const { tokens, head } = c;
	if (tokens.some((t) => t.norm === "according")) return undefined;
	for (let i = 0; i < tokens.length; i++) {
		const frame = frameAt(tokens, i);
		if (!frame) continue;
		// "It's essential that nothing is deleted — does the code ensure it?" states a requirement to check.
		if (asks && frame.judgement) return undefined;
		if (i > head && embedded(tokens, head, i)) return undefined;
		return { at: i, end: i + frame.length, polarity: frame.polarity };
	}
	return undefined;
}

/** Prohibitions stated as wishes in a sentence's clauses. */
export function wishHits(list: readonly Clause[]): Hit[] {
	for (let k = 0; k < list.length; k++) {
		const c = list[k] as Clause;
		const frame = clauseFrame(c);
		if (!frame) continue;
		const tokens = governed(list, k, frame.end);
		if (frame.polarity === "wish" && wishedToKnow(tokens)) continue;
		for (let i = 0; i < tokens.length; i++) {
			const t = tokens[i] as Token;
			const change = t.kind === "word" && changeForm(t.norm);
			// "anything being deleted" is to come; "the migration changed it" already happened.
			const coming = change && (!pastTense(t.norm) || isWord(tokens, i - 1, COMING));
			const end =
				frame.polarity === "wish"
					? forbiddingAt(tokens, i)
					: (frame.polarity === "unwanted" ? change : coming)
						? t
						: undefined;
			if (end === undefined) continue;
			return [
				hit("prohibition", "stated-wish", c.tokens[frame.at] as Token, end),
				...pathHits(tokens, 0, () => "keep", "stated-wish"),
			];
		}
	}
	return [];
}
