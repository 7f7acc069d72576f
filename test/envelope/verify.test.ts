import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Layout } from "../../src/envelope/layout.ts";
import { nodeFileProbe, writeLayout } from "../../src/envelope/probe.ts";
import { type FileProbe, type VerifyContext, verifyEvidence } from "../../src/envelope/verify.ts";
import { memoryProbe } from "../support/memory-probe.ts";
import { tempDir } from "../support/temp.ts";

const LAYOUT: Layout = {
	files: {
		"repo/src/app.ts": "line 1\nline 2\nline 3\n",
		"repo/no-newline.txt": "a\nb",
		"repo/empty.txt": "",
		"repo/name with spaces.md": "x\n",
		"repo/a:b": "colon\n",
		"other/secret.txt": "secret\n",
		"repo-sibling/x.txt": "x\n",
	},
	dirs: ["repo/docs"],
	symlinks: {
		"repo/leak.txt": "../other/secret.txt",
		"repo/leakdir": "../other",
		"repo/inner-link.ts": "src/app.ts",
		"repo/dangling": "nowhere.txt",
		"repo/loop-a": "loop-b",
		"repo/loop-b": "loop-a",
		"linked-root": "repo",
	},
};

interface Setup {
	sandbox: string;
	probe: FileProbe;
}

function memory(): Setup {
	const sandbox = "/sandbox";
	return { sandbox, probe: memoryProbe(sandbox, LAYOUT) };
}

function disk(): Setup {
	const sandbox = tempDir("pi-delegate-verify-");
	writeLayout(sandbox, LAYOUT);
	return { sandbox, probe: nodeFileProbe() };
}

describe.each([
	["in memory", memory],
	["on disk", disk],
])("verifyEvidence %s", (_where, setup) => {
	const { sandbox, probe } = setup();
	const ctx = (over: Partial<VerifyContext> = {}): VerifyContext => ({
		roots: [join(sandbox, "repo")],
		base: join(sandbox, "repo"),
		commands: ["npm test", "cd src && ls -la"],
		probe,
		...over,
	});
	const check = (pointer: string, over: Partial<VerifyContext> = {}) => {
		const [result] = verifyEvidence([{ claim: "c", pointer }], ctx(over));
		return result!.verified ? { ok: result!.detail } : { bad: result!.reason.replaceAll(sandbox, "<sb>") };
	};

	it("verifies a line, a range, a whole file and a directory", () => {
		expect(check("src/app.ts:2")).toEqual({ ok: "line 2 exists (3 lines)" });
		expect(check("src/app.ts:1-3")).toEqual({ ok: "lines 1-3 exist (3 lines)" });
		expect(check("src/app.ts")).toEqual({ ok: "file exists" });
		expect(check("docs")).toEqual({ ok: "directory exists" });
		expect(check(join(sandbox, "repo/src/app.ts:3"))).toEqual({ ok: "line 3 exists (3 lines)" });
	});

	it("counts a last line without a newline, and no lines in an empty file", () => {
		expect(check("no-newline.txt:2")).toEqual({ ok: "line 2 exists (2 lines)" });
		expect(check("empty.txt")).toEqual({ ok: "file exists" });
		expect(check("empty.txt:1")).toEqual({ bad: "empty.txt has 0 lines; line 1 is past the end" });
	});

	it("handles paths with spaces and a file literally named a:b", () => {
		expect(check("name with spaces.md:1")).toEqual({ ok: "line 1 exists (1 line)" });
		expect(check("a:b")).toEqual({ ok: "file exists" });
		expect(check("a:b:1")).toEqual({ ok: "line 1 exists (1 line)" });
	});

	it("fails a missing file, naming where it looked", () => {
		expect(check("src/missing.ts:1")).toEqual({ bad: "<sb>/repo/src/missing.ts does not exist" });
	});

	it("fails a line or range past the end", () => {
		expect(check("src/app.ts:4")).toEqual({ bad: "src/app.ts has 3 lines; line 4 is past the end" });
		expect(check("src/app.ts:2-9")).toEqual({ bad: "src/app.ts has 3 lines; lines 2-9 run past the end" });
		expect(check("src/app.ts:7-9")).toEqual({ bad: "src/app.ts has 3 lines; lines 7-9 are past the end" });
	});

	it("fails a line range on a directory", () => {
		expect(check("docs:1")).toEqual({ bad: "docs is a directory; only a file has lines" });
	});

	it("fails a pointer that leaves the roots with ..", () => {
		expect(check("../other/secret.txt:1")).toEqual({ bad: "<sb>/other/secret.txt is outside the roots (<sb>/repo)" });
		expect(check("src/../../other/secret.txt")).toEqual({
			bad: "<sb>/other/secret.txt is outside the roots (<sb>/repo)",
		});
	});

	it("does not take a sibling whose name starts with the root's name for the root", () => {
		expect(check("../repo-sibling/x.txt")).toEqual({ bad: "<sb>/repo-sibling/x.txt is outside the roots (<sb>/repo)" });
	});

	it("fails a missing file outside the roots as outside, not as missing", () => {
		expect(check("/etc/pi-delegate-nonexistent")).toEqual({
			bad: "/etc/pi-delegate-nonexistent is outside the roots (<sb>/repo)",
		});
	});

	it("fails a pointer that leaves the roots through a symlink, to a file or a directory", () => {
		const how = "through a symlink: its real path is";
		expect(check("leak.txt:1")).toEqual({
			bad: `<sb>/repo/leak.txt is outside the roots (<sb>/repo) ${how} <sb>/other/secret.txt`,
		});
		expect(check("leakdir/secret.txt")).toEqual({
			bad: `<sb>/repo/leakdir/secret.txt is outside the roots (<sb>/repo) ${how} <sb>/other/secret.txt`,
		});
	});

	it("follows a symlink that stays inside the roots, and fails a dangling one saying it is a dangling link", () => {
		expect(check("inner-link.ts:3")).toEqual({ ok: "line 3 exists (3 lines)" });
		expect(check("dangling")).toEqual({ bad: "<sb>/repo/dangling is a symlink whose target does not exist" });
		expect(check("src/missing.ts")).toEqual({ bad: "<sb>/repo/src/missing.ts does not exist" });
	});

	it("fails a symlink loop as a loop, not as a missing file", () => {
		expect(check("loop-a:1")).toEqual({
			bad: "<sb>/repo/loop-a is a symlink loop (too many levels of symbolic links)",
		});
	});

	it("judges containment on real paths when a root is itself a symlink", () => {
		const viaLink = { roots: [join(sandbox, "linked-root")], base: join(sandbox, "linked-root") };
		expect(check("src/app.ts:1", viaLink)).toEqual({ ok: "line 1 exists (3 lines)" });
		expect(check(join(sandbox, "repo/src/app.ts"), viaLink)).toEqual({ ok: "file exists" });
		expect(check("leak.txt", viaLink).bad).toContain("through a symlink");
	});

	it("accepts a pointer inside any one of several roots", () => {
		const two = { roots: [join(sandbox, "repo"), join(sandbox, "other")] };
		expect(check("../other/secret.txt:1", two)).toEqual({ ok: "line 1 exists (1 line)" });
		expect(check("leak.txt", two)).toEqual({ ok: "file exists" });
	});

	it("fails every file pointer when no roots are given", () => {
		expect(check("src/app.ts", { roots: [] })).toEqual({ bad: "no roots were given to resolve file pointers in" });
	});

	it("verifies a cmd: pointer against the commands that ran, whole or as a segment", () => {
		expect(check("cmd: npm test")).toEqual({ ok: "ran as command 1 of 2" });
		expect(check("cmd: ls  -la")).toEqual({ ok: "ran as part of command 2 of 2: cd src && ls -la" });
	});

	it("fails a cmd: pointer to a command never run, or with no record or an empty one", () => {
		expect(check("cmd: npm run lint")).toEqual({ bad: "never ran (2 commands ran, none matches; nearest: npm test)" });
		expect(check("cmd: npm test", { commands: undefined })).toEqual({
			bad: "no record of the commands the child ran was given",
		});
		expect(check("cmd: npm test", { commands: [] })).toEqual({ bad: "the child ran no commands" });
	});

	it("fails a pointer that does not parse, with the parser's reason", () => {
		expect(check("src/app.ts:3-1")).toEqual({ bad: "pointer has a line range that starts after it ends (3 > 1)" });
	});

	it("checks each claim on its own and keeps their order", () => {
		const results = verifyEvidence(
			[
				{ claim: "one", pointer: "src/app.ts:1" },
				{ claim: "two", pointer: "src/missing.ts" },
				{ claim: "three", pointer: "cmd: npm test" },
			],
			ctx(),
		);
		expect(results.map((r) => [r.index, r.claim, r.verified])).toEqual([
			[0, "one", true],
			[1, "two", false],
			[2, "three", true],
		]);
	});
});

describe("the line rule of both probes", () => {
	it.each([
		["", 0],
		["a", 1],
		["a\n", 1],
		["a\nb", 2],
		["\n\n", 2],
	])("counts %j as %i lines, on disk and in memory", (text, n) => {
		const dir = tempDir("pi-delegate-line-rule-");
		writeLayout(dir, { files: { "f.txt": text } });
		expect(nodeFileProbe().lineCount(join(dir, "f.txt"))).toBe(n);
		expect(memoryProbe(dir, { files: { "f.txt": text } }).lineCount(join(dir, "f.txt"))).toBe(n);
	});
});

describe("verifyEvidence on files it cannot read", () => {
	it("fails a pointer into an unreadable file with the reason, instead of throwing", () => {
		const dir = tempDir("pi-delegate-unreadable-");
		writeLayout(dir, { files: { "a.txt": "x\n" } });
		const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
		const probe: FileProbe = {
			...nodeFileProbe(),
			lineCount: () => {
				throw denied;
			},
		};
		const [result] = verifyEvidence([{ claim: "c", pointer: "a.txt:1" }], {
			roots: [dir],
			base: dir,
			commands: [],
			probe,
		});
		expect(result).toMatchObject({ verified: false, reason: "a.txt cannot be read (permission denied)" });
	});

	it("fails a line pointer into something that is neither a file nor a directory as such", () => {
		const dir = tempDir("pi-delegate-fifo-");
		execFileSync("mkfifo", [join(dir, "pipe")]);
		const [result] = verifyEvidence([{ claim: "c", pointer: "pipe:1" }], {
			roots: [dir],
			base: dir,
			commands: [],
			probe: nodeFileProbe(),
		});
		expect(result).toMatchObject({ verified: false, reason: "pipe is not a regular file; only a file has lines" });
	});
});

describe("nodeFileProbe", () => {
	it("counts lines across read chunks: a 70,000-character line, 40,000 short ones, an unterminated last", () => {
		const dir = tempDir("pi-delegate-lines-");
		const text = `${"x".repeat(70_000)}\n${"y\n".repeat(40_000)}z`;
		writeLayout(dir, { files: { "big.txt": text } });
		expect(nodeFileProbe().lineCount(join(dir, "big.txt"))).toBe(40_002);
	});

	it("reports a symlink loop as nothing there", () => {
		const dir = tempDir("pi-delegate-loop-");
		symlinkSync("b", join(dir, "a"));
		symlinkSync("a", join(dir, "b"));
		expect(nodeFileProbe().look(join(dir, "a"))).toBeUndefined();
		expect(memoryProbe(dir, { symlinks: { a: "b", b: "a" } }).look(join(dir, "a"))).toBeUndefined();
	});
});
