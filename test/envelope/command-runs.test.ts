import { describe, expect, it } from "vitest";
import { citedRun } from "../../src/envelope/command-runs.ts";
import { splitSegments } from "../../src/envelope/commands.ts";
import { nodeFileProbe } from "../../src/envelope/probe.ts";
import { ranLabel, verifyEvidence } from "../../src/envelope/verify.ts";

const ok = (command: string) => ({ command, exit: 0 });
const failed = (command: string, exit = 1) => ({ command, exit });

const plain = { piped: false, background: false };

describe("splitSegments", () => {
	it("keeps the operator after each segment, a newline read as ;", () => {
		expect(splitSegments("cd app && npm test || echo no; ls\npwd")).toEqual([
			{ text: "cd app", op: "&&", ...plain },
			{ text: "npm test", op: "||", ...plain },
			{ text: "echo no", op: ";", ...plain },
			{ text: "ls", op: ";", ...plain },
			{ text: "pwd", op: undefined, ...plain },
		]);
	});

	it("drops empty segments, keeping a ; they ended", () => {
		expect(splitSegments("a && ; b &&")).toEqual([
			{ text: "a", op: ";", ...plain },
			{ text: "b", op: undefined, ...plain },
		]);
	});

	it("marks a pipe and a command sent to the background, not a redirection or one in quotes", () => {
		const marks = (line: string) => splitSegments(line).map((s) => [s.piped, s.background]);
		expect(marks("npm test 2>&1 | tail -5")).toEqual([[true, false]]);
		expect(marks("npm test |& tail")).toEqual([[true, false]]);
		expect(marks("npm test & wait")).toEqual([[false, true]]);
		expect(marks("npm test &> log && echo 'a | b & c' >&2")).toEqual([
			[false, false],
			[false, false],
		]);
	});
});

describe("citedRun", () => {
	it("backs a claim with a run that exited 0, whole or as a segment whose status is its own", () => {
		expect(citedRun("npm test", [ok("npm test")])).toMatchObject({ found: true, status: "ok", whole: true });
		expect(citedRun("npm test", [ok("cd app && npm test && echo done")])).toMatchObject({ status: "ok", whole: false });
		expect(citedRun("npm test", [ok("cd app; npm test")])).toMatchObject({ status: "ok" });
		expect(citedRun("cd app && npm test", [ok("cd app && npm test")])).toMatchObject({ status: "ok", whole: true });
		const piped = "set -o pipefail; npm test 2>&1 | tail -5";
		expect(citedRun(piped, [ok(piped)])).toMatchObject({ status: "ok" });
		expect(citedRun("npm test 2>&1 | tail -5", [ok(piped)])).toMatchObject({ status: "ok", whole: false });
		expect(citedRun("! npm test", [ok("! npm test")])).toMatchObject({ status: "ok" });
	});

	it("does not take a whole line's exit 0 as success when its shape can hide a failure", () => {
		for (const line of [
			"npm test; true",
			"npm test | tail -5",
			"npm test & wait",
			"npm test || true",
			"trap 'exit 0' EXIT; npm test",
		]) {
			expect(citedRun(line, [ok(line)]), line).toMatchObject({ found: true, whole: true, status: "unknown" });
		}
		expect(citedRun("npm test; false", [failed("npm test; false")])).toMatchObject({ status: "failed" });
	});

	it("does not take a line's exit status for a segment's when it is not the segment's own", () => {
		// The lines with a pipe cite the pipeline `npm test | tail -5`; the rest cite `npm test`.
		for (const line of [
			"npm test; true",
			"npm test || true",
			"true || npm test",
			"npm() { :; }; npm test",
			"export PATH=/tmp && npm test",
			"cd app || npm test",
			"npm test | tail -5",
			"set +o pipefail; npm test | tail -5",
		]) {
			const cited = line.includes("tail") ? "npm test | tail -5" : "npm test";
			expect(citedRun(cited, [ok(line)]), line).toMatchObject({ found: true, status: "unknown" });
		}
	});

	it("fails a whole command that exited non-zero or was stopped", () => {
		expect(citedRun("npm test", [failed("npm test", 3)])).toMatchObject({ status: "failed", exit: 3 });
		const stopped = { command: "npm test", exit: null, stopped: "timed out" as const };
		expect(citedRun("npm test", [stopped])).toMatchObject({ status: "failed", exit: null, stopped: "timed out" });
	});

	it("rests a claim on the last run whose status is known", () => {
		expect(citedRun("npm test", [ok("npm test"), failed("npm test")])).toMatchObject({ index: 1, status: "failed" });
		expect(citedRun("npm test", [failed("npm test"), ok("npm test")])).toMatchObject({ index: 1, status: "ok" });
		expect(citedRun("npm test", [ok("npm test"), ok("npm test; true")])).toMatchObject({ index: 0, status: "ok" });
	});

	it("keeps the old rule for a plain-line record: the first whole match, else the first segment", () => {
		expect(citedRun("npm test", ["cd a && npm test", "npm test"])).toMatchObject({ index: 1, status: "unrecorded" });
		expect(citedRun("npm test", ["npm test; false"])).toMatchObject({ index: 0, status: "unrecorded" });
	});
});

describe("verifyEvidence on a record with exit statuses", () => {
	const check = (pointer: string, commands: Parameters<typeof citedRun>[1]) =>
		verifyEvidence([{ claim: "c", pointer }], { roots: [], base: "/", commands, probe: nodeFileProbe() })[0]!;

	it("says how the command ended, verified or not", () => {
		expect(check("cmd: npm test", [ok("npm test")])).toMatchObject({
			verified: true,
			detail: "ran as command 1 of 1 (exit 0)",
			exit: 0,
		});
		const bad = check("cmd: npm test", [failed("npm test", 2)]);
		expect(bad).toMatchObject({ verified: false, exit: 2 });
		expect(bad.verified ? "" : bad.reason).toContain("ran as command 1 of 1, but exited 2");
		expect(bad.verified ? "" : bad.reason).toContain("! npm test");
		expect(ranLabel(bad)).toBe("exit 2");
	});

	it("names a stop and a status that is not the segment's own", () => {
		const stopped = check("cmd: sleep 9", [{ command: "sleep 9", exit: null, stopped: "timed out" }]);
		expect(stopped.verified ? "" : stopped.reason).toContain("was stopped (timed out) before it exited");
		expect(ranLabel(stopped)).toBe("timed out");
		const masked = check("cmd: npm test", [ok("npm test; true")]);
		expect(masked.verified ? "" : masked.reason).toContain("whose exit 0 is not the status of npm test itself");
		const piped = check("cmd: npm test | tail -5", [ok("npm test | tail -5")]);
		expect(piped.verified ? "" : piped.reason).toContain("but its exit 0 does not show that it succeeded");
	});

	it("shows nothing beside a plain-line record or a file pointer", () => {
		expect(ranLabel(check("cmd: npm test", ["npm test"]))).toBeUndefined();
		expect(ranLabel(check("src/a.ts", []))).toBeUndefined();
	});
});
