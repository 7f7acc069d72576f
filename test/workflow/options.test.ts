/** The options of agent(): strict where they carry authority, every problem at once, in the call's words. */
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { checkAgentOptions } from "../../src/workflow/options.ts";
import { deriveId, optionPath, plainRequest, specInput } from "../../src/workflow/request.ts";

const where = { path: ["agent(2)", "options"] };
const at = formatPath(where);

function problems(value: unknown) {
	const checked = checkAgentOptions(value, where);
	return checked.ok ? [] : checked.problems;
}

describe("agent() options", () => {
	it("refuses a misspelt key with the key it most likely meant, so a typo never changes what a child may do", () => {
		const found = problems({ roots: ["/tmp"], writeAllowed: ["/tmp"], agenttype: "reviewer" });
		expect(found.map((p) => [formatPath(p), p.message])).toEqual([
			[`${at}.writeAllowed`, 'unknown option "writeAllowed" (did you mean "write_allowed"?)'],
			[`${at}.agenttype`, 'unknown option "agenttype" (did you mean "agentType"?)'],
		]);
		expect(found[0]?.fix).toBe("rename it to write_allowed");
	});

	it("names the option, the value and what it should be for a value of the wrong type; every problem at once", () => {
		const found = problems({ roots: "/tmp", read_only: "no", effort: "max", budget: { usd: "1" } });
		expect(found.map(formatPath)).toEqual([`${at}.roots`, `${at}.read_only`, `${at}.effort`, `${at}.budget.usd`]);
		expect(found[0]?.value).toBe("/tmp");
		expect(found.every((p) => p.fix.length > 0)).toBe(true);
	});

	it("refuses options a plain child cannot have, and tools for a checked one (its tools follow its authority)", () => {
		expect(problems({ check: false, write_allowed: ["/tmp"], schema: {} }).map(formatPath)).toEqual([
			`${at}.write_allowed`,
			`${at}.schema`,
		]);
		expect(problems({ tools: ["bash"] })[0]?.message).toContain("follow its authority");
		expect(problems({ check: false, tools: ["read", "bash"] })).toEqual([]);
	});

	it("accepts nothing, and every documented option", () => {
		expect(checkAgentOptions(undefined, where)).toEqual({ ok: true, options: {} });
		const all = {
			id: "x",
			deliverable: "d",
			schema: { type: "object" },
			roots: ["/a"],
			write_allowed: ["/a"],
			read_only: false,
			effort: "fast",
			budget: { wall_s: 1, usd: 1, turns: 1 },
			facts: ["f"],
			files: ["/a/b"],
			commands: ["ls"],
			agentType: "scout",
			contextMode: "legacy",
			inheritProjectContext: true,
			inheritMainRules: true,
			inheritSkills: false,
			systemPromptMode: "replace",
			skills: [],
			inheritPrompt: "portable",
		};
		expect(problems(all)).toEqual([]);
		expect(problems("fast")[0]?.message).toBe("must be an object of options");
	});
});

describe("from a call to a spec", () => {
	it("derives the id from the prompt alone, so a rerun derives the same one, and it is a valid spec id", () => {
		expect(deriveId("Review the auth module, please")).toBe(deriveId("Review the auth module, please"));
		expect(deriveId("Review the auth module, please")).toMatch(/^review-the-auth-module-please-[0-9a-f]{6}$/);
		expect(deriveId("!!!")).toMatch(/^agent-[0-9a-f]{6}$/);
		expect(deriveId("x".repeat(500)).length).toBeLessThanOrEqual(64);
	});

	it("takes the run's directory as the root when none is given, and puts facts, files and commands in context", () => {
		const spec = specInput("look", { facts: ["a"], commands: ["ls"] }, "/work");
		expect(spec).toMatchObject({ goal: "look", roots: ["/work"], context: { facts: ["a"], commands: ["ls"] } });
		expect(spec.read_only).toBeUndefined();
	});

	it("tells the child the result schema in its deliverable", () => {
		const spec = specInput("count", { schema: { type: "integer" } }, "/w");
		expect(spec.deliverable).toContain('{"type":"integer"}');
	});

	it("speaks of the prompt, not the goal, and of facts, not context.facts", () => {
		expect(formatPath(optionPath(where, { path: ["goal"] }))).toBe("agent(2).prompt");
		expect(formatPath(optionPath(where, { path: ["context", "facts", 1] }))).toBe(`${at}.facts[1]`);
		expect(formatPath(optionPath(where, { path: ["write_allowed", 0] }))).toBe(`${at}.write_allowed[0]`);
		expect(optionPath(where, { source: "(json)", path: [] })).toEqual(where);
	});

	it("checks a plain child's budget and id as a spec's would be", () => {
		const bad = plainRequest("hi", { check: false, budget: { usd: -1 }, id: "no spaces" }, where);
		expect(bad.ok ? [] : bad.problems.map(formatPath)).toEqual([`${at}.budget.usd`, `${at}.id`]);
		const good = plainRequest("hi", { check: false, effort: "fast" }, where);
		expect(good.ok && good.plain.budget).toEqual({ wall_s: 300, usd: 0.5, turns: 40 });
	});
});
