/** The find walk: streamed parsing and the walk split between processes lose and invent nothing. */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exec } from "../../src/boundary/exec.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { indexTree, pairsOfTree, pathName, readWalkMarks } from "../../src/boundary/tree.ts";
import { walkManyWithFind, walkOneWithFind } from "../../src/boundary/walk-find.ts";
import { walkWithNode } from "../../src/boundary/walk-node.ts";
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

	it("splits a tree with second-level directories between processes", async () => {
		const root = tree();
		const { result, calls } = await withFakeFind("log", () => walkWithFind(root, 0, 2));
		expect(calls.length).toBeGreaterThanOrEqual(1);
		expect(calls.every((c) => c.includes("-files0-from"))).toBe(true);
		expect(result!.entries.map(([p]) => p).sort()).toEqual([
			"",
			"a",
			"a/b",
			"a/b/c.txt",
			"top.txt",
			"x",
			"x/y",
			"x/y/z.txt",
		]);
	});

	it("walks with one find when the split is not supported (findutils before 4.9)", async () => {
		const root = tree();
		const { result, calls } = await withFakeFind("no-files0-from", () => walkWithFind(root, 0, 2));
		expect(calls.at(-1)).not.toContain("-files0-from");
		expect(result!.entries.map(([p]) => p).sort()).toEqual([
			"",
			"a",
			"a/b",
			"a/b/c.txt",
			"top.txt",
			"x",
			"x/y",
			"x/y/z.txt",
		]);
	});

	it("uses the Node walk when find has no -printf (BSD, macOS)", async () => {
		const root = tree();
		const { result } = await withFakeFind("bsd", () => snapshotRoots([root]));
		expect(result.roots[0]!.walker).toBe("node");
		expect(pathsOf(result.roots[0]).sort()).toEqual(["", "a", "a/b", "a/b/c.txt", "top.txt", "x", "x/y", "x/y/z.txt"]);
	});
});
