/**
 * `/modes` and `/delegate-preview` in a real `pi` (print and JSON modes) that loads the package as
 * Pi loads it (`-e REPO`: index.ts, and in a built clone the bundle), so a command runs beside
 * everything else the extension registers — the session_start hook that loads the settings reader
 * among them.
 */
import { describe, expect, it } from "vitest";
import { REPO, runPi } from "../support/pi.ts";
import { MAIN_RULES, makeProject, SHARED_AGENTS } from "../support/project.ts";

function pi(cwd: string, ...args: string[]) {
	return runPi(["-e", REPO, ...args], { cwd });
}

describe("Pi commands", () => {
	const project = makeProject({ "project:AGENTS.md": SHARED_AGENTS, "project:.pi/APPEND_SYSTEM.md": MAIN_RULES });

	it("/modes lists every mode and what it expands to (print mode: on standard error; Pi keeps standard output)", () => {
		const run = pi(project.cwd, "-p", "/modes");
		expect(run.status).toBe(0);
		expect(run.stdout).toBe("");
		expect(run.stderr).toMatch(/^Context modes \(4\)$/m);
		expect(run.stderr).toMatch(/^focused \(default\) +in +out +in +append +built-in/m);
		expect(run.stderr).toMatch(/^legacy \(alias inherit\) +in +in +in +append/m);
	});

	it("/delegate-preview shows what a child of this session would receive, rendered by Pi", () => {
		const run = pi(project.cwd, "-p", "/delegate-preview --mode isolated");
		expect(run.status).toBe(0);
		expect(run.stderr).toMatch(/^base prompt +replaced by the role/m);
		expect(run.stderr).toMatch(/^systemPromptMode +replace +run-level mode "isolated"$/m);
		expect(run.stderr).toContain("System prompt (");
		expect(run.stderr).toContain("Compared with this session's prompt");
	});

	it("/delegate-preview reports bad arguments with its usage, and no child", () => {
		const run = pi(project.cwd, "-p", "/delegate-preview --strategy sideways");
		expect(run.stderr).toContain('--strategy must be full or portable, not "sideways"');
		expect(run.stderr).toContain("Usage: /delegate-preview");
		expect(run.stderr).not.toContain("System prompt (");
	});

	it("in JSON mode the report reaches the event stream as a custom entry", () => {
		const run = pi(project.cwd, "--mode", "json", "-p", "/modes");
		const entry = run.events.find((e) => e.type === "entry_appended") as
			| { entry: { customType: string; data: { title: string; text: string } } }
			| undefined;
		expect(entry?.entry.customType).toBe("pi-delegate-report");
		expect(entry?.entry.data.title).toBe("Context modes (4)");
		expect(entry?.entry.data.text).toContain("isolated");
	});
});
