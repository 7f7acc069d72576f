/**
 * The warnings `planTask` puts in a plan: what the caller should know of a decision that still let
 * the child be planned — an agent's model that stood aside, an agent's tools the authority left out,
 * a context field that fell back. Each has the place to fix it; the plan is made all the same, and
 * the warnings come in the order the decisions are taken (model, tools, view).
 */
import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { agentsOf, planOf } from "../support/plan-inputs.ts";

/** A session whose only provider with credentials is OpenAI: Claude's family alias has no one to serve it. */
const OPENAI_ONLY = [
	{ provider: "anthropic", id: "claude-sonnet-4-5", authenticated: false },
	{ provider: "openai", id: "gpt-5", authenticated: true },
];

describe("the plan's warnings", () => {
	it("are none for a plain task", () => {
		expect(planOf().warnings).toEqual([]);
	});

	it("name a context mode that does not exist, and the plan falls back to the default", () => {
		const plan = planOf({ request: { call: { contextMode: "focussed" }, extensions: [] } });
		expect(plan.warnings.map(formatPath)).toEqual(["call.contextMode"]);
		expect(plan.warnings[0]?.message).toMatch(/unknown context mode "focussed".*focused/);
		expect(plan.child.context.primitives).toEqual(planOf().child.context.primitives);
	});

	it("come in the order of the decisions: the agent's model, its tools, then the view", () => {
		const plan = planOf({
			models: OPENAI_ONLY,
			parentModel: { provider: "openai", id: "gpt-5" },
			agents: agentsOf({ rev: { front: "description: reviews\nmodel: sonnet\ntools: read, bash" } }),
			request: {
				agent: { name: "rev", where: { source: "--agent", path: [] } },
				call: { contextMode: "focussed" },
				extensions: [],
			},
		});
		expect(plan.warnings.map((w) => [formatPath(w), w.code])).toEqual([
			[".pi/agents/rev.md: model", "unavailable"],
			[".pi/agents/rev.md: tools", "conflict"],
			["call.contextMode", expect.any(String)],
		]);
		expect(plan.warnings[0]?.message).toBe(
			'no provider with credentials offers "sonnet", so the child runs on openai/gpt-5 (the parent\'s current model)',
		);
		expect(plan.model).toMatchObject({ provider: "openai", id: "gpt-5" });
		expect(plan.model.reason).toMatch(/^the parent's current model, in place of the agent's "sonnet"/);
	});
});
