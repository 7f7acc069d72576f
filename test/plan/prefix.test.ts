/**
 * The prefix key `planTask` gives a child: equal for siblings that send the same model, tools and
 * system prompt (what a provider caches, in that order), so the prefix gate can hold one until
 * another has cached it; different as soon as any of those differs. What differs per task — its
 * id, goal, roots, budget — travels in the first message and leaves the key alone.
 */
import { describe, expect, it } from "vitest";
import { CWD, OTHER, PARENT, planOf, specOf } from "../support/plan-inputs.ts";

const key = (change: Parameters<typeof planOf>[0] = {}) => planOf(change).prefixKey;

describe("the plan's prefix key", () => {
	it("is equal for siblings that differ only in what their first message says", () => {
		const sibling = key({
			spec: specOf({ id: "other", goal: "Check the lexer.", roots: [OTHER], budget: { usd: 1 }, effort: "deep" }),
		});
		expect(sibling).toBe(key());
		expect(key()).toMatch(/^[0-9a-f]{64}$/);
	});

	it("differs when the model differs", () => {
		expect(key({ request: { model: "anthropic/claude-haiku-4-5", extensions: [] } })).not.toBe(key());
	});

	it("differs when the tools differ", () => {
		expect(key({ spec: specOf({ read_only: false, write_allowed: [CWD] }) })).not.toBe(key());
		expect(key({ spec: specOf({ context: { commands: ["npm test"] } }) })).not.toBe(key());
	});

	it("differs when the system prompt's inputs differ", () => {
		const withRules = { options: { ...PARENT.options, appendSystemPrompt: "Always run the tests." } };
		expect(key({ parent: withRules, request: { call: { contextMode: "legacy" }, extensions: [] } })).not.toBe(
			key({ request: { call: { contextMode: "legacy" }, extensions: [] } }),
		);
		expect(key({ request: { call: { systemPromptMode: "replace" }, extensions: [] } })).not.toBe(key());
	});

	it("differs in another working directory or under another Pi, which render other bytes", () => {
		expect(key({ cwd: OTHER })).not.toBe(key());
		expect(key({ piVersion: "1.5.0" })).not.toBe(key());
	});
});
