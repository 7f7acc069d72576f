/** The text a blocked fork returns to the model: what tripped, the rule, the call; and short. */
import { describe, expect, it } from "vitest";
import { readRules } from "../../src/gate/classify.ts";
import { proposeTask } from "../../src/gate/propose.ts";
import { GATE_RULE_SENTENCE, gateReason, gateReasonForBriefs, showQuote } from "../../src/gate/reason.ts";

const reasonFor = (brief: string) => gateReason(readRules(brief), proposeTask(brief, { cwd: "/repo" }));

describe("gateReason", () => {
	it("names the kinds that tripped with their words, the rule, and the call", () => {
		const text = reasonFor("Could you fix the typo in a.ts? Don't touch src/api.");
		const lines = text.split("\n");
		expect(lines[0]).toBe(
			'Fork blocked: the brief has a prohibition ("Don\'t touch"); a write boundary ("a.ts", "src/api"); ' +
				'a file-changing order ("fix the typo").',
		);
		expect(lines[1]).toBe(GATE_RULE_SENTENCE);
		expect(lines[2]).toBe("Call instead:");
		expect(lines.slice(3).join("\n")).toMatch(/^task\(\{\n {2}id: "fix-typo-ts-touch-src",/);
	});

	it("is empty for a brief the gate lets through", () => {
		const brief = "Why did the fix fail?";
		expect(gateReason(readRules(brief), proposeTask(brief, { cwd: "/r" }))).toBe("");
	});

	it("stays short: a long brief is not repeated, and many reasons are counted, not all quoted", () => {
		const brief = `${"Do not edit a.ts. ".repeat(40)}Fix b.ts.`;
		const text = reasonFor(brief);
		expect(text).toContain("goal: <the brief, verbatim>,");
		expect(text).toMatch(/; and \d+ more\./);
		expect(text.length).toBeLessThan(1200);
	});

	it("keeps a short read-only reason under 600 characters", () => {
		expect(reasonFor("Look into the flaky test (read-only).").length).toBeLessThan(600);
	});

	it("shows each quote on one line, shortened", () => {
		expect(showQuote("do\nnot edit")).toBe('"do not edit"');
		expect(showQuote("x".repeat(100))).toBe(`"${"x".repeat(47)}…"`);
	});
});

describe("gateReasonForBriefs", () => {
	const blocked = (brief: string, position: number) => {
		const decision = readRules(brief);
		return { position, decision, proposal: proposeTask(brief, { cwd: "/repo" }) };
	};

	it("says which briefs of several were blocked, with a call for each and the rule once", () => {
		const text = gateReasonForBriefs([blocked("Fix a.ts.", 1), blocked("Never push.", 3)], 3);
		expect(text.split("\n")[0]).toBe(
			"Fork blocked: 2 of 3 briefs must be tasks (brief 1, 3); send the others as a fork again.",
		);
		expect(text.split(GATE_RULE_SENTENCE).length).toBe(2);
		expect(text).toContain('Brief 1 has a write boundary ("a.ts"); a file-changing order ("Fix a.ts").');
		expect(text).toContain('Brief 3 has a prohibition ("Never push").');
		expect(text.match(/task\(\{/g)).toHaveLength(2);
	});

	it("is the single-brief text when there is one brief", () => {
		const one = blocked("Fix a.ts.", 1);
		expect(gateReasonForBriefs([one], 1)).toBe(gateReason(one.decision, one.proposal));
	});
});
