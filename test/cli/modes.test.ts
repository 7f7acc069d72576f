import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";
import { flat } from "../support/text.ts";

const LEAN = { inheritProjectContext: false, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" };

function layout(files: { global?: unknown; project?: unknown }) {
	const root = tempDir("pi-delegate-modes-cli-");
	const home = join(root, "home");
	const cwd = join(root, "project");
	mkdirSync(join(home, ".pi", "agent"), { recursive: true });
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	if (files.global !== undefined) {
		writeFileSync(join(home, ".pi", "agent", "settings.json"), JSON.stringify(files.global));
	}
	if (files.project !== undefined) {
		const text = typeof files.project === "string" ? files.project : JSON.stringify(files.project);
		writeFileSync(join(cwd, ".pi", "settings.json"), text);
	}
	return { cwd, env: { HOME: home } };
}

describe("pi-delegate modes", () => {
	it("lists the built-in modes with what each lets through", async () => {
		const result = await runCli(["modes"], layout({}));
		expect(result.code).toBe(0);
		expect(result.stderr).toBe("");
		expect(result.stdout).toMatch(/^focused \(default\)\s+in\s+out\s+in\s+append\s+built-in/m);
		expect(result.stdout).toMatch(/^isolated\s+out\s+out\s+out\s+replace/m);
		expect(result.stdout).toMatch(/^legacy \(alias inherit\)\s+in\s+in\s+in\s+append/m);
	});

	it("adds project modes from a trusted project and names the file they come from", async () => {
		const where = layout({
			global: { defaultProjectTrust: "always" },
			project: { "pi-delegate": { contextModes: { lean: { ...LEAN, description: "no AGENTS.md" } } } },
		});
		const result = await runCli(["modes"], where);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^lean\s+out\s+out\s+in\s+append\s+\.pi\/settings\.json\s+no AGENTS\.md$/m);
		expect(result.stdout).toContain(".pi/settings.json: read");
	});

	it("leaves an untrusted project's settings unread and says why", async () => {
		const where = layout({ project: { "pi-delegate": { contextModes: { lean: LEAN } } } });
		const result = await runCli(["modes"], where);
		expect(result.code).toBe(0);
		expect(result.stdout).not.toMatch(/^lean/m);
		expect(result.stdout).toContain(".pi/settings.json: not read: the project is not trusted");
		const approved = await runCli(["modes", "--approve"], where);
		expect(approved.stdout).toMatch(/^lean/m);
	});

	it("exits 2 and lists every problem, naming file and key", async () => {
		const where = layout({
			global: {
				defaultProjectTrust: "always",
				"pi-delegate": { contextModes: { lean: { ...LEAN, inheritSkills: "yes" } } },
			},
			project: '{ "pi-delegate": { "contextModes": { } }, }',
		});
		const result = await runCli(["modes"], where);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("2 problem(s)");
		expect(flat(result.stderr)).toContain(
			"~/.pi/agent/settings.json:1:127: pi-delegate.contextModes.lean.inheritSkills",
		);
		expect(result.stderr).toContain(".pi/settings.json:1:43");
	});

	it("prints JSON rows with --json", async () => {
		const result = await runCli(["modes", "--json"], layout({}));
		const parsed = JSON.parse(result.stdout) as { modes: Array<{ name: string }>; problems: unknown[] };
		expect(parsed.modes.map((m) => m.name)).toEqual(["focused", "isolated", "scoped", "legacy"]);
		expect(parsed.problems).toEqual([]);
	});

	it("refuses contradictory and unknown flags with exit 2", async () => {
		expect((await runCli(["modes", "--approve", "--no-approve"], layout({}))).code).toBe(2);
		const unknown = await runCli(["modes", "--frobnicate"], layout({}));
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain("Usage: pi-delegate modes");
	});
});
