/**
 * An agent whose file scopes bash (`Bash(git status:*)`) gets bash held to those commands, through
 * the whole flow: the agent file, the plan, the launch, and the child that runs. Real `pi` children
 * and the scripted model for the subprocess runner; the same task through the in-process runner.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { statuserWorkspace } from "../support/statuser.ts";
import { gitRepo } from "../support/task-fixture.ts";

const workspace = (repo: string) =>
	statuserWorkspace(repo, [`echo leaked > ${repo}/leak.txt`, `rm -rf ${repo}/a.txt`, "git status --short"]);

interface Recorded {
	isolation?: { prevented: Array<{ tool: string; command?: string; reason: string; refusedBy?: string }> };
}

describe.each(["subprocess", "in-process"])("an agent's scoped bash, %s runner", (runner) => {
	it("refuses the commands the agent file does not name before they run, and runs the one it does", async () => {
		const repo = gitRepo({ "a.txt": "x\n" });
		const ws = workspace(repo);
		const spec = ws.spec({ read_only: false, roots: [repo], write_allowed: [repo] });
		const { out, dir } = await ws.runAgent(spec, "statuser", runner);
		expect(out.stderr).not.toContain("Error:");
		expect(existsSync(join(repo, "leak.txt"))).toBe(false);
		expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("x\n");
		const launch = JSON.parse(readFileSync(join(dir, "launch.json"), "utf8")) as { commands?: unknown };
		expect(launch.commands).toEqual([
			{
				otherwise: "deny",
				rules: [{ pattern: "git status:*", effect: "allow", syntax: "claude", from: "tools: Bash(git status:*)" }],
			},
		]);
		const result = JSON.parse(readFileSync(join(dir, "result.json"), "utf8")) as Recorded;
		const prevented = result.isolation?.prevented ?? [];
		expect(prevented.map((attempt) => attempt.command)).toEqual([
			`echo leaked > ${repo}/leak.txt`,
			`rm -rf ${repo}/a.txt`,
		]);
		expect(prevented.every((attempt) => attempt.tool === "bash" && attempt.refusedBy === "commands")).toBe(true);
		const session = readFileSync(join(dir, "session.jsonl"), "utf8");
		expect(session).toContain("not a git repository");
		expect(session).toMatch(/refused/i);
		expect(out.stdout).toContain("0 writes prevented · 2 commands refused");
		expect(out.stdout).toContain("is not among the commands this child may");
		expect(out.code).toBe(0);
	});
});
