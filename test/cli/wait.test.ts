/**
 * `pi-delegate wait`: its exit code is the verdicts' (0 every PASS, 1 any FAIL, stopped or lost,
 * 124 still running at the time-out, 2 bad input), a running run is waited for until it says it
 * ended, and a result.json beside an answering endpoint does not end the wait.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import { FAIL_RESULT, type FakeRuns, fakeRuns, PASS_RESULT, STOPPED_RESULT } from "../support/fake-runs.ts";

let runs: FakeRuns;
afterEach(() => runs?.close());
const wait = (argv: string[]) => runCli(["wait", ...argv], { env: runs.env });

describe("pi-delegate wait", () => {
	it("exits 0 when every run passed, 1 when any failed, was stopped or is lost", async () => {
		runs = fakeRuns();
		runs.ended("20260101T000001Z-a", PASS_RESULT);
		runs.ended("20260101T000002Z-b", PASS_RESULT);
		runs.ended("20260101T000003Z-c", FAIL_RESULT);
		runs.ended("20260101T000004Z-d", STOPPED_RESULT);
		runs.lost("20260101T000005Z-e");
		expect(await wait(["a", "b"])).toMatchObject({ code: 0 });
		for (const id of ["c", "d", "e"]) expect((await wait(["a", id])).code, id).toBe(1);
		const out = await wait(["a", "c", "d", "e", "--json"]);
		expect(JSON.parse(out.stdout).runs.map((r: { state: string }) => r.state)).toEqual([
			"PASS",
			"FAIL",
			"stopped",
			"lost",
		]);
	});

	it("waits for a running run until its endpoint says it ended, whatever result.json says meanwhile", async () => {
		runs = fakeRuns();
		const run = await runs.running("20260101T000001Z-r");
		writeFileSync(join(run.dir, "result.json"), JSON.stringify(PASS_RESULT));
		let done = false;
		const waiting = wait(["r"]).finally(() => {
			done = true;
		});
		await new Promise((r) => setTimeout(r, 300));
		expect(done).toBe(false);
		// As a run does: its own result replaces the forged one, then every wait is answered.
		writeFileSync(join(run.dir, "result.json"), JSON.stringify(FAIL_RESULT));
		run.endpoint.ended({ state: "FAIL", verdict: "FAIL" });
		run.endpoint.close();
		expect(await waiting).toMatchObject({ code: 1, stdout: expect.stringMatching(/-r\s+FAIL/) });
	});

	it("a run whose endpoint goes without a word is looked at again: lost", async () => {
		runs = fakeRuns();
		const run = await runs.running("20260101T000001Z-r");
		const waiting = wait(["r"]);
		await new Promise((r) => setTimeout(r, 200));
		run.endpoint.close();
		expect(await waiting).toMatchObject({ code: 1, stdout: expect.stringMatching(/-r\s+lost/) });
	});

	it("gives up at the time-out with exit 124, naming what is still running; a FAIL beside it wins", async () => {
		runs = fakeRuns();
		await runs.running("20260101T000001Z-r");
		runs.ended("20260101T000002Z-p", PASS_RESULT);
		runs.ended("20260101T000003Z-f", FAIL_RESULT);
		const started = Date.now();
		const out = await wait(["r", "p", "--timeout", "0.3"]);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(out).toMatchObject({
			code: 124,
			stdout: expect.stringMatching(/-r\s+running \(still going at the time-out\)/),
		});
		expect(await wait(["r", "f", "--timeout", "0.3"])).toMatchObject({ code: 1 });
	});

	it("bad input: an unknown run or time-out, each with its value and fix, exit 2", async () => {
		runs = fakeRuns();
		runs.ended("20260101T000001Z-a", PASS_RESULT);
		const out = await wait(["nope", "ab", "--timeout", "-1"]);
		expect(out.code).toBe(2);
		expect(out.stderr).toContain("--timeout");
		for (const argv of [["nope"], ["a", "--timeout", "0"], ["a", "--timeout", "x"]]) {
			const bad = await wait(argv);
			expect(bad.code, argv.join(" ")).toBe(2);
			expect(bad.stderr).toMatch(/fix|did you mean|pass a run id|positive number/);
		}
		expect((await wait([])).code).toBe(2);
	});
});
