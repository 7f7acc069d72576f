import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../src/agents/load.ts";

function layout() {
	const root = mkdtempSync(join(tmpdir(), "pi-delegate-agents-"));
	const home = join(root, "home");
	const agentDir = join(home, ".pi", "agent");
	const cwd = join(root, "project");
	mkdirSync(join(agentDir, "agents"), { recursive: true });
	mkdirSync(join(cwd, ".pi", "agents"), { recursive: true });
	const write = (dir: string, name: string, text: string) => writeFileSync(join(dir, name), text);
	return { root, home, agentDir, cwd, user: join(agentDir, "agents"), project: join(cwd, ".pi", "agents"), write };
}

const def = (description: string) => `---\ndescription: ${description}\n---\nRole.\n`;

describe("loadAgents", () => {
	it("reads *.md from both directories, skipping other files and subdirectories", () => {
		const l = layout();
		l.write(l.user, "scout.md", def("user scout"));
		l.write(l.user, "notes.txt", "not an agent");
		mkdirSync(join(l.user, "nested.md"));
		l.write(l.project, "scout.md", def("project scout"));
		l.write(l.project, "planner.md", def("plans"));
		const loaded = loadAgents({ ...l, projectTrusted: true });
		expect(loaded.problems).toEqual([]);
		expect([...loaded.agents.keys()]).toEqual(["planner", "scout"]);
		expect(loaded.agents.get("scout")?.source.label).toBe(join(".pi", "agents", "scout.md"));
		expect(loaded.shadowed.map((s) => s.hidden.label)).toEqual(["~/.pi/agent/agents/scout.md"]);
	});

	it("skips an untrusted project's agents and says so, keeping the user's", () => {
		const l = layout();
		l.write(l.user, "scout.md", def("user scout"));
		l.write(l.project, "scout.md", "---\nbroken: [\n---\n");
		const loaded = loadAgents({ ...l, projectTrusted: false });
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("scout")?.description).toBe("user scout");
		expect(loaded.skipped).toHaveLength(1);
		expect(loaded.skipped[0]?.reason).toContain("not trusted");
	});

	it("is empty without agent directories", () => {
		const root = mkdtempSync(join(tmpdir(), "pi-delegate-agents-"));
		const loaded = loadAgents({ cwd: root, home: root, agentDir: join(root, "none"), projectTrusted: true });
		expect(loaded.agents.size).toBe(0);
		expect(loaded.problems).toEqual([]);
		expect(loaded.skipped).toEqual([]);
	});
});
