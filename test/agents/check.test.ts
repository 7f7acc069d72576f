import { describe, expect, it } from "vitest";
import { checkAgentTools } from "../../src/agents/check.ts";
import type { AgentDefinition } from "../../src/agents/definition.ts";
import { formatPath } from "../../src/problems.ts";

const agent = (tools?: string[]): AgentDefinition => ({
	name: "scout",
	description: "d",
	role: "r",
	...(tools ? { tools } : {}),
	context: {},
	nameFromFile: false,
	notes: [],
	ignoredKeys: [],
	source: { scope: "project", file: "/p/.pi/agents/scout.md", label: ".pi/agents/scout.md" },
});

describe("checkAgentTools", () => {
	it("passes when every listed tool exists, and when none are listed", () => {
		expect(checkAgentTools(agent(["read", "grep"]), ["read", "grep", "bash"])).toEqual([]);
		expect(checkAgentTools(agent([]), [])).toEqual([]);
		expect(checkAgentTools(agent(), ["read"])).toEqual([]);
	});

	it("makes every missing tool an error with its index and a suggestion", () => {
		const problems = checkAgentTools(agent(["read", "grpe", "lint"]), ["read", "grep", "bash"]);
		expect(problems.map((p) => [formatPath(p), p.value])).toEqual([
			[".pi/agents/scout.md: tools[1]", "grpe"],
			[".pi/agents/scout.md: tools[2]", "lint"],
		]);
		expect(problems[0]?.message).toContain('did you mean "grep"?');
		expect(problems[1]?.fix).toContain("bash, grep, read");
	});
});
