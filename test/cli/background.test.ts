/**
 * `pi-delegate run SPEC --background` on both runners (a real `pi` child for the subprocess one):
 * bad input ends in the foreground with nothing started; a good spec prints the run id once the
 * supervisor has opened the record, the run goes on without the shell, answers `runs` and `wait`,
 * and ends with the verdict a foreground run gives.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { alive, waitFor } from "../support/processes.ts";
import { gitRepo } from "../support/task-fixture.ts";
import { helperEnv } from "../support/temp.ts";

describe.each(RUNNERS)("run --background (%s runner)", (runner) => {
	it("prints the run id and returns; the run goes on and wait exits with its verdict", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({
			prices: { input: 1, output: 0 },
			turns: [
				{ tools: [{ name: "read", args: { path: `${a}/a.txt` } }], delayMs: 1500, usage: { input: 1000, output: 0 } },
				submitTurn(envelope([`${a}/a.txt:1`])),
			],
		});
		// The supervisor's temporary files (its control directory, Node's caches) lie in a directory of the test's.
		const env = { ...ws.env, ...helperEnv(), PI_DELEGATE_SCRIPT: join(ws.agentDir, "scripted.json") };
		const started = Date.now();
		const out = await runCli(ws.argv(ws.spec({ roots: [a] }), ["--runner", runner, "--background", "--json"]), {
			cwd: ws.project,
			env,
		});
		expect(out.stderr).toContain("running in the background");
		expect(out.code).toBe(0);
		const { id, dir, pid, namespace } = JSON.parse(out.stdout) as Record<string, unknown>;
		expect(readdirSync(ws.runsDir)).toEqual([id]);
		expect(dir).toBe(join(ws.runsDir, String(id)));
		expect(typeof pid).toBe("number");
		expect(namespace).toBe(true);
		const listed = await runCli(["runs", "--json"], { cwd: ws.project, env });
		expect(JSON.parse(listed.stdout).runs[0]).toMatchObject({ id, state: expect.stringMatching(/^(queued|running)$/) });
		const waited = await runCli(["wait", String(id), "--timeout", "120"], { cwd: ws.project, env });
		const shown = await runCli(["runs", "show", String(id)], { cwd: ws.project, env });
		expect(waited, shown.stdout).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`${id}\\s+PASS`)) });
		expect(Date.now() - started).toBeLessThan(120_000);
		expect(shown.stdout).toMatch(/^PASS {2}task t\n/);
		await waitFor(() => !alive(pid as number), 20_000);
	}, 180_000);
});

describe("run --background without bubblewrap", () => {
	it("holds the run in a process group of its own and says so; the run goes on", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		const env = { ...ws.env, ...helperEnv(), PI_DELEGATE_BWRAP: "off" };
		const argv = ws.argv(ws.spec({ roots: [a], sandbox: "off" }), ["--runner", "in-process", "--background", "--json"]);
		const out = await runCli(argv, { cwd: ws.project, env });
		expect(out.code, out.stderr).toBe(0);
		expect(out.stderr.replace(/\s+/g, " ")).toContain("in a process group of its own (no bubblewrap here)");
		const { id, pid, namespace } = JSON.parse(out.stdout) as { id: string; pid: number; namespace: boolean };
		expect(namespace).toBe(false);
		expect(await runCli(["wait", id, "--timeout", "120"], { cwd: ws.project, env })).toMatchObject({ code: 0 });
		await waitFor(() => !alive(pid), 20_000);
	}, 180_000);
});

describe("run --background: bad input", () => {
	it("an invalid spec ends in the foreground, exit 2, and nothing is started", async () => {
		const ws = runWorkspace({ turns: [] });
		const out = await runCli(ws.argv(ws.spec({ roots: ["/nonexistent/root"] }), ["--background"]), {
			cwd: ws.project,
			env: ws.env,
		});
		expect(out.code).toBe(2);
		expect(out.stderr).not.toContain("running in the background");
		expect(() => readdirSync(ws.runsDir)).toThrow();
	});
});
