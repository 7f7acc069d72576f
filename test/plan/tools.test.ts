/**
 * The tools `planTask` gives a task child: its authority's (reading tools for a read-only task, bash
 * only when it lists commands; editing tools and bash for a write task), an agent's list narrowing
 * them with a warning for what it cannot have, a name the session lacks refused, and `submit_result`
 * last, once, whatever the list.
 */
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { agentsOf, CWD, planOf, refusalOf, specOf } from "../support/plan-inputs.ts";

const asAgent = (tools: string) => ({
	agents: agentsOf({ rev: { front: `description: reviews\ntools: ${tools}` } }),
	request: { agent: { name: "rev", where: { source: "--agent", path: [] } }, extensions: [] },
});
const writer = () => specOf({ read_only: false, write_allowed: [CWD] });

describe("the plan's tools", () => {
	it("gives a read-only task the reading tools and submit_result, and nothing that changes files", () => {
		expect(planOf().child.tools).toEqual(["read", "grep", "find", "ls", "submit_result"]);
	});

	it("adds bash to a read-only task only when it lists commands to run", () => {
		expect(planOf({ spec: specOf({ context: { commands: ["npm test"] } }) }).child.tools).toEqual([
			"read",
			"grep",
			"find",
			"ls",
			"bash",
			"submit_result",
		]);
	});

	it("gives a write task the editing tools and bash", () => {
		expect(planOf({ spec: writer() }).child.tools).toEqual([
			"read",
			"edit",
			"write",
			"bash",
			"grep",
			"find",
			"ls",
			"submit_result",
		]);
	});

	it("narrows to an agent's list, and warns about what the agent lists that the authority does not allow", () => {
		const plan = planOf(asAgent("read, bash, submit_result"));
		expect(plan.child.tools).toEqual(["read", "submit_result"]);
		expect(plan.warnings).toEqual([
			{
				source: ".pi/agents/rev.md",
				path: ["tools"],
				code: "conflict",
				value: ["bash"],
				message: "the agent lists bash, which this task's authority does not allow (read-only task); left out",
				fix: "give the task write_allowed roots if it must change files",
			},
		]);
	});

	it("never widens a write task beyond its authority either, and says there is nothing to do", () => {
		const plan = planOf({ ...asAgent("read, write, edit"), spec: writer() });
		expect(plan.child.tools).toEqual(["read", "edit", "write", "submit_result"]);
		expect(plan.warnings).toEqual([]);
	});

	it("refuses an agent that names a tool the session does not have, naming the file, the entry and the choices", () => {
		const refused = refusalOf(asAgent("read, grpe"));
		expect(refused.what).toBe('the agent "rev" names tools that do not exist');
		expect(refused.problems.map(formatPath)).toEqual([".pi/agents/rev.md: tools[1]"]);
		expect(refused.problems[0]).toMatchObject({
			code: "not_found",
			value: "grpe",
			message: expect.stringContaining('(did you mean "grep"?)'),
			fix: "remove it, load the extension that provides it, or use one of: bash, edit, find, grep, ls, read, submit_result, write",
		});
	});

	it("keeps an agent's command rules only when the child has bash", () => {
		const rules = (tools: string) =>
			planOf({
				agents: agentsOf({
					rev: {
						front: `description: reviews\ntools: ${tools}\npermission:\n  bash:\n    "*": deny\n    "git diff*": allow`,
					},
				}),
				request: { agent: { name: "rev", where: { source: "--agent", path: [] } }, extensions: [] },
				spec: specOf({ context: { commands: ["git diff"] } }),
			}).commands;
		expect(rules("read, bash")).toHaveLength(1);
		expect(rules("read")).toBeUndefined();
	});
});
