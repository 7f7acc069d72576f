// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${TMP} is a placeholder filled at test time, not a template
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTree, type Tree } from "../spec/tree.ts";
import { runCli } from "../support/cli.ts";
import { terminalControls } from "../support/terminal.ts";

let tree: Tree;
let valid: string;
let invalid: string;

/** Copies a fixture into the temporary tree with its `${TMP}` placeholders filled. */
function fixture(name: string): string {
	const text = readFileSync(new URL(`../fixtures/specs/${name}`, import.meta.url), "utf8");
	const path = join(tree.tmp, name);
	writeFileSync(path, tree.fill(text));
	return path;
}

beforeAll(() => {
	tree = makeTree();
	valid = fixture("valid.json");
	invalid = fixture("invalid.json");
});
afterAll(() => tree.remove());

describe("pi-delegate validate", () => {
	it("prints a hostile file name and spec keys as text, never as terminal controls", async () => {
		const path = join(tree.tmp, "\u001b[31mred.json");
		writeFileSync(path, '{"id":"t","goal":"g","deliverable":"d","roots":["/tmp"],"\\u001b[2Jevil\\u0007":1}');
		const r = await runCli(["validate", path]);
		expect(r.code).toBe(2);
		expect(terminalControls(r.stderr)).toEqual([]);
		expect(r.stderr).toContain("\\x1b[31mred.json: not a valid task spec");
		expect(r.stderr).toContain('unknown field "\\x1b[2Jevil\\x07"');
	});

	it("exits 0 on a valid spec and summarises roots, access and budget", async () => {
		const r = await runCli(["validate", valid]);
		expect(r.code).toBe(0);
		expect(r.stderr).toBe("");
		const lines = r.stdout.split("\n");
		expect(lines[0]).toBe("✓ fix-readme-typo: valid task spec");
		expect(r.stdout).toMatch(/effort +fast\n/);
		expect(r.stdout).toMatch(/read_only +false\n/);
		expect(r.stdout).toContain("context      1 fact, 2 files, 1 command");
		expect(lines.find((l) => l.startsWith(`${tree.tmp}/repo/docs `))).toMatch(/ writable$/);
		expect(lines.find((l) => l.startsWith(`${tree.tmp}/repo/src `))).toMatch(/ watched-only$/);
		expect(r.stdout).toMatch(/wall_s +300 s +spec/);
		expect(r.stdout).toMatch(/usd +\$0\.20 +spec/);
		expect(r.stdout).toMatch(/turns +40 +default for fast/);
		expect(r.stdout).not.toContain("Warnings");
	});

	it("shows real paths only when a root is spelled differently", async () => {
		const spec = tree.fill('{"id":"t","goal":"g","deliverable":"d","roots":["${TMP}/link-a/"]}');
		const r = await runCli(["validate", "-"], { stdin: spec });
		expect(r.code).toBe(0);
		expect(r.stdout).toMatch(new RegExp(`${tree.tmp}/link-a/ +watched-only +${tree.tmp}/a\\n`));
		const plain = await runCli(["validate", valid]);
		expect(plain.stdout).not.toContain("real path");
	});

	it("prints warnings under a valid spec", async () => {
		const spec = tree.fill(
			'{"id":"t","goal":"g","deliverable":"d","roots":["${TMP}/a"],"context":{"files":["${TMP}/gone"]}}',
		);
		const r = await runCli(["validate", "-"], { stdin: spec });
		expect(r.code).toBe(0);
		expect(r.stdout).toContain("Warnings (1):\n  ! context.files[0]: does not exist");
	});

	it("exits 2 on an invalid spec and prints every problem with its value and fix", async () => {
		const r = await runCli(["validate", invalid]);
		expect(r.code).toBe(2);
		expect(r.stdout).toBe("");
		expect(r.stderr.split("\n")[0]).toBe(`✗ ${invalid}: not a valid task spec (7 problems)`);
		const paths = [...r.stderr.matchAll(/^ {2}✗ (\S+):/gm)].map((m) => m[1]);
		expect(paths).toEqual([
			"id",
			"roots[1]",
			"write_allowed[0]",
			"context.file",
			"budget.wall_s",
			"budget.usd",
			"budget.turns",
		]);
		expect(r.stderr.match(/^ {6}value: /gm)).toHaveLength(7);
		expect(r.stderr.match(/^ {6}fix: {3}\S/gm)).toHaveLength(7);
		expect(r.stderr).toContain("value: Infinity");
	});

	it("prints machine-readable results with --json", async () => {
		const ok = await runCli(["validate", valid, "--json"]);
		expect(ok.code).toBe(0);
		const good = JSON.parse(ok.stdout);
		expect(good.valid).toBe(true);
		expect(good.spec.budget).toEqual({ wall_s: 300, usd: 0.2, turns: 40 });
		expect(good.spec.resolved.watched_only).toEqual([`${tree.tmp}/repo/src`, `${tree.tmp}/repo/test`]);
		expect(good.defaulted).toEqual(["budget.turns", "evidence", "network", "git_writes"]);

		const bad = await runCli(["validate", "--json", invalid]);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toBe("");
		const report = JSON.parse(bad.stdout);
		expect(report.valid).toBe(false);
		expect(report.problems).toHaveLength(7);
		// The structured place and the code for programs, `at` for a person: a spec given as a file
		// has no source of its own (its name heads the report), so none is printed.
		for (const p of report.problems)
			expect(Object.keys(p).sort()).toEqual(["at", "code", "fix", "message", "path", "value"]);
		expect(report.problems.find((p: { at: string }) => p.at === "budget.usd").value).toBe("Infinity");
		expect(report.problems.map((p: { code: string; path: unknown[] }) => [p.code, p.path])).toEqual([
			["invalid_value", ["id"]],
			["duplicate", ["roots", 1]],
			["invalid_value", ["write_allowed", 0]],
			["unknown_key", ["context", "file"]],
			["too_small", ["budget", "wall_s"]],
			["invalid_type", ["budget", "usd"]],
			["invalid_type", ["budget", "turns"]],
		]);
	});

	it("reads the spec from standard input with -", async () => {
		const r = await runCli(["validate", "-"], { stdin: readFileSync(valid, "utf8") });
		expect(r.code).toBe(0);
		const bad = await runCli(["validate", "-"], { stdin: "{\n  \"id\": 'x'\n}" });
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain("✗ standard input: not a valid task spec");
		expect(bad.stderr).toContain("not valid JSON at line 2, column 9: single-quoted string");
	});

	it("says it is reading standard input, and how to end it, when that is a terminal", async () => {
		const r = await runCli(["validate", "-"], { stdin: readFileSync(valid, "utf8"), stdinIsTTY: true });
		expect(r.code).toBe(0);
		expect(r.stderr).toBe("reading a task spec from standard input; end with Ctrl-D (or give a file instead of -)\n");
		expect((await runCli(["validate", "-"], { stdin: readFileSync(valid, "utf8") })).stderr).toBe("");
	});

	it("announces a FIFO before it waits for a writer", async () => {
		const fifo = join(tree.tmp, "spec.fifo");
		execFileSync("mkfifo", [fifo]);
		const pending = runCli(["validate", fifo]);
		await writeFile(fifo, readFileSync(valid, "utf8"));
		const r = await pending;
		expect(r.code).toBe(0);
		expect(r.stderr).toBe(
			`reading the task spec from the FIFO ${fifo}: waiting until something writes to it and closes it (Ctrl-C to give up)\n`,
		);
	});

	it("resolves a relative spec file against the working directory", async () => {
		const r = await runCli(["validate", "valid.json"], { cwd: tree.tmp });
		expect(r.code).toBe(0);
	});

	it("exits 2 with a clear message for a missing or unreadable file", async () => {
		const missing = await runCli(["validate", join(tree.tmp, "nope.json")]);
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain("nope.json: cannot be read");
		expect(missing.stderr).toContain("no such file");
		const dir = await runCli(["validate", tree.tmp]);
		expect(dir.code).toBe(2);
		expect(dir.stderr).toContain("it is a directory");
	});

	it.each([
		[["validate"], "missing the spec file"],
		[["validate", "a.json", "b.json"], "expected one spec file, got 2"],
		[["validate", "a.json", "--jsn"], "unknown option --jsn (did you mean --json?)"],
		[["validate", "a.json", "--verbose"], "unknown option --verbose\n"],
	])("exits 2 on bad usage: %j", async (argv, message) => {
		const r = await runCli(argv);
		expect(r.code).toBe(2);
		expect(r.stderr).toContain(message);
		expect(r.stderr).toContain("Usage: pi-delegate validate");
	});
});
