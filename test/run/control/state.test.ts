/**
 * A run's state folded from what a reader finds: the endpoint wins while it answers (a result.json
 * beside it is not believed), the result gives the verdict once nothing answers, and no result with
 * nothing answering is lost.
 */
import { describe, expect, it } from "vitest";
import type { RunStatus } from "../../../src/run/control/protocol.ts";
import { endOf, foldRun, type RunFindings } from "../../../src/run/control/state.ts";

const STATUS: RunStatus = {
	id: "r",
	kind: "task",
	state: "running",
	turn: 3,
	usd: 0.25,
	startedAt: "2026-01-01T00:00:00.000Z",
	auditDir: "/runs/r",
};
const pass = { kind: "task", verdict: "PASS", problems: [], metrics: { usage: { costUsd: 0.5 } } };
const found = (value: Record<string, unknown>): RunFindings["result"] => ({ found: true, value });
const none: RunFindings["endpoint"] = { reached: false };

describe("foldRun", () => {
	it("an answering endpoint wins over any result.json", () => {
		expect(foldRun({ endpoint: { reached: true, status: STATUS }, result: found(pass) })).toMatchObject({
			state: "running",
			usd: 0.25,
			result: undefined,
		});
		expect(
			foldRun({ endpoint: { reached: true, status: { ...STATUS, state: "queued" } }, result: found(pass) }).state,
		).toBe("queued");
		// Something holds the socket but did not answer in time: alive, not lost and not ended.
		expect(foldRun({ endpoint: { reached: true, status: undefined }, result: found(pass) }).state).toBe("running");
	});

	it("nothing answering: the result's verdict, stopped when the caller cancelled it", () => {
		expect(foldRun({ endpoint: none, result: found(pass) })).toMatchObject({ state: "PASS", usd: 0.5, kind: "task" });
		const cancelled = { ...pass, verdict: "FAIL", problems: [{ code: "child", value: "cancelled" }] };
		expect(foldRun({ endpoint: none, result: found(cancelled) }).state).toBe("stopped");
		expect(foldRun({ endpoint: none, result: found({ ...pass, verdict: "FAIL" }) }).state).toBe("FAIL");
		expect(foldRun({ endpoint: none, result: found({ ...pass, kind: "fork" }) })).toMatchObject({
			state: "PASS",
			kind: "fork",
		});
		expect(foldRun({ endpoint: none, result: found({ kind: "unchecked", status: "done" }) }).state).toBe("done");
		expect(foldRun({ endpoint: none, result: found({ kind: "unchecked", status: "failed" }) }).state).toBe("failed");
	});

	it("no result (or one that says nothing a result says) and nothing answering: lost", () => {
		expect(foldRun({ endpoint: none, result: { found: false } }).state).toBe("lost");
		expect(foldRun({ endpoint: none, result: { found: true, error: "result.json unreadable: a FIFO" } })).toMatchObject(
			{
				state: "lost",
				detail: expect.stringContaining("FIFO"),
			},
		);
		for (const odd of [{ verdict: "MAYBE" }, { kind: "other", verdict: "PASS" }, { kind: "unchecked", status: "PASS" }])
			expect(foldRun({ endpoint: none, result: found(odd) }).state, JSON.stringify(odd)).toBe("lost");
	});
});

describe("endOf", () => {
	it("a task's missing kind is a task", () => {
		expect(endOf({ verdict: "PASS" })).toEqual({ state: "PASS", verdict: "PASS" });
	});
});
