/**
 * `runs`, `runs show`, `wait`, `send` and `stop` against real runs of `pi-delegate run` on both
 * runners: a run that is still running answers on its control endpoint (running, its turn, its
 * dollars), takes a message and a stop, and ends stopped; a finished run's report comes back as
 * `run` printed it, and `wait` exits with its verdict's code.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { gitRepo } from "../support/task-fixture.ts";

const PRICES = { input: 1, output: 0 };

/** Runs `pi-delegate run` without awaiting it; the in-process child reads its script from the environment. */
function startRun(ws: ReturnType<typeof runWorkspace>, runner: string, spec: string) {
	if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
	return ws.run(spec, ["--runner", runner]).finally(() => delete process.env.PI_DELEGATE_SCRIPT);
}

const cli = (ws: ReturnType<typeof runWorkspace>, argv: string[]) => runCli(argv, { cwd: ws.project, env: ws.env });

async function runsJson(ws: ReturnType<typeof runWorkspace>) {
	const out = await cli(ws, ["runs", "--json"]);
	expect(out.code).toBe(0);
	return JSON.parse(out.stdout) as { runs: Array<Record<string, unknown> & { state: string; id: string }> };
}

describe.each(RUNNERS)("runs, wait, send, stop (%s runner)", (runner) => {
	it("a running run says so, takes a message and a stop, and ends stopped; wait exits 1", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({
			prices: PRICES,
			turns: [
				{ tools: [{ name: "read", args: { path: `${a}/a.txt` } }], usage: { input: 20_000, output: 0 } },
				{ text: "thinking", delayMs: 60_000, usage: { input: 1, output: 0 } },
				submitTurn(envelope([`${a}/a.txt:1`])),
			],
		});
		const running = startRun(ws, runner, ws.spec({ roots: [a] }));
		let id = "";
		const deadline = Date.now() + 60_000;
		for (;;) {
			const [run] = (await runsJson(ws)).runs;
			if (run?.state === "running" && (run.usd as number) > 0) {
				id = run.id;
				break;
			}
			if (Date.now() > deadline) throw new Error(`never seen running: ${JSON.stringify(run)}`);
			await new Promise((r) => setTimeout(r, 100));
		}
		const table = await cli(ws, ["runs"]);
		expect(table.stdout).toMatch(new RegExp(`^${id}\\s+task\\s+running\\s+\\$0\\.02\\s+\\d+s$`, "m"));
		const shown = await cli(ws, ["runs", "show", id]);
		expect(shown.stdout).toMatch(/is running: turn \d(, in \w+)?, \$0\.02 so far/);
		const sent = await cli(ws, ["send", id, "look at b.txt too"]);
		expect(sent).toMatchObject({ code: 0 });
		expect(sent.stdout).toContain("the child reads it at its next turn");
		const timedOut = await cli(ws, ["wait", id, "--timeout", "0.5"]);
		expect(timedOut.code).toBe(124);
		expect(timedOut.stdout).toMatch(/running \(still going at the time-out\)/);
		const waiting = cli(ws, ["wait", "t"]);
		const stopped = await cli(ws, ["stop", id]);
		expect(stopped.stdout).toMatch(new RegExp(`${id}\\s+stopped\\n`));
		expect(stopped.code).toBe(0);
		expect(await waiting).toMatchObject({ code: 1, stdout: expect.stringMatching(/stopped/) });
		const out = await running;
		expect(out.code).toBe(1);
		expect(out.stdout).toContain("cancelled by the caller");
		const [run] = (await runsJson(ws)).runs;
		expect(run).toMatchObject({ id, state: "stopped", kind: "task" });
		expect(await cli(ws, ["send", id, "too late"])).toMatchObject({ code: 1 });
		expect(await cli(ws, ["stop", id])).toMatchObject({ code: 1 });
	}, 180_000);

	it("a finished run's report comes back as run printed it; wait exits 0 on a PASS", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ prices: PRICES, turns: [submitTurn(envelope([`${a}/a.txt:1`]))] });
		const out = await startRun(ws, runner, ws.spec({ roots: [a] }));
		expect(out.code).toBe(0);
		const [run] = (await runsJson(ws)).runs;
		expect(run?.state).toBe("PASS");
		const shown = await cli(ws, ["runs", "show", "t"]);
		expect(shown.stdout).toBe(out.stdout);
		expect(await cli(ws, ["wait", run!.id, "t"])).toMatchObject({ code: 0 });
	}, 120_000);
});

describe("bad input", () => {
	it("an unknown run, a bad time-out, an empty message: field, value, fix, exit 2", async () => {
		const ws = runWorkspace({ turns: [] });
		const wait = await cli(ws, ["wait", "nope", "--timeout", "soon"]);
		expect(wait.code).toBe(2);
		expect(wait.stderr).toMatch(/--timeout/);
		const send = await cli(ws, ["send", "nope", " "]);
		expect(send.code).toBe(2);
		expect(send.stderr).toMatch(/RUN[\s\S]*nope[\s\S]*MESSAGE[\s\S]*is empty/);
		for (const argv of [
			["runs", "show", "nope"],
			["stop", "nope"],
			["runs", "list"],
		]) {
			const out = await cli(ws, argv);
			expect(out.code, argv.join(" ")).toBe(2);
			expect(out.stderr).not.toMatch(/\n\s+at /);
		}
	});
});
