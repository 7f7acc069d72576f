/**
 * The plan decides a task's acceptance commands: the spec's own list, else its agent file's, with
 * their shared budget. `preview` shows them, and the child's brief lists them so it can run them
 * first; a spec without them plans and briefs as before. An agent file's `accept:` is held strictly.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../../src/agents/parse.ts";
import { decideAccept } from "../../src/plan/accept.ts";
import { entryPlace, requestChildren } from "../../src/plan/request.ts";
import type { TaskRequest } from "../../src/plan/request-types.ts";
import { formatPath } from "../../src/problems.ts";
import { taskBrief } from "../../src/prompt/task-brief.ts";
import { DEFAULT_ACCEPT_S } from "../../src/request/limits.ts";
import { namesOf } from "../../src/request/table.ts";
import { validateSpec } from "../../src/spec/validate.ts";
import { runCli } from "../support/cli.ts";
import { makeProject } from "../support/project.ts";
import { REPO_ONLY } from "../support/spec-probe.ts";

/** The text with every run of whitespace as one space, so a wrapped table row can be matched. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const budget = { wall_s: 60, usd: 1, turns: 5 };

describe("decideAccept", () => {
	it("takes the spec's list and budget, else the agent's list, else none", () => {
		const agent = { name: "tester", accept: ["npm run lint"] };
		expect(decideAccept({ accept: ["npm test"], budget: { ...budget, accept_s: 9 } }, agent)).toEqual({
			commands: ["npm test"],
			budget_s: 9,
			reason: "the spec's accept",
		});
		expect(decideAccept({ budget }, agent)).toEqual({
			commands: ["npm run lint"],
			budget_s: DEFAULT_ACCEPT_S,
			reason: 'the agent "tester" sets accept',
		});
		expect(decideAccept({ budget }, { name: "plain" })).toBeUndefined();
	});
});

function project(agent: string) {
	const p = makeProject({ "project:.pi/agents/tester.md": agent });
	writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
	return p;
}

const TESTER = "---\nname: tester\ndescription: Fixes tests.\naccept:\n  - npm run lint\n---\nFix it.\n";

async function preview(p: ReturnType<typeof project>, spec: object, ...args: string[]) {
	const file = join(p.cwd, "spec.json");
	writeFileSync(file, JSON.stringify({ id: "fix", goal: "Fix it.", deliverable: "A list.", roots: [p.cwd], ...spec }));
	return runCli(["preview", "--spec", file, ...args], {
		cwd: p.cwd,
		env: { HOME: p.home, PI_CODING_AGENT_DIR: p.agentDir },
	});
}

describe("preview of a task with acceptance commands", () => {
	it("shows each command as a decision of the plan, and the brief lists them", async () => {
		const p = project(TESTER);
		const r = await preview(p, { accept: ["npm test", "npm run build"], budget: { accept_s: 120 } });
		expect(r.code).toBe(0);
		expect(flat(r.stdout)).toMatch(/accept npm test the spec's accept; run after the child, 120 s together/);
		expect(r.stdout).toMatch(/accept\s+npm run build/);
		expect(r.stdout).toContain("## Acceptance commands\nWhen you have finished, pi-delegate runs these itself");
		expect(r.stdout).toContain("- `npm test`\n- `npm run build`");
	});

	it("takes an agent file's accept: when the spec names none", async () => {
		const r = await preview(project(TESTER), {}, "--agent", "tester");
		expect(r.code).toBe(0);
		expect(flat(r.stdout)).toMatch(/accept npm run lint the agent "tester" sets accept; run after the child, 300 s/);
		expect(r.stdout).toContain("- `npm run lint`");
	});

	it("plans and briefs a task without them as before", async () => {
		const r = await preview(project(TESTER), {});
		expect(r.code).toBe(0);
		expect(r.stdout).not.toContain("Acceptance commands");
		expect(r.stdout).not.toMatch(/^\s*accept\s/m);
	});
});

describe("the brief", () => {
	it("lists the commands only when there are some", () => {
		const spec = {
			id: "t",
			goal: "g",
			deliverable: "d",
			effort: "balanced",
			read_only: true,
			roots: ["/r"],
			write_allowed: [],
			exclude: [],
			context: { facts: [], files: [], commands: [] },
			budget,
			evidence: "required",
			sandbox: undefined,
			network: false,
			git_writes: false,
			resolved: { roots: ["/r"], write_allowed: [], watched_only: ["/r"], exclude: [] },
		} as const;
		expect(taskBrief(spec)).not.toContain("Acceptance");
		const brief = taskBrief(spec, undefined, { commands: ["npm test"], budget_s: 30 });
		expect(brief).toContain("within 30 s together");
		expect(brief).toContain("- `npm test`");
	});
});

describe("accept: in an agent file", () => {
	const source = { label: "tester.md", file: "/a/tester.md", scope: "project" } as const;
	const problemsOf = (text: string) => parseAgentFile(text, source).problems;

	it("takes a list of command lines", () => {
		const parsed = parseAgentFile(
			"---\nname: tester\ndescription: d\naccept: [npm test, make check]\n---\nx\n",
			source,
		);
		expect(parsed.problems).toEqual([]);
		expect(parsed.definition?.accept).toEqual(["npm test", "make check"]);
	});

	it("refuses a value that is not a list of command lines, naming the field", () => {
		for (const bad of ["accept: npm test", "accept: []", "accept:\n  - 3\n  - npm test", "accept:\n  - ''"]) {
			const problems = problemsOf(`---\nname: tester\ndescription: d\n${bad}\n---\nx\n`);
			expect(problems.map((p) => p.path)).toContainEqual(["accept"]);
		}
	});
});

describe("accept at each entry", () => {
	const place = { cwd: "/work/app", repoRoot: () => "/work", deliverableOf: () => undefined };

	it("the task tool takes it into the spec, for every task of a call that shares it", () => {
		const out = requestChildren("task", { tasks: [{ goal: "a" }, { goal: "b" }], accept: ["npm test"] }, place);
		expect(out.ok && out.children.map((c) => (c as TaskRequest).spec.accept)).toEqual([["npm test"], ["npm test"]]);
	});

	it("the task tool passes a command that is not a string on to the spec's check, which refuses it by its path", () => {
		const out = requestChildren(
			"task",
			{ goal: "a", deliverable: "d", roots: ["/v/repo"], accept: ["npm test", 3] },
			place,
		);
		if (!out.ok) throw new Error(JSON.stringify(out.problems));
		const spec = (out.children[0] as TaskRequest).spec;
		const checked = validateSpec(spec, REPO_ONLY);
		const problems = checked.ok ? [] : checked.problems;
		expect(problems.map((p) => formatPath(entryPlace("task", { path: [] }, p)))).toEqual(["accept[1]"]);
	});

	it("agent() takes it for a checked task, and refuses it for an unchecked child", () => {
		const checked = requestChildren("workflow", { accept: ["make check"] }, place, { prompt: "p" });
		expect(checked.ok && (checked.children[0] as TaskRequest).spec.accept).toEqual(["make check"]);
		const unchecked = requestChildren("workflow", { accept: ["make check"], check: false }, place, { prompt: "p" });
		expect(unchecked.ok).toBe(false);
		expect(unchecked.ok ? [] : unchecked.problems.map((p) => [formatPath(p), p.code])).toEqual([
			["accept", "conflict"],
		]);
	});

	it("a fork and the fork tool do not take it", () => {
		expect(namesOf("fork")).not.toContain("accept");
		expect(namesOf("task")).toContain("accept");
		expect(namesOf("workflow")).toContain("accept");
	});
});
