import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../src/agents/load.ts";
import { projectDirs } from "../../src/agents/places.ts";
import { tempDir } from "../support/temp.ts";

const def = (description: string) => `---\ndescription: ${description}\n---\nRole.\n`;

describe("projectDirs", () => {
	const has =
		(...paths: string[]) =>
		(path: string) =>
			paths.includes(path);

	it("walks up from the working directory to the repository's root, nearest first", () => {
		expect(projectDirs("/w/repo/packages/app", "/home/u", has("/w/repo/.git"))).toEqual([
			"/w/repo/packages/app",
			"/w/repo/packages",
			"/w/repo",
		]);
	});

	it("stops at the nearest repository: a submodule or worktree (.git a file) is a project of its own", () => {
		expect(projectDirs("/w/repo/vendor/lib/src", "/home/u", has("/w/repo/.git", "/w/repo/vendor/lib/.git"))).toEqual([
			"/w/repo/vendor/lib/src",
			"/w/repo/vendor/lib",
		]);
	});

	it("is the working directory alone outside a repository: a folder above it is not this project's", () => {
		expect(projectDirs("/tmp/scratch/x", "/home/u", has())).toEqual(["/tmp/scratch/x"]);
	});

	it("never reaches the home directory, even when home is a repository (dotfiles)", () => {
		expect(projectDirs("/home/u/code/proj", "/home/u", has("/home/u/.git"))).toEqual(["/home/u/code/proj"]);
		expect(projectDirs("/home/u", "/home/u", has("/home/u/.git"))).toEqual(["/home/u"]);
	});
});

describe("loadAgents from a subdirectory of a repository", () => {
	function repo() {
		const root = tempDir("pi-delegate-places-");
		const home = join(root, "home");
		const top = join(root, "repo");
		const cwd = join(top, "packages", "app");
		for (const dir of [join(home, ".pi", "agent", "agents"), join(top, ".git"), cwd])
			mkdirSync(dir, { recursive: true });
		const write = (dir: string, name: string, text: string) => {
			mkdirSync(dir, { recursive: true });
			writeFileSync(join(dir, name), text);
		};
		return { root, home, top, cwd, agentDir: join(home, ".pi", "agent"), write };
	}

	it("finds the root's agents, the nearest definition winning, each named from the working directory", () => {
		const r = repo();
		r.write(join(r.top, ".claude", "agents"), "reviewer.md", def("Root reviewer"));
		r.write(join(r.top, ".pi", "agents"), "scout.md", def("Root scout"));
		r.write(join(r.cwd, ".claude", "agents"), "scout.md", def("App scout"));
		r.write(join(r.home, ".claude", "agents"), "reviewer.md", def("User reviewer"));
		const loaded = loadAgents({ ...r, projectTrusted: true, bundledDir: null });
		const scout = loaded.agents.get("scout");
		const reviewer = loaded.agents.get("reviewer");
		expect(scout?.description).toBe("App scout");
		expect(scout?.source.label).toBe(join(".claude", "agents", "scout.md"));
		expect(reviewer?.description).toBe("Root reviewer");
		expect(reviewer?.source.label).toBe(join("..", "..", ".claude", "agents", "reviewer.md"));
		expect(loaded.shadowed.map((s) => [s.by.label, s.hidden.label])).toEqual([
			[join("..", "..", ".claude", "agents", "reviewer.md"), "~/.claude/agents/reviewer.md"],
			[join(".claude", "agents", "scout.md"), join("..", "..", ".pi", "agents", "scout.md")],
		]);
	});

	it("reads nothing of the project's, above or here, when Pi does not trust it, and says which folders it skipped", () => {
		const r = repo();
		r.write(join(r.top, ".claude", "agents"), "reviewer.md", def("Root reviewer"));
		const loaded = loadAgents({ ...r, projectTrusted: false, bundledDir: null });
		expect(loaded.agents.has("reviewer")).toBe(false);
		expect(loaded.skipped.map((s) => s.label)).toEqual([join("..", "..", ".claude", "agents")]);
	});

	it("does not look above a working directory outside any repository", () => {
		const r = repo();
		const outside = join(r.root, "loose", "dir");
		mkdirSync(outside, { recursive: true });
		r.write(join(r.root, "loose", ".claude", "agents"), "planted.md", def("Planted above"));
		const loaded = loadAgents({ ...r, cwd: outside, projectTrusted: true, bundledDir: null });
		expect(loaded.agents.has("planted")).toBe(false);
	});
});
