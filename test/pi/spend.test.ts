/** Spend in Pi: the footer status of running children, the session entry per child, and /delegate-spend. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectSpend } from "../../src/meter/collect.ts";
import { CHILD_ENTRY_TYPE } from "../../src/meter/fold.ts";
import { childLinkEntry, linkChild, linkedPrefixKeys } from "../../src/pi/child-link.ts";
import { runsDirOf, spendReport } from "../../src/pi/commands/delegate-spend-show.ts";
import { LiveSpend, spendStatusText } from "../../src/pi/spend-status.ts";
import { SPEND_STATUS_KEY } from "../../src/pi/spend-status-key.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { taskResult } from "../support/row-results.ts";
import { tempDir } from "../support/temp.ts";

function result(id: string, auditDir: string, costUsd: number, verdict: "PASS" | "FAIL" = "PASS"): TaskResult {
	return taskResult({
		id,
		verdict,
		envelope: undefined,
		metrics: {
			...taskResult().metrics,
			usage: {
				input: 10,
				output: 5,
				cacheRead: 100,
				cacheWrite: 0,
				costUsd,
				cost: { input: costUsd, output: 0, cacheRead: 0, cacheWrite: 0 },
			},
			elapsedS: 1,
			turns: 1,
		},
		auditDir,
		startedAt: "2026-12-01T00:00:00.000Z",
		finishedAt: "2026-12-01T00:00:01.000Z",
	});
}

describe("the footer status", () => {
	it("shows the running children's dollars and clears when the last one ends", () => {
		const shown: Array<string | undefined> = [];
		const ui = { setStatus: (key: string, text: string | undefined) => key === SPEND_STATUS_KEY && shown.push(text) };
		const spend = new LiveSpend();
		const a = spend.start(ui);
		const b = spend.start(ui);
		a.spent(0.01);
		b.spent(0.0023);
		a.done();
		a.spent(5); // a finished child's late figure counts for nothing
		b.done();
		expect(shown).toEqual([
			"delegate: 1 child running · $0.00",
			"delegate: 2 children running · $0.00",
			"delegate: 2 children running · $0.01",
			"delegate: 2 children running · $0.0123",
			"delegate: 1 child running · $0.0023",
			undefined,
		]);
	});

	it("says nothing with no child running, and a UI that throws does not fail the task", () => {
		expect(spendStatusText([])).toBeUndefined();
		const spend = new LiveSpend();
		const child = spend.start({
			setStatus: () => {
				throw new Error("closed");
			},
		});
		expect(() => child.done()).not.toThrow();
	});
});

describe("the session entry per child", () => {
	it("names the child's audit directory, session file, usage and verdict", () => {
		const r = result("look", "/runs/x-look", 0.01, "FAIL");
		expect(childLinkEntry(r, () => true)).toEqual({
			kind: "task",
			id: "look",
			auditDir: "/runs/x-look",
			sessionFile: "/runs/x-look/session.jsonl",
			usage: r.metrics.usage,
			verdict: "FAIL",
		});
		expect(childLinkEntry(r, () => false)).not.toHaveProperty("sessionFile");
	});

	it("is appended as the meter's child entry, and a session that refuses it does not fail the task", () => {
		const appended: Array<[string, unknown]> = [];
		linkChild({ appendEntry: (type, data) => appended.push([type, data]) }, result("a", "/r/a", 0), {
			exists: () => false,
			prefixKey: "k1",
		});
		expect(appended[0]?.[0]).toBe(CHILD_ENTRY_TYPE);
		// A later call in the same session finds the kind it has run before.
		const entries = appended.map(([customType, data]) => ({ type: "custom", customType, data }));
		expect([
			...linkedPrefixKeys([...entries, { type: "custom", customType: "other", data: { prefixKey: "x" } }]),
		]).toEqual(["k1"]);
		const refusing = {
			appendEntry: () => {
				throw new Error("no");
			},
		};
		expect(() => linkChild(refusing, result("a", "/r/a", 0))).not.toThrow();
	});
});

/** A parent session file whose one `task` call ran two children, each recorded in the runs directory. */
function sessionWithTwoChildren() {
	const root = tempDir("pi-delegate-spend-");
	const runs = join(root, "runs");
	const results = ["a", "b"].map((id, i) => {
		const dir = join(runs, `20261201T00000${i}Z-${id}`);
		mkdirSync(dir, { recursive: true });
		const r = { ...result(id, dir, 0.01 * (i + 1)), parentSession: { id: "s1", file: join(root, "s.jsonl") } };
		writeFileSync(join(dir, "result.json"), JSON.stringify(r));
		return r;
	});
	const usage = { input: 20, output: 10, cacheRead: 200, cacheWrite: 0, cost: { total: 0.03 } };
	const lines = [
		{ type: "session", version: 3, id: "s1", timestamp: "2026-12-01T00:00:00.000Z", cwd: root },
		{
			type: "message",
			timestamp: "2026-12-01T00:00:02.000Z",
			message: { role: "toolResult", toolName: "task", usage, details: { kind: "results", results } },
		},
		...results.map((r) => ({ type: "custom", customType: CHILD_ENTRY_TYPE, data: childLinkEntry(r, () => false) })),
	];
	const file = join(root, "s.jsonl");
	writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n"));
	return { root, runs, file };
}

describe("a call's children in the spend view", () => {
	it("counts each child of a several-task call once, from its tool result and its entry alike", () => {
		const { runs, file } = sessionWithTwoChildren();
		const sources = collectSpend({ runsDir: runs, sessionFile: file });
		const children = sources.filter((s) => s.kind === "task");
		expect(children.map((s) => s.key.split("-").pop())).toEqual(["a", "b"]);
		// Nothing of the tool result's usage is left to count as the parent's own.
		expect(sources[0]!.requests).toEqual([]);
	});

	it("/delegate-spend shows the session's spend, from the runs directory a run here would use", () => {
		const { root, runs, file } = sessionWithTwoChildren();
		const where = { cwd: root, home: root, agentDir: join(root, "agent"), projectTrusted: false };
		expect(runsDirOf({ ...where, env: {} })).toBe(join(root, "agent", "pi-delegate", "runs"));
		const report = spendReport(file, { ...where, env: { PI_DELEGATE_RUNS_DIR: runs } });
		expect(report.error).toBeUndefined();
		expect(report.text).toContain("2 child run(s)");
		expect(report.text).toContain("$0.03");
		expect(spendReport(undefined, { ...where, env: {} }).error).toBe(true);
	});
});

describe("/delegate-spend's report", () => {
	const where = (root: string, runs: string) => ({
		cwd: root,
		home: root,
		agentDir: join(root, "agent"),
		projectTrusted: false,
		env: { PI_DELEGATE_RUNS_DIR: runs },
	});

	it("shows the total collapsed: in its title, and as the table's last row", () => {
		const { root, runs, file } = sessionWithTwoChildren();
		const report = spendReport(file, where(root, runs));
		expect(report.title).toBe("Spend of this session: $0.0300 · 2 child runs");
		expect(report.summary.split("\n").at(-1)).toMatch(/^total +.*\$0\.0300/);
		expect(report.summary.split("\n")[0]).toMatch(/^run +kind +in/);
	});

	it("says its title once, and the text under it does not repeat it", () => {
		const { root, runs, file } = sessionWithTwoChildren();
		const report = spendReport(file, where(root, runs));
		expect(report.text).not.toContain("Spend of this session");
		expect(report.text.split("\n")[0]).toBe(`Its own requests and 2 child run(s), from ${file}`);
	});

	it("in a session with no file yet (no request made) says nothing is spent, with no error", () => {
		const root = tempDir("pi-delegate-spend-");
		const report = spendReport(join(root, "not-written-yet.jsonl"), where(root, join(root, "runs")));
		expect(report.error).toBeUndefined();
		expect(report.title).toBe("Spend of this session: $0");
		expect(report.text).toMatch(/^Nothing spent yet/);
	});
});
