/** `pi-delegate boundary snapshot|diff`: output, verdicts and exit codes, run in-process. */
import { execFileSync } from "node:child_process";
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gitRepo, tempDir, write } from "../boundary/helpers.ts";
import { runCli } from "../support/cli.ts";

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
		expect(snapshot.version).toBe(1);
		expect(snapshot.roots[0].root).toBe(root);
		expect(snapshot.roots[0].entries.map(([p]: [string]) => p)).toEqual(["x.txt", "."]);
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
