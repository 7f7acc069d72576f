/**
 * A child that goes after its own audit record. Without the sandbox its bash can write wherever
 * the user can, its run's directory included; it knows where that is (the newest directory in the
 * runs directory). Whatever it leaves there — a symlink where pi-delegate is about to write, a
 * directory in a file's place, the whole directory swapped for a link into a watched root — must
 * neither redirect pi-delegate's writes (they come after the last snapshot, where no check would
 * see them) nor crash the run: the run ends with its report, FAIL, and says what happened.
 *
 * Each case runs `pi-delegate run` on both runners: a real `pi` subprocess answered by the scripted
 * provider, and the in-process runner answered by the same script.
 */
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listRuns } from "../../src/run/audit.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import type { CliResult } from "../support/cli.ts";
import { type RunWorkspace, runWorkspace } from "../support/cli-run.ts";
import { gitRepo } from "../support/task-fixture.ts";

/** The child's run directory, as its bash finds it: the only one in the runs directory. */
const runDir = (ws: RunWorkspace) => `"$(ls -d ${ws.runsDir}/*/ | head -1)"`;

/** A child that runs `command` in bash, then hands in an envelope whose one pointer verifies. */
function hostile(command: string, pointer: string) {
	return [{ tools: [{ name: "bash", args: { command } }] }, submitTurn(envelope([pointer]))];
}

async function run(ws: RunWorkspace, runner: string, spec: string): Promise<CliResult> {
	if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
	try {
		return await ws.run(spec, ["--runner", runner]);
	} finally {
		delete process.env.PI_DELEGATE_SCRIPT;
	}
}

/** The report's text with its wrapping undone. */
const flat = (text: string) => text.replace(/\s+/g, " ");

/** Entries pi-delegate leaves half-made when a write fails: temporary files and scratch directories. */
const halfMade = (dir: string) => readdirSync(dir).filter((name) => /\.tmp$|^\.child-|^\.tmp-/.test(name));

describe.each(RUNNERS)("a child that attacks its own audit record (%s runner, sandbox off)", (runner) => {
	it("links planted where the record is about to be written are replaced, never followed", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const b = gitRepo({ "secret.txt": "keep me\n" });
		const target = join(b, "secret.txt");
		const ws = runWorkspace({ turns: [] });
		const names = [".result.json.tmp", "result.json", "outcome.json", "boundary-after.snapshot.gz", "events.ndjson"];
		// events.ndjson is open already: a link takes its name only once the file is moved away.
		const plant = `d=${runDir(ws)}; mv "$d/events.ndjson" "$d/events.moved"; for n in ${names.join(" ")}; do ln -sfn ${target} "$d/$n"; done`;
		writeScript(ws, hostile(plant, `${a}/a.txt:1`));
		const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a, b], write_allowed: [a], sandbox: "off" }));
		expect(readFileSync(target, "utf8")).toBe("keep me\n");
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("the audit record was tampered with");
		const [recorded] = listRuns(ws.runsDir);
		expect(lstatSync(join(recorded!.dir, "result.json")).isFile()).toBe(true);
		expect(recorded?.result?.verdict).toBe("FAIL");
		expect(halfMade(recorded!.dir).filter((n) => n !== ".result.json.tmp")).toEqual([]);
	});

	it("a directory swapped for a link into a watched root gets none of the record's writes", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const b = gitRepo({ "secret.txt": "keep me\n" });
		const ws = runWorkspace({ turns: [] });
		const d = runDir(ws);
		writeScript(ws, hostile(`d=${d}; d=\${d%/}; mv "$d" "$d.moved"; ln -s ${b} "$d"`, `${a}/a.txt:1`));
		const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a, b], write_allowed: [a], sandbox: "off" }));
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("the audit directory was moved or replaced during the run");
		for (const name of ["result.json", "outcome.json", "boundary-after.snapshot.gz", "spec.json"]) {
			expect(existsSync(join(b, name)), name).toBe(false);
		}
		const moved = readdirSync(ws.runsDir).find((n) => n.endsWith(".moved"));
		const result = JSON.parse(readFileSync(join(ws.runsDir, moved!, "result.json"), "utf8")) as { verdict: string };
		expect(result.verdict).toBe("FAIL");
	});

	it("a directory put where result.json goes ends the run with its report: FAIL, the reason, nothing half-made", async () => {
		const a = gitRepo({ "a.txt": "x\n" });
		const ws = runWorkspace({ turns: [] });
		writeScript(ws, hostile(`mkdir ${runDir(ws)}/result.json`, `${a}/a.txt:1`));
		const out = await run(ws, runner, ws.spec({ read_only: false, roots: [a], write_allowed: [a], sandbox: "off" }));
		expect(out.stderr).not.toContain("unexpected error");
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("result.json could not be written: a directory stands in its place (EISDIR)");
		const [dir] = readdirSync(ws.runsDir);
		expect(halfMade(join(ws.runsDir, dir!))).toEqual([]);
		expect(lstatSync(join(ws.runsDir, dir!, "outcome.json")).isFile()).toBe(true);
	});
});

/** Replaces the workspace's script (its turns need the workspace's own paths). */
function writeScript(ws: RunWorkspace, turns: unknown[]): void {
	writeFileSync(join(ws.agentDir, "scripted.json"), JSON.stringify({ turns }));
}
