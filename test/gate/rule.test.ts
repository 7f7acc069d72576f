/** The rule section and the tool texts: what they say, how long they are, and that appending is stable. */
import { describe, expect, it } from "vitest";
import {
	DELEGATION_RULE,
	DELEGATION_RULE_TAG,
	FORK_TOOL_DESCRIPTION,
	PREFLIGHT_QUESTIONS,
	withDelegationRule,
} from "../../src/gate/rule.ts";

describe("the delegation rule", () => {
	it("is one tagged section under ~600 characters with the discriminator, the default and the questions", () => {
		expect(DELEGATION_RULE.length).toBeLessThanOrEqual(600);
		expect(DELEGATION_RULE.startsWith(`<${DELEGATION_RULE_TAG}>\n`)).toBe(true);
		expect(DELEGATION_RULE.endsWith(`</${DELEGATION_RULE_TAG}>`)).toBe(true);
		expect(DELEGATION_RULE).toContain("what the child sees");
		expect(DELEGATION_RULE).toContain("The default for anything that writes or must obey a rule.");
		expect(DELEGATION_RULE).toContain(
			"Only for read-only exploration of this conversation, or several independent opinions.",
		);
		// The questions are written once, in the fork tool's description, and the rule points there.
		expect(DELEGATION_RULE).toContain(
			"Before a fork, ask the three questions in its description: one yes makes it a task",
		);
		expect(DELEGATION_RULE).not.toContain(PREFLIGHT_QUESTIONS);
	});

	it("has no per-run text: nothing that looks like a date, a time, a path or a number", () => {
		expect(DELEGATION_RULE).not.toMatch(/\d{4}-\d{2}|\d{2}:\d{2}|\/tmp|\/home|\bpid\b/);
		expect(DELEGATION_RULE.match(/\d+/g)).toBeNull();
	});

	it("asks the three pre-flight questions", () => {
		expect(PREFLIGHT_QUESTIONS.split("\n")).toEqual([
			"Before a fork, ask; one yes makes it a task:",
			"1. Does the brief say do not, only, never or must not?",
			"2. Will the child write, edit, commit or push?",
			"3. Do I want a PASS/FAIL I can check?",
		]);
	});
});

describe("FORK_TOOL_DESCRIPTION", () => {
	it("never recommends the fork for implementation, and carries the questions", () => {
		const sentences = FORK_TOOL_DESCRIPTION.split(/(?<=[.:?])\s+/);
		for (const s of sentences.filter((x) => /implement/i.test(x))) expect(s).toMatch(/^Not for implementation/);
		expect(FORK_TOOL_DESCRIPTION).toContain("use task");
		expect(FORK_TOOL_DESCRIPTION).toContain(PREFLIGHT_QUESTIONS);
	});
});

describe("withDelegationRule", () => {
	it("appends the section once after a blank line, and is idempotent and byte-stable", () => {
		const base = "You are a coding assistant.\n<cwd>/repo</cwd>";
		const once = withDelegationRule(base);
		expect(once).toBe(`${base}\n\n${DELEGATION_RULE}`);
		expect(withDelegationRule(once)).toBe(once);
		expect(withDelegationRule(base)).toBe(once);
		expect(withDelegationRule("")).toBe(DELEGATION_RULE);
	});
});
