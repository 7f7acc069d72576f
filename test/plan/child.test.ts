import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../../src/agents/parse.ts";
import { kindFromAgent } from "../../src/plan/child.ts";
import { DEFAULT_CHILD_TOOLS, withSubmit } from "../../src/plan/tools.ts";
import { TASK_WORKER } from "../../src/prompt/task-worker.ts";

const SOURCE = { scope: "project" as const, file: "/p/.pi/agents/reviewer.md", label: ".pi/agents/reviewer.md" };

describe("agent definitions as child kinds", () => {
	it("takes the body as the role and the frontmatter as the agent layer, labelled with its file", () => {
		const text =
			"---\nname: reviewer\ndescription: Reviews.\ncontextMode: scoped\ninheritPrompt: portable\nskills: []\n---\nJudge the diff.\n";
		const parsed = parseAgentFile(text, SOURCE);
		expect(parsed.problems).toEqual([]);
		const kind = kindFromAgent(parsed.definition!);
		expect(kind).toEqual({
			name: "reviewer",
			role: "Judge the diff.",
			context: { contextMode: "scoped", skills: [], label: ".pi/agents/reviewer.md" },
			inheritPrompt: "portable",
			source: ".pi/agents/reviewer.md",
		});
	});
});

describe("a child's tools", () => {
	it("are the listed ones plus submit_result, once and last", () => {
		expect(withSubmit(["read", "grep"])).toEqual(["read", "grep", "submit_result"]);
		expect(withSubmit(["submit_result", "read", "read"])).toEqual(["read", "submit_result"]);
	});

	it("an empty list means no tools but submit_result", () => {
		expect(withSubmit([])).toEqual(["submit_result"]);
		expect(withSubmit(DEFAULT_CHILD_TOOLS)).toEqual([...DEFAULT_CHILD_TOOLS, "submit_result"]);
	});
});

describe("the task worker", () => {
	it("has a stable role that claims no tools and holds nothing per-run", () => {
		expect(TASK_WORKER.name).toBe("task-worker");
		for (const tool of ["bash", "edit", "write", "grep", "find", "ls", "submit_result"])
			expect(TASK_WORKER.role).not.toMatch(new RegExp(`\\b${tool}\\b`));
		expect(TASK_WORKER.role).not.toMatch(/\d{4}-\d{2}-\d{2}|\/tmp\//);
	});
});
