/** `pi-delegate boundary snapshot|diff`: output, verdicts and exit codes, run in-process. */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gitRepo, tempDir, write } from "../boundary/helpers.ts";
import { runCli } from "../support/cli.ts";
import { flat } from "../support/text.ts";

/** Two roots and a snapshot of them in a third directory. */
async function setup() {
	const a = tempDir("a");
	const b = gitRepo({ ".gitignore": "__pycache__/\n", "mod.py": "x = 1\n" }, "b");
	write(a, { "README.md": "teh\n" });
	const out = tempDir("out");
	const file = join(out, "before.json");
	const result = await runCli(["boundary", "snapshot", a, b, "-o", file]);
	expect(result.code).toBe(0);
	return { a, b, out, file };
}

describe("boundary snapshot", () => {
	it("writes a versioned JSON snapshot to stdout", async () => {
		const root = tempDir();
		write(root, { "x.txt": "x" });
		const result = await runCli(["boundary", "snapshot", "."], { cwd: root });
		expect(result.code).toBe(0);
		const snapshot = JSON.parse(result.stdout);
		expect(snapshot.version).toBe(3);
		expect(snapshot.roots[0].root).toBe(root);
		expect(snapshot.roots[0].entries.map(([p]: [string]) => p)).toEqual(["", "x.txt"]);
	});

	it("writes to -o and says so on stderr", async () => {
		const { file } = await setup();
		expect(JSON.parse(readFileSync(file, "utf8")).roots).toHaveLength(2);
	});

	it("exits 2 naming every missing or non-directory root, writing nothing", async () => {
		const root = tempDir();
		write(root, { "file.txt": "f" });
		const result = await runCli([
			"boundary",
			"snapshot",
			join(root, "nope"),
			join(root, "file.txt"),
			root,
			"-o",
			join(root, "s.json"),
		]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("root[0]: does not exist");
		expect(result.stderr).toContain("root[1]: is not a directory");
		expect(result.stdout).toBe("");
		expect(() => readFileSync(join(root, "s.json"))).toThrow();
	});

	it("exits 2 with usage when no root is given or the subcommand is unknown", async () => {
		expect((await runCli(["boundary", "snapshot"])).code).toBe(2);
		const unknown = await runCli(["boundary", "frob"]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain('unknown subcommand "frob"');
		expect((await runCli(["boundary", "diff", "x.json", "--bogus"])).code).toBe(2);
	});
});

describe("boundary diff", () => {
	it("exits 0 with no change", async () => {
		const { file } = await setup();
		const result = await runCli(["boundary", "diff", file]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain("No change in any root.");
	});

	it("exits 1 and marks the violation; the change in the writable root is allowed (T4)", async () => {
		const { a, b, file } = await setup();
		writeFileSync(join(a, "README.md"), "the\n");
		execFileSync("python3", ["-m", "py_compile", join(b, "mod.py")]);
		const result = await runCli(["boundary", "diff", file, "--write-allowed", a]);
		expect(result.code).toBe(1);
		const rows = result.stdout.split("\n");
		expect(rows.find((r) => r.includes("README.md"))).toMatch(/^ {3}/);
		expect(rows.filter((r) => r.startsWith("✗")).map((r) => r.split(/\s{2,}/)[2])).toEqual(["added", "added"]);
		expect(result.stdout).toContain("1 allowed, 2 violation(s)");
		expect(result.stdout).toContain(`✗ ${b}: 2 change(s)`);
	});

	it("without --write-allowed every change is a violation", async () => {
		const { a, file } = await setup();
		writeFileSync(join(a, "README.md"), "the\n");
		const result = await runCli(["boundary", "diff", file]);
		expect(result.code).toBe(1);
		expect(result.stdout).toContain("writable:     (none)");
	});

	it("matches --write-allowed by real path: relative, trailing slash, through a symlink", async () => {
		const { a, out, file } = await setup();
		writeFileSync(join(a, "README.md"), "the\n");
		symlinkSync(a, join(out, "alias"));
		for (const given of [`${a}/`, join(out, "alias"), "alias"]) {
			const result = await runCli(["boundary", "diff", file, "--write-allowed", given], { cwd: out });
			expect(result.code).toBe(0);
		}
	});

	it("exits 2 when --write-allowed names no root of the snapshot", async () => {
		const { file, out } = await setup();
		const result = await runCli(["boundary", "diff", file, "--write-allowed", out]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("--write-allowed[0]: is not one of the snapshot's roots");
	});

	it("compares with --after instead of taking a new snapshot", async () => {
		const { a, b, out, file } = await setup();
		writeFileSync(join(a, "README.md"), "the\n");
		const after = join(out, "after.json");
		expect((await runCli(["boundary", "snapshot", a, b, "-o", after])).code).toBe(0);
		writeFileSync(join(b, "later.txt"), "made after the second snapshot");
		const result = await runCli(["boundary", "diff", file, "--after", after, "--write-allowed", a]);
		expect(result.code).toBe(0);
		expect(result.stdout).not.toContain("later.txt");
	});

	it("prints every change with its verdict as JSON", async () => {
		const { a, b, file } = await setup();
		writeFileSync(join(a, "README.md"), "the\n");
		writeFileSync(join(b, "new\nname.txt"), "n");
		const result = await runCli(["boundary", "diff", file, "--write-allowed", a, "--json"]);
		expect(result.code).toBe(1);
		const report = JSON.parse(result.stdout);
		expect(report.changes.map((c: { path: string; violation: boolean }) => [c.path, c.violation])).toEqual([
			["README.md", false],
			["new\nname.txt", true],
		]);
		expect(report).toMatchObject({ violations: 1, allowed: 1, writeAllowed: [a] });
	});

	it("keeps table rows on one line for names with newlines, and caps rows with --max-rows", async () => {
		const { b, file } = await setup();
		for (let i = 0; i < 5; i++) writeFileSync(join(b, `n${i}\nx`), "n");
		const result = await runCli(["boundary", "diff", file, "--max-rows", "2"]);
		expect(result.stdout).toContain("n0\\nx");
		expect(result.stdout).toContain("… and 3 more change(s)");
		expect((await runCli(["boundary", "diff", file, "--max-rows", "-1"])).code).toBe(2);
	});

	it("exits 2 for an unreadable, non-JSON or wrong-version snapshot", async () => {
		const dir = tempDir();
		writeFileSync(join(dir, "bad.json"), "not json");
		writeFileSync(join(dir, "v9.json"), JSON.stringify({ version: 9 }));
		for (const name of ["missing.json", "bad.json", "v9.json"]) {
			const result = await runCli(["boundary", "diff", join(dir, name)]);
			expect(result.code).toBe(2);
			expect(result.stderr).toContain("cannot read the snapshots");
		}
	});
});

/** One line of stderr per problem block: the path, the value and the fix, never a stack trace. */
function expectClean(result: { code: number; stderr: string }, code: number, ...parts: string[]) {
	expect(result.code).toBe(code);
	for (const part of parts) expect(flat(result.stderr)).toContain(flat(part));
	expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
	expect(result.stderr).not.toContain("internal error");
}

describe("boundary snapshot -o", () => {
	it("writes the compact form unless the name ends in .json, and diff reads both", async () => {
		const root = tempDir();
		write(root, { "x.txt": "x" });
		const out = tempDir("out");
		const compact = join(out, "before.snapshot.gz");
		const result = await runCli(["boundary", "snapshot", root, "-o", compact]);
		expect(result.code).toBe(0);
		expect(readFileSync(compact).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
		expect(result.stderr).toMatch(/1 root\(s\), 1 entries, written to .*before\.snapshot\.gz \(\d+ bytes\)/);
		writeFileSync(join(root, "x.txt"), "xy");
		const diff = await runCli(["boundary", "diff", compact]);
		expect(diff.code).toBe(1);
		expect(diff.stdout).toContain("x.txt");
		expect(readdirSync(out)).toEqual(["before.snapshot.gz"]);
	});

	it("into a missing directory: one clear problem, exit 2, nothing written", async () => {
		const root = tempDir();
		const out = tempDir("out");
		const target = join(out, "no", "such", "s.gz");
		const result = await runCli(["boundary", "snapshot", root, "-o", target]);
		expectClean(result, 2, "-o: cannot be written: its directory", "does not exist (ENOENT)", "mkdir -p");
		expect(readdirSync(out)).toEqual([]);
	});

	it("onto a directory: one clear problem, exit 2, nothing written", async () => {
		const root = tempDir();
		const out = tempDir("out");
		const result = await runCli(["boundary", "snapshot", root, "-o", out]);
		expectClean(
			result,
			2,
			"-o: is a directory (EISDIR)",
			`name a file inside it, e.g. -o ${join(out, "before.snapshot.gz")}`,
		);
		expect(readdirSync(out)).toEqual([]);
	});

	it("through a path whose directory is a file: exit 2", async () => {
		const root = tempDir();
		write(root, { "f.txt": "f" });
		const result = await runCli(["boundary", "snapshot", root, "-o", join(root, "f.txt", "s.gz")]);
		expectClean(result, 2, "cannot be written");
	});

	it("checks --exclude: it must exist inside a root; it is then left out and kept by diff", async () => {
		const root = tempDir();
		write(root, { "keep.txt": "k", "cache/a.bin": "a" });
		const other = tempDir("other");
		const bad = await runCli(["boundary", "snapshot", root, "--exclude", other, "--exclude", join(root, "nope")]);
		expectClean(bad, 2, "--exclude[0]: is not inside any root", "--exclude[1]: cannot be used: does not exist");
		const file = join(tempDir("out"), "s.json");
		expect((await runCli(["boundary", "snapshot", root, "--exclude", join(root, "cache"), "-o", file])).code).toBe(0);
		const snapshot = JSON.parse(readFileSync(file, "utf8"));
		expect(snapshot.roots[0].excluded).toEqual(["cache"]);
		expect(snapshot.roots[0].entries.map(([p]: [string]) => p)).toEqual(["", "keep.txt"]);
		writeFileSync(join(root, "cache", "a.bin"), "changed");
		const diff = await runCli(["boundary", "diff", file]);
		expect(diff.code).toBe(0);
		expect(diff.stdout).toContain("Not checked:");
		expect(diff.stdout).toContain(`${root}/cache  excluded`);
	});
});

describe("boundary diff: bad input is one clear problem, never a crash", () => {
	it("exits 2 for a directory, an unreadable path, random bytes, a foreign gzip, a cut-off snapshot", async () => {
		const root = tempDir();
		const dir = tempDir("in");
		const good = join(dir, "good.gz");
		expect((await runCli(["boundary", "snapshot", root, "-o", good])).code).toBe(0);
		const bytes = readFileSync(good);
		writeFileSync(join(dir, "cut.gz"), bytes.subarray(0, bytes.length - 6));
		writeFileSync(join(dir, "random.bin"), Buffer.from([0, 1, 2, 250, 251, 252]));
		writeFileSync(join(dir, "other.gz"), gzipSync("just some text\n"));
		writeFileSync(join(dir, "array.json"), "[1, 2, 3]");
		mkdirSync(join(dir, "sub"));
		const cases: Array<[string, string]> = [
			["sub", "before: cannot be read: is a directory (EISDIR)"],
			["cut.gz", "damaged or cut-off"],
			["random.bin", "is not a snapshot"],
			["other.gz", "not a pi-delegate snapshot"],
			["array.json", "is not a snapshot format this pi-delegate reads"],
		];
		for (const [name, message] of cases) {
			const result = await runCli(["boundary", "diff", join(dir, name)]);
			expectClean(result, 2, "cannot read the snapshots", message);
		}
		const after = await runCli(["boundary", "diff", good, "--after", join(dir, "cut.gz")]);
		expectClean(after, 2, "--after", "damaged or cut-off");
	});

	it("exits 2 for an --exclude outside the snapshot's roots", async () => {
		const { file, out } = await setup();
		const result = await runCli(["boundary", "diff", file, "--exclude", out]);
		expectClean(result, 2, "--exclude[0]: is not inside any root");
	});

	it("reads a snapshot that an earlier version wrote (version 1 JSON)", async () => {
		const root = tempDir();
		write(root, { "a.txt": "a" });
		const current = JSON.parse((await runCli(["boundary", "snapshot", root])).stdout);
		const entries = current.roots[0].entries.map(([p, t]: [string, string]) => [p === "" ? "." : p, t]);
		const v1 = {
			version: 1,
			takenAt: current.takenAt,
			roots: [{ ...current.roots[0], entries: [...entries.slice(1), entries[0]] }],
		};
		delete v1.roots[0].hashes;
		delete v1.roots[0].excluded;
		const file = join(tempDir("out"), "old.json");
		writeFileSync(file, JSON.stringify(v1));
		expect((await runCli(["boundary", "diff", file])).code).toBe(0);
		writeFileSync(join(root, "a.txt"), "changed");
		const changed = await runCli(["boundary", "diff", file]);
		expect(changed.code).toBe(1);
		expect(changed.stdout).toContain("a.txt");
	});

	it("exits 2, not a stack trace, when the input file cannot be read for permissions", async () => {
		if (process.getuid?.() === 0) return; // root reads any file; the nobody-run test in test/boundary covers denial
		const { file } = await setup();
		chmodSync(file, 0o000);
		expectClean(await runCli(["boundary", "diff", file]), 2, "permission denied (EACCES)");
	});
});
