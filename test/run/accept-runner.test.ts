/**
 * The acceptance runner on its own, without a child: the budget is shared by the list, a command
 * whose turn comes after it is spent does not run, output is kept as a bounded tail, and on a machine
 * without bubblewrap a hung command and what it started in the background are still stopped.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { SandboxPlan } from "../../src/plan/sandbox.ts";
import { runAcceptance } from "../../src/run/accept.ts";
import { ACCEPT_TAIL_BYTES } from "../../src/run/outcome/accept.ts";
import type { SandboxSupport } from "../../src/run/sandbox/types.ts";
import { tempDir } from "../support/temp.ts";

const OFF: SandboxPlan = {
	mode: "off",
	reason: "test",
	writable: [],
	readOnly: [],
	network: true,
	gitWritable: true,
	notes: [],
};
const NONE: SandboxSupport = { bwrap: undefined, containment: false, enforce: false, reason: "no bubblewrap" };

describe("runAcceptance without bubblewrap", () => {
	it("stops a hung command and its background processes at the budget; the next one does not run", async () => {
		const cwd = tempDir("pi-delegate-accept-runner-");
		const marker = `${2000 + Math.floor(Math.random() * 1000)}.${process.pid}`;
		const started = Date.now();
		const runs = await runAcceptance(
			{ commands: [`(sleep ${marker} &); sleep ${marker}`, "echo never"], budget_s: 1, reason: "test" },
			{ cwd, sandbox: OFF, support: NONE },
		);
		expect(Date.now() - started).toBeLessThan(5000);
		expect(runs.map((r) => r.status)).toEqual(["timed out", "not run"]);
		expect(runs[1]?.detail).toContain("acceptance budget of 1 s was spent");
		expect(spawnSync("pgrep", ["-f", `sleep ${marker}`]).stdout.toString()).toBe("");
	});

	it("keeps the last lines of a flood of output, within the ceiling, and the exit status", async () => {
		const cwd = tempDir("pi-delegate-accept-runner-");
		const runs = await runAcceptance(
			{ commands: ["seq 1 200000; echo last >&2; exit 7"], budget_s: 30, reason: "test" },
			{ cwd, sandbox: OFF, support: NONE },
		);
		const [ran] = runs;
		expect(ran?.status).toBe("failed");
		expect(ran?.exitCode).toBe(7);
		expect(ran?.tail.endsWith("last")).toBe(true);
		expect(ran?.tail.split("\n").length).toBeLessThanOrEqual(20);
		expect(Buffer.byteLength(ran?.tail ?? "")).toBeLessThanOrEqual(ACCEPT_TAIL_BYTES);
	});
});
