import { describe, expect, it } from "vitest";
import { type AgentFileText, buildAgentCatalog, lookupAgent } from "../../src/agents/catalog.ts";
import { formatPath } from "../../src/problems.ts";

const agentFile = (scope: "project" | "user", fileName: string, front: string, body = "Role."): AgentFileText => {
	const dir = scope === "project" ? ".pi/agents" : "~/.pi/agent/agents";
	return {
		scope,
		file: `/${scope}/${fileName}.md`,
		label: `${dir}/${fileName}.md`,
		text: `---\n${front}\n---\n${body}\n`,
	};
};

describe("buildAgentCatalog", () => {
	it("lets a project agent win a name clash and reports the user's as shadowed", () => {
		const catalog = buildAgentCatalog([
			agentFile("user", "scout", "description: user scout\ntools: read"),
			agentFile("project", "scout", "description: project scout\ntools: read, grep"),
			agentFile("user", "planner", "description: plans"),
		]);
		expect(catalog.problems).toEqual([]);
		expect(catalog.agents.get("scout")?.description).toBe("project scout");
		expect(catalog.agents.get("planner")?.source.scope).toBe("user");
		expect(catalog.shadowed).toEqual([
			{
				name: "scout",
				hidden: { scope: "user", file: "/user/scout.md", label: "~/.pi/agent/agents/scout.md" },
				by: { scope: "project", file: "/project/scout.md", label: ".pi/agents/scout.md" },
			},
		]);
	});

	it("clashes on the declared name, not the file name", () => {
		const catalog = buildAgentCatalog([
			agentFile("user", "a", "name: reviewer\ndescription: user"),
			agentFile("project", "b", "name: reviewer\ndescription: project"),
		]);
		expect(catalog.agents.get("reviewer")?.description).toBe("project");
		expect(catalog.shadowed).toHaveLength(1);
	});

	it("keeps a broken project file's claim on its name, so the user's agent does not take over unseen", () => {
		const catalog = buildAgentCatalog([
			agentFile("user", "scout", "description: user scout"),
			agentFile("project", "scout", "description: project scout\nallowed-tools: read"),
		]);
		expect(catalog.agents.has("scout")).toBe(false);
		expect(catalog.broken.get("scout")?.map((s) => s.label)).toEqual([".pi/agents/scout.md"]);
		expect(catalog.shadowed.map((s) => s.hidden.label)).toEqual(["~/.pi/agent/agents/scout.md"]);
		const found = lookupAgent(catalog, "scout");
		expect(found.kind).toBe("broken");
		if (found.kind === "broken") expect(found.problem.message).toContain(".pi/agents/scout.md");
	});

	it("refuses two files of one scope claiming the same name, naming both", () => {
		const catalog = buildAgentCatalog([
			agentFile("project", "one", "name: twin\ndescription: a"),
			agentFile("project", "two", "name: twin\ndescription: b"),
		]);
		expect(catalog.agents.has("twin")).toBe(false);
		expect(catalog.problems.map((p) => formatPath(p))).toEqual([".pi/agents/one.md: name", ".pi/agents/two.md: name"]);
		expect(catalog.problems[0]?.message).toContain(".pi/agents/one.md, .pi/agents/two.md");
	});

	it("reports every problem in every file at once", () => {
		const catalog = buildAgentCatalog([
			agentFile("project", "a", "description: a\nthinking: huge"),
			agentFile("user", "b", "tools: 3"),
			agentFile("project", "ok", "description: fine"),
		]);
		expect(catalog.problems.map((p) => formatPath(p))).toEqual([
			".pi/agents/a.md: thinking",
			"~/.pi/agent/agents/b.md: tools",
			"~/.pi/agent/agents/b.md: description",
		]);
		expect([...catalog.agents.keys()]).toEqual(["ok"]);
	});
});

describe("lookupAgent", () => {
	const catalog = buildAgentCatalog([agentFile("project", "reviewer", "description: reviews")]);

	it("finds an agent by name", () => {
		const found = lookupAgent(catalog, "reviewer");
		expect(found.kind === "found" && found.agent.description).toBe("reviews");
	});

	it("suggests the near name for an unknown one and lists the rest", () => {
		const missing = lookupAgent(catalog, "reviwer", { path: ["call", "agent"] });
		expect(missing.kind).toBe("unknown");
		if (missing.kind !== "unknown") return;
		expect(missing.problem).toMatchObject({ path: ["call", "agent"], value: "reviwer" });
		expect(formatPath(missing.problem)).toBe("call.agent");
		expect(missing.problem.message).toContain('did you mean "reviewer"?');
		expect(missing.problem.fix).toBe("use one of: reviewer");
	});

	it("points OpenCode's path name of a nested file (team/reviewer) to the name it has here", () => {
		const missing = lookupAgent(catalog, "team/reviewer");
		expect(missing.kind === "unknown" && missing.problem.message).toBe(
			'no agent named "team/reviewer" (did you mean "reviewer"?)',
		);
	});
});
