/**
 * A run-level mode the operator names must exist: the default standing in for a misspelt
 * `isolated` would show every child more of the parent than was asked for. A call's or an agent's
 * unknown mode stays a warning (its own layer falls back; the run's layers still stand beneath).
 */
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../src/agents/load.ts";
import { type ContextMode, createModeRegistry } from "../../src/context/modes.ts";
import { unknownRunMode } from "../../src/context/resolve.ts";
import { planTask, planUnchecked } from "../support/plan-task.ts";
import { gitRepo, spec, taskHarness } from "../support/task-fixture.ts";

const LEAN: ContextMode = {
	name: "lean",
	primitives: {
		inheritProjectContext: false,
		inheritMainRules: false,
		inheritSkills: false,
		systemPromptMode: "append",
	},
	description: "",
	source: { kind: "settings", scope: "project", file: "/p/.pi/settings.json", label: ".pi/settings.json" },
};

describe("unknownRunMode", () => {
	const registry = createModeRegistry([LEAN]);

	it("accepts built-in modes, aliases, project modes and no mode at all", () => {
		for (const name of ["focused", "isolated", "scoped", "legacy", "inherit", "lean", undefined])
			expect(unknownRunMode(registry, name)).toBeUndefined();
	});

	it("names the flag, the value, the nearest name and every valid one", () => {
		expect(unknownRunMode(registry, "isolatd")).toMatchObject({
			source: "--mode",
			path: [],
			code: "not_found",
			value: "isolatd",
			message: 'unknown context mode "isolatd" (did you mean "isolated"?)',
			fix: expect.stringContaining("use one of: focused, isolated, scoped, legacy, lean, inherit"),
		});
	});

	it("matches exactly: a capitalised name is not the mode", () => {
		expect(unknownRunMode(registry, "Isolated")?.message).toContain('did you mean "isolated"?');
		expect(unknownRunMode(registry, "")).toBeDefined();
	});
});

describe("the planners refuse an unknown run-level mode", async () => {
	const h = await taskHarness();
	const root = gitRepo({ "a.txt": "a\n" });
	const agents = loadAgents({ cwd: root, home: h.faux.agentDir, agentDir: h.faux.agentDir, projectTrusted: false });

	it("planTask: no plan, the mode's problem alone", () => {
		const inputs = h.inputs(spec({ roots: [root] }), { agents });
		const planned = planTask({ ...inputs, request: { ...inputs.request, runMode: "focussed" } });
		expect(planned.ok).toBe(false);
		if (planned.ok) return;
		expect(planned.plan).toBeUndefined();
		expect(planned.what).toBe("the run-level context mode does not exist");
		expect(planned.problems).toHaveLength(1);
		expect(planned.problems[0]).toMatchObject({ value: "focussed", code: "not_found" });
	});

	it("planTask: a known run-level mode plans, and decides what it says", () => {
		const inputs = h.inputs(spec({ roots: [root] }), { agents });
		const planned = planTask({ ...inputs, request: { ...inputs.request, runMode: "isolated" } });
		if (!planned.ok) throw new Error(planned.what);
		expect(planned.plan.child.context.decisions.inheritProjectContext).toMatchObject({
			value: false,
			layer: "run-mode",
		});
		expect(planned.plan.warnings).toEqual([]);
	});

	it("an unchecked child: refused the same way", () => {
		const { spec: _spec, ...rest } = h.inputs(spec({ roots: [root] }), { agents });
		const planned = planUnchecked(
			{ ...rest, request: { ...rest.request, runMode: "scopd" } },
			{
				id: "p",
				prompt: "say hi",
				effort: "balanced",
				budget: { wall_s: 9, usd: 1, turns: 3 },
			},
		);
		expect(planned.ok).toBe(false);
		if (planned.ok) return;
		expect(planned.problems[0]?.message).toContain('did you mean "scoped"?');
	});
});
