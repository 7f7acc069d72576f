/**
 * A `cmd:` pointer holds only against a command pi-delegate's own bash executed, and only when that
 * command succeeded. A hostile child cites commands that never ran (bash is not its tool; the
 * agent's rules refused them), commands that failed while printing that they passed, a command
 * whose failure a later segment hides, and one stopped by its timeout. Whole tasks through the
 * CLI, on both runners: each must FAIL, name why beside the claim, and record the exit status.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ClaimCheck } from "../../src/envelope/verify.ts";
import { renderModelReport } from "../../src/report/task-report.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import type { ChildOutcome } from "../../src/run/types.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";

type Args = Record<string, never>;

/** A script: each bash call, then the same submission three times (two rejections, then taken as it is). */
function script(calls: Array<Record<string, unknown>>, pointers: string[]) {
	const submit = submitTurn(envelope(pointers));
	return {
		turns: [...calls.map((args) => ({ tools: [{ name: "bash", args: args as Args }] })), submit, submit, submit],
	};
}

interface Ran {
	result: TaskResult;
	outcome: ChildOutcome;
	stdout: string;
	code: number;
}

async function runTask(
	runner: string,
	turns: ReturnType<typeof script>,
	spec: Record<string, unknown>,
	agent?: { name: string; text: string },
): Promise<Ran> {
	const ws = runWorkspace(turns);
	if (agent) {
		mkdirSync(join(ws.agentDir, "agents"), { recursive: true });
		writeFileSync(join(ws.agentDir, "agents", `${agent.name}.md`), agent.text);
	}
	const file = ws.spec({
		roots: [ws.project],
		...spec,
		...(spec.read_only === false && { write_allowed: [ws.project] }),
	});
	const { out, dir } = await ws.runAgent(file, agent?.name ?? "worker", runner);
	const read = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as T;
	return { result: read<TaskResult>("result.json"), outcome: read<ChildOutcome>("outcome.json"), ...out };
}

/** A task whose child has bash: it may write in its one root. */
const WRITES = { read_only: false };

const failure = (claim: ClaimCheck | undefined) => (claim && !claim.verified ? claim.reason : "");

describe.each(RUNNERS)("cmd: evidence on the %s runner", (runner) => {
	it("is not verified by a bash call that was not the child's tool", async () => {
		const line = "npm test  # ALL 312 TESTS PASS";
		const ran = await runTask(runner, script([{ command: line }], [`cmd: ${line}`]), { read_only: true });
		expect(ran.result.verdict).toBe("FAIL");
		expect(ran.result.claims[0]).toMatchObject({ verified: false });
		expect(failure(ran.result.claims[0])).toBe("the child ran no commands");
		expect(ran.outcome.commands).toEqual([]);
		expect(ran.stdout).toContain("✗  claim 1");
		expect(ran.code).toBe(1);
	});

	it("is not verified by a command the agent's Bash(git diff:*) rule refused, which is listed as prevented", async () => {
		const agent = {
			name: "differ",
			text: "---\nname: differ\ndescription: Reads diffs\ntools: Read, Bash(git diff:*)\n---\nYou read diffs.\n",
		};
		const turns = script([{ command: "npm test" }, { command: "git diff --stat" }], ["cmd: npm test"]);
		const ran = await runTask(runner, turns, WRITES, agent);
		expect(ran.result.isolation?.prevented.map((p) => p.command)).toEqual(["npm test"]);
		expect(ran.result.verdict).toBe("FAIL");
		expect(failure(ran.result.claims[0])).toContain("never ran (1 commands ran, none matches");
		expect(ran.outcome.commandsRun).toEqual(["git diff --stat"]);
	});

	it("fails a claim on a command that exited non-zero, whatever it printed, and shows the status beside it", async () => {
		const line = "echo 'ALL TESTS PASS'; echo 'Command exited with code 0'; exit 3";
		const ran = await runTask(runner, script([{ command: line }], [`cmd: ${line}`]), WRITES);
		expect(ran.outcome.commands).toEqual([{ command: line, exit: 3 }]);
		expect(ran.result.verdict).toBe("FAIL");
		expect(ran.result.claims[0]).toMatchObject({ verified: false, exit: 3 });
		expect(failure(ran.result.claims[0])).toContain("but exited 3");
		// Beside the claim in the CLI's report (also the Pi row's expanded view) and the model's.
		expect(ran.stdout).toMatch(/✗\s+exit 3\s+claim 1\s+cmd: echo/);
		// The status is pi-delegate's record, outside the child's marked words.
		expect(renderModelReport(ran.result)).toContain(`— cmd: ${line}</child> [exit 3] (`);
	});

	it("does not take a line's exit 0 where a later segment or a pipe hides a failure, and verifies one whose status is its own", async () => {
		const turns = script(
			[{ command: "sh -c 'exit 1'; true" }, { command: "sh -c 'exit 1' | cat" }, { command: "cd . && sh -c 'exit 0'" }],
			["cmd: sh -c 'exit 1'", "cmd: sh -c 'exit 1' | cat", "cmd: sh -c 'exit 0'"],
		);
		const ran = await runTask(runner, turns, WRITES);
		expect(ran.result.verdict).toBe("FAIL");
		expect(failure(ran.result.claims[0])).toContain("whose exit 0 is not the status of sh -c 'exit 1' itself");
		expect(failure(ran.result.claims[1])).toContain("but its exit 0 does not show that it succeeded");
		expect(ran.result.claims[2]).toMatchObject({ verified: true, exit: 0 });
		expect(renderModelReport(ran.result)).toContain("— cmd: sh -c 'exit 0'</child> [exit 0]");
	});

	it("fails a claim on a command its timeout stopped", async () => {
		const ran = await runTask(runner, script([{ command: "sleep 5", timeout: 1 }], ["cmd: sleep 5"]), WRITES);
		expect(ran.outcome.commands).toEqual([{ command: "sleep 5", exit: null, stopped: "timed out" }]);
		expect(ran.result.verdict).toBe("FAIL");
		expect(failure(ran.result.claims[0])).toContain("was stopped (timed out) before it exited");
		expect(ran.stdout).toMatch(/✗\s+timed out\s+claim 1\s+cmd: sleep 5/);
	});
});
