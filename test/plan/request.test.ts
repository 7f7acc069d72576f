/** From a `task` call's arguments to its specs: what is filled in, and what is refused before anything runs. */
import { describe, expect, it } from "vitest";
import { FORK_TOOL_DESCRIPTION } from "../../src/gate/rule.ts";
import { type TaskParams, TaskParamsSchema } from "../../src/pi/task-params.ts";
import { TASK_TOOL_DESCRIPTION } from "../../src/pi/task-tool.ts";
import { entryPlace, requestChildren } from "../../src/plan/request.ts";
import type { EntryPlace, TaskRequest } from "../../src/plan/request-types.ts";
import { formatPath, type Problem } from "../../src/problems.ts";
import { fieldsOf } from "../../src/request/table.ts";
import { loadSpecObject } from "../../src/spec/load.ts";

const place = (over: Partial<EntryPlace> = {}): EntryPlace => ({
	cwd: "/work/app",
	repoRoot: () => "/work",
	deliverableOf: (agent) => (agent === "reviewer" ? "Findings with file:line." : undefined),
	...over,
});

/** A task of a call, as the old expansion named its parts: where it sits, its agent, what was filled in. */
function view(t: TaskRequest) {
	return { prefix: t.where.path, agent: t.layer.agent?.name, defaulted: t.defaults.map((d) => d.field), spec: t.spec };
}

function tasks(params: Record<string, unknown>, where = place()) {
	const out = requestChildren("task", params, where);
	if (!out.ok) throw new Error(JSON.stringify(out.problems));
	return out.children.map((c) => view(c as TaskRequest));
}

function problems(params: Record<string, unknown>, where = place()) {
	const out = requestChildren("task", params, where);
	return out.ok ? [] : out.problems;
}

/** The fields the model's schema leaves out: the call takes them, its description names them. */
const UNLISTED_FIELD_NAMES = fieldsOf("task")
	.filter((f) => f.entry.brief === undefined && f.field.spec !== undefined)
	.map((f) => f.name);
// `resume` is left out of the schema too, but is no context field: its own case below.
const CONTEXT_FIELD_NAMES = fieldsOf("task")
	.filter((f) => f.entry.brief === undefined && f.field.spec === undefined && f.name !== "resume")
	.map((f) => f.name);

describe("one task from the top-level fields, as before", () => {
	it("passes a complete spec through unchanged, its context lists folded back", () => {
		const [t] = tasks({
			id: "look",
			goal: "g",
			deliverable: "d",
			roots: ["/r"],
			files: ["/r/a"],
			budget: { turns: 3 },
			evidence: "optional",
		});
		expect(t).toEqual({
			prefix: [],
			agent: undefined,
			defaulted: [],
			spec: {
				id: "look",
				goal: "g",
				deliverable: "d",
				roots: ["/r"],
				context: { files: ["/r/a"] },
				budget: { turns: 3 },
				evidence: "optional",
			},
		});
	});

	it("makes the id from the goal, takes relative roots from the cwd, the deliverable from the agent", () => {
		const [t] = tasks({ goal: "Review the parser for off-by-one errors", roots: ["src", "/abs"], agent: "reviewer" });
		expect(t!.spec.id).toBe("review-parser-offbyone-errors");
		expect(t!.spec.roots).toEqual(["/work/app/src", "/abs"]);
		expect(t!.spec.deliverable).toBe("Findings with file:line.");
		expect(t!.defaulted).toEqual(["id", "deliverable"]);
	});

	it("watches the repository for a read-only task without roots, asking for it only then", () => {
		let asked = 0;
		const where = place({
			repoRoot: () => {
				asked++;
				return "/work";
			},
		});
		expect(tasks({ goal: "g", deliverable: "d" }, where)[0]!.spec.roots).toEqual(["/work"]);
		tasks({ goal: "g", deliverable: "d", roots: ["x"] }, where);
		expect(asked).toBe(1);
	});

	it("never defaults what a writing task may change: roots are required, write_allowed is only resolved", () => {
		expect(problems({ goal: "g", deliverable: "d", read_only: false, write_allowed: ["src"] })).toEqual([
			expect.objectContaining({ path: ["roots"], message: expect.stringContaining("a task that writes") }),
		]);
		const [t] = tasks({ goal: "g", deliverable: "d", read_only: false, roots: ["src"], write_allowed: ["src"] });
		expect(t!.spec.write_allowed).toEqual(["/work/app/src"]);
		// Without write_allowed the spec's own check refuses it; nothing is made up here.
		expect(tasks({ goal: "g", deliverable: "d", read_only: false, roots: ["src"] })[0]!.spec).not.toHaveProperty(
			"write_allowed",
		);
	});

	it("carries exclude (resolved from the cwd), sandbox, network and git_writes into the spec", () => {
		const [t] = tasks({
			goal: "g",
			deliverable: "d",
			read_only: false,
			roots: ["."],
			write_allowed: ["."],
			exclude: ["cache", "/abs/mount"],
			sandbox: "enforce",
			network: false,
			git_writes: true,
		});
		expect(t!.spec).toMatchObject({
			exclude: ["/work/app/cache", "/abs/mount"],
			sandbox: "enforce",
			network: false,
			git_writes: true,
		});
		expect(tasks({ goal: "g", deliverable: "d" })[0]!.spec).not.toHaveProperty("sandbox");
	});

	it("leaves a malformed field for the spec's check to name, and a missing deliverable missing", () => {
		const [t] = tasks({ goal: "g", roots: "src" });
		expect(t!.spec.roots).toBe("src");
		expect(t!.spec).not.toHaveProperty("deliverable");
	});

	it("refuses a call with neither goal nor tasks", () => {
		expect(problems({ deliverable: "d" })).toEqual([expect.objectContaining({ path: ["goal"] })]);
	});
});

describe("several tasks in one call", () => {
	it("gives each task the shared fields, a task's own field replacing the shared one", () => {
		const out = tasks({
			deliverable: "shared",
			effort: "fast",
			roots: ["a"],
			budget: { usd: 1 },
			tasks: [{ goal: "Check the lexer" }, { goal: "Check the parser", roots: ["b"], deliverable: "own" }],
		});
		expect(
			out.map((t) => [t.prefix, t.spec.id, t.spec.deliverable, t.spec.effort, t.spec.roots, t.spec.budget]),
		).toEqual([
			[["tasks", 0], "check-lexer", "shared", "fast", ["/work/app/a"], { usd: 1 }],
			[["tasks", 1], "check-parser", "own", "fast", ["/work/app/b"], { usd: 1 }],
		]);
	});

	it("makes ids unique within the call, around the ids given", () => {
		const out = tasks({
			deliverable: "d",
			tasks: [{ goal: "Check it" }, { goal: "Check it" }, { goal: "x", id: "check-2" }, { goal: "Check it" }],
		});
		expect(out.map((t) => t.spec.id)).toEqual(["check", "check-3", "check-2", "check-4"]);
	});

	it("refuses the whole call with every problem at once, each under its task", () => {
		const found = problems({
			goal: "top",
			id: "top",
			tasks: [
				{ goal: "a", id: "same" },
				{ goal: "b", id: "same" },
			],
		});
		expect(found.map(formatPath)).toEqual(["goal", "id"]);
		const perTask = problems({
			tasks: [
				{ goal: "a", id: "same" },
				{ goal: "b", id: "same", read_only: false },
			],
		});
		expect(perTask.map(formatPath)).toEqual(["tasks[1].id", "tasks[1].roots"]);
	});

	it("refuses an empty list", () => {
		expect(problems({ tasks: [] })).toEqual([expect.objectContaining({ path: ["tasks"], message: "is empty" })]);
	});
});

describe("entryPlace", () => {
	it("puts a spec problem's path under its task in the call's words, and leaves another input's alone", () => {
		const p: Problem = { path: ["roots", 0], code: "invalid_value", value: "x", message: "m", fix: "f" };
		const under = (q: Problem, path: Array<string | number>) => ({ ...q, ...entryPlace("task", { path }, q) });
		expect(formatPath(under(p, ["tasks", 2]))).toBe("tasks[2].roots[0]");
		expect(under(p, [])).toEqual(p);
		expect(formatPath(under({ ...p, path: ["context", "files", 1] }, ["tasks", 0]))).toBe("tasks[0].files[1]");
		expect(formatPath(under({ ...p, path: ["context", "tail", "tokens"] }, []))).toBe("tail");
		const inAgentFile: Problem = { ...p, source: ".pi/agents/a.md", path: ["tools", 0] };
		expect(under(inAgentFile, ["tasks", 2])).toEqual(inAgentFile);
	});
});

describe("the per-call context fields, which the model's schema does not define", () => {
	it('are refused with a wrong kind of value, so a quoted "false" cannot let a channel in', () => {
		const found = problems({
			goal: "g",
			inheritMainRules: "false",
			inheritSkills: 1,
			systemPromptMode: "replase",
			skills: "changelog",
			inheritPrompt: "ful",
		} as unknown as TaskParams).map((p) => [formatPath(p), p.code, p.fix]);
		expect(found).toEqual([
			["inheritMainRules", "invalid_value", "use true or false (unquoted)"],
			["inheritSkills", "invalid_value", "use true or false (unquoted)"],
			["systemPromptMode", "invalid_value", 'use "append" or "replace"'],
			["skills", "invalid_value", 'use a list of skill names, such as ["changelog"], or [] for none'],
			["inheritPrompt", "invalid_value", 'use "full" or "portable"'],
		]);
	});

	it("pass with values of the right kind", () => {
		const call = {
			goal: "g",
			inheritProjectContext: false,
			inheritMainRules: true,
			inheritSkills: false,
			systemPromptMode: "replace",
			skills: [],
			inheritPrompt: "portable",
		} as TaskParams;
		expect(problems(call)).toEqual([]);
	});
});

describe("a key that is no field of the call", () => {
	it("is refused with the field it was likely meant to be, at the top level and inside tasks", () => {
		const found = problems({
			goal: "g",
			read_only: false,
			roots: ["src"],
			write_alowed: ["src"],
			tasks: undefined,
		}).map((p) => [formatPath(p), p.code, p.fix]);
		expect(found).toEqual([["write_alowed", "unknown_key", 'rename it to "write_allowed"']]);
		const inside = problems({ tasks: [{ goal: "a" }, { goal: "b", sanbox: "off", colour: "red" }] });
		expect(inside.map((p) => [formatPath(p), p.message])).toEqual([
			["tasks[1].sanbox", 'unknown field "sanbox" in a task of tasks (did you mean "sandbox"?)'],
			["tasks[1].colour", 'unknown field "colour" in a task of tasks'],
		]);
		expect(inside[1]!.fix).toMatch(/^remove it; the fields of a task of tasks are: id, goal, deliverable, /);
	});

	it("inside tasks is only a task's field: the call-wide ones (budget, evidence) stay at the top", () => {
		const found = problems({ tasks: [{ goal: "a", budget: { turns: 2 } }] });
		expect(found.map((p) => [formatPath(p), p.code])).toEqual([["tasks[0].budget", "unknown_key"]]);
		expect(tasks({ tasks: [{ goal: "a" }], budget: { turns: 2 } })[0]!.spec.budget).toEqual({ turns: 2 });
	});
});

describe("the fields the model's schema leaves out (the rarely set ones, accept, exclude, network, git_writes, evidence)", () => {
	it("are no property of the schema sent, and the tool's description names every one", () => {
		const sent = Object.keys(TaskParamsSchema.properties);
		for (const field of [...UNLISTED_FIELD_NAMES, ...CONTEXT_FIELD_NAMES]) expect(sent).not.toContain(field);
		expect([...UNLISTED_FIELD_NAMES].sort()).toEqual([
			"accept",
			"apply",
			"budget",
			"commands",
			"deliverable",
			"evidence",
			"exclude",
			"facts",
			"files",
			"git_writes",
			"id",
			"network",
			"sandbox",
			"tail",
		]);
		const also = TASK_TOOL_DESCRIPTION.split("\n").at(-1)!;
		for (const field of [...UNLISTED_FIELD_NAMES, ...CONTEXT_FIELD_NAMES])
			expect(also).toMatch(new RegExp(`\\b${field}\\b`));
		expect(CONTEXT_FIELD_NAMES).toContain("contextMode");
		expect(CONTEXT_FIELD_NAMES).toContain("inheritSkills");
		// The budget's keys are named, not defined: Pi coerces nothing in it.
		for (const key of ["wall_s", "usd", "turns", "accept_s"]) expect(also).toContain(key);
	});

	it("resume is no property of the schema sent either, and the description's Also line names it", () => {
		expect(Object.keys(TaskParamsSchema.properties)).not.toContain("resume");
		expect(TASK_TOOL_DESCRIPTION.split("\n").at(-1)).toMatch(/\bresume\b/);
		expect(FORK_TOOL_DESCRIPTION.split("\n").at(-1)).toMatch(/\bresume\b/);
		const out = requestChildren("task", { tasks: [{ goal: "a", resume: "lexer" }, { goal: "b" }] }, place());
		const [resumed, fresh] = (out.ok ? out.children : []) as TaskRequest[];
		// A resumed task takes what the call leaves out from the run it continues: no default is filled in.
		expect(resumed).toMatchObject({ resume: { run: "lexer", where: { path: ["tasks", 0, "resume"] } }, defaults: [] });
		expect(resumed!.spec).toEqual({ goal: "a" });
		expect(fresh!.resume).toBeUndefined();
		expect(fresh!.defaults.map((d) => d.field)).toContain("roots");
		expect(problems({ goal: "a", resume: 3 }).map((p) => [formatPath(p), p.code])).toEqual([
			["resume", "invalid_type"],
		]);
	});

	it("are read from the call and its tasks (evidence only at the top), and refused when misspelt", () => {
		const [t] = tasks({
			tasks: [{ goal: "a", exclude: ["dist"], network: true, git_writes: true }],
			evidence: "optional",
		});
		expect(t!.spec).toMatchObject({
			exclude: ["/work/app/dist"],
			network: true,
			git_writes: true,
			evidence: "optional",
		});
		expect(problems({ tasks: [{ goal: "a", evidence: "optional" }] }).map(formatPath)).toEqual(["tasks[0].evidence"]);
		expect(problems({ goal: "g", netwrok: true }).map((p) => p.fix)).toEqual(['rename it to "network"']);
	});

	it('are refused by the spec\'s check with a value of the wrong kind: a quoted "true" widens nothing', () => {
		const [t] = tasks({
			goal: "g",
			deliverable: "d",
			roots: ["/"],
			network: "true",
			git_writes: 1,
			evidence: "maybe",
			budget: { wall_s: "60" },
		});
		const checked = loadSpecObject({ ...t!.spec, roots: [process.cwd()] }, { cwd: process.cwd() });
		expect(checked.ok).toBe(false);
		const paths = checked.ok ? [] : checked.problems.map(formatPath);
		expect(paths).toEqual(expect.arrayContaining(["network", "git_writes", "evidence", "budget.wall_s"]));
	});
});
