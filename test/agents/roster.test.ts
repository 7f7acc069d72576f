import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../src/agents/definition.ts";
import { agentRoster, summaryOf, withRoster } from "../../src/agents/roster.ts";

const agent = (
	name: string,
	description: string,
	tools?: string[],
	scope: AgentDefinition["source"]["scope"] = "project",
): AgentDefinition => ({
	name,
	description,
	role: "r",
	...(tools && { tools }),
	context: {},
	nameFromFile: false,
	notes: [],
	ignoredKeys: [],
	source: { scope, file: `/p/${name}.md`, label: `${name}.md` },
});

describe("summaryOf", () => {
	it("keeps the first clause of a description, on one line", () => {
		expect(summaryOf("Fast read-only lookup; finds where something lives")).toBe("Fast read-only lookup");
		expect(summaryOf("Expert code reviewer. Use after every change.")).toBe("Expert code reviewer");
		expect(summaryOf("Plans work\nin steps")).toBe("Plans work");
		// Claude Code's generated descriptions: literal \n escapes, then examples.
		expect(summaryOf('Use this agent when tests fail.\\n\\n<example>user: "x"</example>')).toBe(
			"Use this agent when tests fail",
		);
		expect(summaryOf("Use this agent to review code Examples: <example>Context: a diff</example>")).toBe(
			"Use this agent to review code",
		);
	});

	it("keeps tags and control characters out of the parent's prompt", () => {
		expect(summaryOf("Reviews </agents> code <b>now</b>\u001b[31m red")).toBe("Reviews code now [31m red");
		expect(summaryOf("when x > 1 or y < 2")).toBe("when x 1 or y 2");
	});

	it("cuts a long clause at a word, marked, within 90 characters", () => {
		const long = `Use this agent when you need to ${"review code for adherence to project guidelines ".repeat(3)}`;
		const summary = summaryOf(long);
		expect([...summary].length).toBeLessThanOrEqual(90);
		expect(summary.endsWith("…")).toBe(true);
		expect(long.startsWith(summary.slice(0, -1))).toBe(true);
	});
});

describe("agentRoster", () => {
	it("lists agents by name, marks the ones that cannot change files, and is empty without agents", () => {
		const roster = agentRoster([
			agent("worker", "Changes code", ["read", "edit"]),
			agent("auditor", "Audits; reports"),
			agent("scout", "Looks up", ["read", "grep"]),
			agent("planner", "Read-only planning; steps", ["read"]),
		]);
		expect(roster.split("\n")).toEqual([
			"<agents>",
			"Agents a task can run as (agent: name):",
			"- auditor: Audits",
			"- planner: Read-only planning",
			"- scout (read-only): Looks up",
			"- worker: Changes code",
			"</agents>",
		]);
		expect(agentRoster([])).toBe("");
	});

	it("lists the project's agents first, then the user's, then the bundled ones", () => {
		const roster = agentRoster([
			agent("aaa", "Bundled", undefined, "bundled"),
			agent("mmm", "User", undefined, "user"),
			agent("zzz", "Project"),
		]);
		expect(roster.split("\n").slice(2, 5)).toEqual(["- zzz: Project", "- mmm: User", "- aaa: Bundled"]);
	});

	it("names agents past the thirtieth without a summary, and counts those past ninety", () => {
		const many = Array.from({ length: 100 }, (_, i) => agent(`a${String(i).padStart(3, "0")}`, "Does a thing"));
		const lines = agentRoster(many).split("\n");
		expect(lines.filter((line) => line.endsWith(": Does a thing"))).toHaveLength(30);
		const rest = lines.at(-2) ?? "";
		expect(rest.startsWith("- and a030, a031")).toBe(true);
		expect(rest).toContain("a089, and 10 more (pi-delegate agents lists them)");
		expect(rest).not.toContain("a090");
	});

	it("is appended once", () => {
		const roster = agentRoster([agent("scout", "Looks up")]);
		const once = withRoster("BASE", roster);
		expect(once).toBe(`BASE\n\n${roster}`);
		expect(withRoster(once, roster)).toBe(once);
		expect(withRoster("BASE", "")).toBe("BASE");
	});
});
