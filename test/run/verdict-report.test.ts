import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EnvelopeParse } from "../../src/envelope/parse.ts";
import { renderModelReport, renderReport } from "../../src/report/task-report.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { judgeRun, type VerdictInput } from "../../src/run/outcome/verdict.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";
import { childOutcome as outcome } from "../support/child.ts";

const ok: EnvelopeParse = {
	ok: true,
	envelope: {
		status: "ok",
		deliverable: "d",
		evidence: [{ claim: "c", pointer: "a.ts:1" }],
		unsure: [],
		did_not_do: [],
	},
	source: { kind: "submit_result", call: 0 },
	notes: [],
};
const verified = [{ index: 0, claim: "c", pointer: "a.ts:1", verified: true as const, detail: "line 1 exists" }];
const input = (i: Partial<VerdictInput> = {}): VerdictInput => ({
	outcome: outcome(),
	envelope: ok,
	claims: verified,
	violations: [],
	budget: { wall_s: 60, usd: 1, turns: 10 },
	...i,
});

describe("the verdict", () => {
	it("is PASS only when every check passes", () => {
		expect(judgeRun(input())).toEqual({ verdict: "PASS", problems: [] });
	});

	it("lists every problem at once, budgets first", () => {
		const { verdict, problems } = judgeRun(
			input({
				outcome: outcome({ stoppedBy: "wall", completed: false, usage: { ...ZERO_USAGE, costUsd: 2 } }),
				envelope: { ok: false, reason: "no envelope: the child never called submit_result", problems: [] },
				violations: [{ root: "/b", path: "__pycache__", kind: "added", detail: "directory" }],
			}),
		);
		expect(verdict).toBe("FAIL");
		expect(problems.map((p) => p.code)).toEqual(["budget", "budget", "boundary", "envelope"]);
	});

	it("fails a status other than ok, and every unverified claim", () => {
		const partial: EnvelopeParse = { ...ok, envelope: { ...(ok.ok ? ok.envelope : ({} as never)), status: "partial" } };
		const { problems } = judgeRun(
			input({
				envelope: partial,
				claims: [
					{ index: 0, claim: "a", pointer: "a.ts:1", verified: true, detail: "" },
					{ index: 1, claim: "b", pointer: "b.ts:9", verified: false, reason: "b.ts has 3 lines" },
				],
			}),
		);
		expect(problems.map((p) => p.message)).toEqual([
			'the child reported status "partial"',
			'evidence[1] "b.ts:9" not verified: b.ts has 3 lines',
		]);
	});

	it("fails an ok that cites no evidence, by default and when the rule is required", () => {
		const bare: EnvelopeParse = { ...ok, envelope: { ...(ok.ok ? ok.envelope : ({} as never)), evidence: [] } };
		for (const evidence of [undefined, "required"] as const) {
			const { verdict, problems } = judgeRun(input({ envelope: bare, claims: [], ...(evidence ? { evidence } : {}) }));
			expect(verdict).toBe("FAIL");
			expect(problems).toEqual([
				{
					path: ["evidence"],
					code: "evidence",
					value: [],
					message:
						'evidence is empty, but status is ok: an ok result must point at something checkable (a task that needs none sets evidence: "optional")',
					fix: 'have the child cite what it checked (path:line, or cmd: <command>), or set evidence: "optional" in the spec',
				},
			]);
		}
		expect(judgeRun(input({ envelope: bare, claims: [], evidence: "optional" })).verdict).toBe("PASS");
	});

	it("says why a child that did not complete failed", () => {
		const { problems } = judgeRun(input({ outcome: outcome({ completed: false, errors: ["429 rate limited"] }) }));
		expect(problems[0]?.message).toBe("the child did not complete: 429 rate limited");
	});

	it("counts violations past the listed ones instead of flooding the report", () => {
		const violations = Array.from({ length: 25 }, (_, i) => ({
			root: "/b",
			path: `f${i}`,
			kind: "added" as const,
			detail: "file",
		}));
		const { problems } = judgeRun(input({ violations }));
		expect(problems).toHaveLength(21);
		expect(problems.at(-1)?.message).toBe("…and 5 more boundary violations");
	});

	it("fails on a watched part that could not be checked, saying which and how to accept it", () => {
		const unreadable = {
			root: "/r",
			path: "secret",
			kind: "unreadable" as const,
			detail: "could not check /r/secret: permission denied (EACCES)",
		};
		const { verdict, problems } = judgeRun(input({ violations: [unreadable] }));
		expect(verdict).toBe("FAIL");
		expect(problems.map((p) => p.message)).toEqual([
			"boundary not checked: could not check /r/secret: permission denied (EACCES); exclude it in the spec to accept that it is not checked",
		]);
	});
});

const result: TaskResult = {
	version: 1,
	kind: "task",
	id: "adv-T4-incidental-write",
	verdict: "FAIL",
	warnings: [
		'call.contextMode: unknown mode "focussed" (did you mean "focused"?); the default mode "focused" stands in',
	],
	problems: [
		{
			source: "/tmp/wt-b",
			path: ["__pycache__"],
			code: "boundary",
			value: { kind: "added", detail: "directory" },
			message: "boundary violation: added __pycache__ in /tmp/wt-b, which is watched, not writable (directory)",
			fix: "name /tmp/wt-b in write_allowed (with read_only false) if the child may change it; otherwise keep the child from writing there",
		},
	],
	envelope: {
		status: "ok",
		deliverable: "Fixed the typo; the module compiles.",
		evidence: [],
		unsure: [],
		did_not_do: [],
	},
	claims: [
		{ index: 0, claim: "typo fixed", pointer: "/tmp/wt-a/README.md:1", verified: true, detail: "line 1 of 1" },
		{
			index: 1,
			claim: "module compiles",
			pointer: "cmd: python3 -m py_compile /tmp/wt-b/mod.py",
			verified: true,
			detail: "ran",
		},
	],
	delta: [
		{ root: "/tmp/wt-a", path: "README.md", kind: "modified", detail: "size 4 → 4" },
		{ root: "/tmp/wt-b", path: "__pycache__", kind: "added", detail: "directory" },
	],
	violations: [{ root: "/tmp/wt-b", path: "__pycache__", kind: "added", detail: "directory" }],
	roots: [
		{ root: "/tmp/wt-a", writable: true },
		{ root: "/tmp/wt-b", writable: false },
	],
	metrics: {
		usage: {
			input: 12345,
			output: 678,
			cacheRead: 9000,
			cacheWrite: 2100,
			costUsd: 0.0123,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		},
		elapsedS: 12.34,
		toolCalls: 3,
		turns: 3,
		model: "anthropic/claude-haiku-4-5",
		effort: "fast",
		runner: "subprocess",
	},
	auditDir: "/home/u/.pi/agent/pi-delegate/runs/20261130T001502Z-adv-T4-incidental-write",
	startedAt: "2026-11-30T00:15:02.000Z",
	finishedAt: "2026-11-30T00:15:14.340Z",
};

describe("the report", () => {
	it("renders a FAIL with its problems first (golden)", () => {
		const golden = join(import.meta.dirname, "../fixtures/reports/fail-t4.txt");
		const text = renderReport(result);
		if (process.env.UPDATE_GOLDEN === "1" || !existsSync(golden)) {
			if (process.env.UPDATE_GOLDEN !== "1") throw new Error(`missing golden ${golden}; run with UPDATE_GOLDEN=1`);
			writeFileSync(golden, text);
		}
		expect(text).toBe(readFileSync(golden, "utf8"));
		expect(text.startsWith("FAIL  task adv-T4-incidental-write · 1 problem\n  ✗ boundary violation")).toBe(true);
	});

	it("after a FAIL says that what the child changed was left in place, and names it; a PASS does not", () => {
		const text = renderReport(result);
		expect(text).toContain("Left in place: the task failed, and nothing it changed was undone (2 changes)");
		expect(text).toContain("  ✗ added __pycache__ in /tmp/wt-b");
		expect(text).toContain("    modified README.md in /tmp/wt-a");
		const passed = { ...result, verdict: "PASS" as const, problems: [], violations: [] };
		expect(renderReport(passed)).not.toContain("Left in place");
		expect(renderModelReport(passed)).not.toContain("Left in place");
		expect(renderModelReport(result)).toContain("Left in place: nothing the child changed was undone (2 changes");
	});
});

describe("the report for the calling model", () => {
	it("keeps every fact the model needs in far fewer bytes (golden)", () => {
		const golden = join(import.meta.dirname, "../fixtures/reports/fail-t4.model.txt");
		const text = renderModelReport(result);
		if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, text);
		expect(text).toBe(readFileSync(golden, "utf8"));
		expect(text.startsWith("FAIL task adv-T4-incidental-write (1 problem)\n✗ boundary violation")).toBe(true);
		for (const fact of [
			"Deliverable (status ok)",
			"✓ <child>typo fixed — /tmp/wt-a/README.md:1</child>",
			"Boundary: 1 violation",
			"Audit: ",
		]) {
			expect(text).toContain(fact);
		}
		expect(text.length).toBeLessThan(renderReport(result).length * 0.7);
	});
});
