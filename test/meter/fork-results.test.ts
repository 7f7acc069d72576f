/** A fork tool result lists its children, each with its own usage: the meter counts each child once, and the sum not at all. */
import { describe, expect, it } from "vitest";
import { CHILD_ENTRY_TYPE, createFold, foldEntry } from "../../src/meter/fold.ts";

const usage = (input: number, cost: number) => ({
	input,
	output: 1,
	cacheRead: 100,
	cacheWrite: 0,
	costUsd: cost,
	cost: { input: cost, output: 0, cacheRead: 0, cacheWrite: 0 },
});

describe("a fork tool result", () => {
	it("becomes one child per listed fork, with that fork's usage, and no spend of the tool itself", () => {
		const fold = createFold("parent");
		foldEntry(fold, {
			type: "message",
			timestamp: "2026-12-01T10:00:00.000Z",
			message: {
				role: "toolResult",
				toolName: "fork",
				usage: { ...usage(30, 0.3), totalTokens: 0 },
				details: {
					kind: "forks",
					results: [
						{ kind: "fork", id: "fork-a", auditDir: "/runs/a", verdict: "PASS", usage: usage(10, 0.1) },
						{ kind: "fork", id: "fork-b", auditDir: "/runs/b", verdict: "FAIL", usage: usage(20, 0.2) },
						{ kind: "fork", id: "no-dir" },
					],
				},
			},
		});
		foldEntry(fold, {
			type: "custom",
			customType: CHILD_ENTRY_TYPE,
			timestamp: "2026-12-01T10:00:01.000Z",
			data: { kind: "fork", id: "fork-a", auditDir: "/runs/a", usage: usage(10, 0.1), verdict: "PASS" },
		});
		expect(fold.records).toEqual([]);
		expect(fold.children.map((c) => [c.kind, c.id, c.auditDir, c.verdict, c.dollars.total])).toEqual([
			["fork", "fork-a", "/runs/a", "PASS", 0.1],
			["fork", "fork-b", "/runs/b", "FAIL", 0.2],
			["fork", "fork-a", "/runs/a", "PASS", 0.1],
		]);
	});
});
