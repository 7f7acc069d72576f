import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";

function layout() {
	const root = mkdtempSync(join(tmpdir(), "pi-delegate-agents-cli-"));
	const home = join(root, "home");
	const cwd = join(root, "project");
	const user = join(home, ".pi", "agent", "agents");
	const project = join(cwd, ".pi", "agents");
	mkdirSync(user, { recursive: true });
	mkdirSync(project, { recursive: true });
	return { cwd, env: { HOME: home }, user, project };
}

describe("pi-delegate agents", () => {
	it("lists agents, with the shadowed user agent named", async () => {
		const l = layout();
		writeFileSync(join(l.user, "scout.md"), "---\ndescription: user scout\n---\nRole.\n");
		writeFileSync(join(l.project, "scout.md"), "---\ndescription: project scout\ntools: read, grep\n---\nRole.\n");
		const result = await runCli(["agents"], l);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^scout\s+project\s+read,grep\s+\(default\)\s+-\s+project scout$/m);
		expect(result.stdout).toContain("shadowed: ~/.pi/agent/agents/scout.md (hidden by .pi/agents/scout.md)");
	});

	it("exits 2 with each problem and marks the broken name unusable", async () => {
		const l = layout();
		writeFileSync(join(l.project, "scout.md"), "---\ndescription: d\nallowed-tools: read\n---\nRole.\n");
		const result = await runCli(["agents"], l);
		expect(result.code).toBe(2);
		expect(result.stdout).toContain("unusable: scout (.pi/agents/scout.md has problems, listed below)");
		expect(result.stderr).toContain(
			'.pi/agents/scout.md: allowed-tools: unknown key "allowed-tools" (did you mean "tools"?)',
		);
	});

	it("says when there are none", async () => {
		const result = await runCli(["agents"], layout());
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("No agents defined.\n");
	});
});

describe("pi-delegate agents: modes", () => {
	it("warns about an agent whose contextMode names no mode, without failing", async () => {
		const l = layout();
		writeFileSync(join(l.project, "scout.md"), "---\ndescription: d\ncontextMode: scopd\n---\nRole.\n");
		const result = await runCli(["agents"], l);
		expect(result.code).toBe(0);
		expect(result.stderr).toContain(
			'.pi/agents/scout.md: contextMode "scopd" is not a known mode (did you mean "scoped"?)',
		);
	});
});
