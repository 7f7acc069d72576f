/**
 * A file pointer names something a hostile child made: a sparse 20 GB file, a file appended to
 * forever, a FIFO, a device, a FIFO swapped in after the path was looked at. Checking it must read
 * only as far as the cited lines, within a byte ceiling and the check's deadline, and end at once
 * with a named reason. The file-level cases run in a process of their own that is killed after
 * KILL_MS, so a check that blocks (as a FIFO's open does) fails the case instead of hanging the
 * suite; the run-level case is the whole task, on both runners.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { ClaimCheck } from "../../src/envelope/verify.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import type { ChildOutcome } from "../../src/run/types.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { helperEnv, tempDir } from "../support/temp.ts";

const SRC = resolve(import.meta.dirname, "../../src/envelope");
/** How long a file-level check may take before its process is killed and the case fails. */
const KILL_MS = 15_000;

interface Checked {
	claim: ClaimCheck | undefined;
	ms: number;
	killed: boolean;
}

/**
 * Verifies one pointer in a process of its own, with nodeFileProbe: `lying` makes look() call the
 * path a regular file whatever it is (a FIFO swapped in after the look), `late` passes a deadline
 * already gone.
 */
function checkApart(dir: string, pointer: string, options: { roots?: string[]; lying?: boolean; late?: boolean } = {}) {
	const script = `
		const { nodeFileProbe } = await import(${JSON.stringify(`${SRC}/probe.ts`)});
		const { verifyEvidence } = await import(${JSON.stringify(`${SRC}/verify.ts`)});
		const real = nodeFileProbe();
		const probe = ${options.lying ? "{ ...real, look: (p) => ({ realPath: p, kind: 'file' }) }" : "real"};
		const started = Date.now();
		const [claim] = verifyEvidence([{ claim: "c", pointer: ${JSON.stringify(pointer)} }], {
			roots: ${JSON.stringify(options.roots ?? [dir])}, base: ${JSON.stringify(dir)}, commands: [], probe,
			${options.late ? "deadline: Date.now() - 1," : ""}
		});
		process.stdout.write(JSON.stringify({ claim, ms: Date.now() - started }));
	`;
	const out = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
		env: helperEnv(),
		timeout: KILL_MS,
		encoding: "utf8",
	});
	if (out.error || out.status !== 0) return { claim: undefined, ms: KILL_MS, killed: true } satisfies Checked;
	return { ...(JSON.parse(out.stdout) as Omit<Checked, "killed">), killed: false };
}

const reason = (c: Checked) => (c.claim && !c.claim.verified ? c.claim.reason : `(verified: ${JSON.stringify(c)})`);

describe("checking a file pointer a hostile child made", () => {
	it("stops at the byte ceiling in a sparse 20 GB file with no line end, and names why", () => {
		const dir = tempDir("pi-delegate-evidence-files-");
		spawnSync("truncate", ["-s", "20G", join(dir, "big.log")]);
		const checked = checkApart(dir, "big.log:1");
		expect(reason(checked)).toBe(
			"big.log: line 1 does not end within the first 64.0 MiB of the file (20.0 GiB), which is as far as a pointer is read; point at a line nearer the start",
		);
		expect(checked.ms).toBeLessThan(5_000);
	});

	it("reads only to the cited line of a 20 GB file whose first lines are short", () => {
		const dir = tempDir("pi-delegate-evidence-files-");
		writeFileSync(join(dir, "big.log"), "first\nsecond\n");
		spawnSync("truncate", ["-s", "20G", join(dir, "big.log")]);
		const checked = checkApart(dir, "big.log:2");
		expect(checked.claim).toMatchObject({
			verified: true,
			detail: "line 2 exists (a file of 20.0 GiB, counted no further)",
		});
		expect(checked.ms).toBeLessThan(2_000);
	});

	it("ends at the ceiling in a file appended to forever", async () => {
		const dir = tempDir("pi-delegate-evidence-files-");
		const file = join(dir, "growing.log");
		writeFileSync(file, "");
		// A gigabyte of holes every 50 ms: it outgrows any reader and takes no disk.
		const writer = spawn("sh", ["-c", `while :; do truncate -s +1G '${file}'; sleep 0.05; done`], {
			env: helperEnv(),
			stdio: "ignore",
		});
		try {
			await new Promise((done) => setTimeout(done, 300));
			const checked = checkApart(dir, "growing.log:2");
			expect(reason(checked)).toContain("growing.log: line 2 does not end within the first 64.0 MiB of the file");
		} finally {
			writer.kill("SIGKILL");
		}
	});

	it("points at no FIFO or device, and never opens one as a file", () => {
		const dir = tempDir("pi-delegate-evidence-files-");
		spawnSync("mkfifo", [join(dir, "pipe")]);
		symlinkSync("/dev/stdin", join(dir, "stdin"));
		const nothing = "is not a regular file or a directory; nothing to point at";
		expect(reason(checkApart(dir, "pipe"))).toBe(`pipe ${nothing}`);
		expect(reason(checkApart(dir, "/dev/zero", { roots: [dir, "/dev"] }))).toBe(`/dev/zero ${nothing}`);
		expect(reason(checkApart(dir, "stdin:1"))).toMatch(
			/stdin (is outside the roots|is a symlink whose target does not exist)/,
		);
		// Swapped in after the look: the open does not wait for a writer, and refuses what is not a file.
		expect(reason(checkApart(dir, "pipe:1", { lying: true }))).toBe("pipe cannot be read (not a regular file)");
		expect(reason(checkApart(dir, "/dev/zero:1", { roots: [dir, "/dev"], lying: true }))).toBe(
			"/dev/zero cannot be read (not a regular file)",
		);
	});

	it("fails a line check still reading at the check's deadline, saying it timed out", () => {
		const dir = tempDir("pi-delegate-evidence-files-");
		writeFileSync(join(dir, "a.txt"), "one\n");
		expect(reason(checkApart(dir, "a.txt:1", { late: true }))).toBe(
			"a.txt: checking timed out after reading 0 B of 4 B, before the end of line 1",
		);
	});
});

describe.each(RUNNERS)("a task citing a 20 GB file it made, on the %s runner", (runner) => {
	it("fails the pointer at once, well inside its wall budget", async () => {
		const submit = submitTurn(envelope(["big.log:1"]));
		const ws = runWorkspace({
			turns: [{ tools: [{ name: "bash", args: { command: "truncate -s 20G big.log" } }] }, submit, submit, submit],
		});
		mkdirSync(ws.project, { recursive: true });
		const spec = ws.spec({
			roots: [ws.project],
			read_only: false,
			write_allowed: [ws.project],
			budget: { wall_s: 60 },
		});
		const { out, dir } = await ws.runAgent(spec, "worker", runner);
		const read = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as T;
		const result = read<TaskResult>("result.json");
		const outcome = read<ChildOutcome>("outcome.json");
		// The child's own check of its submission was bounded too: nothing stopped it.
		expect(outcome.stoppedBy).toBeUndefined();
		expect(outcome.rejectedSubmissions).toHaveLength(2);
		expect(result.verdict).toBe("FAIL");
		const claim = result.claims[0];
		expect(claim && !claim.verified && claim.reason).toContain(
			"big.log: line 1 does not end within the first 64.0 MiB of the file (20.0 GiB)",
		);
		expect(out.stdout).toContain("does not end within the first 64.0 MiB");
		// Everything after the child (snapshot, checks, record) took moments, not the file's length.
		const afterChild = Date.parse(result.finishedAt) - Date.parse(result.startedAt) - outcome.elapsedMs;
		expect(afterChild).toBeLessThan(5_000);
	}, 120_000);
});
