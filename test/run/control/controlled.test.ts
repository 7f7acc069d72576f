/**
 * The one execution under its control endpoint: the endpoint opens with the audit record (before
 * the entry point hears where the record is), `send` reaches the runner through the same inbox as
 * the entry point's own messages, `status` follows the run, `stop` ends it as a user's stop does,
 * `wait` is answered once result.json is written, and the endpoint is gone after.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { askRun } from "../../../src/run/control/client.ts";
import { createMailbox } from "../../../src/run/inbox.ts";
import { PrefixGate } from "../../../src/run/prefix-gate.ts";
import type { TaskProgress } from "../../../src/run/types.ts";
import { childOutcome } from "../../support/child.ts";
import { waitFor } from "../../support/processes.ts";
import { spec, taskHarness } from "../../support/task-fixture.ts";
import { tempDir } from "../../support/temp.ts";

describe("a run under its control endpoint", () => {
	it("takes messages into the runner's inbox, reports its status, stops on request, and answers wait after its result", async () => {
		const h = await taskHarness();
		const root = tempDir();
		const heard: string[] = [];
		let dir = "";
		let answeringAtAudit: unknown;
		let started!: () => void;
		const running = new Promise<void>((resolve) => {
			started = resolve;
		});
		const parent = createMailbox();
		parent.send("from the parent");
		const result = h.run(spec({ roots: [root] }), () => ({
			inbox: parent,
			progress: (p: TaskProgress) => {
				if (p.type === "audit") {
					dir = p.dir;
					answeringAtAudit = askRun(p.dir, { op: "status" });
				}
			},
			runner: async (_launch, hooks) => {
				hooks.inbox?.subscribe((m) => heard.push(m));
				hooks.onProgress({ type: "turn", turn: 1 });
				hooks.onProgress({ type: "tool_start", tool: "bash", summary: "ls" });
				started();
				await new Promise((resolve) => hooks.signal.addEventListener("abort", resolve));
				return childOutcome({ completed: false, stoppedBy: hooks.signal.reason, stopReason: "aborted" });
			},
		}));
		await running;
		expect(await answeringAtAudit).toMatchObject({ reached: true, answer: { ok: true } });
		const status = await askRun(dir, { op: "status" });
		expect(status).toMatchObject({
			answer: { status: { state: "running", turn: 1, tool: "bash", kind: "task", auditDir: dir } },
		});
		expect(await askRun(dir, { op: "send", message: "from a shell" })).toMatchObject({ answer: { queued: true } });
		expect(heard).toEqual(["from the parent", "from a shell"]);
		const waiting = askRun(dir, { op: "wait" }, { timeoutMs: Number.POSITIVE_INFINITY }).then((asked) => ({
			asked,
			resultWritten: existsSync(join(dir, "result.json")),
		}));
		expect(await askRun(dir, { op: "stop" })).toMatchObject({ answer: { stopping: true } });
		const done = await result;
		expect(done.verdict).toBe("FAIL");
		expect(done.problems.map((p) => p.value)).toContain("cancelled");
		expect(await waiting).toEqual({
			asked: { reached: true, answer: { ok: true, op: "wait", end: { state: "stopped", verdict: "FAIL" } } },
			resultWritten: true,
		});
		expect(await askRun(dir, { op: "status" })).toEqual({ reached: false });
		expect(await askRun(dir, { op: "send", message: "late" })).toEqual({ reached: false });
	});

	it("a run held by a prefix gate answers queued, then running", async () => {
		const h = await taskHarness();
		const taskSpec = spec({ roots: [tempDir()] });
		const gate = new PrefixGate({ maxWaitMs: 60_000 });
		const leader = await gate.enter(h.plan(taskSpec).prefixKey);
		let dir = "";
		let release!: () => void;
		const holding = new Promise<void>((resolve) => {
			release = resolve;
		});
		const result = h.run(taskSpec, () => ({
			prefixGate: gate,
			progress: (p: TaskProgress) => {
				if (p.type === "audit") dir = p.dir;
			},
			runner: async () => {
				await holding;
				return childOutcome();
			},
		}));
		await waitFor(() => dir !== "");
		expect(await askRun(dir, { op: "status" })).toMatchObject({ answer: { status: { state: "queued" } } });
		leader.done();
		await new Promise((r) => setTimeout(r, 100));
		expect(await askRun(dir, { op: "status" })).toMatchObject({ answer: { status: { state: "running" } } });
		release();
		await result;
	});

	it("a run without the control port runs as before, with nothing listening", async () => {
		const h = await taskHarness();
		let dir = "";
		const result = await h.run(spec({ roots: [tempDir()] }), () => ({
			control: undefined,
			progress: (p: TaskProgress) => {
				if (p.type === "audit") dir = p.dir;
			},
			runner: async () => childOutcome(),
		}));
		expect(result.kind).toBe("task");
		expect(await askRun(dir, { op: "status" })).toEqual({ reached: false });
	});
});
