import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadAgents } from "../../src/agents/load.ts";
import { formatPath } from "../../src/problems.ts";
import { homeLayout } from "../support/home-layout.ts";
import { tempDir } from "../support/temp.ts";

function layout() {
	const { root, home, agentDir, cwd } = homeLayout("pi-delegate-agents-");
	mkdirSync(join(agentDir, "agents"), { recursive: true });
	mkdirSync(join(cwd, ".pi", "agents"), { recursive: true });
	const write = (dir: string, name: string, text: string) => writeFileSync(join(dir, name), text);
	return { root, home, agentDir, cwd, user: join(agentDir, "agents"), project: join(cwd, ".pi", "agents"), write };
}

const def = (description: string) => `---\ndescription: ${description}\n---\nRole.\n`;

describe("loadAgents", () => {
	it("reads *.md from both directories, skipping other files and subdirectories", () => {
		const l = layout();
		l.write(l.user, "scout.md", def("user scout"));
		l.write(l.user, "notes.txt", "not an agent");
		mkdirSync(join(l.user, "nested.md"));
		l.write(l.project, "scout.md", def("project scout"));
		l.write(l.project, "planner.md", def("plans"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect(loaded.problems).toEqual([]);
		expect([...loaded.agents.keys()]).toEqual(["planner", "scout"]);
		expect(loaded.agents.get("scout")?.source.label).toBe(join(".pi", "agents", "scout.md"));
		expect(loaded.shadowed.map((s) => s.hidden.label)).toEqual(["~/.pi/agent/agents/scout.md"]);
	});

	it("skips an untrusted project's agents and says so, keeping the user's", () => {
		const l = layout();
		l.write(l.user, "scout.md", def("user scout"));
		l.write(l.project, "scout.md", "---\nbroken: [\n---\n");
		const loaded = loadAgents({ ...l, projectTrusted: false, bundledDir: null });
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("scout")?.description).toBe("user scout");
		expect(loaded.skipped).toHaveLength(1);
		expect(loaded.skipped[0]?.reason).toContain("not trusted");
	});

	it("is empty without agent directories", () => {
		const root = tempDir("pi-delegate-agents-");
		const loaded = loadAgents({
			cwd: root,
			home: root,
			agentDir: join(root, "none"),
			projectTrusted: true,
			bundledDir: null,
		});
		expect(loaded.agents.size).toBe(0);
		expect(loaded.problems).toEqual([]);
		expect(loaded.skipped).toEqual([]);
	});

	it("ranks .pi before .claude in the project, and the project before the user's Pi and Claude folders", () => {
		const l = layout();
		const claudeProject = join(l.cwd, ".claude", "agents");
		const claudeUser = join(l.home, ".claude", "agents");
		mkdirSync(claudeProject, { recursive: true });
		mkdirSync(claudeUser, { recursive: true });
		l.write(l.project, "scout.md", def("pi project"));
		l.write(claudeProject, "scout.md", def("claude project"));
		l.write(claudeProject, "helper.md", def("claude project helper"));
		l.write(l.user, "helper.md", def("pi user helper"));
		l.write(claudeUser, "lone.md", "---\nname: lone\ndescription: claude user\ntools: Read, Glob\n---\nRole.\n");
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("scout")?.description).toBe("pi project");
		expect(loaded.agents.get("helper")?.description).toBe("claude project helper");
		expect(loaded.agents.get("lone")?.tools).toEqual(["read", "find"]);
		expect(loaded.shadowed.map((s) => `${s.hidden.label} < ${s.by.label}`)).toEqual([
			`~/.pi/agent/agents/helper.md < ${join(".claude", "agents", "helper.md")}`,
			`${join(".claude", "agents", "scout.md")} < ${join(".pi", "agents", "scout.md")}`,
		]);
	});

	it("reads OpenCode's folders where OpenCode keeps them, below Pi's and Claude Code's, agents/ before agent/", () => {
		const l = layout();
		const dirs = {
			project: join(l.cwd, ".opencode", "agents"),
			projectOld: join(l.cwd, ".opencode", "agent"),
			user: join(l.home, ".config", "opencode", "agents"),
			userOld: join(l.home, ".config", "opencode", "agent"),
			claude: join(l.cwd, ".claude", "agents"),
		};
		for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
		const openCodeReview =
			"---\ndescription: oc review\nmode: subagent\ntools:\n  write: false\n  edit: false\n---\nReview.\n";
		l.write(dirs.project, "review.md", openCodeReview);
		l.write(dirs.projectOld, "review.md", def("older folder"));
		l.write(dirs.projectOld, "docs.md", def("oc docs, older folder"));
		l.write(dirs.claude, "docs.md", def("claude docs"));
		l.write(dirs.user, "mine.md", def("oc user"));
		l.write(dirs.userOld, "mine.md", def("oc user, older folder"));
		l.write(l.user, "mine.md", def("pi user"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect(loaded.problems).toEqual([]);
		const review = loaded.agents.get("review");
		expect(review?.description).toBe("oc review");
		expect(review?.tools).not.toContain("write");
		expect(review?.tools).not.toContain("edit");
		expect(loaded.agents.get("docs")?.description).toBe("claude docs");
		expect(loaded.agents.get("mine")?.description).toBe("pi user");
		expect(loaded.shadowed.map((s) => `${s.hidden.label} < ${s.by.label}`).sort()).toEqual(
			[
				`${join(".opencode", "agent", "docs.md")} < ${join(".claude", "agents", "docs.md")}`,
				`${join(".opencode", "agent", "review.md")} < ${join(".opencode", "agents", "review.md")}`,
				// Each hidden file is named with the one that wins, not the next above it.
				`~/.config/opencode/agent/mine.md < ~/.pi/agent/agents/mine.md`,
				`~/.config/opencode/agents/mine.md < ~/.pi/agent/agents/mine.md`,
			].sort(),
		);
	});

	it("finds the user's OpenCode folder under $XDG_CONFIG_HOME when it is set and absolute", () => {
		const l = layout();
		const xdg = join(l.root, "xdg");
		mkdirSync(join(xdg, "opencode", "agents"), { recursive: true });
		mkdirSync(join(l.home, ".config", "opencode", "agents"), { recursive: true });
		l.write(join(xdg, "opencode", "agents"), "a.md", def("from xdg"));
		l.write(join(l.home, ".config", "opencode", "agents"), "b.md", def("from ~/.config"));
		const at = (env: Record<string, string>) => [
			...loadAgents({ ...l, projectTrusted: true, bundledDir: null, env }).agents.keys(),
		];
		expect(at({ XDG_CONFIG_HOME: xdg })).toEqual(["a"]);
		// Unset, empty or relative (invalid by the XDG rule): ~/.config.
		expect(at({})).toEqual(["b"]);
		expect(at({ XDG_CONFIG_HOME: "" })).toEqual(["b"]);
		expect(at({ XDG_CONFIG_HOME: "relative/xdg" })).toEqual(["b"]);
	});

	it.each([
		["Claude", [".claude", "agents"]],
		["OpenCode", [".opencode", "agents"]],
		["OpenCode's earlier", [".opencode", "agent"]],
	])("skips the project's %s folder too when the project is not trusted", (_, parts) => {
		const l = layout();
		const dir = join(l.cwd, ...parts);
		mkdirSync(dir, { recursive: true });
		l.write(dir, "scout.md", def("project scout"));
		const loaded = loadAgents({ ...l, projectTrusted: false, bundledDir: null });
		expect(loaded.agents.size).toBe(0);
		expect(loaded.skipped.map((s) => s.label)).toEqual([join(...parts)]);
	});

	it("lets any file override a bundled agent, reporting the override as shadowing", () => {
		const l = layout();
		const bundled = join(l.root, "bundled");
		mkdirSync(bundled);
		l.write(bundled, "scout.md", def("bundled scout"));
		l.write(bundled, "planner.md", def("bundled planner"));
		l.write(l.user, "scout.md", def("my scout"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: bundled });
		expect(loaded.agents.get("scout")?.description).toBe("my scout");
		expect(loaded.agents.get("planner")?.source).toMatchObject({ scope: "bundled", label: "bundled/planner.md" });
		expect(loaded.shadowed.map((s) => [s.hidden.label, s.by.label])).toEqual([
			["bundled/scout.md", "~/.pi/agent/agents/scout.md"],
		]);
	});

	it("turns a symlink loop, a dangling link and an unreadable file into problems of those files", () => {
		const l = layout();
		symlinkSync(join(l.project, "loop.md"), join(l.project, "loop.md"));
		symlinkSync(join(l.project, "nowhere"), join(l.project, "gone.md"));
		l.write(l.project, "secret.md", def("unreadable"));
		chmodSync(join(l.project, "secret.md"), 0o000);
		l.write(l.user, "loop.md", def("user loop"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		const messages = loaded.problems.map((p) => `${formatPath(p)}: ${p.message}`);
		expect(messages).toContain(
			`${join(".pi", "agents", "loop.md")}: cannot read the agent file: it is a symbolic link that loops`,
		);
		expect(messages).toContain(
			`${join(".pi", "agents", "gone.md")}: cannot read the agent file: it is a link to nothing`,
		);
		// Root reads any file; elsewhere the unreadable one is a problem too.
		if (process.getuid?.() !== 0) expect(messages.some((m) => m.includes("secret.md: cannot read"))).toBe(true);
		// The broken project file still claims its name: the user's loop.md does not take over.
		expect(loaded.agents.has("loop")).toBe(false);
		expect(loaded.broken.has("loop")).toBe(true);
	});

	it("names a UTF-16 agent file as that, in Claude Code's folder too, where it would pass for a file without frontmatter", () => {
		const l = layout();
		const claude = join(l.cwd, ".claude", "agents");
		mkdirSync(claude, { recursive: true });
		const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
		writeFileSync(join(claude, "reviewer.md"), utf16(def("Reviews")));
		writeFileSync(join(l.project, "scout.md"), Buffer.from(def("Looks"), "utf16le"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		const problems = loaded.problems.map((p) => `${formatPath(p)}: ${p.message} | ${p.fix}`);
		expect(problems).toEqual([
			expect.stringContaining(
				`${join(".pi", "agents", "scout.md")}: cannot read the agent file: it is UTF-16, not UTF-8 (every other byte is zero) | save it as UTF-8`,
			),
			expect.stringContaining(
				`${join(".claude", "agents", "reviewer.md")}: cannot read the agent file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte-order mark) | save it as UTF-8`,
			),
		]);
		expect(loaded.notAgents).toEqual([]);
		expect([...loaded.broken.keys()].sort()).toEqual(["reviewer", "scout"]);
	});

	it("reads Claude Code's and OpenCode's subfolders, as they do, and leaves their Markdown without frontmatter out", () => {
		const l = layout();
		const claude = join(l.cwd, ".claude", "agents");
		const openCode = join(l.cwd, ".opencode", "agents");
		for (const dir of [
			join(claude, "review", "deep"),
			join(claude, ".git"),
			join(openCode, "team"),
			join(l.project, "sub"),
		]) {
			mkdirSync(dir, { recursive: true });
		}
		l.write(join(claude, "review"), "code-reviewer.md", "---\nname: code-reviewer\ndescription: reviews\n---\nRole.\n");
		l.write(join(claude, "review", "deep"), "auditor.md", def("audits"));
		l.write(claude, "README.md", "# My collection\n\nCopy what you need.\n");
		l.write(join(claude, ".git"), "hidden.md", def("inside .git"));
		// A link back up is read once, not in a loop; a link to itself or to nothing is passed over.
		symlinkSync(claude, join(claude, "review", "deep", "up"));
		symlinkSync(join(claude, "self"), join(claude, "self"));
		symlinkSync(join(claude, "nowhere"), join(claude, "gone"));
		l.write(join(openCode, "team"), "writer.md", def("writes docs"));
		// Pi's folders stay flat, and a file there without frontmatter is a mistake, not a README.
		l.write(join(l.project, "sub"), "deeper.md", def("not read"));
		l.write(l.project, "notes.md", "no frontmatter here\n");
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect([...loaded.agents.keys()].sort()).toEqual(["auditor", "code-reviewer", "writer"]);
		expect(loaded.agents.get("auditor")?.source.label).toBe(join(".claude", "agents", "review", "deep", "auditor.md"));
		expect(loaded.notAgents).toEqual([{ label: join(".claude", "agents", "README.md"), reason: "no frontmatter" }]);
		expect(loaded.broken.has("notes")).toBe(true);
		expect(loaded.problems.every((p) => formatPath(p).startsWith(join(".pi", "agents", "notes.md")))).toBe(true);
	});

	it("leaves pi-subagents' saved chains out, in every folder: a chain is not an agent", () => {
		const l = layout();
		l.write(
			l.user,
			"review-flow.chain.md",
			"---\nname: review-flow\ndescription: scout then review\n---\n## scout\n\nLook.\n",
		);
		l.write(l.project, "reviewer.md", def("reviews"));
		l.write(
			l.project,
			"reviewer.chain.md",
			"---\nname: reviewer\ndescription: a chain named like an agent\n---\n## scout\n",
		);
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect([...loaded.agents.keys()]).toEqual(["reviewer"]);
		expect(loaded.agents.get("reviewer")?.description).toBe("reviews");
		expect(loaded.problems).toEqual([]);
		expect(loaded.notAgents.map((n) => [n.label, n.reason])).toEqual([
			[join(".pi", "agents", "reviewer.chain.md"), "a pi-subagents chain"],
			["~/.pi/agent/agents/review-flow.chain.md", "a pi-subagents chain"],
		]);
	});

	it("takes two files of one name in two subfolders of one folder for a conflict, never one of them by chance", () => {
		const l = layout();
		const claude = join(l.cwd, ".claude", "agents");
		mkdirSync(join(claude, "a"), { recursive: true });
		mkdirSync(join(claude, "b"), { recursive: true });
		l.write(join(claude, "a"), "reviewer.md", def("first"));
		l.write(join(claude, "b"), "reviewer.md", def("second"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect(loaded.agents.has("reviewer")).toBe(false);
		expect(loaded.problems.map((p) => p.message).join("\n")).toContain(
			'2 agent files in one folder are named "reviewer"',
		);
	});

	it("reports an agent folder that is itself a symlink loop instead of crashing", () => {
		const l = layout();
		const claudeUser = join(l.home, ".claude");
		mkdirSync(claudeUser, { recursive: true });
		symlinkSync(join(claudeUser, "agents"), join(claudeUser, "agents"));
		const loaded = loadAgents({ ...l, projectTrusted: false, bundledDir: null });
		expect(loaded.problems.map((p) => formatPath(p))).toEqual(["~/.claude/agents"]);
		expect(loaded.problems[0]?.message).toContain("cannot read the agent folder");
	});

	it("reads the .agents/ folders pi-subagents reads, flat, below Pi's own, and leaves their other Markdown out", () => {
		const l = layout();
		const projectShared = join(l.cwd, ".agents");
		const userShared = join(l.home, ".agents");
		mkdirSync(join(projectShared, "skills", "deploy"), { recursive: true });
		mkdirSync(userShared, { recursive: true });
		l.write(projectShared, "scout.md", def("shared scout"));
		l.write(projectShared, "README.md", "# Our agents\n");
		l.write(join(projectShared, "skills", "deploy"), "SKILL.md", "---\nname: deploy\ndescription: d\n---\nSteps.\n");
		l.write(l.project, "scout.md", def("pi scout"));
		l.write(userShared, "helper.md", def("user helper"));
		const loaded = loadAgents({ ...l, projectTrusted: true, bundledDir: null });
		expect(loaded.problems).toEqual([]);
		expect(loaded.agents.get("scout")?.description).toBe("pi scout");
		expect(loaded.shadowed.map((s) => s.hidden.label)).toEqual([join(".agents", "scout.md")]);
		expect(loaded.agents.get("helper")?.source).toMatchObject({ scope: "user", label: "~/.agents/helper.md" });
		expect(loaded.agents.has("deploy")).toBe(false);
		expect(loaded.notAgents).toEqual([{ label: join(".agents", "README.md"), reason: "no frontmatter" }]);
	});
});
