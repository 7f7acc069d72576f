/**
 * A third party's plan stated as the context of a question: "The team wants to bump React to 19
 * next month. What in our code would break?", "Ops would like to move the cron jobs to Kubernetes.
 * What do they depend on today?". The plan is someone else's, to be carried out by them; the
 * writer asks what it would mean. Only when the party itself is the one to act ("wants to bump",
 * not "wants you to bump", not "wants React bumped"), nothing in the sentence addresses the child,
 * and the next sentence is a question that reads as read-only and asks nothing of the child
 * ("Can you make a start on that?" is a request). Pure.
 */
import { readClause } from "./allow.ts";
import { norm } from "./described.ts";
import { readQuestion } from "./read-questions.ts";
import { ASKS, words } from "./reading.ts";
import type { Clause } from "./types.ts";
import { set } from "./words.ts";

/** Who may have a plan of their own: a team, a role, a department, a client. */
const PARTIES = set(`
	team teams client clients customer customers ops legal marketing manager managers lead leads boss
	product design security backend frontend folks colleague colleagues company management maintainers
	maintainer upstream sales finance qa infra platform cto ceo department org organisation organization
	vendor partner partners they he she someone somebody reviewers auditors compliance teammate teammates
	coworker coworkers
`);
/** Words that state a plan, before the party's own infinitive: "wants to", "plans to", "is going to". */
const PLANS = set("wants want plans plan intends intend hopes hope aims aim like going means mean");
/** The writer or the child: then it is no third party's plan. */
const FIRST_OR_SECOND = set("i we you your you'd you'll we'd i'd me us please");

/** Whether a sentence states a third party's plan, with the party as the actor. */
function statesPlan(list: readonly Clause[]): boolean {
	if (list.some((c) => c.sentence.question || c.mood === "directive")) return false;
	const all = list.flatMap((c) => c.tokens).map(norm);
	if (all.some((w) => FIRST_OR_SECOND.has(w))) return false;
	const plan = all.findIndex((w, k) => PLANS.has(w) && all[k + 1] === "to" && (all[k + 2] ?? "") !== "");
	return plan > 0 && all.slice(0, plan).some((w) => PARTIES.has(w));
}

/** Verbs by which a document or a person reports what it says: "the README says …", "Sam insists …". */
const REPORTS = set(
	"says said states stated claims claimed recommends recommended warns warned insists insisted suggests mentions reads",
);

/**
 * "Small thing — the README says you should never run migrations by hand. Why is that?": a rule
 * reported from a document or a person, before the writer's own words, and asked about next. The
 * "you" after the report is anyone's, not the child's.
 */
function reportsRule(list: readonly Clause[]): boolean {
	if (list.some((c) => c.sentence.question || c.addressed)) return false;
	// "The title reads "Hydrolgy" in `app/ui.R` — that typo needs fixing": the writer's own words after a dash.
	const reporting = list.findIndex((c) => c.tokens.some((t) => REPORTS.has(norm(t))));
	if (list.some((c, k) => k >= reporting && reporting >= 0 && ["—", "–", ";"].includes(c.closer))) return false;
	const all = list.flatMap((c) => c.tokens).map(norm);
	const at = all.findIndex((w, k) => k > 0 && REPORTS.has(w));
	return at > 0 && !all.slice(0, at).some((w) => FIRST_OR_SECOND.has(w));
}

/** Documents whose rules are reported: "the runbook says …", "`docs/ops.md` says …". */
const DOCUMENTS = set(
	"runbook readme docs doc documentation guide wiki handbook playbook policy spec changelog manual",
);

/** Whether a document, not a person nor a status in a condition, reports the rule: "The runbook says …". */
function documentReports(list: readonly Clause[]): boolean {
	const all = list.flatMap((c) => c.tokens);
	const at = all.findIndex((t) => REPORTS.has(norm(t)));
	const by = all.slice(0, Math.max(0, at));
	const written = (t: (typeof all)[number]) => DOCUMENTS.has(norm(t)) || /\.(?:md|rst|txt)$/.test(norm(t));
	return at > 0 && !["if", "when", "whether"].includes(norm(all[0])) && by.some(written);
}

/** An order that reads as read-only and asks: "assess whether …", "tell me what breaks". */
function asksOnly(c: Clause): boolean {
	const reading = readClause(c);
	return reading.readOnly && ASKS.has(reading.as);
}

/** The indexes of the sentences that state a third party's plan the next sentence asks about. */
export function plansAskedAbout(lists: ReadonlyArray<readonly Clause[]>): Set<number> {
	const out = new Set<number>();
	lists.forEach((list, s) => {
		const next = lists[s + 1] ?? [];
		const [asked] = next;
		// "… Before that goes ahead, assess whether the helper does anything the fields wouldn't.": weighed by an order to judge.
		const order = next.find((c) => c.mood === "directive");
		const judged = order !== undefined && !order.addressed && !next.some((c) => c.sentence.question) && asksOnly(order);
		// "The runbook says the CRL must be rebuilt … Find out whether our script does that": a reported rule checked.
		if (judged && (statesPlan(list) || (reportsRule(list) && documentReports(list)))) out.add(s);
		if (!asked?.sentence.question || asked.addressed || asked.suggestion || asked.mood === "directive") return;
		if ((statesPlan(list) || reportsRule(list)) && readQuestion(asked).readOnly) out.add(s);
	});
	for (const s of plansCritiqued(lists)) out.add(s);
	return out;
}

/** Words of a label that lays a plan out for the reader: "Here is the plan:", "Proposed approach:". */
const PLAN_NOUNS = set("plan proposal approach idea design sketch outline options");
/** How many sentences a plan laid out under its own label may run to. */
const PLAN_ITEMS = 8;

/** Whether a clause labels a plan laid out after it: "Here is the plan we discussed:", "Plan:". */
function plansLabel(c: Clause | undefined): boolean {
	if (!c || (!c.endsWithColon && c.closer !== ":")) return false;
	const all = words(c).map((t) => t.norm);
	return (
		all.length <= 8 && all.some((w) => PLAN_NOUNS.has(w)) && !all.some((w) => FIRST_OR_SECOND.has(w) && w !== "we")
	);
}

/**
 * "Here's my plan for the auth refactor, numbered so you can refer to steps:": a label whose first
 * clause names the plan, and whose clauses after it say how the plan is laid out, end with a colon.
 */
function labelGoesOn(list: readonly Clause[]): boolean {
	const [first, ...rest] = list;
	const last = list.at(-1);
	if (!first || rest.length === 0 || rest.length > 2 || !last || (!last.endsWithColon && last.closer !== ":"))
		return false;
	const named = words(first).some((t) => PLAN_NOUNS.has(t.norm));
	const mine = words(first).every((t) => !FIRST_OR_SECOND.has(t.norm) || t.norm === "we");
	return named && mine && rest.every((c) => c.mood !== "directive" && !c.tokens.some((t) => norm(t) === "please"));
}

/** Whether every clause of a sentence reads as read-only and one asks: "Poke holes in it.", "What breaks first?". */
function critiques(list: readonly Clause[] | undefined): boolean {
	if (!list || list.length === 0 || list.some((c) => c.addressed || c.suggestion)) return false;
	const readings = list.map(readClause);
	if (!readings.every((r) => r.readOnly) || !readings.some((r) => r.readOnly && ASKS.has(r.as))) return false;
	// It must weigh the plan ("poke holes in it", "what could go wrong?"), not carry it out ("Start with
	// step one.") or ask the child to be ready for it ("Ready?", "Any questions before you start?").
	const all = list.flatMap(words).map((t) => t.norm);
	// "what would you do differently?" weighs it as a hypothetical; "before you start" hands it out.
	const would = (k: number) => ["would", "'d"].includes(all[k - 1] ?? "") || ["would", "'d"].includes(all[k + 1] ?? "");
	const told = all.some((w, k) => (w === "you" && !would(k)) || w === "your" || w === "ready");
	if (ONWARD.has(all[0] ?? "") || told) return false;
	return all.some((w) => BACK.has(w) || WEIGHING.has(w));
}
/** Words of a question that weighs a plan: "what could go wrong?", "is it safe?", "any risks?". */
const WEIGHING = set(`
	wrong break breaks risk risks risky problem problems flaw flaws hole holes miss missed missing safe
	unsafe weak weakest fail fails concern concerns thoughts opinion better worse alternative alternatives
	downside downsides catch issues gaps riskiest weakest differently
`);
/** Words that point back at a plan laid out just before. */
const BACK = set("it this that these them plan proposal approach idea design steps step");
/** Verbs that carry a plan out rather than weigh it: "start with it", "go ahead with it". */
const ONWARD = set("start begin go proceed continue follow run do try execute implement apply take");

/**
 * "Here is the plan we discussed: move the writer behind an interface, then delete the old helper.
 * Poke holes in it before anyone starts.": a plan laid out under its own label and then asked about
 * or critiqued is what the question is about, not work handed out. The plan's steps may follow the
 * label in the same sentence or as list items after it. Not when the steps address the child ("you
 * move …", "please …") or what follows carries the plan out ("Go ahead.", "Start with step one.").
 */
function plansCritiqued(lists: ReadonlyArray<readonly Clause[]>): number[] {
	const out: number[] = [];
	lists.forEach((list, s) => {
		const inline = plansLabel(list[0]) && list.length > 1;
		const alone = (list.length === 1 && plansLabel(list[0])) || labelGoesOn(list);
		if (!inline && !alone) return;
		let end = inline ? s : s + 1;
		if (alone) while (end < s + PLAN_ITEMS && lists[end + 1] && !critiques(lists[end + 1])) end++;
		const steps = lists.slice(alone ? s + 1 : s, end + 1).flat();
		const told = steps.some(
			(c) => c.sentence.question || c.tokens.some((t) => FIRST_OR_SECOND.has(norm(t)) && norm(t) !== "we"),
		);
		if (told || !critiques(lists[end + 1])) return;
		for (let k = s; k <= end; k++) out.push(k);
	});
	return out;
}
