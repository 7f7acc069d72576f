/**
 * The call hash, computed from real plans: it moves with everything that decides a child's result
 * and with nothing else, so a rerun replays exactly the calls that would be asked the same thing.
 */
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../src/agents/load.ts";
import type { PlanRequest } from "../../src/plan/types.ts";
import { callHash, hashParts, partDigests } from "../../src/workflow/hash.ts";
import { planUnchecked } from "../support/plan-task.ts";
import { gitRepo, spec, taskHarness } from "../support/task-fixture.ts";

const none: { given: string[] } = { given: [] };

describe("the call hash", async () => {
	const h = await taskHarness();
	const root = gitRepo({ "a.txt": "a\n" });
	const other = gitRepo({ "b.txt": "b\n" });
	const base = { roots: [root] };
	const agents = loadAgents({ cwd: root, home: h.faux.agentDir, agentDir: h.faux.agentDir, projectTrusted: false });
	const hashOf = (input: Record<string, unknown> = {}, request: Partial<PlanRequest> = {}, extras = none) => {
		const inputs = h.inputs(spec({ ...base, ...input }));
		return callHash(
			h.plan(spec({ ...base, ...input }), { agents, request: { ...inputs.request, ...request } }),
			extras,
		);
	};

	it("is the same for the same call, planned twice", () => {
		expect(hashOf()).toBe(hashOf());
	});

	it("changes with the prompt, the deliverable, the facts, the effort and the budget (all in the brief)", () => {
		const first = hashOf();
		for (const change of [
			{ goal: "another goal" },
			{ deliverable: "another deliverable" },
			{ context: { facts: ["a fact"] } },
			{ effort: "deep" },
			{ budget: { usd: 0.5 } },
		]) {
			expect(hashOf(change), JSON.stringify(change)).not.toBe(first);
		}
	});

	it("changes with the mode, a primitive, the skills allowlist and the strategy", () => {
		const first = hashOf();
		const calls = [
			{ contextMode: "isolated" },
			{ inheritMainRules: true },
			{ skills: [] },
			{ strategy: "portable" as const },
		];
		for (const call of calls) expect(hashOf({}, { call }), JSON.stringify(call)).not.toBe(first);
		expect(hashOf({}, { runMode: "scoped" })).not.toBe(first);
	});

	it("changes with the authority and the roots", () => {
		const first = hashOf();
		expect(hashOf({ read_only: false, write_allowed: [root] })).not.toBe(first);
		expect(hashOf({ roots: [root, other] })).not.toBe(first);
	});

	it("changes with the agent definition the child runs as, and with the results it was given", () => {
		const first = hashOf();
		expect(hashOf({}, { agent: { name: "scout", where: { path: ["test"] } } })).not.toBe(first);
		expect(hashOf({}, {}, { given: ["r1"] })).not.toBe(first);
		expect(hashOf({}, {}, { given: ["r1", "r2"] })).toBe(hashOf({}, {}, { given: ["r2", "r1"] }));
	});

	it("does not change with the runner: where a child runs does not change what it is asked", () => {
		expect(hashOf({}, { runner: "subprocess" })).toBe(hashOf({}, { runner: "in-process" }));
	});

	it("tells an unchecked child from a task with the same prompt, and names each part for the journal", () => {
		const inputs = h.inputs(spec(base));
		const { spec: _spec, ...rest } = inputs;
		const plain = planUnchecked(rest, { id: "t", prompt: "g", effort: "balanced", budget: inputs.spec.budget });
		if (!plain.ok) throw new Error(plain.what);
		const task = h.plan(spec(base));
		expect(callHash(plain.plan, none)).not.toBe(callHash(task, none));
		const parts = partDigests(hashParts(task, { schema: { type: "string" }, given: [] }));
		expect(Object.keys(parts)).toEqual([
			"kind",
			"firstMessage",
			"prefixKey",
			"primitives",
			"skills",
			"strategy",
			"model",
			"tools",
			"agent",
			"authority",
			"budget",
			"schema",
			"given",
		]);
		expect(parts.schema).not.toBe(partDigests(hashParts(task, none)).schema);
	});
});
