import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { lookupAgent } from "../../../src/agents/catalog.ts";
import { claudePlugins } from "../../../src/agents/claude/plugins.ts";
import { agentReports, renderAgentListing } from "../../../src/agents/listing.ts";
import { loadAgents } from "../../../src/agents/load.ts";
import { tempDir } from "../../support/temp.ts";

const def = (description: string) => `---\ndescription: ${description}\n---\nRole.\n`;

function machine() {
	const root = tempDir("pi-delegate-plugins-");
	const home = join(root, "home");
	const cwd = join(root, "project");
	const other = join(root, "other");
	const cache = join(home, ".claude", "plugins", "cache", "market");
	const write = (path: string, text: string) => {
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, text);
	};
	const json = (path: string, value: unknown) => write(path, JSON.stringify(value, null, 2));
	for (const dir of [join(cwd, ".git"), other, join(home, ".pi", "agent")]) mkdirSync(dir, { recursive: true });
	const plugin = (name: string, agents: Record<string, string>, manifest?: unknown) => {
		const at = join(cache, name, "1.0.0");
		for (const [file, text] of Object.entries(agents)) write(join(at, file), text);
		if (manifest !== undefined) json(join(at, ".claude-plugin", "plugin.json"), manifest);
		return at;
	};
	return { root, home, cwd, other, agentDir: join(home, ".pi", "agent"), write, json, plugin };
}

function installedSet(m: ReturnType<typeof machine>) {
	const review = m.plugin(
		"review-kit",
		{ "agents/code-reviewer.md": def("Reviews code"), "extra/agents/style-checker.md": def("Checks style") },
		{ name: "review-kit", agents: ["./extra/agents", "../../../../etc"] },
	);
	const off = m.plugin("off-kit", { "agents/idle.md": def("Never on") });
	const mine = m.plugin("mine-kit", { "agents/project-helper.md": def("For this project") });
	const theirs = m.plugin("theirs-kit", { "agents/elsewhere.md": def("For another project") });
	m.json(join(m.home, ".claude", "plugins", "installed_plugins.json"), {
		version: 2,
		plugins: {
			"review-kit@market": [{ scope: "user", installPath: review, version: "1.0.0" }],
			"off-kit@market": [{ scope: "user", installPath: off }],
			"mine-kit@market": [{ scope: "project", installPath: mine, projectPath: m.cwd }],
			"theirs-kit@market": [{ scope: "project", installPath: theirs, projectPath: m.other }],
		},
	});
	m.json(join(m.home, ".claude", "settings.json"), {
		enabledPlugins: { "review-kit@market": true, "off-kit@market": false, "theirs-kit@market": true },
	});
	m.json(join(m.cwd, ".claude", "settings.json"), { enabledPlugins: { "mine-kit@market": true } });
	return { review, mine };
}

describe("claudePlugins", () => {
	it("reads the plugins installed for the user or this project that are on, with the folders their manifests name", () => {
		const m = machine();
		const { review, mine } = installedSet(m);
		const found = claudePlugins({ home: m.home, projectDirs: [m.cwd], projectTrusted: true });
		expect(found.problems).toEqual([]);
		expect(found.plugins).toEqual([
			{ id: "mine-kit@market", dirs: [join(mine, "agents")] },
			// The manifest's path out of the plugin's own folder is not read.
			{ id: "review-kit@market", dirs: [join(review, "agents"), join(review, "extra", "agents")] },
		]);
	});

	it("leaves the project's settings unread when the project is not trusted", () => {
		const m = machine();
		installedSet(m);
		const found = claudePlugins({ home: m.home, projectDirs: [m.cwd], projectTrusted: false });
		expect(found.plugins.map((p) => p.id)).toEqual(["review-kit@market"]);
	});

	it("lets a later settings file turn a plugin off, and reads $CLAUDE_CONFIG_DIR instead of ~/.claude", () => {
		const m = machine();
		installedSet(m);
		m.json(join(m.cwd, ".claude", "settings.local.json"), { enabledPlugins: { "review-kit@market": false } });
		const found = claudePlugins({ home: m.home, projectDirs: [m.cwd], projectTrusted: true });
		expect(found.plugins.map((p) => p.id)).toEqual(["mine-kit@market"]);
		const elsewhere = claudePlugins({
			home: m.home,
			env: { CLAUDE_CONFIG_DIR: m.other },
			projectDirs: [m.cwd],
			projectTrusted: true,
		});
		expect(elsewhere.plugins).toEqual([]);
	});

	it("reads the format of one entry per plugin too", () => {
		const m = machine();
		const at = m.plugin("old-kit", { "agents/old.md": def("Old format") });
		m.json(join(m.home, ".claude", "plugins", "installed_plugins.json"), {
			version: 1,
			plugins: { "old-kit@market": { installPath: at, version: "0.1.0" } },
		});
		m.json(join(m.home, ".claude", "settings.json"), { enabledPlugins: { "old-kit@market": true } });
		const found = claudePlugins({ home: m.home, projectDirs: [m.cwd], projectTrusted: true });
		expect(found.plugins).toEqual([{ id: "old-kit@market", dirs: [join(at, "agents")] }]);
	});

	it("names a plugin list that is not JSON, and reads nothing from it", () => {
		const m = machine();
		m.write(join(m.home, ".claude", "plugins", "installed_plugins.json"), "{ not json");
		const found = claudePlugins({ home: m.home, projectDirs: [m.cwd], projectTrusted: true });
		expect(found.plugins).toEqual([]);
		expect(found.problems[0]?.message).toContain("is not valid JSON (line 1, column 3");
		expect(found.problems[0]?.fix).toContain("/plugin");
	});
});

describe("loadAgents with Claude Code's plugins", () => {
	it("lists the plugins' agents below the user's own, which hide one of the same name", () => {
		const m = machine();
		installedSet(m);
		m.write(join(m.home, ".claude", "agents", "code-reviewer.md"), def("The user's own reviewer"));
		const loaded = loadAgents({ ...m, projectTrusted: true, bundledDir: null });
		expect([...loaded.agents.keys()].sort()).toEqual(["code-reviewer", "project-helper", "style-checker"]);
		expect(loaded.agents.get("code-reviewer")?.description).toBe("The user's own reviewer");
		expect(loaded.agents.get("style-checker")?.source.scope).toBe("user");
		expect(loaded.shadowed.map((s) => s.name)).toEqual(["code-reviewer"]);
		expect(loaded.problems).toEqual([]);
	});

	it("answers to Claude Code's plugin:agent name too, the hidden one included", () => {
		const m = machine();
		installedSet(m);
		m.write(join(m.home, ".claude", "agents", "code-reviewer.md"), def("The user's own reviewer"));
		const loaded = loadAgents({ ...m, projectTrusted: true, bundledDir: null });
		expect([...loaded.qualified.keys()].sort()).toEqual([
			"mine-kit:project-helper",
			"review-kit:code-reviewer",
			"review-kit:style-checker",
		]);
		const hidden = lookupAgent(loaded, "review-kit:code-reviewer");
		expect(hidden.kind === "found" && hidden.agent.description).toBe("Reviews code");
		expect(hidden.kind === "found" && hidden.agent.name).toBe("code-reviewer");
		// A plugin that is off, or another project's, gives no name; a near miss is named.
		expect(lookupAgent(loaded, "off-kit:idle").kind).toBe("unknown");
		expect(lookupAgent(loaded, "theirs-kit:elsewhere").kind).toBe("unknown");
		const typo = lookupAgent(loaded, "review-kit:code-reviewr");
		expect(typo.kind === "unknown" && typo.problem.message).toContain('did you mean "review-kit:code-reviewer"?');
		// The listing says both names, and which a hidden one is still callable by.
		const env = { models: [], tools: ["read", "bash", "edit", "write"], usable: () => false };
		const text = renderAgentListing(agentReports(loaded, env));
		expect(text).toMatch(/^ {2}also +review-kit:style-checker$/m);
		expect(text.replace(/\s+/g, " ")).toContain("(callable as review-kit:code-reviewer)");
		expect(text).not.toMatch(/also +review-kit:code-reviewer/);
		// A user's own file is never reachable by a plugin's name.
		expect(lookupAgent(loaded, "user:code-reviewer").kind).toBe("unknown");
	});
});
