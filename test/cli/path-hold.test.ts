/**
 * Claude Code's path rules (`permissions.deny: ["Read(…)", "Edit(…)"]`) and OpenCode's path maps
 * (`permission.read: { "*": allow, "*.env": deny }`) hold an agent's file tools here, through the
 * whole flow: the agent's files, the plan, the launch, and the child that runs — a real `pi` child
 * with the scripted model, and the same task in-process.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { gitRepo } from "../support/task-fixture.ts";

const AGENT = "---\nname: keeper\ndescription: Keeps files\ntools: Read, Edit, Write\n---\nYou keep files.\n";

function scripted(repo: string) {
	return runWorkspace({
		turns: [
			{ tools: [{ name: "read", args: { path: `${repo}/secret.txt` } }] },
			{ tools: [{ name: "read", args: { path: `${repo}/innocent.txt` } }] },
			{ tools: [{ name: "edit", args: { path: `${repo}/locked.txt`, edits: [{ oldText: "v1", newText: "v2" }] } }] },
			{ tools: [{ name: "write", args: { path: `${repo}/notes.txt`, content: "kept\n" } }] },
			{ tools: [{ name: "read", args: { path: `${repo}/a.txt` } }] },
			submitTurn(envelope([`${repo}/a.txt:1`])),
		],
	});
}

function workspace(repo: string) {
	const ws = scripted(repo);
	const claude = join(ws.base, ".claude");
	mkdirSync(join(claude, "agents"), { recursive: true });
	writeFileSync(join(claude, "agents", "keeper.md"), AGENT);
	const deny = [`Read(/${repo}/secret.txt)`, `Edit(/${repo}/locked.txt)`];
	writeFileSync(join(claude, "settings.json"), JSON.stringify({ permissions: { deny } }));
	return ws;
}

interface Recorded {
	isolation?: { prevented: Array<{ tool: string; path?: string; refusedBy?: string }> };
}

describe.each(["subprocess", "in-process"])("Claude Code's path rules, %s runner", (runner) => {
	it("refuse the file calls they deny, through a symlink too, and let the others run", async () => {
		const repo = gitRepo({ "a.txt": "x\n", "secret.txt": "TOPSECRET\n", "locked.txt": "v1\n" });
		symlinkSync(join(repo, "secret.txt"), join(repo, "innocent.txt"));
		const ws = workspace(repo);
		const spec = ws.spec({ read_only: false, roots: [repo], write_allowed: [repo] });
		if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		const out = await ws
			.run(spec, ["--agent", "keeper", "--runner", runner])
			.finally(() => delete process.env.PI_DELEGATE_SCRIPT);
		expect(out.stderr).not.toContain("Error:");
		expect(readFileSync(join(repo, "locked.txt"), "utf8")).toBe("v1\n");
		expect(readFileSync(join(repo, "notes.txt"), "utf8")).toBe("kept\n");
		const [run] = listRuns(ws.runsDir);
		const result = JSON.parse(readFileSync(join(run!.dir, "result.json"), "utf8")) as Recorded;
		expect(result.isolation?.prevented.map((a) => [a.tool, a.path, a.refusedBy])).toEqual([
			["read", `${repo}/secret.txt`, "paths"],
			["read", `${repo}/innocent.txt`, "paths"],
			["edit", `${repo}/locked.txt`, "paths"],
		]);
		const session = readFileSync(join(run!.dir, "session.jsonl"), "utf8");
		expect(session).not.toContain("TOPSECRET");
		expect(session).toContain("is denied by ~/.claude/settings.json permissions.deny Read(");
		expect(out.stdout).toContain("3 file calls refused");
		expect(out.code).toBe(0);
	});
});

/** An OpenCode agent of the user's whose maps let it read all but the secret and edit only the notes. */
const WARDEN = `---
description: Keeps notes
permission:
  read:
    "*": allow
    "*/secret.txt": deny
  edit:
    "*": deny
    "**/notes.txt": allow
---
You keep notes.
`;

describe.each(["subprocess", "in-process"])("OpenCode's path maps, %s runner", (runner) => {
	it("refuse what the last matching pattern denies, through a symlink too, and let the rest run", async () => {
		const repo = gitRepo({ "a.txt": "x\n", "secret.txt": "TOPSECRET\n", "locked.txt": "v1\n" });
		symlinkSync(join(repo, "secret.txt"), join(repo, "innocent.txt"));
		const ws = scripted(repo);
		const agents = join(ws.base, ".config", "opencode", "agents");
		mkdirSync(agents, { recursive: true });
		writeFileSync(join(agents, "warden.md"), WARDEN);
		const spec = ws.spec({ read_only: false, roots: [repo], write_allowed: [repo] });
		if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		const out = await ws
			.run(spec, ["--agent", "warden", "--runner", runner])
			.finally(() => delete process.env.PI_DELEGATE_SCRIPT);
		expect(out.stderr).not.toContain("Error:");
		expect(readFileSync(join(repo, "locked.txt"), "utf8")).toBe("v1\n");
		expect(readFileSync(join(repo, "notes.txt"), "utf8")).toBe("kept\n");
		const [run] = listRuns(ws.runsDir);
		const result = JSON.parse(readFileSync(join(run!.dir, "result.json"), "utf8")) as Recorded;
		expect(result.isolation?.prevented.map((a) => [a.tool, a.path, a.refusedBy])).toEqual([
			["read", `${repo}/secret.txt`, "paths"],
			["read", `${repo}/innocent.txt`, "paths"],
			["edit", `${repo}/locked.txt`, "paths"],
		]);
		const session = readFileSync(join(run!.dir, "session.jsonl"), "utf8");
		expect(session).not.toContain("TOPSECRET");
		expect(session).toContain('is denied by permission.read \\"*/secret.txt\\": deny');
		expect(session).toContain('is denied by permission.edit \\"*\\": deny');
		expect(out.stdout).toContain("3 file calls refused");
		expect(out.code).toBe(0);
	});
});

describe.each(["subprocess", "in-process"])("OpenCode's external_directory, %s runner", (runner) => {
	it("holds the file tools of an agent without bash to the project's folder", async () => {
		const ws = runWorkspace({ turns: [] });
		const outside = join(ws.base, "outside.txt");
		writeFileSync(outside, "OUTSIDE\n");
		writeFileSync(join(ws.project, "inside.txt"), "inside\n");
		const turns = [
			{ tools: [{ name: "read", args: { path: outside } }] },
			{ tools: [{ name: "ls", args: { path: ws.base } }] },
			{ tools: [{ name: "read", args: { path: join(ws.project, "inside.txt") } }] },
			submitTurn(envelope([`${join(ws.project, "inside.txt")}:1`])),
		];
		writeFileSync(join(ws.agentDir, "scripted.json"), JSON.stringify({ turns }));
		const agents = join(ws.base, ".config", "opencode", "agents");
		mkdirSync(agents, { recursive: true });
		const agent = "---\ndescription: Stays home\npermission:\n  bash: deny\n  external_directory: deny\n---\nStay.\n";
		writeFileSync(join(agents, "homebody.md"), agent);
		const spec = ws.spec({ read_only: true, roots: [ws.project] });
		if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		const out = await ws
			.run(spec, ["--agent", "homebody", "--runner", runner])
			.finally(() => delete process.env.PI_DELEGATE_SCRIPT);
		expect(out.stderr).not.toContain("Error:");
		const [run] = listRuns(ws.runsDir);
		const result = JSON.parse(readFileSync(join(run!.dir, "result.json"), "utf8")) as Recorded;
		expect(result.isolation?.prevented.map((a) => [a.tool, a.path, a.refusedBy])).toEqual([
			["read", outside, "paths"],
			["ls", ws.base, "paths"],
		]);
		const session = readFileSync(join(run!.dir, "session.jsonl"), "utf8");
		expect(session).not.toContain("OUTSIDE");
		expect(session).toContain("is denied by permission.external_directory, for a path outside the project");
		expect(out.code).toBe(0);
	});
});
