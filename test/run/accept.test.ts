/**
 * Acceptance commands, end to end: `pi-delegate run` on both runners (a real `pi` subprocess
 * answered by the scripted provider, and the in-process runner), with the sandbox enforced. After
 * the child ends pi-delegate runs each command itself in the child's working directory: a passing
 * one is recorded as evidence of its own kind and the task passes; a failing one fails it, quoting
 * the command and the tail of its output; a hanging one is stopped at its budget; a write one makes
 * outside write_allowed is diffed with the child's changes and is a violation.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { type RunWorkspace, runTask, runWorkspace } from "../support/cli-run.ts";
import { tempDir } from "../support/temp.ts";

const enforce = sandboxSupport().enforce;

/** A child that runs `command` in bash, then hands in an envelope pointing at its project's test file. */
function childRuns(ws: RunWorkspace, command: string): void {
	const turns = [{ tools: [{ name: "bash", args: { command } }] }, submitTurn(envelope([`${ws.project}/check.sh:1`]))];
	writeFileSync(join(ws.agentDir, "scripted.json"), JSON.stringify({ turns }));
}

const run = runTask;

/** A project whose "test" is check.sh: it passes while state.txt says fixed. */
function project(state: "fixed" | "broken") {
	const ws = runWorkspace({ turns: [] });
	writeFileSync(
		join(ws.project, "check.sh"),
		'#!/bin/sh\nfor i in $(seq 1 30); do echo "line $i"; done\ngrep -q fixed state.txt || { echo "FAILED: state is $(cat state.txt)"; exit 3; }\n',
	);
	writeFileSync(join(ws.project, "state.txt"), `${state}\n`);
	return ws;
}

const writing = (ws: RunWorkspace, extra: Record<string, unknown> = {}) =>
	ws.spec({ read_only: false, roots: [ws.project], write_allowed: [ws.project], sandbox: "enforce", ...extra });

const flat = (text: string) => text.replace(/\s+/g, " ");

describe.each(RUNNERS)("acceptance commands (%s runner)", (runner) => {
	it.skipIf(!enforce)("a child that fixes the tests: PASS, each command recorded with its exit", async () => {
		const ws = project("broken");
		childRuns(ws, "echo fixed > state.txt");
		const { out, result } = await run(ws, runner, writing(ws, { accept: ["sh check.sh", "test -f state.txt"] }));
		expect(out.stdout).toMatch(/^PASS/);
		expect(out.code).toBe(0);
		expect(out.stdout).toMatch(/accept: sh check\.sh {2}✓ exit 0 · \d+\.\d s/);
		expect(result.accept?.map((r) => [r.command, r.status, r.exitCode])).toEqual([
			["sh check.sh", "passed", 0],
			["test -f state.txt", "passed", 0],
		]);
		expect(result.accept?.[0]?.tail).toContain("line 30");
	});

	it.skipIf(!enforce)("a child that breaks the tests: FAIL quoting the command and its output's tail", async () => {
		const ws = project("fixed");
		childRuns(ws, "echo broken > state.txt");
		const { out, result } = await run(ws, runner, writing(ws, { accept: ["sh check.sh"] }));
		expect(out.code).toBe(1);
		expect(out.stdout).toMatch(/^FAIL/);
		expect(flat(out.stdout)).toContain("✗ acceptance command `sh check.sh` exited 3");
		expect(out.stdout).toContain("      FAILED: state is broken");
		expect(result.problems.map((p) => p.code)).toEqual(["accept"]);
		const [ran] = result.accept ?? [];
		expect(ran?.status).toBe("failed");
		// The tail is the last lines, not the whole output.
		expect(ran?.tail).toContain("FAILED: state is broken");
		expect(ran?.tail).not.toContain("line 1\n");
	});

	it.skipIf(!enforce)("a hanging command is stopped at the acceptance budget, with what it started", async () => {
		const ws = project("fixed");
		childRuns(ws, "true");
		// A marker only this case's processes carry, so what it left running can be looked for.
		const marker = `${1000 + Math.floor(Math.random() * 1000)}.${process.pid}`;
		const spec = writing(ws, { accept: [`(sleep ${marker} &) ; sleep ${marker}`], budget: { accept_s: 2 } });
		const started = Date.now();
		const { out, result } = await run(ws, runner, spec);
		expect(Date.now() - started).toBeLessThan(60_000);
		expect(out.code).toBe(1);
		expect(flat(out.stdout)).toContain(
			`acceptance command \`(sleep ${marker} &) ; sleep ${marker}\` ran out of its 2 s`,
		);
		expect(spawnSync("pgrep", ["-f", `sleep ${marker}`]).stdout.toString()).toBe("");
		const [ran] = result.accept ?? [];
		expect(ran?.status).toBe("timed out");
		expect(ran?.durationS).toBeGreaterThanOrEqual(1.9);
		expect(ran?.durationS).toBeLessThan(6);
	});

	it.skipIf(!enforce)("a write outside write_allowed is a violation the sandbox stops", async () => {
		const ws = project("fixed");
		const watched = tempDir("pi-delegate-accept-watched-");
		childRuns(ws, "true");
		const spec = ws.spec({
			read_only: false,
			roots: [ws.project, watched],
			write_allowed: [ws.project],
			sandbox: "enforce",
			accept: [`echo x > ${watched}/planted; true`],
		});
		const { out, result } = await run(ws, runner, spec);
		// Under the sandbox the write is refused and the report says so; the command itself passed.
		expect(result.accept?.[0]?.status).toBe("passed");
		expect(result.accept?.[0]?.prevented?.[0]).toMatch(/read-only file system refused a write/);
		expect(out.stdout).toMatch(/ {4}prevented: the read-only file system refused a write/);
		expect(result.violations).toEqual([]);
		expect(out.stdout).toMatch(/^PASS/);
	});

	it("under sandbox off an acceptance command's write outside write_allowed is a violation", async () => {
		const ws = project("fixed");
		const watched = tempDir("pi-delegate-accept-watched-");
		childRuns(ws, "true");
		const spec = ws.spec({
			read_only: false,
			roots: [ws.project, watched],
			write_allowed: [ws.project],
			sandbox: "off",
			accept: [`echo x > ${watched}/planted`],
		});
		const { out, result } = await run(ws, runner, spec);
		expect(out.code).toBe(1);
		expect(result.violations.map((c) => [c.kind, c.path])).toEqual([["added", "planted"]]);
		expect(flat(out.stdout)).toContain("boundary violation: added planted");
	});

	it("a child that does not run to its end: the commands are skipped, and fail nothing more", async () => {
		const ws = project("broken");
		childRuns(ws, "echo fixed > state.txt");
		// One turn allowed: the child is stopped before it hands in a result.
		const { out, result } = await run(ws, runner, writing(ws, { accept: ["sh check.sh"], budget: { turns: 1 } }));
		expect(out.code).toBe(1);
		expect(result.accept?.map((r) => r.status)).toEqual(["skipped"]);
		expect(result.problems.map((p) => p.code)).not.toContain("accept");
		expect(out.stdout).toContain("sh check.sh  – skipped: the child did not run to its end");
	});
});
