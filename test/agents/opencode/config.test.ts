/**
 * Agents defined in OpenCode's config files (opencode.json / opencode.jsonc, `agent` and `agents`),
 * read as OpenCode reads them and then held to the same rules as a Markdown agent file.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../../src/agents/load.ts";
import { blankComments } from "../../../src/agents/opencode/config.ts";
import { formatPath } from "../../../src/problems.ts";
import { homeLayout } from "../../support/home-layout.ts";

const layout = () => homeLayout("pi-delegate-oc-config-");

const load = (l: ReturnType<typeof layout>, env: Record<string, string> = {}, projectTrusted = true) =>
	loadAgents({ ...l, projectTrusted, bundledDir: null, env });

describe("OpenCode config agents", () => {
	it("reads OpenCode 1's agent entries from JSONC: comments, trailing commas, a role from a file and the environment", () => {
		const l = layout();
		mkdirSync(join(l.cwd, "prompts"));
		writeFileSync(join(l.cwd, "prompts", "review.md"), "You review code: security first.\n");
		writeFileSync(
			join(l.cwd, "opencode.jsonc"),
			[
				"{",
				'  "$schema": "https://opencode.ai/config.json", // the schema',
				'  /* agents */ "agent": {',
				'    "code-reviewer": {',
				'      "description": "Reviews code // for issues",',
				'      "mode": "subagent",',
				'      "prompt": "{file:./prompts/review.md}",',
				'      "tools": { "write": false, "edit": false },',
				'      "temperature": 0.1,',
				"    },",
				'    "docs": { "description": "Writes docs", "prompt": "Key {env:DOCS_KEY}." },',
				"  },",
				"}",
			].join("\n"),
		);
		const loaded = load(l, { DOCS_KEY: "abc" });
		expect(loaded.problems).toEqual([]);
		const reviewer = loaded.agents.get("code-reviewer");
		expect(reviewer?.description).toBe("Reviews code // for issues");
		expect(reviewer?.role).toBe("You review code: security first.");
		expect(reviewer?.tools).toEqual(["read", "bash", "grep", "find", "ls"]);
		expect(reviewer?.ignoredKeys.map((k) => k.key)).toEqual(expect.arrayContaining(["temperature", "mode"]));
		expect(reviewer?.source).toMatchObject({ scope: "project", label: "opencode.jsonc#code-reviewer" });
		expect(loaded.agents.get("docs")?.role).toBe("Key abc.");
	});

	it("reads OpenCode 2's agents entries: the role in system, disabled, permission rules", () => {
		const l = layout();
		mkdirSync(join(l.cwd, ".opencode"));
		writeFileSync(
			join(l.cwd, ".opencode", "opencode.json"),
			JSON.stringify({
				agents: {
					auditor: {
						description: "Audits changes",
						system: "Report findings in severity order.",
						permissions: [{ action: "edit", resource: "*", effect: "deny" }],
					},
					off: { description: "Turned off", system: "x", disabled: true },
				},
			}),
		);
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("auditor")?.role).toBe("Report findings in severity order.");
		expect(loaded.agents.get("auditor")?.tools).not.toContain("edit");
		expect(loaded.disabled.has("off")).toBe(true);
	});

	it("leaves out settings for OpenCode's own agents, but reads one that brings its own role", () => {
		const l = layout();
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({
				agent: {
					build: { model: "anthropic/claude-sonnet-4-5" },
					explore: { description: "Explores", prompt: "You explore." },
				},
			}),
		);
		const loaded = load(l);
		expect(loaded.notAgents).toEqual([
			{ label: "opencode.json#build", reason: "settings for OpenCode's own agent of that name" },
		]);
		expect([...loaded.agents.keys()]).toEqual(["explore"]);
	});

	it("lays OpenCode's own explore and plan limits under an entry or file of that name, as OpenCode merges them", () => {
		const l = layout();
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({
				agent: {
					explore: {
						description: "A fast read-only explorer",
						prompt: "You explore.",
						permission: { bash: { "git log*": "allow", "*": "deny" } },
					},
					general: { description: "General", prompt: "You help." },
				},
			}),
		);
		mkdirSync(join(l.cwd, ".opencode", "agents"), { recursive: true });
		writeFileSync(
			join(l.cwd, ".opencode", "agents", "plan.md"),
			"---\ndescription: Plans\nmode: subagent\n---\nYou plan.\n",
		);
		const opened = join(l.cwd, ".opencode", "agents", "plan-free.md");
		writeFileSync(opened, "---\ndescription: Plans, may edit\npermission:\n  edit: allow\n---\nYou plan.\n");
		const loaded = load(l);
		const tools = (name: string) => loaded.agents.get(name)?.tools;
		// explore: everything but the reading tools denied; the entry's own bash rule then withholds bash.
		expect(tools("explore")).toEqual(["read", "grep", "find", "ls"]);
		// plan: edits held to OpenCode's plan files at each call, from the project's root, as in OpenCode.
		expect(tools("plan")).toBeUndefined();
		const plan = loaded.agents.get("plan");
		expect(plan?.paths?.map((r) => [r.glob, r.effect, r.base, r.tools])).toEqual([
			["*", "deny", l.cwd, ["edit", "write"]],
			[".opencode/plans/*.md", "allow", l.cwd, ["edit", "write"]],
		]);
		expect(plan?.notes.map((n) => n.message)).toEqual(
			expect.arrayContaining([
				"OpenCode's own plan agent's rules lie under this file's, as OpenCode merges them",
				"edit and write limited to .opencode/plans/*.md (permission.edit, checked at each call)",
			]),
		);
		// Only OpenCode's own names: other agents keep what their file says.
		expect(tools("general")).toBeUndefined();
		expect(tools("plan-free")).toBeUndefined();
	});

	it("lays the config's own permission under every OpenCode agent, the project's over the user's, the agent's over both", () => {
		const l = layout();
		const userConfig = join(l.home, ".config", "opencode");
		mkdirSync(userConfig, { recursive: true });
		writeFileSync(
			join(userConfig, "opencode.json"),
			JSON.stringify({ permission: { webfetch: "deny", edit: "deny" } }),
		);
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({
				permission: { bash: { "rm -rf *": "deny", "*": "allow" }, edit: "allow" },
				agent: { docs: { description: "Writes docs", prompt: "You write docs." } },
			}),
		);
		mkdirSync(join(l.cwd, ".opencode", "agents"), { recursive: true });
		const md = (front: string) => `---\ndescription: d\n${front}---\nYou work.\n`;
		writeFileSync(join(l.cwd, ".opencode", "agents", "builder.md"), md(""));
		writeFileSync(join(l.cwd, ".opencode", "agents", "shell.md"), md("permission:\n  bash: allow\n"));
		writeFileSync(join(l.cwd, ".opencode", "agents", "plan.md"), md(""));
		mkdirSync(join(l.cwd, ".claude", "agents"), { recursive: true });
		writeFileSync(join(l.cwd, ".claude", "agents", "claude-side.md"), md(""));
		const loaded = load(l);
		const tools = (name: string) => loaded.agents.get(name)?.tools;
		// The project's bash rule cannot be enforced per command: bash is withheld; its edit: allow wins over the user's deny.
		expect(tools("docs")).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		expect(tools("builder")).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		expect(loaded.agents.get("builder")?.notes.map((n) => n.message)).toContain(
			"the permission of ~/.config/opencode/opencode.json and opencode.json lies under this agent's, as OpenCode applies it",
		);
		// The agent's own bash: allow wins (nothing is withheld: the default tools); plan's own limit lies
		// under the config's edit: allow, as in OpenCode.
		expect(tools("shell")).toBeUndefined();
		expect(tools("plan")).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		// Claude Code's agents are not OpenCode's: its config does not reach them.
		expect(tools("claude-side")).toBeUndefined();
	});

	it("withholds bash under a shared external_directory rule, and names the config it comes from", () => {
		const l = layout();
		writeFileSync(join(l.cwd, "opencode.json"), JSON.stringify({ permission: { external_directory: "deny" } }));
		mkdirSync(join(l.cwd, ".opencode", "agents"), { recursive: true });
		writeFileSync(join(l.cwd, ".opencode", "agents", "r.md"), "---\ndescription: d\n---\nYou work.\n");
		const loaded = load(l);
		expect(loaded.entries.flatMap((e) => e.problems)).toEqual([]);
		const r = loaded.agents.get("r");
		expect(r?.tools).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		expect(r?.notes.map((n) => n.message)).toContain(
			"the permission of opencode.json lies under this agent's, as OpenCode applies it",
		);
	});

	it("refuses nothing for a config whose permission is malformed, and says so on the config", () => {
		const l = layout();
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({ permission: 3, agent: { a: { description: "d", prompt: "p" } } }),
		);
		const loaded = load(l);
		expect(loaded.problems.map((p) => [p.source, p.message])).toEqual([
			["opencode.json", '"permission" must be an action or a map of them'],
		]);
		expect(loaded.agents.get("a")?.tools).toBeUndefined();
	});

	it("keeps a config entry's limits under the Markdown agent of its name, which wins the name", () => {
		const l = layout();
		writeFileSync(
			join(l.cwd, "opencode.jsonc"),
			JSON.stringify({
				agent: {
					plan: { tools: { write: false, edit: false, bash: false } },
					reviewer: { description: "Reviews", prompt: "You review.", permission: { bash: "deny", edit: "ask" } },
					writer: { description: "Writes", prompt: "You write.", tools: { bash: false } },
				},
			}),
		);
		mkdirSync(join(l.cwd, ".opencode", "agent"), { recursive: true });
		const md = (front: string) => `---\ndescription: d\n${front}---\nYou work.\n`;
		writeFileSync(join(l.cwd, ".opencode", "agent", "plan.md"), md(""));
		writeFileSync(join(l.cwd, ".opencode", "agent", "reviewer.md"), md("permission:\n  edit: allow\n"));
		writeFileSync(join(l.cwd, ".opencode", "agent", "writer.md"), md("tools:\n  bash: true\n  write: false\n"));
		const loaded = load(l);
		const tools = (name: string) => loaded.agents.get(name)?.tools;
		expect(tools("plan")).toEqual(["read", "grep", "find", "ls"]);
		// The file's edit: allow wins over the entry's ask; the entry's bash: deny stays.
		expect(tools("reviewer")).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		// Tools maps merge too, the file's entries over the entry's.
		expect(tools("writer")).toEqual(["read", "bash", "edit", "grep", "find", "ls"]);
		expect(loaded.agents.get("reviewer")?.notes.map((n) => n.message)).toContain(
			"opencode.jsonc#reviewer's permission and tools lie under this file's, as OpenCode merges them",
		);
		expect(loaded.shadowed.map((s) => s.hidden.label).sort()).toEqual([
			"opencode.jsonc#reviewer",
			"opencode.jsonc#writer",
		]);
	});

	it("lets a plan file's own rule win where both speak, as OpenCode's merge does", () => {
		const l = layout();
		mkdirSync(join(l.cwd, ".opencode", "agent"), { recursive: true });
		writeFileSync(
			join(l.cwd, ".opencode", "agent", "plan.md"),
			"---\ndescription: Plans and writes the plan\npermission:\n  edit: allow\n  bash: deny\n---\nYou plan.\n",
		);
		expect(load(l).agents.get("plan")?.tools).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
	});

	it("holds entries to the agent file rules: an unknown key refuses the agent, a role that cannot be read breaks it", () => {
		const l = layout();
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({
				agent: {
					typo: { description: "d", prompt: "p", tool: { bash: false } },
					missing: { description: "d", prompt: "{file:./nope.md}" },
					numeric: { description: "d", prompt: 42 },
				},
			}),
		);
		const loaded = load(l);
		expect(loaded.agents.size).toBe(0);
		expect([...loaded.broken.keys()].sort()).toEqual(["missing", "numeric", "typo"]);
		const messages = loaded.problems.map((p) => `${formatPath(p)}: ${p.message}`);
		expect(messages).toEqual(
			expect.arrayContaining([
				expect.stringContaining('opencode.json#typo: tool: unknown key "tool" (did you mean "tools"?)'),
				expect.stringContaining("opencode.json#missing: prompt: cannot read the file the role includes"),
				expect.stringContaining("opencode.json#numeric: prompt: the role must be text"),
			]),
		);
	});

	it("refuses a role included from a FIFO or a device without opening it: loading does not hang", () => {
		const l = layout();
		execFileSync("mkfifo", [join(l.cwd, "role.md")]);
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({
				agent: {
					fifo: { description: "d", prompt: "{file:./role.md}" },
					zero: { description: "d", prompt: "{file:/dev/zero}" },
				},
			}),
		);
		const loaded = load(l);
		expect([...loaded.broken.keys()].sort()).toEqual(["fifo", "zero"]);
		const messages = loaded.problems.map((p) => p.message);
		expect(messages).toEqual([
			"cannot read the file the role includes: it is not a regular file (a FIFO, device or socket)",
			"cannot read the file the role includes: it is not a regular file (a FIFO, device or socket)",
		]);
	});

	it("reports a file that is not JSON at its line and column, and an agent defined twice", () => {
		const l = layout();
		writeFileSync(
			join(l.cwd, "opencode.jsonc"),
			'{\n  // note\n  "agent": { "a": { "description": "d" } \n  "x": 1\n}',
		);
		const bad = load(l);
		expect(bad.problems.map(formatPath)).toEqual(["opencode.jsonc:4:3"]);
		expect(bad.problems[0]?.message).toContain("not valid JSON");
		writeFileSync(
			join(l.cwd, "opencode.jsonc"),
			'{ "agent": { "a": { "description": "one", "prompt": "p" }, "a": { "description": "two", "prompt": "p" } } }',
		);
		const twice = load(l);
		expect(twice.problems[0]?.message).toContain('the agent "a" is defined twice in "agent"');
	});

	it("ranks config agents after the same scope's agent folders, reads OPENCODE_CONFIG, and skips an untrusted project's", () => {
		const l = layout();
		mkdirSync(join(l.cwd, ".opencode", "agents"), { recursive: true });
		writeFileSync(join(l.cwd, ".opencode", "agents", "scout.md"), "---\ndescription: from the folder\n---\nRole.\n");
		writeFileSync(
			join(l.cwd, "opencode.json"),
			JSON.stringify({ agent: { scout: { description: "from config", prompt: "p" } } }),
		);
		const named = join(l.root, "custom.json");
		writeFileSync(named, JSON.stringify({ agent: { mine: { description: "mine", prompt: "p" } } }));
		const loaded = load(l, { OPENCODE_CONFIG: named });
		expect(loaded.agents.get("scout")?.description).toBe("from the folder");
		expect(loaded.shadowed.map((s) => s.hidden.label)).toEqual(["opencode.json#scout"]);
		expect(loaded.agents.get("mine")?.source.scope).toBe("user");
		const untrusted = load(l, {}, false);
		expect(untrusted.agents.has("scout")).toBe(false);
		expect(untrusted.skipped.map((s) => s.label)).toEqual(expect.arrayContaining(["opencode.json"]));
	});
});

describe("blankComments", () => {
	it("blanks comments to spaces, keeps line breaks and strings", () => {
		const text = '{\n  // a\n  "u": "http://x/*y*/", /* b\n c */ "v": 1\n}';
		const blanked = blankComments(text);
		expect(blanked.length).toBe(text.length);
		expect(blanked.split("\n").length).toBe(text.split("\n").length);
		expect(JSON.parse(blanked)).toEqual({ u: "http://x/*y*/", v: 1 });
	});
});
