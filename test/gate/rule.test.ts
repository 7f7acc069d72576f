/** The rule section and the tool texts: what they say, how long they are, and that appending is stable. */
import { describe, expect, it } from "vitest";
import { CHILD_TEXT_NOTE } from "../../src/format/child-text.ts";
import {
	DELEGATION_RULE,
	DELEGATION_RULE_TAG,
	FORK_TOOL_DESCRIPTION,
	PREFLIGHT_QUESTIONS,
	withDelegationRule,
} from "../../src/gate/rule.ts";
import { TASK_TOOL_DESCRIPTION } from "../../src/pi/task-tool.ts";

describe("the delegation rule", () => {
	it("is one tagged section under ~800 characters with the discriminator, the default, the questions and the tags' note", () => {
		expect(DELEGATION_RULE.length).toBeLessThanOrEqual(800);
		expect(DELEGATION_RULE.startsWith(`<${DELEGATION_RULE_TAG}>\n`)).toBe(true);
		expect(DELEGATION_RULE.endsWith(`</${DELEGATION_RULE_TAG}>`)).toBe(true);
		expect(DELEGATION_RULE).toContain("what the child sees");
		expect(DELEGATION_RULE).toContain("The default for anything that writes or must obey a rule.");
		expect(DELEGATION_RULE).toContain(
			"Only for read-only exploration of this conversation, or several independent opinions.",
		);
		expect(DELEGATION_RULE).toContain("A PASS proves shape and pointers, not truth.");
		// The guidance is said here once: the questions and the note on a child's words are in no tool's description.
		expect(DELEGATION_RULE).toContain(PREFLIGHT_QUESTIONS);
		expect(DELEGATION_RULE).toContain(CHILD_TEXT_NOTE);
		for (const description of [FORK_TOOL_DESCRIPTION, TASK_TOOL_DESCRIPTION]) {
			expect(description).not.toContain("ask:");
			expect(description).not.toContain("<child>");
			expect(description).not.toContain("PASS proves");
		}
	});

	it("has no per-run text: nothing that looks like a date, a time, a path or a number", () => {
		expect(DELEGATION_RULE).not.toMatch(/\d{4}-\d{2}|\d{2}:\d{2}|\/tmp|\/home|\bpid\b/);
		expect(DELEGATION_RULE.match(/\d+/g)).toBeNull();
	});

	it("asks the three pre-flight questions, and one yes makes it a task", () => {
		const questions = PREFLIGHT_QUESTIONS.match(/[A-Z][^?]*\?/g);
		expect(questions).toEqual([
			"Before a fork, ask: does the brief say do not, only, never or must not?",
			"Will the child write, edit, commit or push?",
			"Do I want a PASS/FAIL I can check?",
		]);
		expect(PREFLIGHT_QUESTIONS).toContain("One yes makes it a task");
	});
});

describe("FORK_TOOL_DESCRIPTION", () => {
	it("never recommends the fork for implementation: it says the child is read-only and answers in prose", () => {
		expect(FORK_TOOL_DESCRIPTION).not.toMatch(/implement|edit|write|change/i);
		expect(FORK_TOOL_DESCRIPTION).toMatch(/^Run a read-only child/);
		expect(FORK_TOOL_DESCRIPTION).toContain("answers in prose");
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
