/**
 * Agent files as their own tools read them: OpenCode's agents without a description, its primary
 * agents, a config entry merged under a Markdown agent, an external_directory rule; to-do tools;
 * model ids that only part-match; the model each agent starts on; and the YAML note given only
 * where the file's own tool fails on its frontmatter. The files are in test/fixtures/agent-files/.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lookupAgent } from "../../src/agents/catalog.ts";
import type { LaunchEnvironment } from "../../src/agents/check.ts";
import { agentReports, renderAgentListing } from "../../src/agents/listing.ts";
import { loadAgents } from "../../src/agents/load.ts";
import { type ModelInfo, resolveModelRef } from "../../src/agents/model-ref.ts";
import { parseAgentFile } from "../../src/agents/parse.ts";
import { agentRoster } from "../../src/agents/roster.ts";
import { chooseModel } from "../../src/plan/model.ts";
import { homeLayout } from "../support/home-layout.ts";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "agent-files");

const layout = () => homeLayout("pi-delegate-agent-files-");
type Layout = ReturnType<typeof layout>;

/** Copies fixture `name` to `dir/as` under the layout's root. */
function put(dir: string, name: string, as = name): void {
	mkdirSync(dir, { recursive: true });
	copyFileSync(join(FIXTURES, name), join(dir, as));
}

const load = (l: Layout) => loadAgents({ ...l, projectTrusted: true, bundledDir: null, env: {} });

const ENV: LaunchEnvironment = {
	models: [
		{ provider: "anthropic", id: "claude-haiku-4-5", name: "Claude Haiku 4.5" },
		{ provider: "anthropic", id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5" },
		{ provider: "openai", id: "gpt-5", name: "GPT-5" },
	],
	tools: ["read", "bash", "edit", "write", "grep", "find", "ls", "submit_result"],
	parent: { provider: "anthropic", id: "claude-sonnet-4-5" },
	parentReason: "Pi's default model; in Pi, the parent's current one",
	usable: (provider) => provider === "anthropic" || provider === "openai",
};

const notes = (l: ReturnType<typeof load>, name: string) =>
	(l.agents.get(name)?.notes ?? []).map((n) => `${n.key}: ${n.message}`);

describe("an OpenCode agent without a description", () => {
	it("loads from an OpenCode folder and a config entry, with a note, and the roster says to call it by name only", () => {
		const l = layout();
		put(join(l.cwd, ".opencode", "agent"), "oc-docs-writer.md", "docs-writer.md");
		const config = { agent: { scribe: { prompt: "You take notes.", mode: "subagent" } } };
		writeText(join(l.cwd, "opencode.json"), JSON.stringify(config));
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		for (const name of ["docs-writer", "scribe"]) {
			expect(loaded.agents.get(name)?.description, name).toBe("");
			expect(notes(loaded, name).join("\n"), name).toContain("description: none; OpenCode offers such an agent");
		}
		expect(loaded.agents.get("docs-writer")?.tools).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		const roster = agentRoster(loaded.agents.values());
		expect(roster).toContain("- docs-writer: no description; call it only when the user names it");
	});

	it("is still refused in a Claude Code or Pi folder, whose tools skip such a file", () => {
		const l = layout();
		put(join(l.cwd, ".claude", "agents"), "oc-docs-writer.md", "docs-writer.md");
		put(join(l.cwd, ".pi", "agents"), "oc-docs-writer.md", "pi-writer.md");
		const loaded = load(l);
		expect(loaded.agents.size).toBe(0);
		expect(loaded.problems.map((p) => `${p.source}: ${p.path.join(".")} ${p.code}`).sort()).toEqual([
			".claude/agents/docs-writer.md: description required",
			".pi/agents/pi-writer.md: description required",
		]);
	});
});

describe("a tool that only keeps a to-do list", () => {
	it("is dropped with a note, as TodoWrite is: Pi's todo, OpenCode's todowrite and todoread, and their kin", () => {
		const l = layout();
		put(join(l.cwd, ".pi", "agents"), "pi-planner-todo.md", "planner.md");
		put(join(l.cwd, ".opencode", "agent"), "oc-task-tracker.md", "task-tracker.md");
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("planner")?.tools).toEqual(["read", "grep", "find", "ls"]);
		expect(notes(loaded, "planner").join("\n")).toContain("tools: todo dropped: it only keeps a to-do list");
		// OpenCode's tools map only turns tools off; the to-do tools it turns on are dropped.
		expect(loaded.agents.get("task-tracker")?.tools).toEqual(["read", "bash", "grep", "find", "ls"]);
		expect(notes(loaded, "task-tracker").join("\n")).toContain("todowrite dropped");
		const source = { scope: "project" as const, file: "/p/.pi/agents/a.md", label: "a.md" };
		for (const tool of ["write_todos", "update_plan", "TodoRead", "todos"]) {
			const parsed = parseAgentFile(`---\ndescription: d\ntools: read, ${tool}\n---\nrole\n`, source);
			expect(parsed.problems, tool).toEqual([]);
			expect(parsed.definition?.tools, tool).toEqual(["read"]);
		}
		// An extension that offers the tool keeps it, as for any other tool.
		const kept = parseAgentFile("---\ndescription: d\ntools: read, todo\n---\nrole\n", source, {
			availableTools: ["read", "todo"],
		});
		expect(kept.definition?.tools).toEqual(["read", "todo"]);
	});
});

describe("a Markdown agent and an opencode.json entry of one name", () => {
	it("are merged as OpenCode merges them: the entry's model stays, the file's own keys win, and the listing says so", () => {
		const l = layout();
		put(join(l.cwd, ".opencode", "agent"), "oc-reviewer.md", "reviewer.md");
		put(l.cwd, "oc-reviewer.opencode.json", "opencode.json");
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		const reviewer = loaded.agents.get("reviewer");
		expect(reviewer?.model).toBe("openai/gpt-5");
		expect(reviewer?.description).toBe("Reviews the current diff for correctness, tests and style");
		expect(notes(loaded, "reviewer")).toContain(
			"model: from opencode.json#reviewer, which OpenCode merges under this file (the file's own keys win)",
		);
		const text = renderAgentListing(agentReports(loaded, ENV));
		expect(text).toMatch(/^✓ {2}reviewer +project +openai\/gpt-5 /m);
		expect(text).toContain("  model     openai/gpt-5 → openai/gpt-5 (exact)");
	});

	it("are merged across folders too: a project's entry lies under the user's Markdown agent, the user's under the project's", () => {
		const l = layout();
		put(join(l.home, ".config", "opencode", "agent"), "oc-reviewer.md", "reviewer.md");
		put(l.cwd, "oc-reviewer.opencode.json", "opencode.json");
		put(join(l.cwd, ".opencode", "agent"), "oc-test-fixer.md", "test-fixer.md");
		writeText(
			join(l.home, ".config", "opencode", "opencode.json"),
			JSON.stringify({ agent: { "test-fixer": { model: "anthropic/claude-haiku-4-5" } } }),
		);
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("reviewer")?.source.label).toBe("~/.config/opencode/agent/reviewer.md");
		expect(loaded.agents.get("reviewer")?.model).toBe("openai/gpt-5");
		expect(loaded.notAgents).toContainEqual({
			label: "opencode.json#reviewer",
			reason:
				"merged under ~/.config/opencode/agent/reviewer.md, as OpenCode merges a config entry under a Markdown agent",
		});
		expect(loaded.agents.get("test-fixer")?.model).toBe("anthropic/claude-haiku-4-5");
	});

	it("keeps the file's own model where both name one", () => {
		const l = layout();
		mkdirSync(join(l.cwd, ".opencode", "agent"), { recursive: true });
		const md = readFileSync(join(FIXTURES, "oc-reviewer.md"), "utf8").replace(
			"description:",
			"model: anthropic/claude-haiku-4-5\ndescription:",
		);
		writeText(join(l.cwd, ".opencode", "agent", "reviewer.md"), md);
		put(l.cwd, "oc-reviewer.opencode.json", "opencode.json");
		expect(load(l).agents.get("reviewer")?.model).toBe("anthropic/claude-haiku-4-5");
	});
});

describe("a model id that only part-matches", () => {
	const COPILOT: ModelInfo[] = [
		{ provider: "github-copilot", id: "gpt-5.4-nano" },
		{ provider: "github-copilot", id: "gpt-5.4-mini" },
		{ provider: "github-copilot", id: "claude-sonnet-4" },
		{ provider: "anthropic", id: "claude-sonnet-4-20250514" },
		{ provider: "anthropic", id: "claude-sonnet-4-5" },
		{ provider: "anthropic", id: "claude-sonnet-4-5-20250929" },
	];

	it("is refused when it names several models, with the candidates named", () => {
		for (const ref of ["github-copilot/gpt-5.4", "gpt-5.4"]) {
			const result = resolveModelRef(ref, { models: COPILOT });
			expect(result.ok, ref).toBe(false);
			if (result.ok) continue;
			expect(result.problem.message).toBe(
				"is not a model's id, and names several models: github-copilot/gpt-5.4-mini, github-copilot/gpt-5.4-nano",
			);
		}
	});

	it("takes an exact id first, then only a match that names one model, with a note", () => {
		const exact = resolveModelRef("github-copilot/gpt-5.4", {
			models: [...COPILOT, { provider: "github-copilot", id: "gpt-5.4" }],
		});
		expect(exact).toMatchObject({ ok: true, id: "gpt-5.4", how: "exact" });
		const one = resolveModelRef("github-copilot/5.4-nano", { models: COPILOT });
		expect(one).toMatchObject({ ok: true, id: "gpt-5.4-nano" });
		if (one.ok) expect(one.how).toContain('no github-copilot model has the id "5.4-nano"');
		// A dated snapshot is the model its stem names, not the newer model that stem is part of.
		expect(resolveModelRef("anthropic/claude-sonnet-4", { models: COPILOT })).toMatchObject({
			id: "claude-sonnet-4-20250514",
		});
		// Claude Code's family words still mean the newest of the family.
		expect(resolveModelRef("anthropic/sonnet", { models: COPILOT })).toMatchObject({ id: "claude-sonnet-4-5" });
	});

	it("is refused the same way when an agent's model chooses the child's", () => {
		const models = COPILOT.map((m) => ({ ...m, authenticated: true }));
		const chosen = chooseModel({
			effort: "balanced",
			agent: { model: "github-copilot/gpt-5.4", where: { source: "reviewer.md", path: ["model"] } },
			models,
		});
		expect("problems" in chosen && chosen.problems[0]).toMatchObject({
			source: "reviewer.md",
			message:
				"is not a model's id, and names several models: github-copilot/gpt-5.4-mini, github-copilot/gpt-5.4-nano",
		});
	});
});

describe("OpenCode's mode", () => {
	it("keeps a primary agent from being offered or called, and offers all and subagent", () => {
		const l = layout();
		put(join(l.cwd, ".opencode", "agent"), "oc-build-lead.md", "lead.md");
		put(join(l.cwd, ".opencode", "agent"), "oc-explorer.md", "explorer.md");
		put(join(l.cwd, ".opencode", "agent"), "oc-test-fixer.md", "test-fixer.md");
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		expect([...loaded.agents.keys()].sort()).toEqual(["explorer", "test-fixer"]);
		expect(agentRoster(loaded.agents.values())).not.toContain("lead");
		const lookup = lookupAgent(loaded, "lead");
		expect(lookup.kind).toBe("broken");
		if (lookup.kind === "broken") {
			expect(lookup.problem.message).toContain("is not offered as a child: mode: primary");
			expect(lookup.problem.fix).toContain("mode: subagent");
		}
		const reports = agentReports(loaded, ENV);
		expect(reports.find((r) => r.name === "lead")?.status).toBe("notCallable");
		const text = renderAgentListing(reports);
		expect(text).toMatch(/^- {2}lead +project /m);
		expect(text.replace(/\s+/g, " ")).toContain(
			"off mode: primary; OpenCode never offers a primary agent as a child, and neither does this; the agent cannot be called",
		);
	});
});

describe("an external_directory rule on agents that keep bash", () => {
	it("withholds bash from each with a note, and keeps them", () => {
		const l = layout();
		put(join(l.home, ".config", "opencode"), "oc-global.opencode.json", "opencode.json");
		put(join(l.home, ".config", "opencode", "agent"), "oc-test-fixer.md", "test-fixer.md");
		put(join(l.home, ".config", "opencode", "agent"), "oc-build-lead.md", "lead.md");
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("test-fixer")?.tools).toEqual(["read", "edit", "write", "grep", "find", "ls"]);
		expect(notes(loaded, "test-fixer").join("\n")).toContain(
			"tools: bash withheld: permission.external_directory is ask, and bash cannot be confined to a folder",
		);
		expect(loaded.agents.get("test-fixer")?.paths?.length).toBeGreaterThan(0);
	});

	it("never reads a misspelt rule as one that allows more", () => {
		const source = { scope: "project" as const, file: "/p/.opencode/agent/a.md", label: "a.md" };
		for (const block of ["external_directroy: ask", "external_directory: aks"]) {
			const parsed = parseAgentFile(`---\ndescription: d\npermission:\n  ${block}\n---\nrole\n`, source);
			expect(parsed.definition, block).toBeUndefined();
		}
	});
});

describe("the model each agent starts on", () => {
	it("is shown for an agent without a model, with inherit, and when its model stands aside, in 80 columns", () => {
		const l = layout();
		put(join(l.cwd, ".opencode", "agent"), "oc-explorer.md", "explorer.md");
		put(join(l.cwd, ".claude", "agents"), "cc-plugin-dialogue.md", "code-explorer.md");
		mkdirSync(join(l.cwd, ".pi", "agents"), { recursive: true });
		writeText(
			join(l.cwd, ".pi", "agents", "pinned.md"),
			"---\ndescription: Pinned to an old Claude\nmodel: claude-sonnet-4-20250514\n---\nWork.\n",
		);
		const env = { ...ENV, models: [...ENV.models, { provider: "amazon-bedrock", id: "claude-sonnet-4-20250514" }] };
		const text = renderAgentListing(agentReports(load(l), env));
		const flat = text.replace(/\s+/g, " ");
		expect(flat).toContain(
			"explorer .opencode/agent/explorer.md about Fast read-only explorer for finding where things live in the code base starts on anthropic/claude-sonnet-4-5 (the file names none: the launcher's, Pi's default model; in Pi, the parent's current one, unless --model or an effort profile decides)",
		);
		expect(flat).toContain("starts on anthropic/claude-sonnet-4-5 (inherit: the launcher's");
		expect(flat).toContain(
			'starts on anthropic/claude-sonnet-4-5 ("claude-sonnet-4-20250514" stands aside: the launcher\'s',
		);
		for (const line of text.split("\n")) expect([...line].length, line).toBeLessThanOrEqual(80);
	});
});

describe("the note on a description that is not valid YAML", () => {
	it("is given only where the file's own tool fails on it too", () => {
		const l = layout();
		put(join(l.cwd, ".claude", "agents"), "cc-test-runner.md", "test-runner.md");
		put(join(l.cwd, ".claude", "agents"), "cc-plugin-dialogue.md", "code-explorer.md");
		put(join(l.cwd, ".pi", "agents"), "cc-test-runner.md", "pi-runner.md");
		const loaded = load(l);
		expect(loaded.problems).toEqual([]);
		const yamlNote = (label: string) =>
			loaded.entries
				.find((e) => e.source.label === label)
				?.definition?.notes.some((n) => n.message.includes("for stricter tools"));
		// Claude Code quotes the line and reads it; Pi's own reader, for a Pi folder, does not.
		expect(yamlNote(".claude/agents/test-runner.md")).toBe(false);
		expect(yamlNote(".pi/agents/pi-runner.md")).toBe(true);
		// Lines of dialogue that are no keys fail in Claude Code too.
		expect(yamlNote(".claude/agents/code-explorer.md")).toBe(true);
		// OpenCode turns a value with a colon into a block scalar and reads it.
		mkdirSync(join(l.cwd, ".opencode", "agent"), { recursive: true });
		writeText(
			join(l.cwd, ".opencode", "agent", "triage.md"),
			"---\ndescription: Triage: sort new issues by area\nmode: subagent\n---\nSort them.\n",
		);
		expect(notes(load(l), "triage").some((n) => n.includes("for stricter tools"))).toBe(false);
	});
});

function writeText(path: string, text: string): void {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(path, text);
}
