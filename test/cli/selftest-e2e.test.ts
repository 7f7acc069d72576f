/**
 * `pi-delegate selftest --e2e` on this machine: two real delegations with the shipped scripted
 * model, through a real `pi` child — and the checks that make it worth running: a case whose verdict
 * comes out wrong fails the selftest, a missing python3 is a setup problem and never a pass, and
 * nothing stays behind in the temporary directory, whether the run ends, is stopped, or is killed.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runE2eCommand } from "../../src/cli/selftest-e2e.ts";
import { INCIDENTAL_WRITE_CASE, REVIEW_CASE } from "../../src/selftest/e2e-cases.ts";
import { recordingIO, runCli } from "../support/cli.ts";
import { REPO } from "../support/pi.ts";
import { childCommands, waitFor } from "../support/processes.ts";
import { tempDir } from "../support/temp.ts";

const io = (env: Record<string, string | undefined>) => recordingIO({ cwd: REPO, env });

/** The text with every run of white space as one space: the header and verdict wrap at 80 columns. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const scratchLeft = (tmp: string) => readdirSync(tmp).filter((n) => n.startsWith("pi-delegate-selftest-"));

describe("pi-delegate selftest --e2e", () => {
	it("passes on this machine: a PASS review and the T4 FAIL, through real pi children, scripted model", async () => {
		const tmp = tempDir();
		const out = await runCli(["selftest", "--e2e"], { env: { ...process.env, TMPDIR: tmp } });
		expect(out.code).toBe(0);
		const text = out.stdout;
		expect(flat(text)).toContain("through the subprocess runner (a real `pi` child per case)");
		expect(flat(text)).toContain("Model: scripted/scripted-1, a SCRIPTED model");
		expect(text.split("\n").every((line) => [...line].length <= 80 || !line.startsWith("──"))).toBe(true);
		expect(text).toMatch(/^── case 1 of 2 \(subprocess\): read-only review\n {3}expected PASS · got PASS ✓$/m);
		expect(text).toMatch(/^PASS {2}task selftest-review$/m);
		expect(text).toMatch(
			/^── case 2 of 2 \(subprocess\): incidental write into a watched-only root \(T4\)\n {3}expected FAIL · got FAIL ✓$/m,
		);
		// A problem wraps under its first word at 80 columns: read it with the wrapping undone.
		expect(text.replace(/\n {4}(?=\S)/g, " ")).toMatch(
			/^ {2}✗ boundary violation: added __pycache__ in \S+\/lib, which is watched, not writable/m,
		);
		expect(text).not.toMatch(/boundary violation: .*README\.md/);
		expect(text).toMatch(/model {4}scripted\/scripted-1 \(effort fast, subprocess\)/);
		expect(flat(text)).toContain("✓ 2 of 2 cases came out as expected.");
		expect(readdirSync(tmp)).toEqual([]);
	});

	it("exits 1 when a verdict comes out wrong: a T4 whose watched root was made writable passes", async () => {
		const broken = {
			...INCIDENTAL_WRITE_CASE,
			spec: (paths: Record<string, string>) => ({
				...INCIDENTAL_WRITE_CASE.spec(paths),
				write_allowed: [paths.app, paths.lib],
			}),
		};
		const tmp = tempDir();
		const { io: cli, out } = io({ ...process.env, TMPDIR: tmp });
		const code = await runE2eCommand({ runners: ["in-process"], json: false, cases: [REVIEW_CASE, broken] }, cli);
		expect(code).toBe(1);
		expect(out.stdout).toMatch(/expected FAIL · got PASS ✗ WRONG\n {2}✗ verdict PASS, expected FAIL\n/);
		expect(out.stdout).toContain("no violation for __pycache__");
		expect(out.stdout).toMatch(/^── case 1 of 2 \(in-process\): read-only review\n {3}expected PASS · got PASS ✓$/m);
		expect(flat(out.stdout)).toContain("✗ 1 of 2 case(s) did NOT come out as expected");
		expect(readdirSync(tmp)).toEqual([]);
	});

	it("without python3 the T4 case is skipped and the exit is 2 (setup), never a pass", async () => {
		const bin = tempDir();
		const { symlinkSync } = await import("node:fs");
		symlinkSync("/usr/bin/git", join(bin, "git"));
		const { io: cli, out } = io({ ...process.env, PATH: bin, TMPDIR: tempDir() });
		const code = await runE2eCommand({ runners: ["in-process"], json: false, cases: [INCIDENTAL_WRITE_CASE] }, cli);
		expect(code).toBe(2);
		expect(out.stdout).toMatch(/ {3}expected FAIL · SKIPPED\n {2}python3 is not on PATH/);
		expect(flat(out.stdout)).toContain("so this is not a pass");
	});

	it("--json: the report of every case with its result, and the exit code", async () => {
		const { io: cli, out } = io({ ...process.env, TMPDIR: tempDir() });
		const code = await runE2eCommand({ runners: ["in-process"], json: true, cases: [REVIEW_CASE] }, cli);
		expect(code).toBe(0);
		const json = JSON.parse(out.stdout) as {
			ok: boolean;
			model: string;
			runners: string[];
			exitCode: number;
			cases: Array<{ id: string; state: string; runner: string; result: { verdict: string } }>;
		};
		expect(json).toMatchObject({ ok: true, model: "scripted/scripted-1", runners: ["in-process"], exitCode: 0 });
		expect(json.cases).toMatchObject([
			{ id: "selftest-review", state: "as-expected", runner: "in-process", result: { verdict: "PASS" } },
		]);
	});

	it("rejects a bad runner, and --runner without --e2e, with exit 2", async () => {
		expect((await runCli(["selftest", "--e2e", "--runner", "docker"])).code).toBe(2);
		expect((await runCli(["selftest", "--runner", "in-process"])).code).toBe(2);
	});

	it("a SIGTERM stops the child and leaves nothing; what a SIGKILL left, the next selftest removes", async () => {
		const tmp = tempDir();
		const start = () =>
			spawn(process.execPath, [join(REPO, "src/cli/main.ts"), "selftest", "--e2e"], {
				env: { ...process.env, TMPDIR: tmp },
				stdio: "ignore",
			});
		const exited = (child: ReturnType<typeof start>) =>
			new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
		const stopped = start();
		const stoppedExit = exited(stopped);
		await waitFor(() => scratchLeft(tmp).some((d) => existsSync(join(tmp, d, "1", "app"))), 40_000);
		stopped.kill("SIGTERM");
		expect(await stoppedExit).not.toBe(0);
		expect(scratchLeft(tmp)).toEqual([]);
		// Killed while a `git` of its own setup runs (after the scratch directory is made: one asks
		// git's version before): that git outlives it and writes on into the directory while the next
		// selftest removes it.
		const killed = start();
		const killedExit = exited(killed);
		const deadline = Date.now() + 20_000;
		const settingUp = () => scratchLeft(tmp).length > 0 && childCommands(killed.pid ?? 0).includes("git");
		while (!settingUp() && Date.now() < deadline) {
			// Polled without a pause: each git of the setup runs for milliseconds.
		}
		expect(scratchLeft(tmp)).toHaveLength(1);
		killed.kill("SIGKILL");
		await killedExit;
		expect(scratchLeft(tmp)).toHaveLength(1);
		const next = await runCli(["selftest"], { env: { ...process.env, TMPDIR: tmp } });
		expect(next.code).toBe(0);
		expect(scratchLeft(tmp)).toEqual([]);
	});
});
