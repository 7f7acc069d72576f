/**
 * `pi-delegate spend` over the spend fixture: a parent session (a compaction, a model switch, an
 * abandoned branch, fork entries), and runs that finished, failed and crashed. The dollar figures
 * are the fixture's usage at the emulator's list prices, added up by hand in the comments.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSince } from "../../src/cli/spend.ts";
import { visibleWidth } from "../../src/format/table.ts";
import { FIXTURE, spendFixture } from "../meter/fixture.ts";
import { runCli } from "../support/cli.ts";
import { expectGolden } from "../support/golden.ts";
import { tempDir } from "../support/temp.ts";

const spend = async (args: string[], env: Record<string, string | undefined> = {}) => {
	const f = spendFixture();
	const result = await runCli(["spend", "--runs", f.runs, ...args.map((a) => a.replace("@SESSION@", f.session))], {
		env,
	});
	return {
		...result,
		stdout: result.stdout.replaceAll(f.root, "<fixture>"),
		stderr: result.stderr.replaceAll(f.root, "<fixture>"),
	};
};

interface JsonView {
	by: string;
	runs: Array<{
		id: string;
		kind: string;
		auditDir: string | null;
		complete: boolean;
		dollars: { total: number };
		rebilled: { misses: number; dollars: number };
	}>;
	groups?: Array<Record<string, unknown> & { dollars: { total: number } }>;
	total: {
		dollars: { total: number };
		rebilled: { misses: number; dollars: number; tokens: number };
		complete: boolean;
	};
	misses: Array<{ run: string; cause: { kind: string }; tokens: number }>;
}
const json = async (args: string[]): Promise<JsonView> =>
	JSON.parse((await spend([...args, "--json"])).stdout) as JsonView;

// Per run, in dollars: parent's own 0.221971 · review-a 0.02829 · review-b 0.02457 · fork-x 0.00585 ·
// crashed 0.016305 · fork-gone 0.004785 · old-task 0.00855.
const SESSION_TOTAL = 0.221971 + 0.02829 + 0.02457 + 0.00585 + 0.016305 + 0.004785;
const RUNS_TOTAL = 0.00855 + 0.02829 + 0.02457 + 0.00585 + 0.016305;

describe("pi-delegate spend --session", () => {
	it("prints one 80-column table of the parent and every child, the totals, and the misses by cause", async () => {
		const { code, stdout, stderr } = await spend(["--session", "@SESSION@"]);
		expect(code).toBe(0);
		expect(stderr).toBe("");
		for (const line of stdout.split("\n").slice(1)) expect(visibleWidth(line)).toBeLessThanOrEqual(80);
		expectGolden(join(FIXTURE, "golden/session.txt"), stdout);
	});

	it("counts each child once, the crashed one as unfinished, and adds them to the parent's own spend", async () => {
		const view = await json(["--session", "@SESSION@"]);
		expect(view.runs.map((r) => [r.kind, r.id, r.complete])).toEqual([
			["parent", "7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", true],
			["task", "review-a", true],
			["task", "review-b", true],
			["fork", "fork-x", true],
			["task", "crashed", false],
			["fork", "fork-gone", true],
		]);
		expect(view.total.dollars.total).toBeCloseTo(SESSION_TOTAL, 12);
		expect(view.total.complete).toBe(false);
	});

	it("re-bills the model switch and the branch in the parent and the overlapping sibling, not the compaction", async () => {
		const view = await json(["--session", "@SESSION@"]);
		expect(view.misses.map((m) => [m.run, m.cause.kind, m.tokens])).toEqual([
			// review-b's first request against review-a's, which was still running: min(4205, 4305) − 0.
			["review-b", "sibling", 4205],
			// Opus after Sonnet: min(6910, 7310) − 0 read.
			["7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", "model", 6910],
			// The abandoned branch's request after the post-compaction one: min(2510, 8010) − 0.
			["7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", "unknown", 2510],
		]);
		// 6910 × ((10 × $5 + 7300 × $6.25) / 7310 − $0.50 per Mtok); the read rate is seen on the next Opus request.
		const modelSwitch = 6910 * ((10 * 5e-6 + 7300 * 6.25e-6) / 7310 - 0.5e-6);
		const sibling = 4205 * ((5 * 3e-6 + 4300 * 3.75e-6) / 4305 - 0.3e-6);
		const branch = 2510 * ((10 * 5e-6 + 8000 * 6.25e-6) / 8010 - 0.5e-6);
		expect(view.total.rebilled.dollars).toBeCloseTo(modelSwitch + sibling + branch, 12);
		expect(view.total.rebilled.misses).toBe(3);
	});
});

describe("pi-delegate spend over the runs directory", () => {
	it("without --session covers every run and nothing of any parent", async () => {
		const view = await json([]);
		expect(view.runs.map((r) => r.id)).toEqual(["old-task", "review-a", "review-b", "fork-x", "crashed"]);
		expect(view.total.dollars.total).toBeCloseTo(RUNS_TOTAL, 12);
		const { stdout } = await spend(["--by", "day"]);
		expectGolden(join(FIXTURE, "golden/runs-by-day.txt"), stdout);
	});

	it("--by model, day and session add up to the same total as --by task, split as the requests were", async () => {
		const byTask = await json(["--session", "@SESSION@"]);
		for (const by of ["model", "day", "session"]) {
			const view = await json(["--session", "@SESSION@", "--by", by]);
			expect(view.by).toBe(by);
			expect(view.runs).toEqual(byTask.runs);
			const sum = view.groups!.reduce((n, g) => n + g.dollars.total, 0);
			expect(sum).toBeCloseTo(byTask.total.dollars.total, 12);
		}
		const byModel = await json(["--session", "@SESSION@", "--by", "model"]);
		expect(byModel.groups!.map((g) => g.model)).toEqual([
			"(unknown)",
			"emulator/claude-opus-4-5",
			"emulator/claude-sonnet-4-5",
		]);
		const byDay = await json(["--by", "day"]);
		expect(byDay.groups!.map((g) => [g.day, Math.round(g.dollars.total * 1e6)])).toEqual([
			["2026-11-30", 8550],
			["2026-12-01", Math.round((RUNS_TOTAL - 0.00855) * 1e6)],
		]);
		const bySession = await json(["--by", "session"]);
		expect(bySession.groups!.map((g) => String(g.session).replace(/^.*\//, ""))).toEqual([
			"(no parent session)",
			"session.jsonl",
		]);
	});

	it("--since keeps the runs started and the parent requests made from then on", async () => {
		const day = await json(["--since", "2026-12-01"]);
		expect(day.runs.map((r) => r.id)).toEqual(["review-a", "review-b", "fork-x", "crashed"]);
		// 10:10 UTC written as 11:10 at +01:00: the parent's Opus requests from 10:10, only the crashed run.
		const late = await json(["--session", "@SESSION@", "--since", "2026-12-01T11:10+01:00"]);
		expect(late.runs.map((r) => r.id)).toEqual(["7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", "crashed"]);
		// Opus requests: 7310 + 7970 + the summary 8400 + 2610 + 8110 tokens' worth, $0.198…; the model switch still counts.
		const opus = [
			10 * 5e-6 + 7300 * 6.25e-6 + 200 * 25e-6,
			10 * 5e-6 + 7310 * 0.5e-6 + 500 * 6.25e-6 + 150 * 25e-6,
			7800 * 5e-6 + 600 * 25e-6,
			10 * 5e-6 + 2500 * 6.25e-6 + 100 * 25e-6,
			10 * 5e-6 + 8000 * 6.25e-6 + 100 * 25e-6,
		];
		expect(late.runs[0]?.dollars.total).toBeCloseTo(
			opus.reduce((a, b) => a + b, 0),
			12,
		);
		expect(late.misses.map((m) => m.cause.kind)).toEqual(["model", "unknown"]);
	});

	it("--json has one row per run with every field, and a total", async () => {
		const view = await json([]);
		const crashed = view.runs.find((r) => r.id === "crashed")!;
		expect(Object.keys(crashed)).toEqual([
			"id",
			"kind",
			"auditDir",
			"session",
			"startedAt",
			"model",
			"source",
			"dollars",
			"tokens",
			"cache",
			"hitRatio",
			"rebilled",
			"requests",
			"complete",
			"skippedLines",
			"error",
		]);
		expect(crashed).toMatchObject({
			complete: false,
			source: "events",
			auditDir: "<fixture>/runs/20261201T101500Z-crashed",
		});
		expect(Object.keys(view)).toEqual(["by", "since", "runsDir", "sessionFile", "runs", "total", "misses"]);
	});
});

describe("bad input", () => {
	it("names every bad field with its value and the fix, prints nothing else and exits 2", async () => {
		const { code, stdout, stderr } = await spend(["--since", "2026-02-30", "--by", "week", "--session", "nope.jsonl"]);
		expect(code).toBe(2);
		expect(stdout).toBe("");
		expect(stderr).toContain(
			'--since: is not an ISO date or date-time\n      value: "2026-02-30"\n      fix:   write e.g.',
		);
		expect(stderr).toContain(
			'--by: is not a grouping\n      value: "week"\n      fix:   use one of task, model, day, session',
		);
		expect(stderr).toContain('--session: does not exist\n      value: "nope.jsonl"');
	});

	it("an explicit runs directory that does not exist is bad input; a default one that does not exist is an empty view", async () => {
		const missing = join(tempDir("spend-none-"), "runs");
		const explicit = await runCli(["spend", "--runs", missing], { env: {} });
		expect(explicit.code).toBe(2);
		expect(explicit.stderr).toContain("--runs: is not a directory");
		const implicit = await runCli(["spend"], { env: { PI_DELEGATE_RUNS_DIR: missing } });
		expect(implicit.code).toBe(0);
		expect(implicit.stdout).toContain("Nothing recorded.");
	});

	it("an unknown option is a usage error that suggests the near one", async () => {
		const { code, stderr } = await runCli(["spend", "--sinse", "2026-12-01"], { env: {} });
		expect(code).toBe(2);
		expect(stderr).toContain("unknown option --sinse (did you mean --since?)");
	});
});

describe("parseSince", () => {
	it("reads dates as UTC midnight and date-times as UTC unless they name a zone", () => {
		expect(parseSince("2026-12-01")).toBe(Date.UTC(2026, 11, 1));
		expect(parseSince("2026-12-01T14:05")).toBe(Date.UTC(2026, 11, 1, 14, 5));
		expect(parseSince("2026-12-01T14:05:09.5Z")).toBe(Date.UTC(2026, 11, 1, 14, 5, 9, 500));
		expect(parseSince("2026-12-01T14:05-02:30")).toBe(Date.UTC(2026, 11, 1, 16, 35));
		expect(parseSince("2028-02-29")).toBe(Date.UTC(2028, 1, 29));
	});

	it("refuses what is not a real date or time", () => {
		for (const bad of [
			"2026-02-29",
			"2026-13-01",
			"2026-12-32",
			"2026-12-01T24:00",
			"yesterday",
			"12/01/2026",
			"2026-12-1",
			"",
		]) {
			expect(parseSince(bad)).toBeUndefined();
		}
	});
});
