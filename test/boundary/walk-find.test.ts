/** The find walk: streamed parsing and the walk split between processes lose and invent nothing. */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import { type Exec, exec } from "../../src/boundary/exec.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { indexTree, pairsOfTree, pathName, readWalkMarks } from "../../src/boundary/tree.ts";
import { walkManyWithFind, walkOneWithFind } from "../../src/boundary/walk-find.ts";
import { walkWithNode } from "../../src/boundary/walk-node.ts";
import { ownedPrefix, processStartTime } from "../../src/leftovers.ts";
import { pathsOf, tempDir, write } from "./helpers.ts";

const sorted = (entries: Array<[string, string]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const walkWithFind = async (root: string, cutoffMs: number, processes: number) => {
	const walked = await walkOneWithFind(root, cutoffMs, processes, { exec });
	return walked === null ? null : { ...walked, entries: pairsOfTree(walked.tree) };
};

describe("the split walk", () => {
	it("lists exactly what one find process and the Node walk list", async () => {
		const root = tempDir();
		write(root, {
			"top.txt": "t",
			"a/one.txt": "1",
			"a/b/c/deep.txt": "d",
			"a/b/c/d/deeper.txt": "d",
			"node_modules/pkg/lib/index.js": "i",
			"node_modules/pkg/package.json": "{}",
			"node_modules/other/x.js": "x",
			"vendor/.git/HEAD": "ref: refs/heads/main\n",
			"vendor/src/.git/HEAD": "ref: refs/heads/main\n",
			"sp ace/new\nline/inner.txt": "n",
			"-dash/-dir/f": "f",
		});
		mkdirSync(join(root, "a/empty-level2"));
		symlinkSync("../a", join(root, "node_modules/link-to-a"));
		const invalid = Buffer.concat([Buffer.from(`${root}/a/`), Buffer.from([0xfe]), Buffer.from("dir")]);
		mkdirSync(invalid);
		writeFileSync(Buffer.concat([invalid, Buffer.from("/in.txt")]), "x");
		const cutoff = Date.now() + 60_000;
		const split = await walkWithFind(root, cutoff, 3);
		const single = await walkWithFind(root, cutoff, 1);
		const node = pairsOfTree((await walkWithNode(root, cutoff)).tree);
		const [batched] = await walkManyWithFind([root], cutoff, 2, { exec, exclude: [] });
		expect(split).not.toBeNull();
		expect(sorted(split!.entries)).toEqual(sorted(single!.entries));
		expect(sorted(split!.entries)).toEqual(sorted(node));
		expect(sorted(pairsOfTree(batched!.tree))).toEqual(sorted(node));
		const paths = split!.entries.map(([p]) => p);
		expect(paths).toContain("a/\u0000fedir/in.txt");
		expect(paths).toContain("-dash/-dir/f");
		expect(paths).toContain("vendor/src/.git");
		expect(paths.filter((p) => p.includes(".git/"))).toEqual([]);
	});

	it("lists an unchanged tree in the same order twice, so the diff reads both in step", async () => {
		const root = tempDir();
		const files: Record<string, string> = {};
		for (let i = 0; i < 30; i++) files[`d${i % 3}/p${i}/f${i}.js`] = String(i);
		write(root, files);
		const first = await walkWithFind(root, 0, 2);
		const second = await walkWithFind(root, 0, 2);
		expect(second!.entries).toEqual(first!.entries);
	});

	it("marks files touched after the cutoff as racy, in every process", async () => {
		const root = tempDir();
		write(root, { "a.txt": "a", "x/y/z/deep.txt": "d" });
		const walked = await walkWithFind(root, Date.now() - 60_000, 2);
		const tree = indexTree(walked!.tree)!;
		const { racy } = readWalkMarks(tree);
		expect(racy.map((i) => pathName(tree, i)).sort()).toEqual(["a.txt", "x/y/z/deep.txt"]);
		expect(pairsOfTree(walked!.tree).every(([, text]) => !text.startsWith("F"))).toBe(true);
	});
});

describe("falling back", () => {
	/** Puts a `find` first on PATH that logs its arguments, then behaves as `behaviour` says. */
	async function withFakeFind<T>(behaviour: "log" | "no-files0-from" | "bsd", run: () => Promise<T>) {
		const bin = tempDir("bin");
		const log = join(bin, "calls.log");
		const real = execFileSync("sh", ["-c", "command -v find"], { encoding: "utf8" }).trim();
		const script = {
			log: `echo "$*" >> '${log}'; exec ${real} "$@"`,
			"no-files0-from": `echo "$*" >> '${log}'; case "$*" in *-files0-from*) echo "find: unknown predicate" >&2; exit 1;; esac; exec ${real} "$@"`,
			bsd: `echo "$*" >> '${log}'; echo "find: -printf: unknown primary or operator" >&2; exit 1`,
		}[behaviour];
		writeFileSync(join(bin, "find"), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
		const saved = process.env.PATH;
		process.env.PATH = `${bin}:${saved}`;
		try {
			const result = await run();
			const calls = readFileSync(log, "utf8").trim().split("\n");
			return { result, calls };
		} finally {
			process.env.PATH = saved;
		}
	}

	const tree = () => {
		const root = tempDir();
		write(root, { "a/b/c.txt": "c", "x/y/z.txt": "z", "top.txt": "t" });
		return root;
	};
	/** Every path of that tree, the root itself as "", sorted: what each walker must find. */
	const TREE_PATHS = ["", "a", "a/b", "a/b/c.txt", "top.txt", "x", "x/y", "x/y/z.txt"];

	it("splits a tree with second-level directories between processes", async () => {
		const root = tree();
		const { result, calls } = await withFakeFind("log", () => walkWithFind(root, 0, 2));
		expect(calls.length).toBeGreaterThanOrEqual(1);
		expect(calls.every((c) => c.includes("-files0-from"))).toBe(true);
		expect(result!.entries.map(([p]) => p).sort()).toEqual(TREE_PATHS);
	});

	it("walks with one find when the split is not supported (findutils before 4.9)", async () => {
		const root = tree();
		const { result, calls } = await withFakeFind("no-files0-from", () => walkWithFind(root, 0, 2));
		expect(calls.at(-1)).not.toContain("-files0-from");
		expect(result!.entries.map(([p]) => p).sort()).toEqual(TREE_PATHS);
	});

	it("uses the Node walk when find has no -printf (BSD, macOS)", async () => {
		const root = tree();
		const { result } = await withFakeFind("bsd", () => snapshotRoots([root]));
		expect(result.roots[0]!.walker).toBe("node");
		expect(pathsOf(result.roots[0]).sort()).toEqual(TREE_PATHS);
	});
});

describe("find's output through a file", () => {
	const tree = (files: Record<string, string>) => {
		const root = tempDir();
		const all: Record<string, string> = { ...files };
		for (let i = 0; i < 40; i++) all[`node_modules/p${i % 8}/f${i}.js`] = String(i);
		write(root, all);
		return root;
	};
	const scratchDirs = (tmp: string) => readdirSync(tmp).filter((n) => n.startsWith("pi-delegate-walk-"));
	const withTmp = async <T>(tmp: string, body: () => Promise<T>): Promise<T> => {
		const old = process.env.TMPDIR;
		process.env.TMPDIR = tmp;
		try {
			return await body();
		} finally {
			if (old === undefined) delete process.env.TMPDIR;
			else process.env.TMPDIR = old;
		}
	};

	it("lists what the pipe lists, split, single and batched, and leaves nothing in the temporary directory", async () => {
		const root = tree({ "a/b.txt": "b", "c.txt": "c" });
		const other = tree({ "x.txt": "x" });
		const tmp = tempDir("tmp-");
		const outputs: string[] = [];
		const recording: Exec = (program, args, cwd, options) => {
			if (program === "find") outputs.push(typeof options?.stdoutTo === "number" ? "file" : "pipe");
			return exec(program, args, cwd, options);
		};
		for (const roots of [[root], [root, other]]) {
			for (const findProcesses of [1, 2]) {
				const options = { walker: "find", findProcesses } as const;
				const viaFile = await withTmp(tmp, () => snapshotRoots(roots, { ...options, exec: recording }));
				const viaPipe = await snapshotRoots(roots, { ...options, findOutput: "pipe" });
				expect(viaFile.roots.map((r) => r.tree)).toEqual(viaPipe.roots.map((r) => r.tree));
			}
		}
		expect(outputs.length).toBeGreaterThanOrEqual(5);
		expect(new Set(outputs)).toEqual(new Set(["file"]));
		expect(readdirSync(tmp)).toEqual([]);
	});

	it("is not used when the temporary directory lies inside a root: the check writes nothing it watches", async () => {
		const root = tree({ "a.txt": "a" });
		const tmp = join(root, "tmp");
		mkdirSync(tmp);
		const made: string[] = [];
		const watching: Exec = (program, args, cwd, options) => {
			if (program === "find") made.push(...scratchDirs(tmp), ...(options?.stdoutTo === undefined ? [] : ["a file"]));
			return exec(program, args, cwd, options);
		};
		const before = await withTmp(tmp, () =>
			snapshotRoots([root], { exec: watching, walker: "find", findProcesses: 2 }),
		);
		const after = await withTmp(tmp, () => snapshotRoots([root], { walker: "find", previous: before }));
		expect(made).toEqual([]);
		expect(diffSnapshots(before, after)).toEqual([]);
		expect(pathsOf(after.roots[0]!)).not.toContain("tmp/find");
	});

	it("removes what the snapshot of a killed process left, and nothing of a live one or not its own", async () => {
		const root = tree({ "a.txt": "a" });
		const tmp = tempDir("tmp-");
		const make = (name: string) => {
			mkdirSync(join(tmp, name));
			write(join(tmp, name), { "find-0": "x" });
		};
		// A process that has exited (its id is free), and one whose id now belongs to another process.
		const gone = spawnSync(process.execPath, ["-e", "0"]).pid;
		make(`pi-delegate-walk-${gone}.123-left`);
		const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
		make(`pi-delegate-walk-${other.pid}.1-reused`);
		const alive = `pi-delegate-walk-${other.pid}.${processStartTime(other.pid!)}-alive`;
		make(alive);
		make(`pi-delegate-walk-${ownedPrefix("").slice(0, -1)}-running`);
		make("pi-delegate-walk-Xy3q9Z");
		make(`pi-delegate-selftest-${gone}.123-not-the-walks`);
		writeFileSync(join(tmp, "someone-elses"), "x");
		try {
			await withTmp(tmp, () => snapshotRoots([root], { walker: "find" }));
		} finally {
			other.kill();
		}
		expect(readdirSync(tmp).sort()).toEqual(
			[
				alive,
				`pi-delegate-walk-${ownedPrefix("").slice(0, -1)}-running`,
				"pi-delegate-walk-Xy3q9Z",
				`pi-delegate-selftest-${gone}.123-not-the-walks`,
				"someone-elses",
			].sort(),
		);
	});

	it("falls back to the pipe when the temporary directory cannot be used", async () => {
		const root = tree({ "a.txt": "a" });
		const missing = join(tempDir(), "gone");
		const viaNothing = await withTmp(missing, () => snapshotRoots([root], { walker: "find" }));
		const viaPipe = await snapshotRoots([root], { walker: "find", findOutput: "pipe" });
		expect(viaNothing.roots[0]!.tree).toEqual(viaPipe.roots[0]!.tree);
		expect(viaNothing.roots[0]!.walker).toBe("find");
	});
});
