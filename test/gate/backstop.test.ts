/**
 * The read-only backstop (src/gate/backstop.ts): a brief no rule reads still goes to a fork only if
 * it reads as read-only. An act verb or a rule marker outside a question, a description or a clause
 * of understanding blocks it, with its own kind and rule; the same words asked about, described,
 * embedded or quoted do not. The sentences here are not in the corpus.
 */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import { mustWrite, proposeTask } from "../../src/gate/propose.ts";
import { gateReason } from "../../src/gate/reason.ts";

const only = (brief: string) => readRules(brief).reasons.map((r) => [r.kind, r.rule, r.quote]);

describe("the read-only backstop", () => {
	it("blocks an order in a shape no rule reads, quoting the act verb", () => {
		expect(only("Next on the agenda: converting the fixtures to YAML.")).toEqual([
			["not-read-only", "unread-act", "converting the fixtures"],
		]);
		expect(only("Pinning Node in CI, when you get to it.")).toEqual([
			["not-read-only", "unread-act", "Pinning Node in CI"],
		]);
		expect(only("Tidying the imports would be grand.")).toEqual([
			["not-read-only", "unread-act", "Tidying the imports would"],
		]);
	});

	it("blocks a statement that hands the child an act", () => {
		expect(readRules("The exporter is yours to reorganise.").route).toBe("task");
	});

	it("runs only when no rule fired: a brief the rules read keeps their reasons alone", () => {
		const kinds = readRules("Swap the spinner for a plain dot, then tidy up.").reasons.map((r) => r.kind);
		expect(kinds).not.toContain("not-read-only");
	});

	it("lets through the same words asked about, described, embedded or quoted", () => {
		for (const brief of [
			"Why did we rename the exporter?",
			"How does the updater reset the cache?",
			"Explain how the pruner removes stale runs.",
			"What would change if we dropped Node 20?",
			"We migrated to ESM last spring; what broke?",
			'The guide says "never push to main" — why?',
			"Tell me what `npm run format` rewrites.",
			"Describe what happens when someone deletes a fixture.",
			"Is it safe to rebase this branch, do you think?",
			"Don't hesitate to read widely. Which module owns the cache?",
			"It's in the worker, not the API. Where would you look next?",
		]) {
			expect(readRules(brief), brief).toEqual({ route: "fork", reasons: [] });
		}
	});

	it("says why it blocked and proposes a write task for an act, a read-only one for a rule", () => {
		const act = "Next on the agenda: converting the fixtures to YAML.";
		const text = gateReason(readRules(act), proposeTask(act, { cwd: "/repo" }));
		expect(text.split("\n")[0]).toBe(
			'Fork blocked: the brief has words that do not read as read-only ("converting the fixtures").',
		);
		expect(mustWrite(readRules(act))).toBe(true);
		const rule = readRules("Strictly the parser, and in English.");
		expect(rule.reasons.map((r) => r.rule)).toContain("unread-rule");
		expect(mustWrite(rule)).toBe(false);
	});
});
