/**
 * OpenCode's permission rules in the order they are written: its last matching rule wins, so a
 * `"*"` after a tool's own permission decides in its place, and a block laid over another comes
 * after it (an entry it writes moves to the end).
 */
import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/agents/definition.ts";
import { layPermission } from "../../../src/agents/opencode/permission.ts";
import { parseAgentFile } from "../../../src/agents/parse.ts";

const source = { file: "/repo/.opencode/agents/a.md", label: ".opencode/agents/a.md", scope: "project" as const };

function agent(frontmatter: string): AgentDefinition {
	const parsed = parseAgentFile(`---\ndescription: d\n${frontmatter}\n---\nrole\n`, source);
	if (parsed.definition === undefined) throw new Error(JSON.stringify(parsed.problems));
	return parsed.definition;
}

describe("a block's order", () => {
	it('lets a "*" written last decide every tool, with a note for each permission it overrules', () => {
		const a = agent('permission:\n  read: allow\n  grep: allow\n  "*": deny');
		expect(a.tools).toEqual([]);
		expect(a.notes.map((n) => n.message)).toEqual(
			expect.arrayContaining([
				'permission.read never decides: "*" comes after it, and OpenCode\'s last matching rule wins (write "*" first)',
				'permission.grep never decides: "*" comes after it, and OpenCode\'s last matching rule wins (write "*" first)',
			]),
		);
	});

	it('keeps a "*" written first a fallback', () => {
		expect(agent('permission:\n  "*": deny\n  read: allow\n  grep: allow').tools).toEqual(["read", "grep"]);
	});

	it('replaces with "*" only the permissions before it: write keeps its own, edit\'s turn is "*"\'s', () => {
		const a = agent('permission:\n  edit: allow\n  "*": ask\n  write: allow\n  read: allow');
		expect(a.tools).toEqual(["read"]);
	});

	it("reads the rules list in order too", () => {
		const a = agent(
			'permissions:\n  - { action: read, resource: "*", effect: allow }\n  - { action: "*", resource: "*", effect: deny }',
		);
		expect(a.tools).toEqual([]);
		const b = agent(
			'permissions:\n  - { action: "*", resource: "*", effect: deny }\n  - { action: read, resource: "*", effect: allow }',
		);
		expect(b.tools).toEqual(["read"]);
	});
});

describe("layPermission", () => {
	it("puts what the upper block writes after the lower's, in the block and in a pattern map", () => {
		const merged = layPermission(
			{ "*": "deny", read: "allow", edit: { "*": "deny", "plans/*.md": "allow" } },
			{ read: "ask", edit: { "*": "allow" }, "*": "allow" },
		) as Record<string, unknown>;
		expect(Object.keys(merged)).toEqual(["read", "edit", "*"]);
		expect(merged.edit).toEqual({ "plans/*.md": "allow", "*": "allow" });
		expect(Object.keys(merged.edit as object)).toEqual(["plans/*.md", "*"]);
	});

	it("keeps the lower's order where the upper block is silent, and reads a bare action as *", () => {
		expect(Object.keys(layPermission({ "*": "deny", read: "allow" }, { bash: "deny" }) as object)).toEqual([
			"*",
			"read",
			"bash",
		]);
		expect(layPermission({ read: "allow" }, "deny")).toEqual({ read: "allow", "*": "deny" });
	});
});
