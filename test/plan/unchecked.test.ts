/**
 * An unchecked child is decided by the same pieces as a task child: the same view for the same kind and
 * mode (so the same system prompt and cached prefix), the same model decision; only its tools are
 * its own, and they default to reading.
 */
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../src/agents/load.ts";
import type { TaskInputs } from "../../src/plan/types.ts";
import { formatPath } from "../../src/problems.ts";
import { planUnchecked, type UncheckedAsk } from "../support/plan-task.ts";
import { gitRepo, spec, taskHarness } from "../support/task-fixture.ts";

describe("the one planner, for an unchecked child", async () => {
	const h = await taskHarness();
	const root = gitRepo({ "a.txt": "a\n" });
	const agents = loadAgents({ cwd: root, home: h.faux.agentDir, agentDir: h.faux.agentDir, projectTrusted: false });
	const plainOf = (change: Partial<TaskInputs> = {}, more: Partial<UncheckedAsk> = {}) => {
		const { spec: _spec, ...rest } = h.inputs(spec({ roots: [root] }), { agents, ...change });
		return planUnchecked(rest, {
			id: "p",
			prompt: "say hi",
			effort: "balanced",
			budget: { wall_s: 9, usd: 1, turns: 3 },
			...more,
		});
	};

	it("sends the system prompt a task child of the same kind and mode sends, with the prompt as its first message", () => {
		const planned = plainOf();
		if (!planned.ok) throw new Error(planned.what);
		const task = h.plan(spec({ roots: [root] }), { agents });
		expect(planned.plan.child.prompt).toEqual(task.child.prompt);
		expect(planned.plan.child.firstMessage).toBe("say hi");
		expect(planned.plan.model).toEqual(task.model);
		expect(planned.plan.runner).toEqual(task.runner);
		expect(planned.plan.kind).toBe("unchecked");
	});

	it("reads only, unless the caller or the agent file names its tools", () => {
		const plain = plainOf();
		expect(plain.ok && plain.plan.child.tools).toEqual(["read", "grep", "find", "ls", "submit_result"]);
		const asked = plainOf(
			{},
			{ childTools: { names: ["read", "bash"], where: { path: ["agent(1)", "options", "tools"] } } },
		);
		expect(asked.ok && asked.plan.child.tools).toEqual(["read", "bash", "submit_result"]);
		const worker = plainOf({
			request: { ...h.inputs(spec({ roots: [root] })).request, agent: { name: "worker", where: { path: ["t"] } } },
		});
		expect(worker.ok && worker.plan.child.tools).toContain("edit");
	});

	it("refuses a tool that does not exist, naming where it was asked for", () => {
		const planned = plainOf({}, { childTools: { names: ["reed"], where: { path: ["agent(1)", "options", "tools"] } } });
		expect(planned.ok).toBe(false);
		if (planned.ok) return;
		expect(planned.problems[0]).toMatchObject({ path: ["agent(1)", "options", "tools", 0], value: "reed" });
		expect(planned.problems[0] && formatPath(planned.problems[0])).toBe("agent(1).options.tools[0]");
		expect(planned.problems[0]?.message).toContain('(did you mean "read"?)');
	});

	it("follows the same precedence as a task: a per-call field over the run-level mode", () => {
		const request = {
			...h.inputs(spec({ roots: [root] })).request,
			runMode: "isolated",
			call: { systemPromptMode: "append" as const },
		};
		const planned = plainOf({ request });
		if (!planned.ok) throw new Error(planned.what);
		expect(planned.plan.child.context.decisions.systemPromptMode).toMatchObject({
			value: "append",
			layer: "call-field",
		});
		expect(planned.plan.child.context.decisions.inheritProjectContext).toMatchObject({
			value: false,
			layer: "run-mode",
		});
	});
});
