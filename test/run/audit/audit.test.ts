import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuditRecord, listRuns, readRun, resolveRunsDir, utcStamp } from "../../../src/run/audit/audit.ts";
import { tempDir } from "../../support/temp.ts";

const base = () => tempDir("pi-delegate-audit-");
const at = new Date("2026-11-30T00:15:02.123Z");

describe("the audit record", () => {
	it("names a run by its UTC second and id, and gives runs started in the same second distinct directories", () => {
		const runs = base();
		const dirs = [
			AuditRecord.create(runs, "t", at),
			AuditRecord.create(runs, "t", at),
			AuditRecord.create(runs, "t", at),
		];
		expect(utcStamp(at)).toBe("20261130T001502Z");
		expect(dirs.map((d) => d.dir.split("/").pop())).toEqual([
			"20261130T001502Z-t",
			"20261130T001502Z-t-2",
			"20261130T001502Z-t-3",
		]);
	});

	it("streams events as they come and writes result.json last, atomically", () => {
		const record = AuditRecord.create(base(), "t", at);
		record.appendEvent({ type: "a" });
		record.appendEvent({ type: "b" });
		expect(readFileSync(record.path("events.ndjson"), "utf8")).toBe('{"type":"a"}\n{"type":"b"}\n');
		expect(existsSync(record.path("result.json"))).toBe(false);
		record.finish({ verdict: "PASS" });
		expect(JSON.parse(readFileSync(record.path("result.json"), "utf8"))).toEqual({ verdict: "PASS" });
		expect(existsSync(record.path(".result.json.tmp"))).toBe(false);
	});

	it("reads back every run, oldest first, tolerating one that never finished and one whose result is broken", () => {
		const runs = base();
		const done = AuditRecord.create(runs, "done", new Date("2026-11-30T00:00:00Z"));
		done.finish({ verdict: "FAIL" });
		AuditRecord.create(runs, "crashed", new Date("2026-11-30T00:00:01Z")).appendEvent({ type: "x" });
		const broken = AuditRecord.create(runs, "broken", new Date("2026-11-30T00:00:02Z"));
		writeFileSync(broken.path("result.json"), "{ not json");
		const listed = listRuns(runs);
		expect(listed.map((r) => r.name)).toEqual([
			"20261130T000000Z-done",
			"20261130T000001Z-crashed",
			"20261130T000002Z-broken",
		]);
		expect(listed[0]?.result).toEqual({ verdict: "FAIL" });
		expect(listed[1]?.result).toBeUndefined();
		expect(listed[1]?.error).toBeUndefined();
		expect(listed[2]?.result).toBeUndefined();
		expect(listed[2]?.error).toBe(
			"result.json unreadable: not valid JSON at line 1, column 3: expected a property name in double quotes but found 'not'",
		);
		expect(listRuns(join(runs, "nothing-here"))).toEqual([]);
		expect(readRun(join(runs, "20261130T000001Z-crashed")).result).toBeUndefined();
	});

	it("goes where PI_DELEGATE_RUNS_DIR says, else the setting, else under Pi's agent dir", () => {
		const dir = base();
		mkdirSync(join(dir, "x"), { recursive: true });
		expect(resolveRunsDir({ PI_DELEGATE_RUNS_DIR: join(dir, "x") }, "/elsewhere")).toBe(join(dir, "x"));
		expect(resolveRunsDir({}, "~/runs")).toBe(join(homedir(), "runs"));
		expect(resolveRunsDir({ PI_CODING_AGENT_DIR: dir }, undefined)).toBe(join(dir, "pi-delegate", "runs"));
		expect(resolveRunsDir({}, undefined)).toBe(join(homedir(), ".pi", "agent", "pi-delegate", "runs"));
	});
});
