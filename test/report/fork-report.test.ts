/** The fork call's report: each answer under its brief, verdict first, and never without the note that it is unverified. */
import { describe, expect, it } from "vitest";
import { renderForkModelReport, renderForkReport, UNVERIFIED_NOTE } from "../../src/report/fork-report.ts";
import type { ForkResult } from "../../src/run/outcome/result.ts";
import { ZERO_USAGE } from "../../src/run/types.ts";
import { forkResult } from "../support/row-results.ts";

function result(change: Partial<ForkResult>): ForkResult {
	return forkResult({
		id: "fork-x",
		of: 2,
		brief: "Is the retry logic right?",
		text: "Yes, three attempts.",
		prefix: { check: "same", detail: "the first request repeats the parent's last one (4 messages), then the brief" },
		roots: [{ root: "/work/p", writable: false }],
		metrics: {
			...forkResult().metrics,
			usage: { ...ZERO_USAGE, cacheRead: 12_000, costUsd: 0.0042 },
			elapsedS: 1.5,
			model: "anthropic/claude-sonnet-4-5",
		},
		auditDir: "/runs/20261201T100000Z-fork-x",
		sessionFile: "/runs/20261201T100000Z-fork-x/session.jsonl",
		startedAt: "2026-12-01T10:00:00.000Z",
		finishedAt: "2026-12-01T10:00:01.500Z",
		...change,
	});
}

describe("renderForkModelReport", () => {
	it("gives each fork a block led by its position, verdict and brief, its answer, and the unverified note", () => {
		const failed = result({
			id: "fork-y",
			index: 2,
			brief: "Check the build.",
			verdict: "FAIL",
			problems: [
				{
					source: "/work/p",
					path: ["build.log"],
					code: "boundary",
					value: { kind: "added", detail: "file, 6 bytes" },
					message: "boundary violation: added build.log in /work/p, which is watched, not writable (file, 6 bytes)",
					fix: "name /work/p in write_allowed (with read_only false) if the child may change it; otherwise keep the child from writing there",
				},
			],
			refused: [
				{ tool: "write", reason: "r" },
				{ tool: "write", reason: "r" },
				{ tool: "task", reason: "r" },
			],
			text: "",
		});
		const text = renderForkModelReport([result({}), failed]);
		const [first, second] = text.split("\n\n");
		expect(first?.split("\n")[0]).toBe('Fork 1 of 2 · answered · "Is the retry logic right?"');
		expect(first).toContain(`<child>\n> Yes, three attempts.\n</child>\n${UNVERIFIED_NOTE}`);
		expect(first).toContain("12,000 tokens (12.0k read from cache), $0.0042");
		expect(second?.split("\n").slice(0, 3)).toEqual([
			'Fork 2 of 2 · FAIL (1 problem) · "Check the build."',
			"✗ boundary violation: added build.log in /work/p, which is watched, not writable (file, 6 bytes)",
			"Refused (a fork is read-only and starts no children): write ×2, task",
		]);
		expect(second).toContain(`(the fork gave no answer)\n${UNVERIFIED_NOTE}`);
	});
});

describe("renderForkReport", () => {
	it("labels the answer unverified and names the cache check, the audit record and the session file", () => {
		const text = renderForkReport([result({})]);
		expect(text.split("\n")[0]).toBe("answered  fork fork-x (1 of 2)");
		expect(text).toContain("Answer (unverified)\n  Yes, three attempts.");
		expect(text).toContain("cache    the first request repeats the parent's last one (4 messages), then the brief");
		expect(text).toContain("Session  /runs/20261201T100000Z-fork-x/session.jsonl (pi --session opens it)");
	});
});
