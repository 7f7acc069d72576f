/** `pi-delegate stop`: a running run is asked to stop and waited for; one that is not running is said to be so (exit 1). */

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../support/cli.ts";
import { type FakeRuns, fakeRuns, PASS_RESULT, STOPPED_RESULT } from "../support/fake-runs.ts";
import { waitFor } from "../support/processes.ts";

let runs: FakeRuns;
afterEach(() => runs?.close());

describe("pi-delegate stop", () => {
	it("stops a running run and prints how it ended", async () => {
		runs = fakeRuns();
		const run = await runs.running("20260101T000001Z-r");
		const stopping = runCli(["stop", "r"], { env: runs.env });
		await waitFor(() => run.stops() === 1);
		// As a run does: its result is written, then every wait is answered, then the endpoint closes.
		writeFileSync(join(run.dir, "result.json"), JSON.stringify(STOPPED_RESULT));
		run.endpoint.ended({ state: "stopped", verdict: "FAIL" });
		run.endpoint.close();
		expect(await stopping).toMatchObject({ code: 0, stdout: expect.stringMatching(/-r\s+stopped/) });
	});

	it("a run that does not end by the time-out, or was not running: exit 1", async () => {
		runs = fakeRuns();
		await runs.running("20260101T000001Z-r");
		runs.ended("20260101T000002Z-p", PASS_RESULT);
		const out = await runCli(["stop", "r", "p", "--timeout", "0.3", "--json"], { env: runs.env });
		expect(out.code).toBe(1);
		expect(JSON.parse(out.stdout).runs).toEqual([
			expect.objectContaining({ stopped: true, timedOut: true }),
			expect.objectContaining({ stopped: false, state: "PASS" }),
		]);
		expect((await runCli(["stop", "r", "--timeout", "soon"], { env: runs.env })).code).toBe(2);
	});
});
