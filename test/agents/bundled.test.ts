import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledAgentsDir } from "../../src/agents/bundled.ts";
import { loadAgents } from "../../src/agents/load.ts";

const GOLDEN = join(import.meta.dirname, "..", "fixtures", "agents-bundled.golden.json");

describe("bundled agents", () => {
	const dir = bundledAgentsDir();

	it("are found from the package, from src/ and from a build's dist/ alike", () => {
		expect(dir).toBeDefined();
		const fromDist = bundledAgentsDir(new URL("../../dist/agents/bundled.js", import.meta.url).href);
		expect(fromDist).toBe(dir);
		const fromExt = bundledAgentsDir(new URL("../../dist/ext/agents/load.js", import.meta.url).href);
		expect(fromExt).toBe(dir);
		expect(JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")).files).toContain(
			"src/agents/bundled",
		);
	});

	it("are scout, reviewer, planner and worker, all loading without a problem", () => {
		const loaded = loadAgents({
			cwd: "/nonexistent",
			home: "/nonexistent",
			agentDir: "/nonexistent",
			projectTrusted: false,
		});
		expect(loaded.problems).toEqual([]);
		expect([...loaded.agents.keys()]).toEqual(["planner", "reviewer", "scout", "worker"]);
		for (const agent of loaded.agents.values()) expect(agent.source.scope).toBe("bundled");
		expect(loaded.agents.get("reviewer")?.tools).toEqual(["read", "grep", "find", "ls"]);
		expect(loaded.agents.get("planner")?.tools).toEqual(["read", "grep", "find", "ls"]);
		expect(loaded.agents.get("scout")?.tools).toEqual(["read", "grep", "find", "ls"]);
		expect(loaded.agents.get("worker")?.tools).toEqual(["read", "grep", "find", "ls", "bash", "edit", "write"]);
		// No model: a bundled agent runs on the parent's, so it never fails for want of a provider.
		for (const agent of loaded.agents.values()) expect(agent.model).toBeUndefined();
	});

	it("keep their prompts byte for byte (UPDATE_GOLDEN=1 to accept a change)", () => {
		const loaded = loadAgents({
			cwd: "/nonexistent",
			home: "/nonexistent",
			agentDir: "/nonexistent",
			projectTrusted: false,
		});
		const actual = Object.fromEntries(
			[...loaded.agents.values()].map((a) => [
				a.name,
				{ description: a.description, role: a.role, thinking: a.thinking },
			]),
		);
		const files = readdirSync(dir ?? "").sort();
		expect(files).toEqual(["planner.md", "reviewer.md", "scout.md", "worker.md"]);
		if (process.env.UPDATE_GOLDEN === "1") {
			writeFileSync(GOLDEN, `${JSON.stringify(actual, null, "\t")}\n`);
		}
		expect(`${JSON.stringify(actual, null, "\t")}\n`).toBe(readFileSync(GOLDEN, "utf8"));
	});
});
