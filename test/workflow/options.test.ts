/** The options of agent(): strict where they carry authority, every problem at once, in the call's words. */
import { describe, expect, it } from "vitest";
import { requestChildren } from "../../src/plan/request.ts";
import { deriveId } from "../../src/plan/request-defaults.ts";
import type { TaskRequest, UncheckedRequest } from "../../src/plan/request-types.ts";
import { formatPath } from "../../src/problems.ts";
import { namesOf } from "../../src/request/table.ts";
import { loadSpecObject } from "../../src/spec/load.ts";
import { type AgentOptions, checkAgentOptions } from "../../src/workflow/options.ts";
import { optionPath } from "../../src/workflow/request.ts";

const where = { path: ["agent(2)", "options"] };
const at = formatPath(where);

function problems(value: unknown) {
	const checked = checkAgentOptions(value, where);
	return checked.ok ? [] : checked.problems;
}

const place = { cwd: "/work", repoRoot: () => "/work", deliverableOf: () => undefined };

/** The one child an agent() call asks for, as the planner's request step makes it. */
function child(prompt: string, options: Record<string, unknown>) {
	const out = requestChildren("workflow", options, place, { where, prompt });
	if (!out.ok) throw new Error(JSON.stringify(out.problems));
	return out.children[0]!;
}

/** What a call's options and then its spec's check refuse, in the call's words (as the workflow's shell reports). */
function refused(options: Record<string, unknown>) {
	const early = problems(options);
	if (early.length > 0) return early;
	const spec = loadSpecObject((child("look", options) as TaskRequest).spec, { cwd: "/", home: "/" });
	return spec.ok ? [] : spec.problems.map((p) => ({ ...p, ...optionPath(where, p) }));
}

describe("agent() options", () => {
	it("refuses a misspelt key with the key it most likely meant, so a typo never changes what a child may do", () => {
		const found = problems({ roots: ["/tmp"], writeAllowed: ["/tmp"], agenttype: "reviewer" });
		expect(found.map((p) => [formatPath(p), p.message])).toEqual([
			[`${at}.writeAllowed`, 'unknown option "writeAllowed" (did you mean "write_allowed"?)'],
			[`${at}.agenttype`, 'unknown option "agenttype" (did you mean "agentType"?)'],
		]);
		expect(found[0]?.fix).toBe('rename it to "write_allowed"');
	});

	it("names the option, the value and what it should be for a value of the wrong type; every problem at once", () => {
		const found = refused({ roots: "/tmp", read_only: "no", effort: "max", budget: { usd: "1" } });
		expect(found.map(formatPath)).toEqual([`${at}.effort`, `${at}.read_only`, `${at}.roots`, `${at}.budget.usd`]);
		expect(found.find((p) => formatPath(p) === `${at}.roots`)?.value).toBe("/tmp");
		expect(found.every((p) => p.fix.length > 0)).toBe(true);
	});

	it("refuses options a plain child cannot have, and tools for a checked one (its tools follow its authority)", () => {
		expect(problems({ check: false, write_allowed: ["/tmp"], schema: {} }).map(formatPath)).toEqual([
			`${at}.write_allowed`,
			`${at}.schema`,
		]);
		expect(problems({ tools: ["bash"] })[0]?.message).toContain("follow its authority");
		expect(problems({ check: false, tools: ["read", "bash"] })).toEqual([]);
		// A field the tool takes but an unchecked child cannot use is refused the same way.
		expect(problems({ check: false, sandbox: "off" }).map(formatPath)).toEqual([`${at}.sandbox`]);
	});

	it("takes every field the task tool takes, and the earlier name agentType for agent", () => {
		// The prompt is agent()'s first argument, where a task call has its goal.
		// `resume` and `background` are a tool call's own: a workflow resumes (--resume) and runs in the
		// background (--background) as a whole, and replays a call it already made.
		const callOnly = ["tasks", "goal", "resume", "background"];
		const tool = namesOf("task").filter((n) => !callOnly.includes(n));
		expect(tool.filter((n) => !namesOf("workflow").includes(n))).toEqual([]);
		const same = {
			sandbox: "enforce",
			exclude: ["/a/b"],
			network: false,
			git_writes: true,
			evidence: "optional",
			tail: 2000,
		};
		expect(problems({ ...same, agent: "scout" })).toEqual([]);
		const spec = (child("look", { ...same, roots: ["/a"] }) as TaskRequest).spec;
		const { tail: _tail, ...rest } = same;
		expect(spec).toMatchObject({ ...rest, context: { tail: { tokens: 2000 } } });
		expect(spec).not.toHaveProperty("tail");
		expect((child("look", { agentType: "scout" }) as TaskRequest).layer.agent?.where.path).toEqual([
			...where.path,
			"agentType",
		]);
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
			exclude: ["/a/c"],
			tail: 100,
			evidence: "optional",
			accept: ["npm test"],
			apply: "direct",
			sandbox: "off",
			network: false,
			git_writes: false,
			contextMode: "legacy",
			inheritProjectContext: true,
			inheritMainRules: true,
			inheritSkills: false,
			systemPromptMode: "replace",
			skills: [],
			inheritPrompt: "portable",
		};
		expect(problems(all)).toEqual([]);
		// The type script authors write against names every option the table gives agent().
		const typed: Required<AgentOptions> = { ...all, agent: "scout", check: true, tools: [] } as Required<AgentOptions>;
		expect(Object.keys(typed).sort()).toEqual([...namesOf("workflow")].sort());
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
		const made = child("look", { facts: ["a"], commands: ["ls"] }) as TaskRequest;
		expect(made.spec).toMatchObject({ goal: "look", roots: ["/work"], context: { facts: ["a"], commands: ["ls"] } });
		expect(made.spec.read_only).toBeUndefined();
		expect(made.defaults.map((d) => [d.field, d.reason])).toEqual([
			["id", "made from the prompt's words and digest, so a rerun makes the same"],
			["deliverable", "a general one (no agent sets one)"],
			["roots", "the run's directory"],
		]);
	});

	it("tells the child the result schema in its deliverable", () => {
		const made = child("count", { schema: { type: "integer" } }) as TaskRequest;
		expect(made.spec.deliverable).toContain('{"type":"integer"}');
	});

	it("speaks of the prompt, not the goal, and of facts, not context.facts", () => {
		expect(formatPath(optionPath(where, { path: ["goal"] }))).toBe("agent(2).prompt");
		expect(formatPath(optionPath(where, { path: ["context", "facts", 1] }))).toBe(`${at}.facts[1]`);
		expect(formatPath(optionPath(where, { path: ["write_allowed", 0] }))).toBe(`${at}.write_allowed[0]`);
		expect(optionPath(where, { source: "(json)", path: [] })).toEqual(where);
	});

	it("checks a plain child's budget and id as a spec's would be", () => {
		const bad = requestChildren("workflow", { check: false, budget: { usd: -1 }, id: "no spaces" }, place, {
			where,
			prompt: "hi",
		});
		expect(bad.ok ? [] : bad.problems.map(formatPath)).toEqual([`${at}.budget.usd`, `${at}.id`]);
		const good = child("hi", { check: false, effort: "fast" }) as UncheckedRequest;
		expect(good.budget).toEqual({ wall_s: 300, usd: 0.5, turns: 40 });
	});
});
