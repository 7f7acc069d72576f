/**
 * Two writers on one repository at once under `apply: "on-pass"`: each works on a copy of its own,
 * so neither waits for the other; their changes land in the order they finish. Disjoint files: both
 * pass, both land. The same file: the first to apply lands, the other fails — the real root changed
 * under it — with its change kept in changes.patch and nothing of it applied.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { bashInRepo, type RunWorkspace } from "../support/cli-run.ts";
import { visibleTempDir } from "../support/temp.ts";

/**
 * A child's bash that first waits (up to 30 s) for the word that both children run: each run's copy
 * is made before its child starts, so both copies are made before either child writes, however late
 * a loaded machine starts the second run.
 */
function together(command: string): RunWorkspace & { go: string } {
	const go = join(visibleTempDir("pi-delegate-go-"), "go");
	return { ...bashInRepo(`for i in $(seq 300); do [ -e ${go} ] && break; sleep 0.1; done; ${command}`), go };
}

/** Resolves once both runs' children have started (their audit records hold a child's event). */
async function bothStarted(runsDir: string): Promise<void> {
	for (let i = 0; i < 600; i++) {
		const started = listRuns(runsDir).filter((r) => {
			const events = join(r.dir, "events.ndjson");
			return existsSync(events) && statSync(events).size > 0;
		});
		if (started.length >= 2) return;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error("the two children did not both start within 60 s");
}

/** Runs the same spec twice at once, both children together, and returns both results in the order they finished. */
async function twice(ws: RunWorkspace & { go: string }, runner: string): Promise<TaskResult[]> {
	if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
	try {
		const spec = ws.spec({ read_only: false, roots: [ws.project], write_allowed: [ws.project] });
		const runs = Promise.all([ws.run(spec, ["--runner", runner]), ws.run(spec, ["--runner", runner])]);
		await bothStarted(ws.runsDir);
		writeFileSync(ws.go, "");
		await runs;
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
		const ws = together("mktemp -p . w-XXXXXX");
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
		const ws = together('echo "$RANDOM$RANDOM" > a.txt');
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
