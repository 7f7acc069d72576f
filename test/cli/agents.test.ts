import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { LaunchEnvironment } from "../../src/agents/check.ts";
import { createAgentsCommand } from "../../src/cli/agents.ts";
import { recordingIO, runCli } from "../support/cli.ts";
import { tempDir } from "../support/temp.ts";

function layout() {
	const root = tempDir("pi-delegate-agents-cli-");
	const home = join(root, "home");
	const cwd = join(root, "project");
	const user = join(home, ".pi", "agent", "agents");
	const project = join(cwd, ".pi", "agents");
	const claude = join(cwd, ".claude", "agents");
	for (const dir of [user, project, claude]) mkdirSync(dir, { recursive: true });
	return { cwd, env: { HOME: home }, user, project, claude };
}

const ENV: LaunchEnvironment = {
	models: [
		{ provider: "anthropic", id: "claude-haiku-4-5", name: "Claude Haiku 4.5" },
		{ provider: "anthropic", id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5" },
		{ provider: "openai", id: "gpt-5" },
	],
	tools: ["read", "bash", "edit", "write", "grep", "find", "ls", "submit_result"],
	parent: { provider: "anthropic", id: "claude-sonnet-4-5" },
	usable: (provider) => provider === "anthropic",
};

/** Runs `agents` in-process with a fixed environment: no runtime, no credentials. */
async function agents(argv: string[], l: ReturnType<typeof layout>, env: LaunchEnvironment = ENV) {
	const command = createAgentsCommand(async () => ({ env, problems: [], dispose() {} }));
	const { io, out } = recordingIO({ cwd: l.cwd, env: l.env });
	const code = await command.run(argv, io);
	return { code, ...out, flat: out.stdout.replace(/\s+/g, " ") };
}

const file = (front: string, body = "Role.") => `---\n${front}\n---\n${body}\n`;

describe("pi-delegate agents", () => {
	it("lists every agent with its resolved model, mapped tools, notes and what it hides, in 80 columns", async () => {
		const l = layout();
		writeFileSync(join(l.user, "scout.md"), file("description: user scout"));
		writeFileSync(
			join(l.claude, "scout.md"),
			file("name: scout\ndescription: Claude scout\ntools: Read, Grep, Glob, WebFetch\nmodel: haiku\ncolor: cyan"),
		);
		const result = await agents([], l);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^✓ {2}scout +project +anthropic\/claude-haiku-4-5 +read,grep,find$/m);
		expect(result.stdout).toMatch(/^✓ {2}planner +bundled +\(default\) +read,grep,find,ls$/m);
		expect(result.stdout).toContain("  model     haiku → anthropic/claude-haiku-4-5");
		expect(result.stdout).toContain("  note      tools: Glob → find");
		expect(result.flat).toContain("note tools: WebFetch dropped: Pi has no such tool; the agent runs without it");
		expect(result.stdout).toContain("  ignored   color (presentation only)");
		expect(result.stdout).toContain("  hides     ~/.pi/agent/agents/scout.md");
		expect(result.stdout).toContain("  hides     bundled/scout.md");
		expect(result.stdout).toContain("all ready to start.");
		for (const line of result.stdout.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(80);
	});

	it("exits 1 when an agent would fail at launch: a model that resolves to nothing, a tool that does not exist", async () => {
		const l = layout();
		writeFileSync(join(l.project, "a.md"), file("description: d\nmodel: gpt-9"));
		writeFileSync(join(l.project, "b.md"), file("description: d\ntools: read, grpe"));
		writeFileSync(join(l.project, "c.md"), file("description: d\nmodel: openai/gpt-5"));
		const result = await agents([], l);
		expect(result.code).toBe(1);
		expect(result.stdout).toMatch(/^✗ {2}a +project +✗ gpt-9/m);
		expect(result.flat).toContain(".pi/agents/a.md: model: matches no model");
		expect(result.flat).toContain('"grpe", which this session does not have (did you mean "grep"?)');
		expect(result.flat).toContain('provider "openai" has no credentials');
		expect(result.stdout).toContain("3 would fail to start");
	});

	it("shows every problem of a broken file, not only the first", async () => {
		const l = layout();
		writeFileSync(join(l.project, "scout.md"), file("description: d\nallowed-tools: read\nthinking: huge\nhooks: {}"));
		const result = await agents([], l);
		expect(result.code).toBe(1);
		expect(result.flat).toContain('allowed-tools: unknown key "allowed-tools" (did you mean "tools"?)');
		expect(result.flat).toContain(".pi/agents/scout.md: thinking: must be one of");
		expect(result.flat).toContain(".pi/agents/scout.md: hooks: cannot be honoured");
	});

	it("lists Claude Code files as Claude Code reads them: prose descriptions, and a family alias nobody here serves", async () => {
		const l = layout();
		const examples = Array.from({ length: 8 }, (_, i) => `<example>\nuser: "case ${i}"\n</example>`).join("\n");
		writeFileSync(
			join(l.claude, "doc-checker.md"),
			file(
				`name: doc-checker\ndescription: Use this agent when docs drift. Examples:\n${examples}\nmodel: opus\ntools: Read`,
			),
		);
		const onOpenAi = { ...ENV, parent: { provider: "openai", id: "gpt-5" }, usable: (p: string) => p === "openai" };
		const result = await agents([], l, onOpenAi);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^✓ {2}doc-checker +project +\(default\) +read$/m);
		expect(result.flat).toContain('model opus → the launcher\'s model: no provider with credentials offers "opus"');
		expect(result.flat).toContain("note description: not valid YAML, read as plain text (lines 3–27)");
		// The description is cut to three lines in the listing; --json holds it whole.
		const about = result.stdout.split("\n").findIndex((line) => line.startsWith("  about     Use this agent"));
		expect(result.stdout.split("\n")[about + 2]).toMatch(/ …$/);
		expect(result.stdout.split("\n")[about + 3]).toMatch(/^ {2}model /);
		// Claude Code's generator writes line breaks as a literal \n; the listing shows them as spaces.
		writeFileSync(
			join(l.claude, "gen.md"),
			file("name: gen\ndescription: Runs tests.\\n\\nUse it after a change.\nmodel: inherit"),
		);
		expect((await agents([], l, onOpenAi)).stdout).toContain("  about     Runs tests. Use it after a change.\n");
		const json = JSON.parse((await agents(["--json"], l, onOpenAi)).stdout) as {
			agents: Array<Record<string, unknown>>;
		};
		expect(String(json.agents.find((a) => a.name === "doc-checker")?.description)).toContain('user: "case 7"');
		for (const line of result.stdout.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(80);
	});

	it("prints the roster the parent's prompt carries with --roster, and refuses --roster with --json", async () => {
		const l = layout();
		writeFileSync(join(l.claude, "doc-checker.md"), file("description: Checks docs; lists drift\ntools: Read"));
		// A launch refuses it (no credentials for openai): the listing says why, the roster leaves it out.
		writeFileSync(join(l.claude, "gpt-checker.md"), file("description: Checks on GPT\nmodel: openai/gpt-5"));
		const result = await agents(["--roster"], l);
		expect(result.code).toBe(0);
		expect(result.stdout).not.toContain("gpt-checker");
		expect((await agents([], l)).flat).toMatch(/gpt-checker .*no credentials/);
		expect(result.stdout.split("\n").slice(0, 4)).toEqual([
			"<agents>",
			"Agents a task can run as (agent: name):",
			"- doc-checker (read-only): Checks docs",
			"- planner: Read-only planning",
		]);
		const json = JSON.parse((await agents(["--json"], l)).stdout) as { roster: string };
		expect(`${json.roster}\n`).toBe(result.stdout);
		await expect(agents(["--json", "--roster"], l)).rejects.toThrow("--json and --roster");
	});

	it("names the Claude Code settings whose tool limits Claude Code agents run without, only when one is listed", async () => {
		const l = layout();
		const settings = {
			// Whole-tool entries, scoped bash ones and path rules of Read, Edit and Write are applied
			// (agents/claude/deny.ts): only the WebFetch rule is counted.
			permissions: {
				allow: ["Bash(npm test)"],
				deny: ["Read(./.env)", "Bash(curl:*)", "Bash", "WebFetch(domain:example.com)", "Edit(/dist/**)"],
				ask: ["Bash(git push:*)"],
			},
			hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "check.sh" }] }] },
		};
		writeFileSync(join(l.cwd, ".claude", "settings.json"), JSON.stringify(settings));
		writeFileSync(join(l.project, "pi-agent.md"), file("description: a Pi agent"));
		expect((await agents([], l)).stdout).not.toContain("not applied");
		writeFileSync(join(l.claude, "doc-checker.md"), file("description: Checks docs\ntools: Read"));
		const result = await agents([], l);
		expect(result.flat).toContain(
			"not applied: .claude/settings.json: 1 scoped permission rule (deny, ask) and PreToolUse hooks; Claude Code agents run here without them",
		);
		for (const line of result.stdout.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(80);
		expect(result.flat).toContain("note tools: read refuses ./.env (Claude Code's settings, checked at each call)");
		const json = JSON.parse((await agents(["--json"], l)).stdout) as { unapplied: unknown };
		expect(json.unapplied).toEqual([{ label: ".claude/settings.json", rules: 1, preToolUse: true }]);
	});

	it("prints the same facts as JSON", async () => {
		const l = layout();
		writeFileSync(join(l.project, "r.md"), file("description: d\ntools: Bash(git diff:*), Read\nmodel: sonnet:high"));
		const result = await agents(["--json"], l);
		expect(result.code).toBe(0);
		const out = JSON.parse(result.stdout) as { agents: Array<Record<string, unknown>> };
		const r = out.agents.find((a) => a.name === "r");
		expect(r).toMatchObject({
			status: "ready",
			tools: ["bash", "read"],
			commands: [
				{ otherwise: "deny", rules: [{ pattern: "git diff:*", effect: "allow", from: "tools: Bash(git diff:*)" }] },
			],
			thinking: "high",
			model: { ref: "sonnet:high", resolved: "anthropic/claude-sonnet-4-5" },
		});
		expect(JSON.stringify(r?.notes)).toContain("bash limited to git diff:*");
		const text = await agents([], l);
		expect(text.stdout).toContain("  commands  bash runs only: git diff:* (checked at each call)");
	});

	it("reports problems of hidden files without failing, since they cannot start", async () => {
		const l = layout();
		writeFileSync(join(l.user, "scout.md"), file("description: d\ntool: read"));
		writeFileSync(join(l.project, "scout.md"), file("description: fine"));
		const result = await agents([], l);
		expect(result.code).toBe(0);
		expect(result.stderr).toContain("problems in hidden files");
		expect(result.stderr).toContain('unknown key "tool"');
	});

	it("lists a disabled agent apart, without failing", async () => {
		const l = layout();
		writeFileSync(join(l.project, "old.md"), file("description: d\ndisable: true"));
		const result = await agents([], l);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^- {2}old +project/m);
	});

	it("warns about an agent whose contextMode names no mode, without failing", async () => {
		const l = layout();
		writeFileSync(join(l.project, "scout.md"), file("description: d\ncontextMode: scopd"));
		const result = await agents([], l);
		expect(result.code).toBe(0);
		expect(result.stderr).toContain(
			'.pi/agents/scout.md: contextMode "scopd" is not a known mode (did you mean "scoped"?)',
		);
	});

	it("exits 2 when the environment has setup problems", async () => {
		const l = layout();
		const command = createAgentsCommand(async () => ({
			env: ENV,
			problems: [
				{ source: "--extension", path: [], code: "unavailable", value: "x", message: "failed to load", fix: "fix it" },
			],
			dispose() {},
		}));
		let err = "";
		const code = await command.run([], {
			stdout: () => {},
			stderr: (t) => {
				err += t;
			},
			readStdin: async () => "",
			cwd: l.cwd,
			env: l.env,
			isTTY: false,
		});
		expect(code).toBe(2);
		expect(err).toContain("failed to load");
	});

	it("lists Markdown in a Claude Code folder that is not an agent, a few by name and the rest counted, and exits 0", async () => {
		const l = layout();
		mkdirSync(join(l.claude, "review"), { recursive: true });
		writeFileSync(join(l.claude, "review", "r.md"), file("description: reviews"));
		for (const name of ["README", "CONTRIBUTING", "a", "b", "c", "d", "e"]) {
			writeFileSync(join(l.claude, `${name}.md`), `# ${name}\n`);
		}
		const result = await agents([], l);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^✓ {2}r {2}/m);
		const lines = result.stdout.split("\n").filter((line) => line.startsWith("not an agent file"));
		expect(lines).toEqual([
			`not an agent file (no frontmatter): ${join(".claude", "agents", "CONTRIBUTING.md")}`,
			`not an agent file (no frontmatter): ${join(".claude", "agents", "README.md")}`,
			`not an agent file (no frontmatter): ${join(".claude", "agents", "a.md")}`,
			`not an agent file (no frontmatter): ${join(".claude", "agents", "b.md")}`,
			`not an agent file (no frontmatter): ${join(".claude", "agents", "c.md")}`,
		]);
		expect(result.stdout).toContain("… and 2 more files that are not agents (--json lists them)");
		const json = JSON.parse((await agents(["--json"], l)).stdout) as { notAgents: unknown[] };
		expect(json.notAgents).toHaveLength(7);
	});

	it("exits 2 on a bad flag", async () => {
		const result = await runCli(["agents", "--jsn"], layout());
		expect(result.code).toBe(2);
	});
});
