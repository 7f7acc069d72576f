import { describe, expect, it } from "vitest";
import { type ModelInfo, resolveModelRef } from "../../src/agents/model-ref.ts";
import { formatPath } from "../../src/problems.ts";

const MODELS: ModelInfo[] = [
	{ provider: "anthropic", id: "claude-haiku-4-5", name: "Claude Haiku 4.5" },
	{ provider: "anthropic", id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5" },
	{ provider: "anthropic", id: "claude-sonnet-4-5-20250929", name: "Claude Sonnet 4.5" },
	{ provider: "anthropic", id: "claude-3-7-sonnet-latest", name: "Claude Sonnet 3.7" },
	{ provider: "amazon-bedrock", id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5 (Bedrock)" },
	{ provider: "openrouter", id: "qwen/qwen3-coder:exacto" },
	{ provider: "openrouter", id: "anthropic/claude-sonnet-4.5" },
	{ provider: "my/gateway", id: "model-a" },
];

const ok = (text: string, options: Partial<Parameters<typeof resolveModelRef>[1]> = {}) => {
	const result = resolveModelRef(text, { models: MODELS, ...options });
	if (!result.ok) throw new Error(`${text}: ${result.problem.message}`);
	return result;
};

describe("resolveModelRef", () => {
	it("takes provider/id exactly, ignoring case", () => {
		expect(ok("Anthropic/Claude-Haiku-4-5")).toMatchObject({
			provider: "anthropic",
			id: "claude-haiku-4-5",
			how: "exact",
		});
	});

	it("finds a provider-less id on the one provider that has it", () => {
		expect(ok("claude-haiku-4-5")).toMatchObject({ provider: "anthropic", id: "claude-haiku-4-5" });
	});

	it("resolves an alias to the newest undated model of the family, as Pi's --model does", () => {
		expect(ok("haiku")).toMatchObject({ provider: "anthropic", id: "claude-haiku-4-5" });
		// sonnet matches on three providers; credentials narrow it to one.
		expect(ok("sonnet", { usable: (p) => p === "anthropic" })).toMatchObject({ id: "claude-sonnet-4-5" });
	});

	it("breaks a tie between providers by credentials, then by the parent's provider, else lists them", () => {
		expect(ok("claude-sonnet-4-5", { usable: (p) => p === "amazon-bedrock" }).provider).toBe("amazon-bedrock");
		const byParent = ok("claude-sonnet-4-5", { parent: { provider: "anthropic", id: "x" } });
		expect(byParent.provider).toBe("anthropic");
		expect(byParent.how).toContain("the parent's (anthropic) chosen");
		const tie = resolveModelRef("claude-sonnet-4-5", { models: MODELS, usable: () => false });
		expect(tie.ok).toBe(false);
		if (!tie.ok) {
			expect(tie.problem.message).toContain("amazon-bedrock/claude-sonnet-4-5, anthropic/claude-sonnet-4-5");
			expect(tie.problem.message).toContain("none of these providers has credentials");
		}
	});

	it("names every provider of an alias when none has credentials, instead of the one whose ids sort last", () => {
		const none = resolveModelRef("sonnet", { models: MODELS, usable: () => false });
		expect(none.ok).toBe(false);
		if (!none.ok) {
			expect(none.problem.message).toBe(
				"matches models of several providers: amazon-bedrock/claude-sonnet-4-5, anthropic/claude-sonnet-4-5, openrouter/anthropic/claude-sonnet-4.5; none of these providers has credentials",
			);
		}
		// The parent's provider still settles it: that is where the parent's own requests go.
		expect(ok("sonnet", { usable: () => false, parent: { provider: "anthropic", id: "x" } })).toMatchObject({
			provider: "anthropic",
			id: "claude-sonnet-4-5",
		});
	});

	it("splits a :thinking or #thinking suffix only when the whole text matches nothing", () => {
		expect(ok("claude-haiku-4-5:high")).toMatchObject({ id: "claude-haiku-4-5", thinking: "high" });
		expect(ok("anthropic/claude-haiku-4-5#max")).toMatchObject({ id: "claude-haiku-4-5", thinking: "max" });
		// An id that holds a colon itself is not cut.
		expect(ok("openrouter/qwen/qwen3-coder:exacto")).toMatchObject({ id: "qwen/qwen3-coder:exacto" });
		expect(ok("openrouter/qwen/qwen3-coder:exacto").thinking).toBeUndefined();
	});

	it("matches provider ids that hold slashes, longest first", () => {
		expect(ok("my/gateway/model-a")).toMatchObject({ provider: "my/gateway", id: "model-a" });
	});

	it("gives inherit the parent's model, and refuses it without a parent", () => {
		expect(ok("inherit", { parent: { provider: "openrouter", id: "x", thinking: "low" } })).toMatchObject({
			provider: "openrouter",
			id: "x",
			thinking: "low",
		});
		expect(resolveModelRef("inherit", { models: MODELS }).ok).toBe(false);
	});

	it("refuses an unknown model, with the nearest candidates and the path given", () => {
		const result = resolveModelRef("claude-haiku-4-6", { models: MODELS, where: { source: "a.md", path: ["model"] } });
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(formatPath(result.problem)).toBe("a.md: model");
		expect(result.problem).toMatchObject({
			source: "a.md",
			path: ["model"],
			value: "claude-haiku-4-6",
			message: "matches no model",
		});
		expect(result.problem.fix).toMatch(/^use one of: anthropic\/claude-haiku-4-5, /);
		// Unlike Pi's CLI, a known provider with an unknown id is not sent on as a custom id.
		expect(resolveModelRef("anthropic/claude-nonexistent-9", { models: MODELS }).ok).toBe(false);
	});

	it("does not let an invalid suffix pick a different model", () => {
		expect(resolveModelRef("claude-haiku-4-5:huge", { models: MODELS }).ok).toBe(false);
	});
});
