import { describe, expect, it } from "vitest";
import { checkAgentLaunch, checkAgentTools } from "../../src/agents/check.ts";
import type { AgentDefinition } from "../../src/agents/definition.ts";
import { formatPath } from "../../src/problems.ts";

const agent = (tools?: string[]): AgentDefinition => ({
	name: "scout",
	description: "d",
	role: "r",
	...(tools ? { tools } : {}),
	context: {},
	nameFromFile: false,
	notes: [],
	ignoredKeys: [],
	source: { scope: "project", file: "/p/.pi/agents/scout.md", label: ".pi/agents/scout.md" },
});

describe("checkAgentTools", () => {
	it("passes when every listed tool exists, and when none are listed", () => {
		expect(checkAgentTools(agent(["read", "grep"]), ["read", "grep", "bash"])).toEqual([]);
		expect(checkAgentTools(agent([]), [])).toEqual([]);
		expect(checkAgentTools(agent(), ["read"])).toEqual([]);
	});

	it("makes every missing tool an error with its index and a suggestion", () => {
		const problems = checkAgentTools(agent(["read", "grpe", "lint"]), ["read", "grep", "bash"]);
		expect(problems.map((p) => [formatPath(p), p.value])).toEqual([
			[".pi/agents/scout.md: tools[1]", "grpe"],
			[".pi/agents/scout.md: tools[2]", "lint"],
		]);
		expect(problems[0]?.message).toContain('did you mean "grep"?');
		expect(problems[1]?.fix).toContain("bash, grep, read");
	});
});

describe("checkAgentLaunch: a family alias", () => {
	const models = [
		{ provider: "anthropic", id: "claude-sonnet-4-5" },
		{ provider: "openrouter", id: "anthropic/claude-sonnet-4.5" },
		{ provider: "openai", id: "gpt-5" },
	];
	const withModel = (model: string): AgentDefinition => ({ ...agent(["read"]), model });

	it("stands aside for the launcher's model when no provider with credentials offers it", () => {
		const check = checkAgentLaunch(withModel("sonnet"), { models, tools: ["read"], usable: (p) => p === "openai" });
		expect(check.problems).toEqual([]);
		expect(check.model).toBeUndefined();
		expect(check.standsAside).toContain('no provider with credentials offers "sonnet"');
	});

	it("is honoured when a provider with credentials, or the parent's, offers it", () => {
		const loggedIn = checkAgentLaunch(withModel("sonnet"), {
			models,
			tools: ["read"],
			usable: (p) => p === "openrouter",
		});
		expect(loggedIn.model).toMatchObject({ provider: "openrouter", id: "anthropic/claude-sonnet-4.5" });
		const parent = { provider: "anthropic", id: "claude-sonnet-4-5" };
		const viaParent = checkAgentLaunch(withModel("sonnet"), { models, tools: ["read"], parent, usable: () => false });
		expect(viaParent.standsAside).toBeUndefined();
		expect(viaParent.model).toMatchObject({ provider: "anthropic" });
	});

	it("knows the families of Anthropic's catalogue, not only Claude Code's three words", () => {
		const catalogue = [...models, { provider: "anthropic", id: "claude-fable-5-2" }];
		const check = checkAgentLaunch(withModel("fable"), { models: catalogue, tools: ["read"], usable: () => false });
		expect(check.standsAside).toContain('"fable"');
		// A word that is no Claude family is not excused.
		const gpt = checkAgentLaunch(withModel("gpt"), { models: catalogue, tools: ["read"], usable: () => false });
		expect(gpt.standsAside).toBeUndefined();
	});

	it("takes a Claude model's own name as Claude Code does: a model of Anthropic's, from any account", () => {
		const unserved = checkAgentLaunch(withModel("claude-sonnet-4-5"), { models, tools: ["read"], usable: () => false });
		expect(unserved.problems).toEqual([]);
		expect(unserved.standsAside).toContain('no provider with credentials offers "claude-sonnet-4-5"');
		const served = checkAgentLaunch(withModel("claude-sonnet-4-5"), {
			models,
			tools: ["read"],
			usable: (p) => p === "anthropic",
		});
		expect(served.model).toMatchObject({ provider: "anthropic", id: "claude-sonnet-4-5" });
	});

	it("lets a pinned Claude model that left the catalogue stand aside, though the provider is logged in", () => {
		// Pi 1.x lists claude-sonnet-4-20250514 for Bedrock only; a Claude Code collection pins it.
		const catalogue = [...models, { provider: "amazon-bedrock", id: "us.anthropic.claude-sonnet-4-20250514-v1:0" }];
		const check = checkAgentLaunch(withModel("claude-sonnet-4-20250514"), {
			models: catalogue,
			tools: ["read"],
			usable: (p) => p === "anthropic",
		});
		expect(check.problems).toEqual([]);
		expect(check.standsAside).toContain('"claude-sonnet-4-20250514"');
	});

	it("does not excuse any other reference that cannot be served: a provider named, another maker's model", () => {
		for (const ref of ["anthropic/claude-sonnet-4-5", "gpt-5"]) {
			const check = checkAgentLaunch(withModel(ref), { models, tools: ["read"], usable: () => false });
			expect(check.standsAside, ref).toBeUndefined();
			expect(check.problems[0]?.message, ref).toContain("no credentials");
		}
	});
});
