/**
 * The benchmarks' pi-delegate variants, driven once each against the emulator (in-process only, so
 * this stays quick): they must run pi-delegate's real task worker, not something that merely
 * answers. The subprocess variant and the cost layouts run only in the benchmarks themselves.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BenchEnv, DATA_FILE, openBenchEnv } from "../../bench/support/bench-env.ts";
import type { ChildTask } from "../../bench/support/child-variant.ts";
import { delegateInProcess } from "../../bench/support/delegate-runners.ts";
import { ONE_TURN_SCRIPT } from "../../bench/support/one-turn.ts";
import { delegateTaskTool } from "../../bench/support/task-tool-parent.ts";

let env: BenchEnv;

beforeAll(async () => {
	env = await openBenchEnv({ script: ONE_TURN_SCRIPT });
});

afterAll(async () => {
	await env.close();
});

function task(name: string): ChildTask {
	const root = join(env.cwd, name);
	mkdirSync(root, { recursive: true });
	writeFileSync(join(root, DATA_FILE), "line 1\n");
	const marker = `[test ${name}]`;
	return { marker, task: `${marker} Reply with the word done.`, root };
}

const requestsOf = (marker: string) => {
	const ids = env.emulator
		.conversations()
		.filter((c) => c.firstUserText.includes(marker) && !c.firstUserText.startsWith("[overhead-parent"))
		.map((c) => c.id);
	return env.emulator.log.entries.filter((e) => e.conversation !== undefined && ids.includes(e.conversation));
};

describe("the in-process runner variant", () => {
	it("starts a task worker with its real view and gets one accepted submission from one request", async () => {
		const runner = await delegateInProcess.open(env);
		const t = task("runner");
		const outcome = await runner.run(t);
		expect(outcome.detail).toBeUndefined();
		expect(outcome.ok).toBe(true);
		const requests = requestsOf(t.marker);
		expect(requests).toHaveLength(1);
		const conversation = env.emulator.conversations().find((c) => c.id === requests[0]!.conversation);
		expect(conversation?.firstUserText).toContain("# Task: test-runner");
		expect(outcome.endedAt).toBeGreaterThan(outcome.startedAt);
		expect(requests[0]!.receivedAt).toBeGreaterThan(outcome.startedAt);
	});
});

describe("the task tool variant", () => {
	it("times every child from its own tool call in one parent turn, and each one passes", async () => {
		const runner = await delegateTaskTool.open(env);
		try {
			const tasks = [task("tool-a"), task("tool-b")];
			let ready = 0;
			const outcomes = await runner.runBatch!(tasks, () => ready++);
			expect(ready).toBe(1);
			expect(outcomes.map((o) => o.detail)).toEqual([undefined, undefined]);
			expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
			tasks.forEach((t, i) => {
				const [first] = requestsOf(t.marker);
				expect(first, t.marker).toBeDefined();
				expect(first!.receivedAt).toBeGreaterThan(outcomes[i]!.startedAt);
				expect(outcomes[i]!.endedAt).toBeGreaterThan(first!.receivedAt);
			});
		} finally {
			await runner.dispose();
		}
		expect(process.env.PI_CODING_AGENT_DIR).not.toBe(env.dir.agentDir);
	});
});
