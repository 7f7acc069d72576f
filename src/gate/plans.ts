/**
 * A third party's plan stated as the context of a question: "The team wants to bump React to 19
 * next month. What in our code would break?", "Ops would like to move the cron jobs to Kubernetes.
 * What do they depend on today?". The plan is someone else's, to be carried out by them; the
 * writer asks what it would mean. Only when the party itself is the one to act ("wants to bump",
 * not "wants you to bump", not "wants React bumped"), nothing in the sentence addresses the child,
 * and the next sentence is a question that reads as read-only and asks nothing of the child
 * ("Can you make a start on that?" is a request). Pure.
 */
import { norm } from "./described.ts";
import { readQuestion } from "./read-questions.ts";
import type { Clause } from "./types.ts";
import { set } from "./words.ts";

/** Who may have a plan of their own: a team, a role, a department, a client. */
const PARTIES = set(`
	team teams client clients customer customers ops legal marketing manager managers lead leads boss
	product design security backend frontend folks colleague colleagues company management maintainers
	maintainer upstream sales finance qa infra platform cto ceo department org organisation organization
	vendor partner partners they he she someone somebody reviewers auditors compliance
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

/** The indexes of the sentences that state a third party's plan the next sentence asks about. */
export function plansAskedAbout(lists: ReadonlyArray<readonly Clause[]>): Set<number> {
	const out = new Set<number>();
	lists.forEach((list, s) => {
		const [asked] = lists[s + 1] ?? [];
		if (!asked?.sentence.question || asked.addressed || asked.suggestion || asked.mood === "directive") return;
		if (statesPlan(list) && readQuestion(asked).readOnly) out.add(s);
	});
	return out;
}
