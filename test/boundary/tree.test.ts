/**
 * Working-tree changes in plain (non-git) roots, through both walks: every kind of change is seen,
 * and nothing that did not change is reported.
 */
import { execFileSync } from "node:child_process";
import {
	chmodSync,
	mkdirSync,
	readFileSync,
	renameSync,
	rmdirSync,
	rmSync,
	statSync,
	symlinkSync,
	unlinkSync,
	utimesSync,
	writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseEntry } from "../../src/boundary/entry.ts";
import { MAX_RACY_HASHES } from "../../src/boundary/hash.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { deltaOf, entriesOf, NOTHING_RACY, pathsOf, summary, tempDir, write } from "./helpers.ts";

const OLD = 1_600_000_000;

describe.each(["find", "node"] as const)("plain roots, %s walk", (walker) => {
	const opts = { walker };
	const quiet = { ...NOTHING_RACY, walker };

	it("reports an added, a modified and a deleted file", async () => {
		const root = tempDir();
		write(root, { "keep.txt": "a", "edit.txt": "one", "gone.txt": "x" });
		const { changes } = await deltaOf(
			[root],
			() => {
				write(root, { "new.txt": "n", "edit.txt": "one more" });
				unlinkSync(join(root, "gone.txt"));
			},
			opts,
		);
		expect(summary(changes)).toEqual(["modified edit.txt", "deleted gone.txt", "added new.txt"]);
		expect(changes[0]!.detail).toContain("size 3 → 8");
		expect(changes.every((c) => c.root === root)).toBe(true);
	});

	it("reports nothing when nothing changed, and each root separately", async () => {
		const a = tempDir();
		const b = tempDir();
		write(a, { "x/y.txt": "1" });
		write(b, { "z.txt": "2" });
		const { changes } = await deltaOf([a, b], () => {}, opts);
		expect(changes).toEqual([]);
		const second = await deltaOf([a, b], () => write(b, { "z.txt": "22" }), opts);
		expect(second.changes.map((c) => [c.root, c.path])).toEqual([[b, "z.txt"]]);
	});

	it("catches a same-size rewrite with the mtime put back, from the ctime alone", async () => {
		const root = tempDir();
		write(root, { "f.txt": "abc" });
		utimesSync(join(root, "f.txt"), OLD, OLD);
		const { changes, before } = await deltaOf(
			[root],
			() => {
				writeFileSync(join(root, "f.txt"), "xyz");
				utimesSync(join(root, "f.txt"), OLD, OLD);
			},
			quiet,
		);
		// Nothing was hashed: only metadata could tell.
		expect(entriesOf(before.roots[0]).find(([p]) => p === "f.txt")![1]).not.toContain("sha256:");
		expect(summary(changes)).toEqual(["modified f.txt"]);
		expect(changes[0]!.detail).toContain("ctime changed");
	});

	it("hashes a recently written file, so a rewrite within the same clock tick is still caught", async () => {
		const root = tempDir();
		write(root, { "fresh.txt": "abc", "old.txt": "def" });
		utimesSync(join(root, "old.txt"), OLD, OLD);
		// old.txt's ctime is recent too (utimes sets it): put the cutoff between it and a later write.
		await new Promise((resolve) => setTimeout(resolve, 50));
		writeFileSync(join(root, "fresh.txt"), "ABC");
		const cutoffAfterWrites = statSync(join(root, "old.txt")).ctimeMs + 25;
		const { before, changes } = await deltaOf(
			[root],
			() => {
				writeFileSync(join(root, "fresh.txt"), "xyz");
				utimesSync(join(root, "fresh.txt"), OLD, OLD);
			},
			{ walker, now: () => cutoffAfterWrites, racyWindowMs: 0 },
		);
		const text = (path: string) => entriesOf(before.roots[0]).find(([p]) => p === path)![1];
		expect(parseEntry(text("fresh.txt")).hash).toMatch(/^[0-9a-f]{64}$/);
		expect(parseEntry(text("old.txt")).hash).toBeUndefined();
		expect(summary(changes)).toEqual(["modified fresh.txt"]);
		expect(changes[0]!.detail).toContain("content changed");
	});

	it("waits out the window instead of hashing when very many files were just touched, and still sees a rewrite", async () => {
		const root = tempDir();
		const files: Record<string, string> = {};
		for (let i = 0; i <= MAX_RACY_HASHES; i++) files[`d${i % 10}/f${i}.txt`] = "abc";
		write(root, files);
		const { before, changes } = await deltaOf(
			[root],
			() => {
				writeFileSync(join(root, "d3/f3.txt"), "xyz");
				utimesSync(join(root, "d3/f3.txt"), OLD, OLD);
			},
			// Every file counts as just touched (cutoff 10 s back); the wait is kept short (300 ms).
			{ walker, now: () => Date.now() - 10_000, racyWindowMs: 300 },
		);
		expect(entriesOf(before.roots[0]).filter(([, text]) => text.includes("sha256:"))).toEqual([]);
		expect(summary(changes)).toEqual(["modified d3/f3.txt"]);
	});

	it("does not hash the files it finds freshly written when taken for comparison", async () => {
		const root = tempDir();
		write(root, { "old.txt": "o" });
		const { after } = await deltaOf([root], () => write(root, { "new.txt": "n" }), quiet);
		expect(entriesOf(after.roots[0]).filter(([, text]) => text.includes("sha256:"))).toEqual([]);
	});

	it("reports a chmod as a mode change", async () => {
		const root = tempDir();
		write(root, { "run.sh": "#!/bin/sh\n" });
		chmodSync(join(root, "run.sh"), 0o644);
		const { changes } = await deltaOf([root], () => chmodSync(join(root, "run.sh"), 0o755), quiet);
		expect(changes.map((c) => `${c.kind} ${c.path} ${c.detail}`)).toEqual(["mode run.sh mode 644 → 755"]);
	});

	it("reports a file replaced by a directory, and the directory's new contents", async () => {
		const root = tempDir();
		write(root, { thing: "file" });
		const { changes } = await deltaOf(
			[root],
			() => {
				unlinkSync(join(root, "thing"));
				write(root, { "thing/inner.txt": "i" });
			},
			opts,
		);
		expect(summary(changes)).toEqual(["type thing", "added thing/inner.txt"]);
		expect(changes[0]!.detail).toBe("file, 4 bytes → directory");
	});

	it("reports a file replaced by a symlink, and a symlink pointed elsewhere", async () => {
		const root = tempDir();
		write(root, { target1: "1", target2: "2", swap: "s" });
		symlinkSync("target1", join(root, "link"));
		const { changes } = await deltaOf(
			[root],
			() => {
				unlinkSync(join(root, "swap"));
				symlinkSync("target2", join(root, "swap"));
				unlinkSync(join(root, "link"));
				symlinkSync("target2", join(root, "link"));
			},
			opts,
		);
		expect(changes.map((c) => `${c.kind} ${c.path}: ${c.detail}`)).toEqual([
			"link link: target target1 → target2",
			"type swap: file, 1 bytes → symlink → target2",
		]);
	});

	it("records a symlink leading out of the root without following it", async () => {
		const root = tempDir();
		const outside = tempDir("outside");
		write(outside, { "secret.txt": "s" });
		symlinkSync(outside, join(root, "out"));
		const { changes, before } = await deltaOf(
			[root],
			() => write(outside, { "secret.txt": "changed", "more.txt": "m" }),
			opts,
		);
		expect(entriesOf(before.roots[0])).toEqual([
			["", expect.stringMatching(/^d 700 /)],
			["out", `l ${outside}`],
		]);
		expect(changes).toEqual([]);
	});

	it("handles names with spaces, newlines, tabs, non-ASCII and invalid UTF-8", async () => {
		const root = tempDir();
		const names = ["with space.txt", "new\nline.txt", "tab\there", "ünïcødé 日本.txt", "__proto__", "constructor"];
		write(root, Object.fromEntries(names.map((n) => [n, "x"])));
		const invalid = Buffer.concat([
			Buffer.from(root),
			Buffer.from("/bad-"),
			Buffer.from([0xff, 0xfe]),
			Buffer.from(".txt"),
		]);
		writeFileSync(invalid, "x");
		const { before, changes } = await deltaOf(
			[root],
			() => {
				for (const n of names) writeFileSync(join(root, n), "changed");
				writeFileSync(invalid, "changed!");
				write(root, { "added\nnew ü": "a" });
			},
			opts,
		);
		const paths = pathsOf(before.roots[0])
			.filter((p) => p !== "")
			.sort();
		expect(paths).toEqual([...names, "bad-\u0000ff\u0000fe.txt"].sort());
		expect(summary(changes).sort()).toEqual(
			[...names.map((n) => `modified ${n}`), "modified bad-\u0000ff\u0000fe.txt", "added added\nnew ü"].sort(),
		);
	});

	it("reports empty directories added and removed, not the parent's mtime", async () => {
		const root = tempDir();
		mkdirSync(join(root, "empty-old"));
		mkdirSync(join(root, "parent"));
		const { changes } = await deltaOf(
			[root],
			() => {
				rmdirSync(join(root, "empty-old"));
				mkdirSync(join(root, "parent/empty-new"));
			},
			opts,
		);
		expect(summary(changes)).toEqual(["deleted empty-old", "added parent/empty-new"]);
	});

	it("does not report a temporary file that was created and removed again", async () => {
		const root = tempDir();
		write(root, { "dir/keep": "k" });
		const { changes } = await deltaOf(
			[root],
			() => {
				write(root, { "dir/tmp.lock": "l" });
				rmSync(join(root, "dir/tmp.lock"));
			},
			opts,
		);
		expect(changes).toEqual([]);
	});

	it("reports a chmod of the root directory itself", async () => {
		const root = tempDir();
		const { changes } = await deltaOf([root], () => chmodSync(root, 0o777), opts);
		expect(changes.map((c) => `${c.kind} ${c.path} ${c.detail}`)).toEqual(["mode . mode 700 → 777"]);
	});

	it("reports a rename as a deletion and an addition", async () => {
		const root = tempDir();
		write(root, { "a.txt": "a" });
		const { changes } = await deltaOf([root], () => renameSync(join(root, "a.txt"), join(root, "b.txt")), opts);
		expect(summary(changes)).toEqual(["deleted a.txt", "added b.txt"]);
	});

	it("sees a directory moved over another whose file matches in size and every timestamp: another inode", async () => {
		const root = tempDir();
		const a = join(root, "x/sub/f.txt");
		const b = join(root, "y/sub/f.txt");
		// A rename changes only the moved directory's own ctime, so a file that came with it keeps its
		// times. Two files set in one clock tick match in all of them (a checkout writes many so).
		const ctime = (path: string) => statSync(path, { bigint: true }).ctimeNs;
		for (let tries = 0; tries < 100 && (tries === 0 || ctime(a) !== ctime(b)); tries++) {
			write(root, { "x/sub/f.txt": "aaa", "y/sub/f.txt": "bbb" });
			utimesSync(a, OLD, OLD);
			utimesSync(b, OLD, OLD);
		}
		expect(ctime(a)).toBe(ctime(b));
		const { changes } = await deltaOf(
			[root],
			() => {
				rmSync(join(root, "y/sub"), { recursive: true });
				renameSync(join(root, "x/sub"), join(root, "y/sub"));
			},
			quiet,
		);
		expect(summary(changes)).toEqual(["deleted x/sub", "deleted x/sub/f.txt", "modified y/sub/f.txt"]);
		expect(changes.find((c) => c.path === "y/sub/f.txt")?.detail).toContain("a new inode");
	});

	it("records a FIFO by type and mode and never reads it", async () => {
		const root = tempDir();
		execFileSync("mkfifo", [join(root, "pipe")]);
		const snapshot = await snapshotRoots([root], opts);
		expect(entriesOf(snapshot.roots[0])).toEqual([
			["", expect.stringMatching(/^d 700 /)],
			["pipe", expect.stringMatching(/^p 644 \d+ \d+$/)],
		]);
	});

	it("leaves every file under the root untouched", async () => {
		const root = tempDir();
		write(root, { "a.txt": "a" });
		const beforeStat = statSync(join(root, "a.txt"));
		await snapshotRoots([root], opts);
		const afterStat = statSync(join(root, "a.txt"));
		expect(afterStat.mtimeMs).toBe(beforeStat.mtimeMs);
		expect(afterStat.ctimeMs).toBe(beforeStat.ctimeMs);
		expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("a");
	});
});

describe("a root given through a symlink", () => {
	it("is walked at its real path, named as given, and reports a retarget of the link", async () => {
		const real1 = tempDir("real1");
		const real2 = tempDir("real2");
		write(real1, { "a.txt": "a" });
		write(real2, { "a.txt": "a" });
		const holder = tempDir("holder");
		const link = join(holder, "root");
		symlinkSync(real1, link);
		const snapshot = await snapshotRoots([link]);
		expect(snapshot.roots[0]).toMatchObject({ root: link, realPath: real1 });
		expect(pathsOf(snapshot.roots[0])).toContain("a.txt");
		const { changes } = await deltaOf([link], () => {
			unlinkSync(link);
			symlinkSync(real2, link);
		});
		expect(changes.map((c) => `${c.kind} ${c.detail}`)).toContain(`root root now resolves to ${real2}`);
	});

	it("records a missing root by status, and reports it gone", async () => {
		const holder = tempDir("holder");
		const root = join(holder, "r");
		mkdirSync(root);
		const { changes, after } = await deltaOf([root], () => rmdirSync(root));
		expect(after.roots[0]).toMatchObject({ status: "missing", realPath: null });
		expect(pathsOf(after.roots[0])).toEqual([]);
		expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual(["root "]);
	});
});

describe("the two walks", () => {
	it("produce the same entries for the same tree", async () => {
		const root = tempDir();
		write(root, { "a/b/c.txt": "c", "a/d.txt": "dd", "sp ace/ü.txt": "u", "nl\nx": "n" });
		symlinkSync("a/d.txt", join(root, "ln"));
		chmodSync(join(root, "a/d.txt"), 0o600);
		const byFind = await snapshotRoots([root], { ...NOTHING_RACY, walker: "find" });
		const byNode = await snapshotRoots([root], { ...NOTHING_RACY, walker: "node" });
		const sorted = (s: typeof byFind) => [...entriesOf(s.roots[0])].sort(([a], [b]) => (a < b ? -1 : 1));
		expect(byFind.roots[0]!.walker).toBe("find");
		expect(byNode.roots[0]!.walker).toBe("node");
		expect(sorted(byFind)).toEqual(sorted(byNode));
	});
});
