import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../src/agents/definition.ts";
import { agentModelForLaunch } from "../../src/agents/launch-model.ts";

const agent = (model?: string, thinking?: AgentDefinition["thinking"]): AgentDefinition => ({
	name: "scout",
	description: "d",
	role: "r",
	context: {},
	nameFromFile: false,
	notes: [],
	ignoredKeys: [],
	source: { scope: "project", file: "/p/.pi/agents/scout.md", label: ".pi/agents/scout.md" },
	...(model !== undefined && { model }),
	...(thinking && { thinking }),
});

describe("agentModelForLaunch (the run's bridge until the planner passes its model list)", () => {
	const agentDir = mkdtempSync(join(tmpdir(), "pi-delegate-launch-model-"));
	const parent = { provider: "anthropic", id: "claude-sonnet-4-5" };

	it("resolves Pi's example agent's provider-less id against Pi's model catalogue", async () => {
		expect(await agentModelForLaunch(agent("claude-haiku-4-5"), { agentDir, parent })).toEqual({
			model: "anthropic/claude-haiku-4-5",
		});
	});

	it("keeps the file's thinking over a suffix, and takes the suffix otherwise", async () => {
		expect(await agentModelForLaunch(agent("claude-haiku-4-5:high"), { agentDir, parent })).toEqual({
			model: "anthropic/claude-haiku-4-5",
			thinking: "high",
		});
		expect(await agentModelForLaunch(agent("claude-haiku-4-5:high", "low"), { agentDir, parent })).toEqual({
			model: "anthropic/claude-haiku-4-5",
			thinking: "low",
		});
	});

	it("passes an unknown provider/id on for the launch's own check, and refuses an unknown bare name", async () => {
		expect(await agentModelForLaunch(agent("acme/model-x"), { agentDir, parent })).toEqual({ model: "acme/model-x" });
		const bad = await agentModelForLaunch(agent("no-such-model-anywhere"), { agentDir, parent });
		expect("problems" in bad && bad.problems[0]?.path).toBe(".pi/agents/scout.md: model");
		expect(await agentModelForLaunch(agent(), { agentDir })).toEqual({});
	});
});
