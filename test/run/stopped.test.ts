/**
 * A run its caller stops (here `pi-delegate stop`; Esc and `/children stop` abort the same signal)
 * on both runners: its report says stopped, not FAIL, and does not blame the child for the result
 * envelope it had no time to hand in; result.json keeps verdict FAIL (a stop is no PASS) with the
 * one `cancelled` problem that `runs` reads as stopped.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { gitRepo } from "../support/task-fixture.ts";

describe.each(RUNNERS)("a stopped run (%s runner)", (runner) => {
	it("reads as stopped, with no envelope problem, and stays no PASS in result.json", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({
			turns: [
				{ tools: [{ name: "read", args: { path: `${a}/a.txt` } }] },
				{ text: "thinking", delayMs: 60_000 },
				submitTurn(envelope([`${a}/a.txt:1`])),
			],
		});
		if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		const running = ws.run(ws.spec({ roots: [a] }), ["--runner", runner]).finally(() => {
			delete process.env.PI_DELEGATE_SCRIPT;
		});
		const cli = (argv: string[]) => runCli(argv, { cwd: ws.project, env: ws.env });
		const deadline = Date.now() + 60_000;
		let id = "";
		while (!id) {
			const [run] = JSON.parse((await cli(["runs", "--json"])).stdout).runs as Array<{ id: string; state: string }>;
			if (run?.state === "running") id = run.id;
			else if (Date.now() > deadline) throw new Error("the run was never seen running");
			else await new Promise((r) => setTimeout(r, 100));
		}
		expect((await cli(["stop", id])).code).toBe(0);
		const out = await running;
		expect(out.code).toBe(1);
		expect(out.stdout.split("\n")[0]).toBe("stopped  task t · cancelled by the caller before the child finished");
		expect(out.stdout).not.toMatch(/no valid result envelope|FAIL/);
		const [run] = JSON.parse((await cli(["runs", "--json"])).stdout).runs as Array<{
			auditDir?: string;
			state: string;
		}>;
		expect(run?.state).toBe("stopped");
		const shown = await cli(["runs", "show", id, "--json"]);
		const result = JSON.parse(shown.stdout).result ?? JSON.parse(shown.stdout);
		expect(result.verdict).toBe("FAIL");
		expect(result.problems.map((p: { code: string; value: unknown }) => [p.code, p.value])).toEqual([
			["child", "cancelled"],
		]);
	}, 180_000);
});
