import { describe, expect, it } from "vitest";
import { buildAgentCatalog } from "../../src/agents/catalog.ts";
import { agentContextLayer } from "../../src/agents/definition.ts";
import { createModeRegistry } from "../../src/context/modes.ts";
import { formatProvenance, resolveContext } from "../../src/context/resolve.ts";
import { selectSkills } from "../../src/context/skills.ts";
import { formatPath } from "../../src/problems.ts";

describe("an agent file and a call, resolved together", () => {
	const catalog = buildAgentCatalog([
		{
			scope: "project",
			file: "/p/.pi/agents/reviewer.md",
			label: ".pi/agents/reviewer.md",
			text: "---\ndescription: reviews\ncontextMode: scoped\nskills: [sql-reviw]\n---\nYou review.\n",
		},
	]);
	const reviewer = catalog.agents.get("reviewer");

	it("gives the call's fields precedence and blames the agent file for its own choices", () => {
		if (!reviewer) throw new Error("expected the reviewer agent");
		const resolved = resolveContext({
			registry: createModeRegistry(),
			call: { inheritMainRules: true },
			agent: agentContextLayer(reviewer),
			runMode: "legacy",
		});
		expect(formatProvenance(resolved)).toEqual([
			'inheritProjectContext: true — agent .md mode "scoped"',
			"inheritMainRules: true — per-call field",
			'inheritSkills: false — agent .md mode "scoped"',
			'systemPromptMode: replace — agent .md mode "scoped"',
			"skills: [sql-reviw] — agent .md skills (.pi/agents/reviewer.md)",
		]);
		const skills = selectSkills([{ name: "sql-review" }, { name: "langfuse" }], {
			inheritSkills: resolved.primitives.inheritSkills,
			allowlist: resolved.skills.value,
			where: resolved.skills.where,
		});
		expect(skills.skills).toEqual([]);
		expect(skills.warnings[0] && formatPath(skills.warnings[0])).toBe(".pi/agents/reviewer.md: skills[0]");
		expect(skills.warnings[0]?.message).toContain('did you mean "sql-review"?');
	});
});
