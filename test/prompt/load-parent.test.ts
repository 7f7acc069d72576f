/**
 * The command line's parent: what a Pi session in the directory would load, found by Pi's own
 * loader offline, honoring project trust. Checked against a real Pi session's own prompt.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadParentPrompt } from "../../src/host/load-parent.ts";
import { MAIN_RULES, makeProject, OPERATOR_SYSTEM, parentPromptOf, SHARED_AGENTS } from "../support/project.ts";

const FILES = {
	"project:AGENTS.md": SHARED_AGENTS,
	"project:.pi/APPEND_SYSTEM.md": MAIN_RULES,
	"project:.pi/SYSTEM.md": OPERATOR_SYSTEM,
	"project:.pi/skills/audit/SKILL.md": "---\nname: audit\ndescription: Project skill.\n---\n",
	"agent:APPEND_SYSTEM.md": "Global rules.\n",
	"agent:skills/notes/SKILL.md": "---\nname: notes\ndescription: Global skill.\n---\n",
};

describe("loadParentPrompt", () => {
	it("loads what a real Pi session in the project has, byte for byte", async () => {
		const project = makeProject(FILES);
		const loaded = await loadParentPrompt({ ...project, projectTrusted: true });
		const real = await parentPromptOf(project);
		expect(loaded.parent.rendered).toBe(real.rendered);
		expect(loaded.parent.options.customPrompt).toBe(OPERATOR_SYSTEM);
		expect(loaded.parent.options.appendSystemPrompt).toBe(MAIN_RULES);
		expect(loaded.parent.options.contextFiles).toEqual(real.options?.contextFiles);
		expect(loaded.parent.options.skills?.map((s) => s.name)).toEqual(real.options?.skills?.map((s) => s.name));
		expect(loaded.sources.systemPrompt).toBe(join(project.cwd, ".pi/SYSTEM.md"));
		expect(loaded.sources.appendSystemPrompt).toEqual([join(project.cwd, ".pi/APPEND_SYSTEM.md")]);
	});

	it("leaves an untrusted project's .pi/ files unread, as Pi does, but still reads AGENTS.md and global files", async () => {
		const project = makeProject(FILES);
		const loaded = await loadParentPrompt({ ...project, projectTrusted: false });
		expect(loaded.parent.options.customPrompt).toBeUndefined();
		expect(loaded.parent.options.appendSystemPrompt).toBe("Global rules.\n");
		expect(loaded.parent.options.skills?.map((s) => s.name)).toEqual(["notes"]);
		expect(loaded.parent.options.contextFiles?.map((f) => f.content)).toEqual([SHARED_AGENTS]);
		expect(loaded.parent.rendered).toMatch(/^You are a coding assistant running inside pi/);
	});

	it("installs and fetches nothing: a package in settings is skipped, and PI_OFFLINE is restored", async () => {
		const project = makeProject({ "project:AGENTS.md": SHARED_AGENTS });
		writeFileSync(
			join(project.agentDir, "settings.json"),
			JSON.stringify({ packages: ["npm:pi-delegate-no-such-package"] }),
		);
		const before = process.env.PI_OFFLINE;
		const loaded = await loadParentPrompt({ ...project, projectTrusted: true });
		expect(process.env.PI_OFFLINE).toBe(before);
		expect(loaded.parent.options.contextFiles?.map((f) => f.content)).toEqual([SHARED_AGENTS]);
		expect(readdirSync(project.agentDir)).toEqual(["settings.json"]);
		expect(existsSync(join(project.agentDir, "npm"))).toBe(false);
	});
});
