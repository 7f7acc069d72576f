/**
 * Claude Code's path rules (`permissions.deny: ["Read(…)", "Edit(…)"]`) and OpenCode's path maps
 * (`permission.read: { "*": allow, "*.env": deny }`) hold an agent's file tools here, through the
 * whole flow: the agent's files, the plan, the launch, and the child that runs — a real `pi` child
 * with the scripted model, and the same task in-process.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envelope, submitTurn } from "../support/child.ts";
import { type RunWorkspace, runWorkspace } from "../support/cli-run.ts";
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

/** The file calls a run's rules refused, as [tool, path, refused by], and what the child's session holds. */
function recorded(dir: string) {
	const result = JSON.parse(readFileSync(join(dir, "result.json"), "utf8")) as Recorded;
	return {
		refused: result.isolation?.prevented.map((a) => [a.tool, a.path, a.refusedBy]),
		session: readFileSync(join(dir, "session.jsonl"), "utf8"),
	};
}

/** Writes an OpenCode agent into the user's OpenCode folder. */
function userOpenCodeAgent(base: string, name: string, text: string): void {
	const agents = join(base, ".config", "opencode", "agents");
	mkdirSync(agents, { recursive: true });
	writeFileSync(join(agents, `${name}.md`), text);
}

/** The calls the keeper's and the warden's rules refuse, in the order the script makes them. */
const KEPT = (repo: string) => [
	["read", `${repo}/secret.txt`, "paths"],
	["read", `${repo}/innocent.txt`, "paths"],
	["edit", `${repo}/locked.txt`, "paths"],
];

/**
 * Runs the script as `agent` over `repo` on `runner` and checks what every path rule here must hold:
 * the locked file unchanged, the allowed write made, the keeper's three calls refused, the secret
 * never read, the refusals counted. Returns the child's session, for the rule's own words.
 */
async function heldRun(ws: RunWorkspace, repo: string, agent: string, runner: string): Promise<string> {
	const spec = ws.spec({ read_only: false, roots: [repo], write_allowed: [repo] });
	const { out, dir } = await ws.runAgent(spec, agent, runner);
	expect(out.stderr).not.toContain("Error:");
	expect(readFileSync(join(repo, "locked.txt"), "utf8")).toBe("v1\n");
	expect(readFileSync(join(repo, "notes.txt"), "utf8")).toBe("kept\n");
	const { refused, session } = recorded(dir);
	expect(refused).toEqual(KEPT(repo));
	expect(session).not.toContain("TOPSECRET");
	expect(out.stdout).toContain("3 file calls refused");
	expect(out.code).toBe(0);
	return session;
}

function secretRepo(): string {
	const repo = gitRepo({ "a.txt": "x\n", "secret.txt": "TOPSECRET\n", "locked.txt": "v1\n" });
	symlinkSync(join(repo, "secret.txt"), join(repo, "innocent.txt"));
	return repo;
}

describe.each(["subprocess", "in-process"])("Claude Code's path rules, %s runner", (runner) => {
	it("refuse the file calls they deny, through a symlink too, and let the others run", async () => {
		const repo = secretRepo();
		const session = await heldRun(workspace(repo), repo, "keeper", runner);
		expect(session).toContain("is denied by ~/.claude/settings.json permissions.deny Read(");
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
		const repo = secretRepo();
		const ws = scripted(repo);
		userOpenCodeAgent(ws.base, "warden", WARDEN);
		const session = await heldRun(ws, repo, "warden", runner);
		expect(session).toContain('is denied by permission.read \\"*/secret.txt\\": deny');
		expect(session).toContain('is denied by permission.edit \\"*\\": deny');
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
		const agent = "---\ndescription: Stays home\npermission:\n  bash: deny\n  external_directory: deny\n---\nStay.\n";
		userOpenCodeAgent(ws.base, "homebody", agent);
		const spec = ws.spec({ read_only: true, roots: [ws.project] });
		const { out, dir } = await ws.runAgent(spec, "homebody", runner);
		expect(out.stderr).not.toContain("Error:");
		const { refused, session } = recorded(dir);
		expect(refused).toEqual([
			["read", outside, "paths"],
			["ls", ws.base, "paths"],
		]);
		expect(session).not.toContain("OUTSIDE");
		expect(session).toContain("is denied by permission.external_directory, for a path outside the project");
		expect(out.code).toBe(0);
	});
});
