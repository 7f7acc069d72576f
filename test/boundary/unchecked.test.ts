/**
 * No false clean: a part of a root that could not be read is recorded with why, and fails the
 * judgement of a watched-only root unless it is excluded.
 *
 * How the tests make a part unreadable. These tests usually run as root, and root reads a chmod 000
 * directory as if nothing were wrong — so a plain chmod proves nothing here. Two routes instead:
 * - the real thing: the walk runs as an unprivileged user (uid 65534 through the CLI in a child
 *   process when the tests run as root, the test process itself otherwise), so the kernel really
 *   refuses the chmod 000 directory;
 * - the failures root never sees (an I/O error, a directory vanishing mid-walk, find exiting
 *   non-zero, git unable to read a repository) through the snapshot's ports: a file-system reader
 *   and a program runner that fail on purpose, around the real ones.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Exec, exec } from "../../src/boundary/exec.ts";
import { boundaryFindings } from "../../src/boundary/findings.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { treeFromPairs } from "../../src/boundary/tree.ts";
import { nodeFs, type WalkFs, walkWithNode } from "../../src/boundary/walk-node.ts";
import { runCli } from "../support/cli.ts";
import { gitRepo, pathsOf, rootSnapshot as root, snapshotOf as snap, tempDir, write } from "./helpers.ts";

const REPO = join(import.meta.dirname, "..", "..");
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;
/**
 * Whether that user can run this checkout at all: a clone inside a private directory (mode 0700, as
 * `mktemp -d` makes one) cannot be entered by anyone but its owner.
 */
const nobodyReachesRepo =
	!isRoot ||
	spawnSync(process.execPath, ["-e", "0"], { uid: NOBODY, gid: NOBODY, cwd: REPO, encoding: "utf8" }).status === 0;

/** Runs the CLI as a user the kernel really refuses a chmod 000 directory to. */
async function cliUnprivileged(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
	if (!isRoot) return runCli(args);
	const run = spawnSync(process.execPath, [join(REPO, "src/cli/main.ts"), ...args], {
		uid: NOBODY,
		gid: NOBODY,
		cwd: REPO,
		encoding: "utf8",
	});
	return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** A failure of the given errno code, as node:fs throws it. */
function fsError(code: string): NodeJS.ErrnoException {
	return Object.assign(new Error(`${code}: simulated`), { code });
}

/** The real file system, except that the named paths (by their last bytes) fail as given. */
function failingFs(failures: Record<string, { call: keyof WalkFs; code: string }>): WalkFs {
	const check = (call: keyof WalkFs, path: Buffer) => {
		for (const [tail, failure] of Object.entries(failures))
			if (failure.call === call && path.toString().endsWith(tail)) throw fsError(failure.code);
	};
	return {
		readdir(dir) {
			check("readdir", dir);
			return nodeFs.readdir(dir);
		},
		lstat(path) {
			check("lstat", path);
			return nodeFs.lstat(path);
		},
		readlink(path) {
			check("readlink", path);
			return nodeFs.readlink(path);
		},
	};
}

describe("a chmod 000 directory, really denied", () => {
	it("is reported by snapshot, fails diff with exit 1, and passes once excluded", async (ctx) => {
		if (!nobodyReachesRepo)
			ctx.skip(`an unprivileged user cannot enter this checkout (${REPO}) to be denied inside it`);
		const base = tempDir("denied");
		chmodSync(base, 0o777);
		const root = join(base, "root");
		write(root, { "open.txt": "o", "secret/inside.txt": "s" });
		chmodSync(root, 0o755);
		chmodSync(join(root, "secret"), 0o000);
		const file = join(base, "before.snapshot.gz");
		const snapshot = await cliUnprivileged(["boundary", "snapshot", root, "-o", file]);
		expect(snapshot.code, snapshot.stderr).toBe(0);
		expect(snapshot.stderr).toContain(`! could not read ${root}/secret: permission denied (EACCES)`);
		// A write inside the part that cannot be read: exactly what a false "clean" would hide.
		chmodSync(join(root, "secret"), 0o700);
		writeFileSync(join(root, "secret", "planted.txt"), "p");
		chmodSync(join(root, "secret"), 0o000);
		const diff = await cliUnprivileged(["boundary", "diff", file]);
		expect(diff.code, diff.stderr).toBe(1);
		expect(diff.stdout).toContain(`✗  ${root}/secret  permission denied (EACCES)`);
		const excluded = await cliUnprivileged(["boundary", "diff", file, "--exclude", join(root, "secret")]);
		expect(excluded.code, excluded.stdout + excluded.stderr).toBe(0);
		expect(excluded.stdout).toContain(`${root}/secret  excluded`);
		chmodSync(join(root, "secret"), 0o700);
	});
});

describe("the Node walk records every part it could not read", () => {
	it("an I/O error, a directory that vanished, an entry it could not stat; an entry gone is just gone", async () => {
		const root = tempDir();
		write(root, { "a/io/x": "x", "a/gone/y": "y", "b/locked": "l", "b/raced": "r", "c.txt": "c" });
		const fs = failingFs({
			"/a/io": { call: "readdir", code: "EIO" },
			"/a/gone": { call: "readdir", code: "ENOENT" },
			"/b/locked": { call: "lstat", code: "EACCES" },
			"/b/raced": { call: "lstat", code: "ENOENT" },
		});
		const walked = await walkWithNode(root, 0, { fs });
		expect(walked.unreadable).toEqual({ "a/io": "EIO", "a/gone": "ENOENT", "b/locked": "EACCES" });
		const root2 = await walkWithNode(root, 0, { fs: failingFs({ [root]: { call: "lstat", code: "EIO" } }) });
		expect(root2.unreadable).toEqual({ "": "EIO" });
	});

	it("takes over when find exits non-zero, and the judgement fails on what it found", async () => {
		const root = tempDir();
		write(root, { "ok.txt": "o", "mount/file": "f" });
		const finds: string[][] = [];
		const findFails: Exec = (program, args, cwd, options) => {
			if (program !== "find") return exec(program, args, cwd, options);
			finds.push([...args]);
			return Promise.resolve({ code: 1, stdout: Buffer.alloc(0), stderr: "find: './mount': Input/output error\n" });
		};
		const options = { exec: findFails, fs: failingFs({ "/mount": { call: "readdir", code: "EIO" } }) };
		const before = await snapshotRoots([root], options);
		expect(finds.length).toBeGreaterThan(0);
		expect(before.roots[0]).toMatchObject({ walker: "node", unreadable: { mount: "EIO" } });
		const after = await snapshotRoots([root], { ...options, previous: before });
		const findings = boundaryFindings(before, after, { writeAllowed: [] });
		expect(findings.changes).toEqual([]);
		expect(findings.failures.map((c) => `${c.kind} ${c.path}: ${c.detail}`)).toEqual([
			`unreadable mount: could not check ${root}/mount: I/O error (EIO)`,
		]);
		expect(boundaryFindings(before, after, { writeAllowed: [], exclude: [join(root, "mount")] }).failures).toEqual([]);
	});

	it("walks again, one by one, only the roots of a batch whose find failed", async () => {
		const roots = [tempDir("r1"), tempDir("r2"), tempDir("r3")];
		for (const root of roots) write(root, { "f.txt": "f" });
		const calls: Array<{ args: string[]; cwd: string }> = [];
		// find fails wherever it looks at r2: in a batch naming it, or walking it alone.
		const failsOnR2: Exec = (program, args, cwd, options) => {
			if (program !== "find") return exec(program, args, cwd, options);
			calls.push({ args: [...args], cwd });
			if (args.includes(roots[1]!) || cwd === roots[1])
				return Promise.resolve({ code: 1, stdout: Buffer.alloc(0), stderr: "x" });
			return exec(program, args, cwd, options);
		};
		const snapshot = await snapshotRoots(roots, { exec: failsOnR2, findProcesses: 2 });
		expect(snapshot.roots.map((r) => [r.walker, pathsOf(r)])).toEqual([
			["find", ["", "f.txt"]],
			["node", ["", "f.txt"]],
			["find", ["", "f.txt"]],
		]);
		const batches = calls.filter((c) => c.cwd === "/");
		expect(batches.map((c) => roots.filter((r) => c.args.includes(r)).length)).toEqual([2, 1]);
		expect(calls.filter((c) => c.cwd === roots[0])).toHaveLength(1);
		expect(calls.filter((c) => c.cwd === roots[2])).toHaveLength(0);
	});
});

describe("a repository git cannot read", () => {
	it("is an unreadable part of the root, not a crash and not a silent plain-files view", async () => {
		const repo = gitRepo({ "a.txt": "a" });
		const gitFails: Exec = (program, args, cwd, options) =>
			program === "git" && args.includes("ls-files")
				? Promise.resolve({ code: 128, stdout: Buffer.alloc(0), stderr: "fatal: index file corrupt" })
				: exec(program, args, cwd, options);
		const snapshot = await snapshotRoots([repo], { exec: gitFails });
		expect(snapshot.roots[0]!.git).toEqual([]);
		expect(snapshot.roots[0]!.unreadable[".git"]).toMatch(/^git could not read the repository: .*index file corrupt/);
		expect(boundaryFindings(snapshot, snapshot, { writeAllowed: [] }).failures).toHaveLength(1);
	});
});

describe("boundaryFindings", () => {
	it("fails an unreadable part of a watched-only root, lists one of a writable root, and says when", () => {
		const before = snap(
			root("/w", [], { unreadable: { c: "EACCES" } }),
			root("/r", [], { unreadable: { a: "EACCES", b: "EIO" } }),
		);
		const after = snap(
			root("/w", [], { unreadable: { c: "EACCES" } }),
			root("/r", [], { unreadable: { a: "EACCES", n: "ENOENT" } }),
		);
		const findings = boundaryFindings(before, after, { writeAllowed: ["/w"] });
		expect(
			findings.unchecked.map((p) => p.kind === "unreadable" && `${p.root} ${p.path} ${p.when} ${p.fails}`),
		).toEqual(["/w c both false", "/r a both true", "/r b before true", "/r n after true"]);
		expect(findings.failures.map((c) => c.detail)).toEqual([
			"could not check /r/a: permission denied (EACCES)",
			"could not check /r/b: I/O error (EIO) (before the run)",
			"could not check /r/n: vanished during the walk (ENOENT) (after the run)",
		]);
		// The readability changes diffSnapshots reports are in `unchecked`, not counted again as changes.
		expect(findings.changes).toEqual([]);
	});

	it("fails a root that could not be looked at at all", () => {
		const denied = root("/gone", [], {
			status: "unreadable",
			realPath: null,
			tree: Buffer.alloc(0),
			unreadable: { "": "EACCES" },
		});
		const findings = boundaryFindings(snap(denied), snap(denied), { writeAllowed: [] });
		expect(findings.failures.map((c) => c.detail)).toEqual(["could not check /gone: permission denied (EACCES)"]);
	});

	it("leaves out changes under an exclusion, but keeps repository state such as the index", () => {
		const tree = (...paths: string[]) =>
			treeFromPairs([["", "d 755"], ...paths.map((p): [string, string] => [p, "d 755"])]);
		const index = (value: string) => ({
			repo: "",
			gitDir: "/r/.git",
			commonDir: "/r/.git",
			branch: null,
			commit: null,
			refs: {},
			stash: [],
			index: [["cache/x", value]] as Array<[string, string]>,
			config: {},
			files: {},
		});
		const before = snap(root("/r", [], { tree: tree("cache", "src"), git: [index("H 100644 aaa 0")] }));
		const after = snap(
			root("/r", [], { tree: tree("cache", "cache/new", "src", "src/new"), git: [index("H 100644 bbb 0")] }),
		);
		const findings = boundaryFindings(before, after, { writeAllowed: [], exclude: ["/r/cache", "/elsewhere/x"] });
		expect(findings.changes.map((c) => `${c.kind} ${c.path}`)).toEqual(["index cache/x", "added src/new"]);
		expect(findings.unchecked).toEqual([{ kind: "excluded", root: "/r", path: "cache", fails: false }]);
		expect(findings.violations).toHaveLength(2);
	});

	it("never counts an unreadable part under an exclusion, and an exclusion never fails", () => {
		const both = snap(root("/r", [], { excluded: ["mnt"], unreadable: { "mnt/deep": "EIO", other: "EIO" } }));
		const findings = boundaryFindings(both, both, { writeAllowed: [] });
		expect(findings.failures.map((c) => c.path)).toEqual(["other"]);
		expect(findings.unchecked.map((p) => `${p.kind} ${p.path}`)).toEqual(["excluded mnt", "unreadable other"]);
	});
});

describe("a root that cannot be resolved", () => {
	it("is missing only when it does not exist; a symlink loop is unreadable, and fails", async () => {
		const base = tempDir();
		mkdirSync(join(base, "r"));
		symlinkSync("loop-b", join(base, "loop-a"));
		symlinkSync("loop-a", join(base, "loop-b"));
		const roots = [join(base, "r"), join(base, "missing"), join(base, "loop-a")];
		const snapshot = await snapshotRoots(roots);
		expect(snapshot.roots.map((r) => r.status)).toEqual(["ok", "missing", "unreadable"]);
		expect(snapshot.roots[2]!.unreadable).toEqual({ "": "ELOOP" });
		const findings = boundaryFindings(snapshot, snapshot, { writeAllowed: [] });
		expect(findings.failures.map((c) => c.detail)).toEqual([`could not check ${roots[2]}: symlink loop (ELOOP)`]);
	});
});
