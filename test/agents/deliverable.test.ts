/** The `deliverable:` key of an agent file: what a task run as the agent hands back when the call names nothing. */
import { describe, expect, it } from "vitest";
import type { AgentSource } from "../../src/agents/definition.ts";
import { parseAgentFile } from "../../src/agents/parse.ts";

const source: AgentSource = { scope: "project", file: "/p/.pi/agents/reviewer.md", label: ".pi/agents/reviewer.md" };
const parse = (front: string) => parseAgentFile(`---\n${front}\n---\nYou review.\n`, source);

describe("deliverable:", () => {
	it("is a native key, read trimmed into the definition", () => {
		const parsed = parse("description: Reviews\ndeliverable:   Findings, each with file:line  ");
		expect(parsed.problems).toEqual([]);
		expect(parsed.definition?.deliverable).toBe("Findings, each with file:line");
	});

	it("is absent when the file sets none", () => {
		expect(parse("description: Reviews").definition).not.toHaveProperty("deliverable");
	});

	it("must be text; a list or an empty value is refused with the fix", () => {
		const listed = parse("description: Reviews\ndeliverable: [a, b]");
		expect(listed.problems).toEqual([
			expect.objectContaining({
				source: ".pi/agents/reviewer.md",
				path: ["deliverable"],
				message: expect.stringContaining("not a list"),
			}),
		]);
		expect(parse("description: Reviews\ndeliverable:").problems[0]?.message).toBe("deliverable has no value");
	});

	it("a near miss is a typo, not a silent default", () => {
		expect(parse("description: Reviews\ndeliverables: x").problems[0]?.message).toContain('did you mean "deliverable"');
	});
});
