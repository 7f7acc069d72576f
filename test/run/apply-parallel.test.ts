/**
 * Two writers on one repository at once under `apply: "on-pass"`: each works on a copy of its own,
 * so neither waits for the other; their changes land in the order they finish. Disjoint files: both
 * pass, both land. The same file: the first to apply lands, the other fails — the real root changed
 * under it — with its change kept in changes.patch and nothing of it applied.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { bashInRepo, type RunWorkspace } from "../support/cli-run.ts";

/** Runs the same spec twice at once and returns both results, in the order they finished. */
async function twice(ws: RunWorkspace, runner: string): Promise<TaskResult[]> {
	if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
	try {
		const spec = ws.spec({ read_only: false, roots: [ws.project], write_allowed: [ws.project] });
		await Promise.all([ws.run(spec, ["--runner", runner]), ws.run(spec, ["--runner", runner])]);
	} finally {
		delete process.env.PI_DELEGATE_SCRIPT;
	}
	const results = listRuns(ws.runsDir).map(
		(r) => JSON.parse(readFileSync(join(r.dir, "result.json"), "utf8")) as TaskResult,
	);
	return results.sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

describe.each(RUNNERS)("parallel writers on one repository (%s runner)", (runner) => {
	it("disjoint files: both run at once, both PASS, both changes land", async () => {
		const ws = bashInRepo("sleep 1; mktemp -p . w-XXXXXX");
		const [first, second] = await twice(ws, runner);
		expect([first?.verdict, second?.verdict], JSON.stringify([first?.problems, second?.problems])).toEqual([
			"PASS",
			"PASS",
		]);
		// At once: the second started before the first finished.
		expect(second!.startedAt < first!.finishedAt).toBe(true);
		expect(readdirSync(ws.project).filter((f) => f.startsWith("w-"))).toHaveLength(2);
		expect([first?.apply?.applied, second?.apply?.applied]).toEqual([true, true]);
	});

	it("the same file: the first to apply lands, the other FAILs with its patch kept", async () => {
		const ws = bashInRepo('sleep 1; echo "$RANDOM$RANDOM" > a.txt');
		const results = await twice(ws, runner);
		// Which one lands is the one that applies first; its result may be written after the other's,
		// so the two are told apart by their verdicts, not by when their results were written.
		const first = results.find((r) => r.verdict === "PASS");
		const second = results.find((r) => r.verdict === "FAIL");
		expect(results.map((r) => r.verdict).sort(), JSON.stringify(results.map((r) => r.problems))).toEqual([
			"FAIL",
			"PASS",
		]);
		expect(first?.apply?.applied).toBe(true);
		expect(second?.problems.map((p) => p.code)).toEqual(["apply"]);
		expect(second?.apply).toMatchObject({ applied: false, patch: "changes.patch" });
		expect(second?.apply?.reason).toContain("changed");
		// The real root holds the first one's change alone.
		const firstPatch = readFileSync(join(first!.auditDir, "changes.patch"), "utf8");
		const landed = readFileSync(join(ws.project, "a.txt"), "utf8");
		expect(firstPatch).toContain(`+${landed.trim()}`);
		// The later one's patch is against the original, as its child saw it.
		expect(readFileSync(join(second!.auditDir, "changes.patch"), "utf8")).toContain("-one");
	});
});
