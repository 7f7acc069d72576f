/**
 * A task child's budget in the plan: the defaults of its effort, and each limit the spec gives in
 * their place.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_BUDGETS } from "../../src/request/limits.ts";
import { planOf, specOf } from "../support/plan-inputs.ts";

describe("the plan's budget", () => {
	it("is the effort's default: seconds, dollars and turns", () => {
		expect(planOf().budget).toEqual({ wall_s: 900, usd: 2, turns: 100 });
		expect(planOf({ spec: specOf({ effort: "fast" }) }).budget).toEqual({ wall_s: 300, usd: 0.5, turns: 40 });
		expect(planOf({ spec: specOf({ effort: "deep" }) }).budget).toEqual(DEFAULT_BUDGETS.deep);
	});

	it("takes each limit the spec gives, keeping the effort's default for the others", () => {
		const plan = planOf({ spec: specOf({ effort: "fast", budget: { usd: 0.25 } }) });
		expect(plan.budget).toEqual({ wall_s: 300, usd: 0.25, turns: 40 });
		expect(plan.spec.budget).toEqual(plan.budget);
	});
});
