import { spawnSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BOUNDARY_CASES, evaluateBoundaryCase } from "../../src/selftest/boundary-cases.ts";
import { runCli } from "../support/cli.ts";
import { REPO } from "../support/pi.ts";
import { tempDir } from "../support/temp.ts";

describe("selftest", () => {
	it("passes on this machine: every case lands on its expected side, and says so", async () => {
		const out = await runCli(["selftest"]);
		expect(out.code).toBe(0);
		expect(out.stdout).toMatch(/(\d+) of \1 cases discriminate\./);
		expect(out.stdout).toContain("same-size rewrite with its mtime restored");
	});

	it("covers both sides: at least one known-good and six known-bad envelopes, and clean and violating writes", async () => {
		const out = await runCli(["selftest", "--json"]);
		const cases = (JSON.parse(out.stdout) as { cases: Array<{ group: string; expected: string }> }).cases;
		const envelopes = cases.filter((c) => c.group === "envelope");
		expect(envelopes.filter((c) => c.expected === "pass").length).toBeGreaterThanOrEqual(1);
		expect(envelopes.filter((c) => c.expected !== "pass").length).toBeGreaterThanOrEqual(6);
		const boundary = cases.filter((c) => c.group === "boundary");
		expect(boundary.filter((c) => c.expected === "clean").length).toBeGreaterThanOrEqual(1);
		expect(boundary.filter((c) => c.expected === "violation").length).toBeGreaterThanOrEqual(3);
	});

	it("reports a case whose check does not discriminate (a wrong expectation is caught, not passed)", async () => {
		const incidental = BOUNDARY_CASES.find((c) => c.violation)!;
		const wrong = { ...incidental, violation: false };
		expect((await evaluateBoundaryCase(incidental)).ok).toBe(true);
		expect((await evaluateBoundaryCase(wrong)).ok).toBe(false);
		const inWritable = { label: "x", violation: true, change: (w: string) => writeFileSync(join(w, "new.txt"), "x") };
		const result = await evaluateBoundaryCase(inWritable);
		expect(result.got).toBe("clean");
		expect(result.ok).toBe(false);
	});

	it("leaves nothing in the temporary directory (a real process with a TMPDIR of its own)", () => {
		const tmp = tempDir();
		const out = spawnSync(process.execPath, [join(REPO, "src/cli/main.ts"), "selftest"], {
			env: { ...process.env, TMPDIR: tmp },
			encoding: "utf8",
			timeout: 60_000,
		});
		expect(out.stderr).toBe("");
		expect(out.status).toBe(0);
		expect(readdirSync(tmp)).toEqual([]);
	});

	it("rejects unknown arguments with exit 2", async () => {
		expect((await runCli(["selftest", "--fast"])).code).toBe(2);
	});
});
