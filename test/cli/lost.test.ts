/**
 * A background run whose supervisor is killed with SIGKILL, on both runners (a real `pi` child for
 * the subprocess one): nothing of it survives (no process, no socket answering), `runs` says lost
 * and never running, `wait` ends at once with exit 1, and `spend` counts what it was billed as far
 * as its events go.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { askRun } from "../../src/run/control/client.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { alive, waitFor } from "../support/processes.ts";
import { gitRepo } from "../support/task-fixture.ts";
import { helperEnv } from "../support/temp.ts";

/** Every process below `pid`, read from /proc (children of children included). */
function descendants(pid: number): number[] {
	const parent = new Map<number, number>();
	for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
		try {
			const stat = readFileSync(`/proc/${name}/stat`, "utf8");
			parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
		} catch {}
	}
	const below = (p: number): number[] =>
		[...parent].filter(([, pp]) => pp === p).flatMap(([child]) => [child, ...below(child)]);
	return below(pid);
}

describe.each(RUNNERS)("a background run whose supervisor is killed (%s runner)", (runner) => {
	it("is lost: nothing of it survives, wait ends with exit 1, spend counts what it was billed", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({
			prices: { input: 1, output: 0 },
			turns: [
				{ tools: [{ name: "read", args: { path: `${a}/a.txt` } }], usage: { input: 25_000, output: 0 } },
				{ tools: [{ name: "read", args: { path: `${a}/a.txt` } }], delayMs: 120_000 },
				submitTurn(envelope([`${a}/a.txt:1`])),
			],
		});
		const env = { ...ws.env, ...helperEnv(), PI_DELEGATE_SCRIPT: join(ws.agentDir, "scripted.json") };
		const cli = (argv: string[]) => runCli(argv, { cwd: ws.project, env });
		const out = await cli(ws.argv(ws.spec({ roots: [a] }), ["--runner", runner, "--background", "--json"]));
		expect(out.code, out.stderr).toBe(0);
		const { id, dir, pid } = JSON.parse(out.stdout) as { id: string; dir: string; pid: number };
		const deadline = Date.now() + 60_000;
		for (;;) {
			const run = JSON.parse((await cli(["runs", "--json"])).stdout).runs[0];
			if (run.state === "running" && run.usd > 0) break;
			if (Date.now() > deadline) throw new Error(`never seen running: ${JSON.stringify(run)}`);
			await new Promise((r) => setTimeout(r, 100));
		}
		const tree = descendants(pid);
		if (runner === "subprocess") expect(tree.length).toBeGreaterThan(0);
		process.kill(pid, "SIGKILL");
		await waitFor(() => !alive(pid), 10_000);
		// The kernel empties the namespace once its first process has gone.
		await waitFor(() => tree.every((p) => !alive(p)), 10_000);
		// A killed process's threads take a moment to let go of its descriptors (the socket with them).
		const until = Date.now() + 10_000;
		while ((await askRun(dir, { op: "status" }, { env })).reached && Date.now() < until)
			await new Promise((r) => setTimeout(r, 50));
		expect(await askRun(dir, { op: "status" }, { env })).toEqual({ reached: false });
		const run = JSON.parse((await cli(["runs", "--json"])).stdout).runs[0];
		expect(run).toMatchObject({ id, state: "lost", usd: 0.025 });
		expect((await cli(["runs"])).stdout).toMatch(new RegExp(`^${id}\\s+task\\s+lost\\s+\\$0\\.025\\s+\\d+s$`, "m"));
		expect((await cli(["runs", "show", id])).stdout).toMatch(/is lost: .*billed \$0\.025/s);
		const waited = await cli(["wait", id, "--timeout", "5"]);
		expect(waited).toMatchObject({ code: 1, stdout: expect.stringMatching(new RegExp(`${id}\\s+lost`)) });
		const spend = JSON.parse((await cli(["spend", "--json", "--runs", ws.runsDir])).stdout);
		expect(spend.runs).toEqual([
			expect.objectContaining({ complete: false, dollars: expect.objectContaining({ total: 0.025 }) }),
		]);
	}, 180_000);
});
