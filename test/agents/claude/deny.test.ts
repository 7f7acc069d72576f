/**
 * Claude Code's settings take whole tools away from its agents here as there: each whole-tool entry
 * of `permissions.deny` and `permissions.ask` withholds the Pi tools it governs from every Claude
 * Code agent (and from no other), a misspelt one stops them, a scoped bash one is a command refused
 * at each call, and a path-scoped `Read`, `Edit` or `Write` one a file-tool call refused at each call.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeDenials, withoutDenied } from "../../../src/agents/claude/deny.ts";
import { managedSettingsFile } from "../../../src/agents/claude/settings.ts";
import type { AgentDefinition } from "../../../src/agents/definition.ts";
import { loadAgents } from "../../../src/agents/load.ts";
import { PI_BUILTIN_TOOLS } from "../../../src/agents/tools.ts";
import { formatPath } from "../../../src/problems.ts";
import { tempDir } from "../../support/temp.ts";

const settings = (permissions: unknown) => [{ label: ".claude/settings.json", settings: { permissions } }];
const withheld = (permissions: unknown) => [...claudeDenials(settings(permissions), PI_BUILTIN_TOOLS).withhold.keys()];

describe("claudeDenials", () => {
	it("withholds what each whole-tool entry governs, as Claude Code reads Read and Edit", () => {
		expect(withheld({ deny: ["Bash"] })).toEqual(["bash"]);
		expect(withheld({ deny: ["Read"] })).toEqual(["read", "grep", "find", "ls"]);
		expect(withheld({ deny: ["Edit"] })).toEqual(["edit", "write"]);
		expect(withheld({ deny: ["Write", "Glob", "MultiEdit"] })).toEqual(["write", "find", "edit"]);
		expect(withheld({ ask: ["Grep"] })).toEqual(["grep"]);
	});

	it("says where each came from, and that a child has nobody to ask", () => {
		const { withhold } = claudeDenials(settings({ deny: ["Bash"], ask: ["Bash", "Edit"] }), PI_BUILTIN_TOOLS);
		expect(withhold.get("bash")).toBe('.claude/settings.json has "Bash" in permissions.deny');
		expect(withhold.get("edit")).toBe(
			'.claude/settings.json has "Edit" in permissions.ask, and a child has nobody to ask',
		);
	});

	it("turns path entries into file-tool calls refused, each pattern from where Claude Code starts it", () => {
		const places = { cwd: "/repo/pkg", root: "/repo", home: "/home/u" };
		const permissions = {
			deny: ["Read(./.env)", "Write(/dist/**)"],
			ask: ["Edit(~/.bashrc)"],
			allow: ["Read(src/**)"],
		};
		const files = [
			{ label: "~/.claude/settings.json", settings: { permissions } },
			{
				label: "pkg/.claude/settings.json",
				settings: { permissions: { deny: ["Read(/key.pem)"] } },
				root: "/repo/pkg",
			},
		];
		const { paths, withhold } = claudeDenials(files, PI_BUILTIN_TOOLS, places);
		expect(withhold.size).toBe(0);
		expect(paths?.map((r) => [r.family, r.base, r.glob, r.from])).toEqual([
			["read", "/repo/pkg", "/.env", "~/.claude/settings.json permissions.deny Read(./.env)"],
			["edit", "/repo", "/dist/**", "~/.claude/settings.json permissions.deny Write(/dist/**)"],
			["edit", "/home/u", "/.bashrc", "~/.claude/settings.json permissions.ask Edit(~/.bashrc)"],
			["read", "/repo/pkg", "/key.pem", "pkg/.claude/settings.json permissions.deny Read(/key.pem)"],
		]);
	});

	it("leaves path-scoped entries, tools a child never has, and anything that is not a rule", () => {
		const permissions = {
			deny: ["Read(./.env)", "Edit(src/**)", "WebFetch", "mcp__github__create_issue", 3, null],
			ask: "Bash",
			allow: ["Bash", "Bash(npm test)"],
		};
		expect(claudeDenials(settings(permissions), PI_BUILTIN_TOOLS)).toEqual({ withhold: new Map(), problems: [] });
		expect(claudeDenials([{ label: "x", settings: { permissions: [] } }], PI_BUILTIN_TOOLS).problems).toEqual([]);
	});

	it("turns scoped bash entries of deny and ask into commands refused at each call; Bash(*) is the whole tool", () => {
		const found = claudeDenials(
			settings({ deny: ["Bash(rm -rf:*)", "Bash(*)"], ask: ["Bash(git push:*, git reset:*)"] }),
			PI_BUILTIN_TOOLS,
		);
		expect([...found.withhold.keys()]).toEqual(["bash"]);
		expect(found.commands).toEqual({
			otherwise: "allow",
			rules: [
				{
					pattern: "rm -rf:*",
					effect: "deny",
					syntax: "claude",
					from: ".claude/settings.json permissions.deny Bash(rm -rf:*)",
				},
				{
					pattern: "git push:*",
					effect: "deny",
					syntax: "claude",
					from: ".claude/settings.json permissions.ask Bash(git push:*, git reset:*)",
				},
				{
					pattern: "git reset:*",
					effect: "deny",
					syntax: "claude",
					from: ".claude/settings.json permissions.ask Bash(git push:*, git reset:*)",
				},
			],
		});
	});

	it("makes a misspelt whole-tool entry a problem with its place and fix, never a silent grant", () => {
		const { withhold, problems } = claudeDenials(settings({ deny: ["Edit", "Bsh"] }), PI_BUILTIN_TOOLS);
		expect(withhold.has("bash")).toBe(false);
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatchObject({
			source: ".claude/settings.json",
			value: "Bsh",
			fix: 'write "bash", or remove the entry',
		});
		expect(formatPath(problems[0]!)).toBe(".claude/settings.json: permissions.deny[1]");
	});
});

describe("withoutDenied", () => {
	const agent = (tools?: string[]): AgentDefinition => ({
		name: "a",
		description: "d",
		role: "r",
		context: {},
		nameFromFile: false,
		notes: [],
		ignoredKeys: [],
		source: { scope: "project", file: "/p/.claude/agents/a.md", label: ".claude/agents/a.md" },
		...(tools && { tools }),
	});
	const bash = claudeDenials(settings({ deny: ["Bash"] }), PI_BUILTIN_TOOLS);

	it("narrows the file's own list, or every tool when it lists none, with a note per tool", () => {
		const narrowed = withoutDenied(agent(["read", "bash"]), bash);
		expect(narrowed.tools).toEqual(["read"]);
		expect(narrowed.notes).toEqual([
			{ key: "tools", message: 'bash withheld: .claude/settings.json has "Bash" in permissions.deny' },
		]);
		expect(withoutDenied(agent(), bash).tools).toEqual(PI_BUILTIN_TOOLS.filter((t) => t !== "bash"));
	});

	it("holds an agent's bash to the scoped bash denials, over the file's own rules", () => {
		const denials = claudeDenials(settings({ deny: ["Bash(git push:*)"] }), PI_BUILTIN_TOOLS);
		const own = { otherwise: "deny" as const, rules: [] };
		const held = withoutDenied({ ...agent(["read", "bash"]), commands: [own] }, denials);
		expect(held.tools).toEqual(["read", "bash"]);
		expect(held.commands).toEqual([own, denials.commands]);
		expect(held.notes.map((n) => n.message)).toEqual([
			"bash refuses git push:* (Claude Code's settings, checked at each call)",
		]);
		const reader = agent(["read"]);
		expect(withoutDenied(reader, denials)).toBe(reader);
		expect(withoutDenied(agent(), denials).commands).toEqual([denials.commands]);
	});

	it("holds the file tools an agent keeps to the path denials, with a line per family", () => {
		const places = { cwd: "/p", root: "/p", home: "/h" };
		const denials = claudeDenials(settings({ deny: ["Read(./.env)", "Edit(/src/**)"] }), PI_BUILTIN_TOOLS, places);
		const held = withoutDenied(agent(["read", "bash"]), denials);
		expect(held.tools).toEqual(["read", "bash"]);
		expect(held.paths?.map((r) => r.pattern)).toEqual(["./.env"]);
		expect(held.notes.map((n) => n.message)).toEqual([
			"read refuses ./.env (Claude Code's settings, checked at each call)",
		]);
		expect(withoutDenied(agent(), denials).paths?.map((r) => r.pattern)).toEqual(["./.env", "/src/**"]);
		const runner = agent(["bash"]);
		expect(withoutDenied(runner, denials)).toBe(runner);
	});

	it("leaves an agent the denials do not touch as it was", () => {
		const reader = agent(["read"]);
		expect(withoutDenied(reader, bash)).toBe(reader);
		const inherits = agent();
		expect(withoutDenied(inherits, claudeDenials([], PI_BUILTIN_TOOLS))).toBe(inherits);
	});
});

describe("a project's Claude Code settings, loaded", () => {
	function project(files: Record<string, string>) {
		const root = tempDir("pi-delegate-claude-deny-");
		const home = join(root, "home");
		const cwd = join(root, "project");
		mkdirSync(join(cwd, ".git"), { recursive: true });
		for (const [path, text] of Object.entries(files)) {
			const at = path.startsWith("~/") ? join(home, path.slice(2)) : join(cwd, path);
			mkdirSync(dirname(at), { recursive: true });
			writeFileSync(at, text);
		}
		return { home, cwd, agentDir: join(home, ".pi", "agent"), bundledDir: null, claudeManagedSettings: null };
	}
	const agentFile = (tools: string) => `---\ndescription: d\ntools: ${tools}\n---\nRole.\n`;

	it("apply to Claude Code's agents, the user's and the project's, and to no other", () => {
		const where = project({
			".claude/settings.json": JSON.stringify({ permissions: { deny: ["Bash"] } }),
			"~/.claude/settings.json": JSON.stringify({ permissions: { ask: ["Edit"] } }),
			".claude/agents/review/rev.md": agentFile("Read, Bash, Edit"),
			"~/.claude/agents/mine.md": agentFile("Read, Write"),
			".pi/agents/own.md": agentFile("read, bash, edit"),
		});
		const loaded = loadAgents({ ...where, projectTrusted: true });
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("rev")?.tools).toEqual(["read"]);
		expect(loaded.agents.get("mine")?.tools).toEqual(["read"]);
		expect(loaded.agents.get("own")?.tools).toEqual(["read", "bash", "edit"]);
	});

	it("include the managed settings an administrator keeps, named by their path", () => {
		const where = project({ "~/.claude/agents/mine.md": agentFile("Read, Bash, Grep") });
		const managed = join(where.home, "managed-settings.json");
		writeFileSync(managed, JSON.stringify({ permissions: { deny: ["Grep"] } }));
		const mine = loadAgents({ ...where, projectTrusted: true, claudeManagedSettings: managed }).agents.get("mine");
		expect(mine?.tools).toEqual(["read", "bash"]);
		expect(mine?.notes.map((n) => n.message)).toContain(`grep withheld: ${managed} has "Grep" in permissions.deny`);
		expect(managedSettingsFile("linux")).toBe("/etc/claude-code/managed-settings.json");
		expect(managedSettingsFile("darwin")).toBe("/Library/Application Support/ClaudeCode/managed-settings.json");
	});

	it("of an untrusted project are not read, as its agents are not; the user's still apply", () => {
		const where = project({
			".claude/settings.json": JSON.stringify({ permissions: { deny: ["Read"] } }),
			"~/.claude/settings.json": JSON.stringify({ permissions: { deny: ["Bash"] } }),
			"~/.claude/agents/mine.md": agentFile("Read, Bash"),
		});
		expect(loadAgents({ ...where, projectTrusted: false }).agents.get("mine")?.tools).toEqual(["read"]);
	});

	it("with a misspelt entry stop every Claude Code agent, naming the settings file", () => {
		const where = project({
			".claude/settings.local.json": JSON.stringify({ permissions: { deny: ["Bassh"] } }),
			".claude/agents/rev.md": agentFile("Read"),
			".pi/agents/own.md": agentFile("read"),
		});
		const loaded = loadAgents({ ...where, projectTrusted: true });
		expect(loaded.agents.has("rev")).toBe(false);
		expect(loaded.agents.has("own")).toBe(true);
		expect(loaded.problems.map((p) => `${formatPath(p)}: ${p.value}`)).toEqual([
			".claude/settings.local.json: permissions.deny[0]: Bassh",
		]);
	});
});
