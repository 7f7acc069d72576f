/**
 * The fixture corpus: agent files in the shapes Claude Code, OpenCode and Pi subagent packages
 * write (test/fixtures/agents/, written for these tests). For each file the table says whether it
 * loads, the tools it ends up with, how its model resolves against a fixed model list, and the notes,
 * ignored keys and problems it produces.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAgentLaunch, type LaunchEnvironment } from "../../src/agents/check.ts";
import { parseAgentFile } from "../../src/agents/parse.ts";

const DIR = join(import.meta.dirname, "..", "fixtures", "agents");

const ENV: LaunchEnvironment = {
	models: [
		{ provider: "anthropic", id: "claude-haiku-4-5", name: "Claude Haiku 4.5" },
		{ provider: "anthropic", id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5" },
		{ provider: "anthropic", id: "claude-sonnet-4-5-20250929", name: "Claude Sonnet 4.5 (dated)" },
		{ provider: "anthropic", id: "claude-opus-4-1", name: "Claude Opus 4.1" },
		{ provider: "google-vertex", id: "claude-opus-4-1", name: "Claude Opus 4.1 (Vertex)" },
		{ provider: "openai", id: "gpt-5", name: "GPT-5" },
	],
	tools: ["read", "bash", "edit", "write", "grep", "find", "ls", "submit_result"],
	parent: { provider: "anthropic", id: "claude-sonnet-4-5" },
};

const ALL = ["read", "bash", "edit", "write", "grep", "find", "ls"];

interface Expect {
	/** ok: a definition; disabled: a definition that turns itself off; refused: file problems. */
	loads: "ok" | "disabled" | "refused";
	/** undefined = no tools key (the launcher's default). */
	tools?: string[] | "default";
	/** The resolved provider/id, "none" when the file names no model, or a problem's text. */
	model?: string;
	thinking?: string;
	notes?: string[];
	ignored?: string[];
	skills?: string[];
	/** Substrings of file problems (refused) or launch problems (ok). */
	problems?: string[];
	/**
	 * Bash's per-command policies, one line each: `otherwise: pattern effect, …` (none = bash not
	 * limited). Checked whenever given, and absent policies are asserted by `[]`.
	 */
	commands?: string[];
}

const TABLE: Record<string, Expect> = {
	// A display name is called by its slug; keys that can only be metadata are listed as ignored.
	"cc-display-name": {
		loads: "ok",
		tools: ["read", "grep", "find"],
		notes: ['name: "Code Review Expert" is called as code-review-expert'],
		ignored: ["expertise_level", "emoji", "updated", "when_to_use"],
	},
	// An unknown key whose name speaks of limits, or whose value names a tool, is still refused.
	"cc-unknown-restriction": {
		loads: "refused",
		problems: ['unknown key "blocked_commands"', 'unknown key "never"'],
	},
	"cc-comma-tools": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls"],
		model: "anthropic/claude-sonnet-4-5",
		notes: ["Glob → find"],
		ignored: ["color"],
	},
	"cc-yaml-list": {
		loads: "ok",
		tools: ["read", "edit", "write"],
		notes: ["MultiEdit dropped: edit is already listed"],
	},
	// A scoped bash entry grants bash held to its commands, checked at each call.
	"cc-scoped-bash": {
		loads: "ok",
		tools: ["read", "bash"],
		notes: ["tools: bash limited to git diff:*, git log:* (checked at each call)"],
		commands: ["deny: git diff:* allow, git log:* allow"],
	},
	// Several patterns in one scope, and a path scope beside them (withheld: no path rules here).
	"cc-scoped-list": {
		loads: "ok",
		tools: ["read", "bash"],
		notes: [
			"bash limited to git add:*, git commit:*",
			'Edit(src/**) withheld: pi-delegate cannot limit edit to "src/**"',
		],
		commands: ["deny: git add:* allow, git commit:* allow"],
	},
	"cc-scoped-and-plain": { loads: "ok", tools: ["bash"], notes: [], commands: [] },
	"cc-mcp": {
		loads: "ok",
		tools: ["read"],
		notes: ["mcp__github__search_code dropped: an MCP tool", "mcp__linear__get_issue dropped"],
	},
	"cc-web": {
		loads: "ok",
		tools: [],
		notes: ["WebFetch dropped", "WebSearch dropped", "TodoWrite dropped", "Task dropped"],
	},
	"cc-inherit-model": { loads: "ok", tools: ["read"], model: "none", notes: ["inherit: the parent's model"] },
	"cc-opus": { loads: "ok", tools: "default", model: "anthropic/claude-opus-4-1" },
	"cc-haiku-extras": {
		loads: "ok",
		model: "anthropic/claude-haiku-4-5",
		ignored: ["maxTurns"],
		notes: ["acceptEdits: no effect"],
	},
	"cc-plan-mode": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls"],
		notes: ["edit withheld: permissionMode: plan"],
	},
	"cc-disallowed": { loads: "ok", tools: ["read", "bash", "grep", "find", "ls"], notes: ["write withheld"] },
	"cc-disallowed-typo": { loads: "refused", problems: ['"Wirte" is not a tool (did you mean "write"?)'] },
	"cc-hooks": { loads: "refused", problems: ["hooks: cannot be honoured"] },
	"cc-effort": { loads: "ok", thinking: "high" },
	"cc-full-id": { loads: "ok", model: "anthropic/claude-sonnet-4-5-20250929" },
	"cc-memory-skills": { loads: "ok", ignored: ["memory", "mcpServers"], skills: ["sql-review"] },
	"cc-unbalanced-scope": { loads: "refused", problems: ['"Bash(git diff:*" is not a tool name'] },
	"cc-generated-description": {
		loads: "ok",
		tools: ["bash", "read", "grep"],
		model: "anthropic/claude-haiku-4-5",
		notes: ["not valid YAML, read as plain text (line 3)"],
		ignored: ["color"],
	},
	"cc-plugin-dialogue": {
		loads: "ok",
		tools: ["read", "grep", "find"],
		model: "none",
		notes: ["not valid YAML, read as plain text (lines 3–12)", "Glob → find", "inherit: the parent's model"],
		ignored: ["color"],
	},
	"cc-team-tools": {
		loads: "ok",
		tools: ["read", "grep", "find", "bash"],
		model: "anthropic/claude-opus-4-1",
		notes: ["PowerShell dropped", "TaskGet dropped", "SendMessage dropped", "EnterWorktree dropped"],
	},
	"cc-star-tools": { loads: "ok", tools: "default", notes: ["*: every tool, the launcher's default tools"] },
	"cc-no-tools-key": { loads: "ok", tools: "default", model: "none", ignored: ["color"] },
	"oc-reasoning-fallbacks": {
		loads: "ok",
		tools: ["read", "bash", "grep", "find", "ls"],
		model: "openai/gpt-5",
		thinking: "high",
		ignored: ["fallback_models", "mode"],
	},
	"oc-v2-disabled": { loads: "disabled" },
	"oc-tools-map": {
		loads: "ok",
		tools: ["read", "bash", "grep", "find", "ls"],
		ignored: ["temperature", "mode"],
		notes: ["edit turned off", "write turned off"],
	},
	"oc-permission-deny": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls"],
		ignored: ["mode"],
		notes: ["bash withheld: permission.bash denies it"],
	},
	// OpenCode's last matching rule wins: "*" after "git *" leaves git nothing; the note says so.
	"oc-permission-patterns": {
		loads: "ok",
		tools: ["read", "edit", "write", "grep", "find", "ls"],
		notes: [
			'permission.bash "git *" never decides: "*" comes after it',
			"bash withheld: permission.bash allows no command",
		],
		commands: [],
	},
	// "*" first, then the commands allowed: bash held to them, and a later deny refines an allow.
	"oc-permission-allowlist": {
		loads: "ok",
		tools: "default",
		notes: ["permission: bash limited to git *, npm test (checked at each call)"],
		commands: ["deny: git * allow, git push * deny, npm test allow"],
	},
	"oc-permission-ask": { loads: "ok", tools: ["read", "bash", "grep", "find", "ls"], notes: ["ask counts as deny"] },
	"oc-permission-typo": { loads: "refused", problems: ['unknown permission "bsh" (did you mean "bash"?)'] },
	"oc-permission-deny-typo": { loads: "refused", problems: ['unknown permission "edt" (did you mean "edit"?)'] },
	// permissions: written as a map, the shape of permission: — read as that block, on the safe side.
	"oc-permissions-map": {
		loads: "ok",
		tools: ["read", "edit", "write", "grep", "find", "ls"],
		ignored: ["mode"],
		notes: [
			"permissions: a map, read as a permission: block",
			"bash withheld: permissions.bash denies some commands and allows the rest, which pi-delegate cannot hold exactly",
			"edit and write refuse secrets/** (permissions.edit, checked at each call)",
		],
	},
	// "*": ask decides only for the tools no named permission governs: the reading tools stay.
	"oc-permission-wildcard-ask": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls"],
		notes: ["bash withheld: permission.* denies it", "planner_next: allow grants nothing here"],
	},
	"oc-permission-apply-patch": {
		loads: "ok",
		tools: ["read", "bash", "grep", "find", "ls"],
		notes: ["write withheld: permission.edit denies it", "deploy_service is not a tool here; nothing to withhold"],
	},
	"oc-permissions-rules": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls"],
		model: "anthropic/claude-sonnet-4-5",
		// The #high suffix (OpenCode's variant): the launcher applies it when the file sets no thinking.
		thinking: "high",
		problems: [],
	},
	"oc-model-provider": { loads: "ok", model: "openai/gpt-5", ignored: ["top_p"] },
	"oc-disabled": { loads: "disabled" },
	"oc-mode-context": { loads: "refused", problems: ['(did you mean "contextMode"?)'] },
	"oc-tools-map-typo": { loads: "refused", problems: ['"wirte" is not a tool (did you mean "write"?)'] },
	"oc-tools-map-unknown": {
		loads: "ok",
		tools: ["read", "bash", "edit", "grep", "find", "ls"],
		ignored: ["mode"],
		notes: [
			"docker: true names no tool here; nothing to turn on",
			"kubernetes: true names no tool here; nothing to turn on",
			'bsah: true names no tool here (did you mean "bash"? it is on already); nothing to turn on',
			"write turned off",
		],
	},
	"oc-skill-flag": {
		loads: "ok",
		tools: ["read", "bash", "grep", "find", "ls"],
		ignored: ["mode", "skill"],
		notes: ["edit withheld: permission.edit denies it", "write withheld: permission.edit denies it"],
	},
	// tintinweb/pi-subagents' spellings.
	"tw-reviewer": {
		loads: "ok",
		tools: ["read", "grep", "find"],
		model: "anthropic/claude-haiku-4-5",
		thinking: "off",
		skills: [],
		notes: ["bash withheld"],
		ignored: ["display_name", "max_turns", "inherit_context", "run_in_background", "isolated"],
	},
	"tw-no-tools": { loads: "ok", tools: [], skills: ["house-style", "glossary"], ignored: ["exclude_extensions"] },
	"tw-off": { loads: "disabled", tools: "default" },
	"oc-tools-wildcard": { loads: "ok", tools: ["read", "bash", "edit", "grep", "find", "ls"] },
	"oc-external-dir": {
		loads: "ok",
		tools: ["read", "edit", "write", "grep", "find", "ls"],
		notes: ["bash withheld: permission.external_directory is deny, and bash cannot be confined to a folder"],
	},
	"ps-scout": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls", "bash", "write"],
		thinking: "low",
		notes: ["contact_supervisor dropped"],
		ignored: ["output", "defaultProgress"],
	},
	"ps-oracle": { loads: "ok", thinking: "high", ignored: ["aliases", "defaultContext", "allowSubagents"] },
	"ps-external": { loads: "refused", problems: ["runner: cannot be honoured"] },
	"pi-example-scout": {
		loads: "ok",
		tools: ["read", "grep", "find", "ls", "bash"],
		model: "anthropic/claude-haiku-4-5",
	},
	"ps-mcp-exclude": {
		loads: "ok",
		tools: ["read"],
		notes: ["mcp:chrome-devtools dropped", "bash withheld: excludeTools lists bash"],
	},
	"ps-budget-keys": { loads: "ok", ignored: ["max_turns", "memory", "fallbackModels", "timeoutMs"] },
	"ps-tools-inherit": { loads: "ok", tools: "default", notes: ["inherit: the launcher's default tools"] },
	"ps-skill-alias": { loads: "ok", skills: ["safe-bash"] },
	"typo-tool": { loads: "refused", problems: ['unknown key "tool" (did you mean "tools"?)'] },
	"typo-contextmod": { loads: "refused", problems: ['unknown key "contextmod" (did you mean "contextMode"?)'] },
	"typo-modle": { loads: "refused", problems: ['unknown key "modle" (did you mean "model"?)'] },
	"thinking-max": { loads: "ok", thinking: "max" },
	"model-suffix": { loads: "ok", model: "anthropic/claude-sonnet-4-5", thinking: "high" },
	"model-unknown": { loads: "ok", model: "matches no model", problems: ["use one of: openai/gpt-5"] },
	"model-shared-id": { loads: "ok", model: "anthropic/claude-opus-4-1" },
	"empty-body": { loads: "ok", tools: ["read"] },
	"empty-body-replace": { loads: "refused", problems: ["the body (the role) is empty"] },
	"unknown-tool": { loads: "ok", tools: ["read", "lint"], problems: ['lists the tool "lint"'] },
	"thinking-conflict": { loads: "refused", problems: ["set different thinking levels"] },
	metadata: { loads: "ok", ignored: ["id", "type", "author", "version", "tags", "category"] },
	crlf: { loads: "ok", tools: ["read", "grep"] },
	bom: { loads: "ok", tools: "default" },
	"no-frontmatter": { loads: "refused", problems: ["description: missing"] },
};

const files = readdirSync(DIR)
	.filter((f) => f.endsWith(".md"))
	.map((f) => f.slice(0, -3))
	.sort();

describe("the fixture corpus", () => {
	it("has at least 40 files, each described by the table", () => {
		expect(files.length).toBeGreaterThanOrEqual(40);
		expect(files).toEqual(Object.keys(TABLE).sort());
	});

	it.each(files)("%s", (name) => {
		const want = TABLE[name] as Expect;
		const label = `fixtures/${name}.md`;
		const parsed = parseAgentFile(readFileSync(join(DIR, `${name}.md`), "utf8"), {
			scope: "project",
			file: join(DIR, `${name}.md`),
			label,
		});
		const problems = parsed.problems.map((p) => `${p.path}: ${p.message}`).join("\n");
		if (want.loads === "refused") {
			expect(parsed.definition).toBeUndefined();
			for (const text of want.problems ?? []) expect(problems).toContain(text);
			return;
		}
		expect(problems).toBe("");
		expect(parsed.disabled).toBe(want.loads === "disabled");
		const def = parsed.definition;
		if (!def) throw new Error("expected a definition");
		if (want.tools !== undefined) expect(def.tools).toEqual(want.tools === "default" ? undefined : want.tools);
		if (want.thinking !== undefined)
			expect(def.thinking ?? checkAgentLaunch(def, ENV).model?.thinking).toBe(want.thinking);
		const notes = def.notes.map((n) => `${n.key}: ${n.message}`).join("\n");
		for (const text of want.notes ?? []) expect(notes).toContain(text);
		if (want.notes?.length === 0) expect(notes).toBe("");
		if (want.skills) expect(def.context.skills).toEqual(want.skills);
		for (const key of want.ignored ?? []) expect(def.ignoredKeys.map((k) => k.key)).toContain(key);
		if (want.commands !== undefined) {
			const policies = (def.commands ?? []).map(
				(p) => `${p.otherwise}: ${p.rules.map((r) => `${r.pattern} ${r.effect}`).join(", ")}`,
			);
			expect(policies).toEqual(want.commands);
		}
		const launch = checkAgentLaunch(def, ENV);
		const launchProblems = launch.problems.map((p) => `${p.path}: ${p.message}; ${p.fix}`).join("\n");
		if (want.model === "none") expect(def.model).toBeUndefined();
		else if (want.model?.includes("/")) expect(`${launch.model?.provider}/${launch.model?.id}`).toBe(want.model);
		else if (want.model !== undefined) expect(launchProblems).toContain(want.model);
		for (const text of want.problems ?? []) expect(launchProblems).toContain(text);
		if (want.problems?.length === 0 || (want.problems === undefined && !want.model?.includes(" "))) {
			expect(launchProblems).toBe("");
		}
	});

	it("never grants a tool beyond Pi's built-ins and the names the file wrote", () => {
		for (const name of files) {
			const text = readFileSync(join(DIR, `${name}.md`), "utf8");
			const def = parseAgentFile(text, { scope: "project", file: join(DIR, `${name}.md`), label: name }).definition;
			for (const tool of def?.tools ?? [])
				expect(ALL.includes(tool) || text.includes(tool), `${name}: ${tool}`).toBe(true);
		}
	});
});
