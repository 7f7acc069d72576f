/**
 * Model references as people write them — Pi's own example agent says `model: claude-haiku-4-5` —
 * resolve against the runtime's real model list the way Pi's `--model` resolves them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createRuntime, modelList } from "../../src/host/runtime.ts";
import { chooseModel } from "../../src/plan/model.ts";
import type { ModelInfo } from "../../src/plan/types.ts";
import { formatPath } from "../../src/problems.ts";
import { tempDir } from "../support/temp.ts";

const settings = { sections: [], problems: [] };
const where = { source: ".pi/agents/scout.md", path: ["model"] };
let models: ModelInfo[];

beforeAll(async () => {
	models = await modelList(await createRuntime(tempDir()));
});

const agentModel = (model: string, thinking?: string) =>
	chooseModel({
		effort: "fast",
		settings,
		models,
		agent: { model, thinking, where },
		parent: { provider: "anthropic", id: "claude-sonnet-4-5" },
	});

describe("an agent's model reference", () => {
	it("resolves Pi's example agent's provider-less id against Pi's model catalogue", () => {
		expect(agentModel("claude-haiku-4-5")).toEqual({
			choice: { provider: "anthropic", id: "claude-haiku-4-5", reason: formatPath(where) },
		});
	});

	it("keeps the file's thinking over a suffix, and takes the suffix otherwise", () => {
		expect(agentModel("claude-haiku-4-5:high")).toMatchObject({ choice: { id: "claude-haiku-4-5", thinking: "high" } });
		expect(agentModel("claude-haiku-4-5:high", "low")).toMatchObject({ choice: { thinking: "low" } });
	});

	it("resolves an alias and inherit; passes an unknown provider/id on to the model check; refuses an unknown bare name", () => {
		const alias = agentModel("haiku");
		expect("choice" in alias && alias.choice.id).toMatch(/haiku/);
		expect(agentModel("inherit")).toMatchObject({ choice: { provider: "anthropic", id: "claude-sonnet-4-5" } });
		expect(agentModel("acme/model-x")).toMatchObject({ choice: { provider: "acme", id: "model-x" } });
		const bad = agentModel("no-such-model-anywhere");
		expect("problems" in bad && bad.problems[0] && formatPath(bad.problems[0])).toBe(formatPath(where));
		expect("problems" in bad && bad.problems[0]).toMatchObject(where);
	});

	it("lets a Claude Code family alias no provider here can serve stand aside for the launcher's model, and says so", () => {
		// The parent runs on OpenAI; no provider that offers a Sonnet has credentials.
		const onOpenAi = (model: string, list = models) =>
			chooseModel({
				effort: "fast",
				settings,
				models: list,
				agent: { model, where },
				parent: { provider: "openai", id: "gpt-5" },
			});
		const aside = onOpenAi("Sonnet");
		expect(aside).toMatchObject({ choice: { provider: "openai", id: "gpt-5" } });
		const reason = "choice" in aside ? aside.choice.reason : "";
		expect(reason).toContain("the parent's current model, in place of the agent's \"Sonnet\"");
		expect(reason).toContain('no provider with credentials offers "sonnet"');
		// With a provider logged in that offers it, the alias is honoured.
		const loggedIn = models.map((m) => (m.provider === "anthropic" ? { ...m, authenticated: true } : m));
		const served = onOpenAi("sonnet", loggedIn);
		expect(served).toMatchObject({ choice: { provider: "anthropic", reason: formatPath(where) } });
		expect("choice" in served && served.choice.id).toMatch(/sonnet/);
		// Only the family aliases stand aside: any other reference nobody can serve still stops the launch.
		const exact = onOpenAi("no-such-model-anywhere");
		expect(exact).toHaveProperty("problems");
	});

	it("resolves --model the same way; a tie between providers goes to the parent's", () => {
		const parent = { provider: "anthropic", id: "claude-sonnet-4-5" };
		expect(
			chooseModel({ effort: "balanced", settings, models, parent, explicit: "claude-haiku-4-5:low" }),
		).toMatchObject({
			choice: { provider: "anthropic", id: "claude-haiku-4-5", thinking: "low", reason: "--model" },
		});
	});
});
