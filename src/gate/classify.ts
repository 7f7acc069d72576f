/**
 * The fork-gate's classifier: may this brief go to a fork (a child that sees the whole
 * conversation), or must it be a task (a child that sees only its spec, checked PASS/FAIL)?
 *
 * Why it is shaped like this. A brief is a few sentences in a narrow register — imperatives,
 * polite requests, lists of constraints, questions — so a small rule engine reads it well, and
 * every decision can be explained by quoting the words that made it, which is what the model
 * needs to rewrite its call and what a user needs to trust a block. The pipeline is:
 *
 * 1. data regions: fenced blocks, inline code and quoted words that are talked about are data;
 *    "rm -rf" in backticks is a string, not an order (regions.ts);
 * 2. tokens with offsets into the original text, so a quote is always an exact substring; curly
 *    apostrophes and case are normalised in a parallel field, never in the text (tokens.ts);
 * 3. sentences, by punctuation and by Markdown line structure (sentences.ts);
 * 4. clauses, each with a mood read from its head: an order, a question, a statement, a condition
 *    or a fragment (clauses.ts). This is the step that gets the hard cases right: "could you fix
 *    a.ts?" is an order inside a question, "why did the fix fail?" a question about a noun, "I
 *    don't know why; find out" a statement and an order to explore;
 * 5. three families of rules over each clause — prohibitions, file-changing orders and write
 *    boundaries — each returning the tokens that tripped it;
 * 6. when no rule fires, the allow-list (allow.ts): the brief goes to a fork only if every clause
 *    of it is positively read as read-only — a question asked to understand, an order to explain,
 *    list, review or answer, context, a quote or code — and it asks something. The rules learn
 *    phrasings of orders, an open vocabulary; the allow-list knows the closed one of asking, so a
 *    phrasing nobody foresaw blocks instead of forking. The read-only backstop (backstop.ts)
 *    still runs first there, for its precise quote of an act verb or a rule marker.
 *
 * 7. a second reader (learned.ts), a linear model of the whole brief trained on the corpus's
 *    tuning split, which overrules the rules only where it is nearly sure: it blocks a brief no
 *    rule read as work, quoting the sentence that holds the words it weighed most, and lets
 *    through one that only a rule of change or of boundary blocked, or only the allow-list (for an
 *    act it could not read; for a limit only where all but certain) — never one a prohibition
 *    blocked. Rules are written for the phrasings their writers met; the reader weighs every word
 *    the corpus's writers used, and on briefs written after a round's rules it both catches more
 *    and blocks fewer.
 *
 * Misreads are lopsided, and so is the engine: a brief wrongly sent to a task costs one rewritten
 * call, a brief wrongly let through as a fork can ignore its own prohibitions with nothing to
 * catch it. Where a reading is ambiguous the rules lean to "task". No dependencies, no I/O (the
 * reader's weights are data in the source): the same brief always gives the same decision,
 * quickly enough for a hook on every call.
 */
import { allowListHits, withoutAskedExpectations } from "./allow.ts";
import { joinAsides } from "./asides.ts";
import { sentenceHits } from "./backstop.ts";
import { boundaryHits, targetHits } from "./boundary.ts";
import { changeHits } from "./changes.ts";
import { clauses } from "./clauses.ts";
import { childAddressed } from "./delegates.ts";
import { desireHits } from "./desires.ts";
import { exceptedHits } from "./excepted.ts";
import { filedHits } from "./filed.ts";
import { checkoutHits } from "./git-words.ts";
import type { Hit } from "./hits.ts";
import { impliedHits, impliedSentenceHits } from "./implied.ts";
import { indirectRuleHits } from "./indirect.ts";
import { learnedReason, readLearned } from "./learned.ts";
import { formatsAnswerAfter } from "./modelled.ts";
import { plansAskedAbout } from "./plans.ts";
import { prohibitionHits } from "./prohibitions.ts";
import { dataRegions } from "./regions.ts";
import { askedAbout } from "./requests.ts";
import { blockHit, runsNextBlock } from "./run-blocks.ts";
import { sentences } from "./sentences.ts";
import { scan } from "./tokens.ts";
import type { Clause, GateDecision, GateReason, ReasonKind, Sentence } from "./types.ts";
import { wishHits } from "./wishes.ts";
import { worklistHits } from "./worklist.ts";

/** How many clauses after a suggestion may ask about it. */
const FOLLOW_UP = 6;

const KIND_ORDER: Record<ReasonKind, number> = {
	prohibition: 0,
	"write-boundary": 1,
	"file-change": 2,
	"not-read-only": 3,
};

function reason(brief: string, h: Hit): GateReason {
	const quote = brief.slice(h.from.start, h.to.end);
	return { kind: h.kind, quote, offset: h.from.start, rule: h.rule, ...(h.path && { path: h.path }) };
}

/** One reason per kind and span; sorted by where they are in the brief. */
function distinct(reasons: GateReason[]): GateReason[] {
	const seen = new Set<string>();
	const out: GateReason[] = [];
	for (const r of reasons) {
		const key = `${r.kind}:${r.offset}:${r.quote.length}`;
		if (seen.has(key)) continue;
		seen.add(key);
		out.push(r);
	}
	return out.sort((a, b) => a.offset - b.offset || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

function clauseHits(c: Clause, previous: Clause | undefined): Hit[] {
	const changes = changeHits(c, previous);
	return [
		...prohibitionHits(c),
		...exceptedHits(c, previous),
		...indirectRuleHits(c),
		...changes,
		...checkoutHits(c),
		...filedHits(c),
		...impliedHits(c),
		...targetHits(c, previous, changes.length > 0),
		...boundaryHits(c),
	];
}

/** The brief's sentences, with the child named in the third person read as addressed (delegates.ts). */
const briefSentences = (brief: string): Sentence[] => sentences(childAddressed(brief, scan(brief, dataRegions(brief))));

/**
 * Every hit in the brief, clause by clause, plus wishes stated across a sentence's clauses and
 * fenced blocks introduced by "run this:". A suggestion the brief goes on to ask about ("why not
 * X? What would break?") is a question, and orders nothing.
 */
export function briefHits(brief: string): Hit[] {
	const all = briefSentences(brief);
	const lists = all.map((s) => joinAsides(clauses(s)));
	const hits: Hit[] = [];
	const planned = plansAskedAbout(lists);
	const flat = lists.flat();
	for (let s = 0; s < all.length; s++) {
		// "The team wants to bump React. What would break?": someone else's plan, asked about.
		if (planned.has(s)) continue;
		const list = lists[s] as Clause[];
		list.forEach((c, k) => {
			const asked = () => askedAbout(c, [...list.slice(k + 1), ...(lists[s + 1] ?? [])].slice(0, FOLLOW_UP));
			if ((c.suggestion && asked()) || formatsAnswerAfter(c, flat)) return;
			// A chance the brief goes on to ask about ("… could be read from a stale file? Walk me through how.") is a question.
			hits.push(...clauseHits(c, list[k - 1]).filter((h) => h.rule !== "chance-of" || !asked()));
		});
		// A label alone on its line ("Plan:") introduces the list items after it.
		const before = lists[s - 1];
		const label = before?.length === 1 && before[0]?.endsWithColon ? before[0] : undefined;
		hits.push(
			...impliedSentenceHits(all[s] as Sentence, all[s + 1]),
			...wishHits(list),
			...desireHits(list),
			...worklistHits(list, label, all[s - 1]?.tokens ?? []),
		);
		const last = list.at(-1);
		const next = all[s + 1];
		if (last && runsNextBlock(last) && next?.fence && next.tokens[0]) hits.push(...blockHit(next.tokens[0]));
	}
	return hits;
}

/** The brief's clauses, sentence by sentence, without the suggestions it goes on to ask about. */
function readClauses(brief: string): Clause[][] {
	const all = briefSentences(brief);
	const lists = all.map((s) => joinAsides(clauses(s)));
	const planned = plansAskedAbout(lists);
	return lists.map((list, s) => {
		if (planned.has(s)) return [];
		// A suggestion the brief goes on to ask about is a question here too ("… but convince me otherwise").
		const after = (k: number) => [...list.slice(k + 1), ...(lists[s + 1] ?? [])].slice(0, FOLLOW_UP);
		// "… so format it the way CHANGELOG.md does": the answer's form, modelled on a file.
		return list.filter((c, k) => !(c.suggestion && askedAbout(c, after(k))) && !formatsAnswerAfter(c, lists.flat()));
	});
}

/**
 * What decides a brief no rule reads: every clause must read as read-only (allow.ts). Where the
 * backstop finds an act verb or a rule marker it gives the more precise quote; else the allow-list
 * quotes the clause it could not read. A sentence stating an expectation the next one asks about
 * ("The parser should reject tabs. Does it?") is the question's context and is read by neither.
 */
function unreadHits(brief: string): Hit[] {
	const lists = withoutAskedExpectations(readClauses(brief));
	const backstop = lists.flatMap(sentenceHits);
	return backstop.length > 0 ? backstop : allowListHits(lists);
}

/**
 * What the rules decide alone: a task with every reason they found, or a fork when none fired and
 * every clause reads as read-only (allow.ts).
 */
export function readRules(brief: string): GateDecision {
	const hits = briefHits(brief);
	const found = hits.length > 0 ? hits : unreadHits(brief);
	const reasons = distinct(found.map((h) => reason(brief, h)));
	const [first, ...rest] = reasons;
	return first ? { route: "task", reasons: [first, ...rest] } : { route: "fork", reasons: [] };
}

/** At or below this chance of a task, the second reader lets through a brief only rules of change or of boundary blocked. */
export const LEARNED_FORK = 0.1;
/**
 * At or below this, it lets through a brief that only the allow-list blocked, for an act it could
 * not read as read-only (an order, a request, a wish of no known shape): the rules' least sure reading.
 */
export const LEARNED_FORK_UNREAD = 0.3;
/**
 * At or below this, it lets through a brief blocked for a limit only the allow-list read ("Not
 * urgent, but …", "one-line answer, please"): a rule, so the reader must be all but certain.
 */
export const LEARNED_FORK_LIMIT = 0.03;
/** Above this chance of a task, the second reader blocks a brief the rules let through. */
export const LEARNED_TASK = 0.6;

/** The allow-list's readings that hold the child to a rule or a limit, not ask it for an act. */
const UNREAD_RULES = new Set(["unread-rule", "unread-limit"]);

/**
 * How sure the second reader must be of a question to let through a brief the rules blocked for
 * these reasons: never for a prohibition, since a fork could break it with nothing to catch it;
 * all but certain for a limit the allow-list read; least for acts only the allow-list failed to read.
 */
function forkBelow(reasons: readonly GateReason[]): number {
	if (reasons.some((r) => r.kind === "prohibition")) return -1;
	if (reasons.some((r) => UNREAD_RULES.has(r.rule))) return LEARNED_FORK_LIMIT;
	return reasons.every((r) => r.kind === "not-read-only") ? LEARNED_FORK_UNREAD : LEARNED_FORK;
}

/**
 * Decides whether a brief may go to a fork or must be a task, with every reason found: the rules
 * (readRules), then the second reader (learned.ts) where it is nearly sure the other way. It never
 * lets through a brief with a prohibition in it — a fork could ignore it with nothing to catch it.
 */
export function classifyBrief(brief: string): GateDecision {
	const rules = readRules(brief);
	const learned = readLearned(brief);
	if (rules.route === "task") return learned.task <= forkBelow(rules.reasons) ? { route: "fork", reasons: [] } : rules;
	return learned.task > LEARNED_TASK ? { route: "task", reasons: [learnedReason(brief, learned)] } : rules;
}

/** The kinds of reason in a decision, each once, in a fixed order. (@internal: exported for its tests) */
export function reasonKinds(decision: GateDecision): ReasonKind[] {
	const kinds = new Set(decision.reasons.map((r) => r.kind));
	return (Object.keys(KIND_ORDER) as ReasonKind[]).filter((k) => kinds.has(k));
}
