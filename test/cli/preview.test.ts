/**
 * `pi-delegate preview` in-process, in temporary projects, with no model and no API key: what it
 * prints channel by channel, and its exit codes (0 shown, also with an unknown mode's warning;
 * 2 for bad flags, an unknown or broken agent, a missing tool, an invalid spec, broken settings).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type CliResult, runCli } from "../support/cli.ts";
import { MAIN_RULES, makeProject, SHARED_AGENTS, type TempProject } from "../support/project.ts";

/** A project with a shared AGENTS.md and main-only rules; Pi trusts it (defaultProjectTrust "always"). */
function project(extra: Record<string, string> = {}, settings: object = { defaultProjectTrust: "always" }) {
	const p = makeProject({ "project:AGENTS.md": SHARED_AGENTS, "project:.pi/APPEND_SYSTEM.md": MAIN_RULES, ...extra });
	writeFileSync(join(p.agentDir, "settings.json"), JSON.stringify(settings));
	return p;
}

function preview(p: TempProject, ...args: string[]): Promise<CliResult> {
	return runCli(["preview", ...args], { cwd: p.cwd, env: { HOME: p.home, PI_CODING_AGENT_DIR: p.agentDir } });
}

/** The framed system prompt of a text preview. */
function systemPrompt(stdout: string): string {
	const match = /System prompt \(\d+ bytes, ~\d+ tokens\)\n─+\n([\s\S]*?)\n─+\n/.exec(stdout);
	if (!match?.[1]) throw new Error(`no system prompt in:\n${stdout}`);
	return match[1];
}

/** The text with every run of whitespace as one space, so wrapped paragraphs can be matched. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const REVIEWER =
	"---\nname: reviewer\ndescription: Reviews diffs.\ncontextMode: scoped\ntools: read, grep\n---\nJudge the diff.\n";

describe("pi-delegate preview", () => {
	it("shows each channel, why, its size, the tools, Pi's render and a diff against the parent", async () => {
		const r = await preview(project());
		expect(r.code).toBe(0);
		expect(r.stderr).toBe("");
		expect(r.stdout).toMatch(/^What a "task-worker" child \(built-in\) would receive in /);
		expect(r.stdout).toMatch(/^base prompt +generic base +63 +16$/m);
		expect(r.stdout).toMatch(/^main rules +out +0 +0$/m);
		expect(r.stdout).toMatch(/^project context +in \(1\) +\d+ +\d+$/m);
		expect(flat(r.stdout)).toMatch(
			/main rules inheritMainRules false \(default mode "focused"\): the main agent's own rules/,
		);
		expect(r.stdout).toContain("Tools (5): read, bash, edit, write, submit_result");
		const prompt = systemPrompt(r.stdout);
		expect(prompt).toContain(SHARED_AGENTS);
		expect(prompt).not.toContain(MAIN_RULES.trim());
		expect(r.stdout).toMatch(/Compared with the prompt of a Pi session here \(\d+ bytes/);
		expect(r.stdout).toContain(`-${MAIN_RULES.trim()}`);
	});

	it("--mode legacy lets the main rules through and keeps Pi's own prompt", async () => {
		const r = await preview(project(), "--mode", "legacy");
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/^main rules +in +\d+/m);
		expect(r.stdout).toMatch(/^role +in the first message/m);
		expect(systemPrompt(r.stdout)).toMatch(/^You are a coding assistant running inside pi[\s\S]*Main agent only/);
		expect(r.stdout).toMatch(/^inheritMainRules +true +run-level mode "legacy"$/m);
	});

	it("an unknown --mode is refused with exit 2, as at launch: the default would show the child more than asked", async () => {
		const r = await preview(project(), "--mode", "isolatd");
		expect(r.code).toBe(2);
		expect(r.stdout).toBe("");
		expect(r.stderr).toContain('unknown context mode "isolatd" (did you mean "isolated"?)');
		expect(r.stderr).toContain("--mode");
		expect(r.stderr).toMatch(/use one of: .*isolated/);
		expect(r.stderr).not.toMatch(/\n\s+at /);
	});

	it("previews an agent: its mode, its tools and its role", async () => {
		const r = await preview(project({ "project:.pi/agents/reviewer.md": REVIEWER }), "--agent", "reviewer");
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/^What a "reviewer" child \(\.pi\/agents\/reviewer\.md\)/);
		expect(r.stdout).toMatch(/^systemPromptMode +replace +agent \.md mode "scoped"/m);
		expect(r.stdout).toContain("Tools (3): read, grep, submit_result");
		expect(systemPrompt(r.stdout).startsWith('<active_agent name="reviewer"/>\n\nJudge the diff.\n\n')).toBe(true);
	});

	it("shows, without a spec, the model an agent's child would start on and why, also when the agent's stands aside", async () => {
		const settings = { defaultProjectTrust: "always", defaultProvider: "anthropic", defaultModel: "claude-sonnet-4-5" };
		const pinned = "---\nname: pinned\ndescription: Pinned\nmodel: claude-sonnet-4-20250514\n---\nWork.\n";
		const p = project({ "project:.pi/agents/reviewer.md": REVIEWER, "project:.pi/agents/pinned.md": pinned }, settings);
		const r = await preview(p, "--agent", "reviewer");
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/^model +anthropic\/claude-sonnet-4-5 +Pi's defaultProvider\/defaultModel/m);
		const aside = await preview(p, "--agent", "pinned");
		expect(aside.code).toBe(0);
		expect(flat(aside.stdout)).toMatch(
			/model anthropic\/claude-sonnet-4-5 Pi's defaultProvider\/defaultModel settings, in place of the agent's "claude-sonnet-4-20250514"/,
		);
		const run = aside.stdout.slice(aside.stdout.indexOf("\nRun\n"), aside.stdout.indexOf("\nSettings\n"));
		for (const line of run.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(80);
	});

	it("an agent's mode beats --mode, as the precedence says", async () => {
		const r = await preview(
			project({ "project:.pi/agents/reviewer.md": REVIEWER }),
			"--agent",
			"reviewer",
			"--mode",
			"legacy",
		);
		expect(r.stdout).toMatch(/^inheritMainRules +false +agent \.md mode "scoped"/m);
	});

	it("an unknown agent exits 2 and names the near miss", async () => {
		const r = await preview(project({ "project:.pi/agents/reviewer.md": REVIEWER }), "--agent", "reviewr");
		expect(r.code).toBe(2);
		expect(r.stdout).toBe("");
		expect(r.stderr).toContain('--agent: no agent named "reviewr" (did you mean "reviewer"?)');
	});

	it("a broken agent exits 2 and says what is wrong with its file, field by field", async () => {
		const broken = REVIEWER.replace("tools: read, grep", "tools: read, grep\ncontextMod: scoped\nthinking: loud");
		const r = await preview(project({ "project:.pi/agents/reviewer.md": broken }), "--agent", "reviewer");
		expect(r.code).toBe(2);
		expect(r.stderr).toContain("has problems");
		expect(r.stderr).toMatch(/\.pi\/agents\/reviewer\.md: contextMod/);
		expect(r.stderr).toMatch(/contextMode/);
		expect(r.stderr).toMatch(/\.pi\/agents\/reviewer\.md: thinking/);
		expect(r.stderr).toMatch(/value: +"loud"/);
		expect(r.stderr).toMatch(/fix: /);
	});

	it("an agent listing a tool the session lacks exits 2: never a silent drop", async () => {
		const broken = REVIEWER.replace("tools: read, grep", "tools: read, lint");
		const r = await preview(project({ "project:.pi/agents/reviewer.md": broken }), "--agent", "reviewer");
		expect(r.code).toBe(2);
		expect(r.stderr).toContain('.pi/agents/reviewer.md: tools[1]: agent "reviewer" lists the tool "lint"');
	});

	it("--tools replaces the tool list; an unknown tool exits 2", async () => {
		const ok = await preview(project(), "--tools", "read,find");
		expect(ok.stdout).toContain("Tools (3): read, find, submit_result");
		const bad = await preview(project(), "--tools", "read,gerp");
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('--tools[1]: the child\'s session has no tool "gerp" (did you mean "grep"?)');
	});

	it("--strategy portable drops project context; a bad strategy is a usage error", async () => {
		const r = await preview(project(), "--strategy", "portable");
		expect(r.code).toBe(0);
		expect(systemPrompt(r.stdout)).not.toContain(SHARED_AGENTS.trim());
		expect(flat(r.stdout)).toContain(
			"portable strategy: the harness that receives the prompt loads its own project context",
		);
		const bad = await preview(project(), "--strategy", "fll");
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('--strategy must be full or portable, not "fll"');
	});

	it("--spec shows the task brief as the first message; an invalid spec exits 2", async () => {
		const p = project();
		const spec = join(p.cwd, "spec.json");
		writeFileSync(
			spec,
			JSON.stringify({
				id: "find-rounding",
				goal: "Find where amounts are rounded.",
				deliverable: "A list.",
				roots: [p.cwd],
			}),
		);
		const r = await preview(p, "--spec", spec);
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(/First message \(\d+ bytes, ~\d+ tokens\)\n─+\nAnother agent sent you this one task\./);
		expect(r.stdout).toContain("Finish with one `submit_result` call.\n\n# Task: find-rounding\n");
		expect(systemPrompt(r.stdout)).not.toContain("find-rounding");
		writeFileSync(spec, JSON.stringify({ id: "x", goal: "g" }));
		const bad = await preview(p, "--spec", spec);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain("deliverable");
	});

	it("--json prints one object with every channel, the prompt and the tools", async () => {
		const r = await preview(project(), "--json");
		expect(r.code).toBe(0);
		const out = JSON.parse(r.stdout) as Record<string, unknown> & {
			channels: Array<{ channel: string; state: string; decidedBy: { layer: string } }>;
			systemPrompt: { text: string; bytes: number };
			tools: { names: string[] };
		};
		expect(out.channels.map((c) => [c.channel, c.state, c.decidedBy.layer])).toEqual([
			["base", "generic", "default"],
			["mainRules", "out", "default"],
			["projectContext", "in", "default"],
			["skills", "empty", "default"],
		]);
		expect(out.systemPrompt.text).toContain(SHARED_AGENTS);
		expect(out.systemPrompt.bytes).toBe(Buffer.byteLength(out.systemPrompt.text));
		expect(out.tools.names).toEqual(["read", "bash", "edit", "write", "submit_result"]);
	});

	it("leaves an untrusted project's .pi/ files unread and says why", async () => {
		const p = project({}, {});
		const r = await preview(p);
		expect(r.code).toBe(0);
		expect(r.stdout).toContain("the project's .pi/ files: not read (no saved decision");
		expect(flat(r.stdout)).toContain(
			'inheritMainRules false (default mode "focused"); the parent has no appended prompt',
		);
		const approved = await preview(p, "--approve", "--mode", "legacy");
		expect(systemPrompt(approved.stdout)).toContain(MAIN_RULES.trim());
	});

	it("refuses with exit 2 while the settings have problems, as a launch would", async () => {
		const p = project(
			{},
			{ defaultProjectTrust: "always", "pi-delegate": { contextModes: { lean: { inheritSkills: "yes" } } } },
		);
		const r = await preview(p);
		expect(r.code).toBe(2);
		expect(r.stderr).toContain("no child would start: pi-delegate's settings have problems");
		expect(r.stderr).toContain("pi-delegate.contextModes.lean.inheritSkills");
	});

	it("rejects unknown flags with the near miss", async () => {
		const r = await preview(project(), "--agnet", "x");
		expect(r.code).toBe(2);
		expect(r.stderr).toContain("unknown option --agnet (did you mean --agent?)");
	});

	it("works in a directory with nothing of Pi's at all", async () => {
		const p = makeProject({});
		mkdirSync(join(p.home, ".pi"), { recursive: true });
		const r = await preview(p, "--mode", "isolated");
		expect(r.code).toBe(0);
		expect(systemPrompt(r.stdout)).toBe(
			`<active_agent name="task-worker"/>\n\n${systemPrompt(r.stdout).split("\n\n")[1]}\n\n<cwd>\n${p.cwd}\n</cwd>`,
		);
	});
});
