/** `pi-delegate send`: a running run takes the message; one that is not running takes none (exit 1); bad input exit 2. */
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGE_LIMIT } from "../../src/run/control/protocol.ts";
import { runCli } from "../support/cli.ts";
import { type FakeRuns, fakeRuns, PASS_RESULT } from "../support/fake-runs.ts";

let runs: FakeRuns;
afterEach(() => runs?.close());

describe("pi-delegate send", () => {
	it("hands the message to a running run, from an argument or standard input", async () => {
		runs = fakeRuns();
		const run = await runs.running("20260101T000001Z-r");
		expect(await runCli(["send", "r", "also check b.txt"], { env: runs.env })).toMatchObject({ code: 0 });
		const json = await runCli(["send", "r", "-", "--json"], { env: runs.env, stdin: "from stdin" });
		expect(JSON.parse(json.stdout)).toMatchObject({ id: "20260101T000001Z-r", sent: true });
		expect(run.sent).toEqual(["also check b.txt", "from stdin"]);
	});

	it("a run that is not running takes nothing: exit 1, saying its state", async () => {
		runs = fakeRuns();
		runs.ended("20260101T000001Z-p", PASS_RESULT);
		runs.lost("20260101T000002Z-l");
		expect(await runCli(["send", "p", "hi"], { env: runs.env })).toMatchObject({
			code: 1,
			stdout: expect.stringContaining("is PASS, not running: nothing was sent"),
		});
		expect((await runCli(["send", "l", "hi"], { env: runs.env })).stdout).toContain("is lost");
	});

	it("an empty or oversized message, a missing or extra argument: exit 2", async () => {
		runs = fakeRuns();
		await runs.running("20260101T000001Z-r");
		for (const argv of [["r", " "], ["r", "x".repeat(MESSAGE_LIMIT + 1)], ["r"], ["r", "a", "b"], ["nope", "hi"]]) {
			const out = await runCli(["send", ...argv], { env: runs.env });
			expect(out.code, argv.join(" ").slice(0, 40)).toBe(2);
			expect(out.stderr).not.toMatch(/\n\s+at /);
		}
	});
});
