/**
 * The second round of polite orders and indirect rules: frames read by their structure, changes
 * wished on things, work named without a verb, asides between a subject and its verb, and rules
 * stated as states, treatment, unease or permission denied — each with the rule that must fire and
 * the words its reason must quote; and the look-alikes of each that must stay forks.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import type { ReasonKind } from "../../src/gate/types.ts";

type Case = [brief: string, kind: ReasonKind, rule: string, quote: string];

const ORDERS: Case[] = [
	["I don't suppose there's any chance you could add a retry?", "file-change", "change-verb", "add a retry"],
	["Would it be a terrible imposition to ask you to merge the helpers?", "file-change", "change-verb", "merge"],
	["I was rather hoping you'd replace the hand-rolled parser.", "file-change", "change-verb", "replace"],
	["Couldn't we just drop the Python 3.8 shim?", "file-change", "change-verb", "drop"],
	["can u pls update the node version in .nvmrc", "file-change", "change-verb", "update"],
	["It would be splendid if the error page showed the request id.", "file-change", "wished-change", "showed"],
	["What I'd like is for the guide to reflect the new installer.", "file-change", "wished-change", "reflect"],
	["Perhaps the two helpers in lib/a.ts could be merged?", "file-change", "suggested-change", "merged"],
	["I'll leave the logging rework to you, then.", "file-change", "handed-over", "rework"],
	["A regression test for the empty case, please.", "file-change", "work-asked", "test"],
	["Still to do: the old flag removed and the docs regenerated.", "file-change", "work-asked", "removed"],
	["The new helper, as far as I can tell, belongs in src/util.", "file-change", "belongs", "belongs in src/util"],
	["We landed on option B. So the client gets wrapped in an adapter.", "file-change", "work-planned", "gets wrapped"],
	["Make sure the new flag is documented in the README.", "file-change", "ensured-change", "documented"],
	["I think we should drop the legacy export.", "file-change", "change-verb", "drop"],
	["Must add input validation to the signup form.", "file-change", "change-verb", "add"],
];

const RULES: Case[] = [
	["It would be a disaster if the seeds were overwritten.", "prohibition", "stated-wish", "overwritten"],
	["You are not to merge anything yourself.", "prohibition", "negated-directive", "not to merge"],
	["Force-pushing is off the table.", "prohibition", "forbidden", "off the table"],
	["Consider src/core frozen.", "prohibition", "treat-as", "frozen"],
	["I'm not comfortable with anything being deleted.", "prohibition", "stated-wish", "deleted"],
	["Pretend you don't have write access.", "prohibition", "stated-wish", "write access"],
	["Nobody is to push to the release branch.", "prohibition", "no-action", "Nobody is to push"],
	["Please not delete the old log files.", "prohibition", "negated-directive", "not delete"],
	["You don't have permission to change anything under ops/.", "prohibition", "permission-denied", "permission"],
	["The generated client isn't something anyone should be editing.", "prohibition", "negated-need", "editing"],
	["There should be no changes whatsoever to the schema files.", "prohibition", "no-action", "no changes"],
	["The lockfile stays put.", "prohibition", "constraint", "stays put"],
	["Save the refactoring for another day.", "prohibition", "postpone", "Save the refactoring"],
	["Spare the snapshot files.", "prohibition", "leave-alone", "Spare"],
];

/** Questions, answer formats and hypotheticals that look like the cases above, and order nothing. */
const FORKS = [
	"Shouldn't the validator have caught that? Where does the value slip through?",
	"Would you delete the legacy exporter, if you were me?",
	"Suppose the child ran git reset; would the boundary catch it?",
	"Bold the file names when you mention them.",
	"Draft a commit message for the changes on this branch.",
	"It's in the worker, not the API.",
	"My vote is to rewrite the loader, but convince me otherwise.",
	"We're going to need a migration eventually. What would it look like?",
	"Nothing's off the table: what are all our options for speeding up CI?",
	"Let's not get ahead of ourselves: what's actually broken?",
	"Have a think about whether the cache belongs in the client or the server.",
	"Deliverable: a short written summary of the risks.",
	"Skip the preamble in your answer.",
	"It would be nice if your answer included the line numbers.",
	"A summary of the open issues about the sandbox, please.",
	"I'm worried the migration changed the schema. Can you check?",
];

function expectReason([brief, kind, rule, quote]: Case) {
	const decision = readRules(brief);
	expect(decision.route, brief).toBe("task");
	const reason = decision.reasons.find((r) => r.kind === kind && r.rule === rule);
	expect(reason, `${brief}: ${JSON.stringify(decision.reasons)}`).toBeDefined();
	expect(reason?.quote).toContain(quote);
}

describe("the gate, second round of polite orders and indirect rules", () => {
	it.each(ORDERS)("orders a change: %s", (...c) => expectReason(c));
	it.each(RULES)("lays down a rule: %s", (...c) => expectReason(c));
	it.each(FORKS)("lets a look-alike through: %s", (brief) => {
		expect(readRules(brief)).toEqual({ route: "fork", reasons: [] });
	});
});
