/**
 * A repository is something a child can write, config and hooks included. pi-delegate's own git
 * processes — the snapshots of `boundary snapshot`, `boundary diff` and `run`, the selftest's
 * scratch repositories — run none of the programs a repository (or a hostile ~/.gitconfig)
 * configures, leave none of them running, and report what changed however the repository is set
 * up to hide it. The repository is test/support/hostile-git.ts: every key that makes git execute
 * something, set directly, through include.path / includeIf, or globally.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import { type Exec, exec as realExec } from "../../src/boundary/exec.ts";
import { boundaryFindings } from "../../src/boundary/findings.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { RUNNERS } from "../support/both-runners.ts";
import { envelope, submitTurn } from "../support/child.ts";
import { runCli } from "../support/cli.ts";
import { runWorkspace } from "../support/cli-run.ts";
import { type HostileGit, type HostileMode, hostileGit } from "../support/hostile-git.ts";
import { tempDir } from "../support/temp.ts";

const MODES: HostileMode[] = ["direct", "include", "global"];
const made: HostileGit[] = [];

afterEach(() => {
	for (const h of made.splice(0)) h.cleanUp();
});

function hostile(): HostileGit {
	const h = hostileGit();
	made.push(h);
	return h;
}

/** Runs `fn` with $HOME (and the XDG config) pointing at `home`, as a child without the sandbox could arrange. */
async function withHome<T>(home: string | undefined, fn: () => Promise<T>): Promise<T> {
	const saved = { HOME: process.env.HOME, XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME };
	if (home !== undefined) {
		process.env.HOME = home;
		delete process.env.XDG_CONFIG_HOME;
	}
	try {
		return await fn();
	} finally {
		for (const [key, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[key];
			else process.env[key] = value;
		}
	}
}

/** Nothing ran, and nothing is left running. */
function expectNothingRan(h: HostileGit): void {
	expect(h.fired(), "programs the repository configured ran").toEqual([]);
	expect(h.survivors(), "processes the repository's programs left").toEqual([]);
}

describe("boundary snapshot and diff run nothing a repository configures", () => {
	it.each(MODES)("configured %s: snapshot, then diff after a change", async (mode) => {
		const h = hostile();
		const root = tempDir("pi-delegate-hostile-root-");
		const repo = join(root, "repo");
		h.build(repo, mode);
		const file = join(tempDir(), "before.json");
		await withHome(mode === "global" ? h.home : undefined, async () => {
			expect((await runCli(["boundary", "snapshot", root, "-o", file])).code).toBe(0);
			writeFileSync(join(repo, "a.txt"), "changed\n");
			const diff = await runCli(["boundary", "diff", file]);
			expect(diff.stdout).toContain("a.txt");
			expect(diff.code).toBe(1);
		});
		expectNothingRan(h);
	});

	it("reads the stash of signed commits without verifying a signature, and lists it", async () => {
		const h = hostile();
		const repo = join(tempDir("pi-delegate-hostile-root-"), "repo");
		h.build(repo, "direct");
		const snapshot = await snapshotRoots([repo]);
		const state = snapshot.roots[0]!.git[0]!;
		expect(state.stash[0]).toBe(state.refs["refs/stash"]);
		expectNothingRan(h);
	});
});

describe("a repository cannot stall the snapshot", () => {
	it.each([
		[
			"a FIFO its config includes",
			(repo: string) => {
				execFileSync("mkfifo", [join(repo, ".git", "stall")]);
				appendFileSync(join(repo, ".git", "config"), "[include]\n\tpath = stall\n");
			},
		],
		[
			"a FIFO as its HEAD",
			(repo: string) => {
				rmSync(join(repo, ".git", "HEAD"));
				execFileSync("mkfifo", [join(repo, ".git", "HEAD")]);
			},
		],
	])("%s: git is stopped and the repository reported unreadable, not taken for plain files", async (_label, stall) => {
		const h = hostile();
		const repo = join(tempDir("pi-delegate-hostile-root-"), "repo");
		h.build(repo, "direct");
		const before = await snapshotRoots([repo]);
		stall(repo);
		// The reads' time limit, shortened through the snapshot's port so the test need not wait a minute.
		const exec: Exec = (program, args, cwd, options) => realExec(program, args, cwd, { ...options, timeoutMs: 2000 });
		const after = await snapshotRoots([repo], { exec, previous: before });
		expect(after.roots[0]!.unreadable[".git"]).toMatch(/did not finish within/);
		const { failures } = boundaryFindings(before, after, { writeAllowed: [] });
		expect(failures.map((f) => `${f.kind} ${f.path}`)).toContain("unreadable .git");
		expectNothingRan(h);
	});
});

describe("the result cannot be falsified through the repository's configuration", () => {
	it("a clean filter, fsmonitor, assume-unchanged and skip-worktree hide no rewrite of a tracked file", async () => {
		const h = hostile();
		const repo = join(tempDir("pi-delegate-hostile-root-"), "repo");
		h.build(repo, "direct");
		const file = join(repo, "a.txt");
		utimesSync(file, 1_600_000_000, 1_600_000_000);
		const options = { now: () => Date.now() + 3_600_000, racyWindowMs: 0 };
		const before = await snapshotRoots([repo], options);
		// Same size, mtime put back: only the walk's ctime and inode can tell.
		writeFileSync(file, readFileSync(file, "utf8").toUpperCase());
		utimesSync(file, 1_600_000_000, 1_600_000_000);
		const changes = diffSnapshots(before, await snapshotRoots([repo], { ...options, previous: before }));
		expect(changes.map((c) => `${c.kind} ${c.path}`)).toContain("modified a.txt");
		expectNothingRan(h);
	});
});

for (const runner of RUNNERS) {
	describe(`run, ${runner} runner: a child builds the repository in its writable root`, () => {
		it.each(MODES)("configured %s: pi-delegate runs none of it, and nothing of it survives", async (mode) => {
			const h = hostile();
			const writable = tempDir("pi-delegate-hostile-writable-");
			const watched = tempDir("pi-delegate-hostile-watched-");
			writeFileSync(join(watched, "w.txt"), "w\n");
			// Inside the writable root, where a sandboxed child's bash can read it.
			writeFileSync(join(writable, "build.sh"), h.scriptText);
			const build = `sh ${join(writable, "build.sh")} ${join(writable, "evil")} ${mode}`;
			const ws = runWorkspace({
				turns: [
					{ tools: [{ name: "bash", args: { command: build } }] },
					submitTurn(envelope([`${writable}/evil/a.txt:1`, `cmd: ${build}`])),
				],
			});
			const spec = ws.spec({
				read_only: false,
				roots: [writable, watched],
				write_allowed: [writable],
				context: { commands: [build] },
			});
			if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
			const out = await withHome(mode === "global" ? h.home : undefined, () =>
				ws.run(spec, ["--runner", runner]),
			).finally(() => delete process.env.PI_DELEGATE_SCRIPT);
			expect(out.stderr).not.toMatch(/internal error/);
			expect(out.stdout + out.stderr).toMatch(/^PASS/);
			expectNothingRan(h);
		});
	});
}

describe("selftest and preview", () => {
	it("selftest's scratch repositories take nothing from a hostile ~/.gitconfig", async () => {
		const h = hostile();
		const out = await withHome(h.home, () => runCli(["selftest"]));
		expect(out.code).toBe(0);
		expectNothingRan(h);
	});

	it("preview in a hostile repository runs none of it", async () => {
		const h = hostile();
		const repo = join(tempDir("pi-delegate-hostile-root-"), "repo");
		h.build(repo, "direct");
		const spec = join(tempDir(), "spec.json");
		writeFileSync(spec, JSON.stringify({ id: "t", goal: "g", deliverable: "d", roots: [repo] }));
		const out = await withHome(h.home, () => runCli(["preview", "--spec", spec], { cwd: repo }));
		expect(out.code).toBe(0);
		expectNothingRan(h);
	});
});
