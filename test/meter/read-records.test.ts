/**
 * The readers over the spend fixture. The figures are the list prices of the emulator's Sonnet
 * ($3 in, $3.75 write, $0.30 read, $15 out per Mtok) and Opus ($5, $6.25, $0.50, $25), applied by
 * hand to the usage written in the fixture.
 */
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectSpend, readRunsDir } from "../../src/meter/collect.ts";
import { createFold, foldEvent } from "../../src/meter/fold.ts";
import { readRunSpend, readSessionSpend } from "../../src/meter/read-records.ts";
import { totalsOf } from "../../src/meter/usage.ts";
import { spendFixture } from "./fixture.ts";

describe("a run's audit directory", () => {
	it("a crashed run (no result.json) is counted from its event log, the truncated last line skipped", () => {
		const { runs, session } = spendFixture();
		const run = readRunSpend(join(runs, "20261201T101500Z-crashed"));
		expect(run).toMatchObject({ id: "crashed", kind: "task", complete: false, source: "events", skippedLines: 1 });
		expect(run.stated).toBeUndefined();
		expect(run.session).toEqual({ id: "7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", file: session });
		expect(run.startedAt).toBe(Date.UTC(2026, 11, 1, 10, 15, 0));
		// 5 in + 3000 written + 100 out; then 5 in + 3000 read + 500 written + 50 out.
		const expected = 5 * 3e-6 + 3000 * 3.75e-6 + 100 * 15e-6 + (5 * 3e-6 + 3000 * 0.3e-6 + 500 * 3.75e-6 + 50 * 15e-6);
		expect(totalsOf(run.requests).dollars.total).toBeCloseTo(expected, 12);
		expect(run.requests.map((r) => r.tokens.cacheRead)).toEqual([0, 3000]);
	});

	it("a finished run states its totals; a broken line in the middle of its log does not stop the rest", () => {
		const { runs } = spendFixture();
		const run = readRunSpend(join(runs, "20261201T100011Z-review-b"));
		expect(run).toMatchObject({ id: "review-b", complete: true, source: "result", skippedLines: 1 });
		expect(run.requests).toHaveLength(2);
		expect(run.stated?.dollars.total).toBeCloseTo(totalsOf(run.requests).dollars.total, 12);
		expect(run.requests[0]?.group).toBe(readRunSpend(join(runs, "20261201T100010Z-review-a")).requests[0]?.group);
	});

	it("reads the kind from result.json (task when it says nothing) and a run without a parent session", () => {
		const { runs } = spendFixture();
		expect(readRunSpend(join(runs, "20261201T100400Z-fork-x")).kind).toBe("fork");
		const old = readRunSpend(join(runs, "20261130T090000Z-old-task"));
		expect(old.kind).toBe("task");
		expect(old.session).toBeUndefined();
	});

	it("lists every run oldest first and ignores a folder that is not a run", () => {
		const { runs } = spendFixture();
		expect(readRunsDir(runs).map((r) => r.id)).toEqual(["old-task", "review-a", "review-b", "fork-x", "crashed"]);
		expect(readRunsDir(join(runs, "missing"))).toEqual([]);
	});

	it("a result.json that cannot be read, or an event log that cannot be opened, is named and the rest still counts", () => {
		const { runs } = spendFixture();
		const broken = join(runs, "20261201T100010Z-review-a");
		writeFileSync(join(broken, "result.json"), "{ half");
		const run = readRunSpend(broken);
		expect(run).toMatchObject({ complete: false, source: "events", error: "result.json unreadable (not JSON)" });
		expect(run.requests).toHaveLength(2);
		const gone = join(runs, "20261201T100011Z-review-b");
		rmSync(join(gone, "events.ndjson"));
		mkdirSync(join(gone, "events.ndjson"));
		const unreadable = readRunSpend(gone);
		expect(unreadable.error).toBe("events.ndjson unreadable (EISDIR)");
		expect(unreadable.stated?.dollars.total).toBeCloseTo(0.02457, 12);
		expect(readRunsDir(runs)).toHaveLength(5);
	});

	it("takes the sibling group and the sibling an executor recorded in launch.json over what the log suggests", () => {
		const { runs } = spendFixture();
		const dir = join(runs, "20261201T101500Z-crashed");
		const launch = JSON.parse(readFileSync(join(dir, "launch.json"), "utf8")) as Record<string, unknown>;
		writeFileSync(
			join(dir, "launch.json"),
			JSON.stringify({ ...launch, prefixKey: "k1", siblingOf: join(runs, "20261201T100010Z-review-a") }),
		);
		const run = readRunSpend(dir);
		expect(run.requests.map((r) => [r.group, r.siblingOf])).toEqual([
			["k1", join(runs, "20261201T100010Z-review-a")],
			["k1", undefined],
		]);
	});

	it("a line appended after a crash with an unfinished record in between is still read", () => {
		const { runs } = spendFixture();
		const dir = join(runs, "20261201T101500Z-crashed");
		appendFileSync(
			join(dir, "events.ndjson"),
			`\n${JSON.stringify({ type: "message_end", message: { role: "assistant", provider: "emulator", model: "claude-sonnet-4-5", timestamp: 1, usage: { input: 7, cost: { total: 1 } } } })}\n`,
		);
		const run = readRunSpend(dir);
		expect(run.requests).toHaveLength(3);
		expect(run.skippedLines).toBe(1);
	});
});

describe("a parent session file", () => {
	it("has the parent's own requests on every branch, the compaction's summary, and a reset marker after it", () => {
		const { session } = spendFixture();
		const { source } = readSessionSpend(session);
		expect(source).toMatchObject({ kind: "parent", id: "7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", complete: true });
		expect(source.requests.map((r) => [r.purpose, r.model.split("/")[1], r.afterReset ?? ""])).toEqual([
			["turn", "claude-sonnet-4-5", ""],
			["turn", "claude-sonnet-4-5", ""],
			["turn", "claude-opus-4-5", ""],
			["turn", "claude-opus-4-5", ""],
			["summary", "claude-opus-4-5", ""],
			["turn", "claude-opus-4-5", "compaction"],
			// On the abandoned branch: spend is spend.
			["turn", "claude-opus-4-5", ""],
		]);
		// The request entries' message hashes decode along the chain: 1, then 3, then 5 messages.
		expect(source.requests.slice(0, 3).map((r) => r.prefix?.messages?.length)).toEqual([1, 3, 5]);
		expect(source.requests[3]?.prefix).toBeUndefined();
	});

	it("refers to its children: a task tool result and fork entries, none counted as the parent's own", () => {
		const { session, root } = spendFixture();
		const { children, source } = readSessionSpend(session);
		expect(children.map((c) => [c.kind, c.id, c.auditDir?.replace(root, "")])).toEqual([
			["task", "review-a", "/runs/20261201T100010Z-review-a"],
			["fork", "fork-x", "/runs/20261201T100400Z-fork-x"],
			["fork", "fork-gone", "/elsewhere/fork-gone"],
		]);
		expect(source.requests.some((r) => r.purpose === "other")).toBe(false);
	});

	it("a tool result with usage and no audit directory is the parent's own spend", () => {
		const fold = createFold("s");
		foldEvent(fold, {
			type: "message_end",
			message: { role: "toolResult", toolName: "web", usage: { input: 10, cost: { total: 0.5 } } },
		});
		expect(fold.records.map((r) => [r.purpose, r.model, r.dollars.total])).toEqual([["other", "tool/web", 0.5]]);
		expect(fold.children).toEqual([]);
	});
});

describe("collecting one view", () => {
	it("for a session: its own requests, its runs, and its fork entries, each child once", () => {
		const { session, runs } = spendFixture();
		const sources = collectSpend({ runsDir: runs, sessionFile: session });
		expect(sources.map((s) => [s.kind, s.id, s.source])).toEqual([
			["parent", "7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93", "session"],
			["task", "review-a", "result"],
			["task", "review-b", "result"],
			["fork", "fork-x", "result"],
			["task", "crashed", "events"],
			["fork", "fork-gone", "entry"],
		]);
		const gone = sources.at(-1)!;
		// Known only from its entry: 5 in, 6900 read, 400 written, 80 out.
		expect(gone.stated?.dollars.total).toBeCloseTo(5 * 3e-6 + 6900 * 0.3e-6 + 400 * 3.75e-6 + 80 * 15e-6, 12);
		expect(gone.requests).toEqual([]);
	});

	it("without a session: every run in the directory and nothing else", () => {
		const { runs } = spendFixture();
		expect(collectSpend({ runsDir: runs }).map((s) => s.id)).toEqual([
			"old-task",
			"review-a",
			"review-b",
			"fork-x",
			"crashed",
		]);
	});
});

describe("a runs directory moved since the session recorded its runs' paths", () => {
	it("counts each run once: a session's entry is matched to its run by the run directory's name", () => {
		const { root, runs, session } = spendFixture();
		const before = collectSpend({ runsDir: runs, sessionFile: session }).map((s) => s.id);
		const moved = join(root, "moved-runs");
		renameSync(runs, moved);
		const after = collectSpend({ runsDir: moved, sessionFile: session });
		expect(after.map((s) => s.id)).toEqual(before);
		expect(new Set(after.map((s) => s.key)).size).toBe(after.length);
		// The run read from the moved directory, not a stand-in made from the entry.
		expect(after.find((s) => s.id === "review-a")?.auditDir).toBe(join(moved, "20261201T100010Z-review-a"));
	});
});

describe("children of children (nested delegation)", () => {
	it("are rolled up under the session through their parent run, finished or lost, each once", () => {
		const { runs, session } = spendFixture();
		const parentDir = join(runs, "20261201T100010Z-review-a");
		const usage = { input: 5, output: 100, cacheRead: 0, cacheWrite: 1000, costUsd: 0.00525, cost: {} };
		// A grandchild that finished: its record names its parent run, not the session.
		const grand = join(runs, "20261201T100020Z-grand");
		mkdirSync(grand);
		writeFileSync(join(grand, "launch.json"), JSON.stringify({ runner: "in-process", parentRun: parentDir }));
		writeFileSync(
			join(grand, "result.json"),
			JSON.stringify({ id: "grand", verdict: "PASS", parentRun: parentDir, metrics: { usage } }),
		);
		// Its own child, lost (no result.json): its plan in launch.json names the grandchild.
		const great = join(runs, "20261201T100025Z-great");
		mkdirSync(great);
		writeFileSync(join(great, "launch.json"), JSON.stringify({ runner: "in-process", parentRun: grand }));
		// A run of another session's tree is not counted here.
		const stranger = join(runs, "20261201T100030Z-stranger");
		mkdirSync(stranger);
		writeFileSync(join(stranger, "launch.json"), JSON.stringify({ parentRun: join(runs, "elsewhere") }));
		const view = collectSpend({ runsDir: runs, sessionFile: session });
		const ids = view.map((s) => s.id);
		expect(ids.filter((id) => id === "grand")).toHaveLength(1);
		expect(ids.filter((id) => id === "great")).toHaveLength(1);
		expect(ids).not.toContain("stranger");
		const grandSource = view.find((s) => s.id === "grand");
		expect(grandSource?.session?.id).toBe("7f3c9e2a-5b1d-4c8e-9a6f-2d4b8e1c0a93");
		expect(grandSource?.stated?.dollars.total).toBeCloseTo(0.00525, 10);
	});
});
