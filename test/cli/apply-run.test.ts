/**
 * `pi-delegate apply` on a real run's record: a task that fails keeps its change as changes.patch
 * and leaves the real root alone; `apply` then lays that change onto the root, giving exactly what
 * the child's commands give when run by hand, and says so once it is in place. The record is the
 * execution's own (result.json's apply section as it writes it), not a fabricated one.
 */
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Value } from "typebox/value";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit/audit.ts";
import type { ApplyRecord } from "../../src/run/outcome/apply.ts";
import { ApplyRecordSchema, type RecordedApply } from "../../src/run/workspace/apply-record.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { readTree, shown, type Tree, text, writeTree } from "../support/patch-tree.ts";
import { tempDir } from "../support/temp.ts";

/** A change of every kind but the state file, which a check reads: it stays broken, so the task fails. */
const COMMANDS =
	"printf 'one\\nTWO\\nthree\\n' > a.txt && chmod +x run.sh && rm old.txt && mv from.txt 'to name.txt' && printf '\\000\\001\\377' > bin.dat && ln -s a.txt link && mkdir -p d/e && echo new > d/e/new.txt";
const ROOT: Tree = {
	"check.sh": text("#!/bin/sh\ngrep -q fixed state.txt || { echo 'FAILED: not fixed'; exit 3; }\n"),
	"state.txt": text("broken\n"),
	"a.txt": text("one\ntwo\nthree\n"),
	"old.txt": text("to be deleted\n"),
	"from.txt": text("to be renamed\n"),
	"run.sh": text("echo run\n"),
};

describe("pi-delegate apply on a run's own record", () => {
	it("applies the change a failed task kept, exactly as the child made it, then says it is in place", async () => {
		const ws = runWorkspace({ turns: [] });
		writeTree(ws.project, ROOT);
		const expected = tempDir();
		cpSync(ws.project, expected, { recursive: true });
		execFileSync("bash", ["-c", COMMANDS], { cwd: expected });
		const turns = [{ tools: [{ name: "bash", args: { command: COMMANDS } }] }, submitTurn(envelope(["a.txt:1"]))];
		writeFileSync(join(ws.agentDir, "scripted.json"), JSON.stringify({ turns }));
		process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
		const spec = ws.spec({
			read_only: false,
			roots: [ws.project],
			write_allowed: [ws.project],
			sandbox: "off",
			accept: ["sh check.sh"],
		});
		try {
			expect((await ws.run(spec, ["--runner", "in-process"])).code).toBe(1);
		} finally {
			delete process.env.PI_DELEGATE_SCRIPT;
		}
		expect(shown(readTree(ws.project))).toEqual(shown(ROOT));
		const [run] = listRuns(ws.runsDir);
		if (run === undefined) throw new Error("the run left no record");
		// What the execution writes (its type) is what the schema accepts: a type error here otherwise.
		const written = (run.result as { apply: ApplyRecord }).apply;
		const checked: RecordedApply = written;
		expect(Value.Check(ApplyRecordSchema, checked)).toBe(true);
		const applied = await runCli(["apply", run.name, "--runs", ws.runsDir]);
		expect(applied.stderr).toBe("");
		expect(applied.code).toBe(0);
		expect(applied.stdout.replace(/\n\s*/g, " ")).toContain(
			`applied 7 files to ${ws.project} (2 modified, 3 added, 1 deleted, 1 renamed)`,
		);
		expect(shown(readTree(ws.project))).toEqual(shown(readTree(expected)));
		const again = await runCli(["apply", run.dir, "--check"]);
		expect(again.code).toBe(0);
		expect(again.stdout).toContain("already");
		expect(readFileSync(join(ws.project, "to name.txt"), "utf8")).toBe("to be renamed\n");
	});
});
