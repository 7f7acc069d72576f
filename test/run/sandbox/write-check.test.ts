import { describe, expect, it } from "vitest";
import { checkWrite, type PathProbe, realTarget, toolPath } from "../../../src/run/sandbox/write-check.ts";

type Entry = { dir: true } | { file: number } | { link: string };

/** An in-memory tree: path → a directory, a file with its link count, or a symlink's target. */
function fakeProbe(tree: Record<string, Entry>): PathProbe {
	return {
		lstat(path) {
			const e = tree[path];
			if (e === undefined) return undefined;
			if ("dir" in e) return { kind: "dir", nlink: 2 };
			if ("file" in e) return { kind: "file", nlink: e.file };
			return { kind: "symlink", nlink: 1 };
		},
		readlink(path) {
			const e = tree[path];
			return e && "link" in e ? e.link : undefined;
		},
	};
}

const probe = fakeProbe({
	"/w": { dir: true },
	"/w/a.txt": { file: 1 },
	"/w/hard.txt": { file: 2 },
	"/w/to-watched": { link: "/r/f.txt" },
	"/w/relative": { link: "../r/f.txt" },
	"/w/inside": { link: "sub/../a.txt" },
	"/w/sub": { dir: true },
	"/w/dangling": { link: "/outside/new.txt" },
	"/w/dirlink": { link: "/r" },
	"/w/loop": { link: "/w/loop" },
	"/w/.git": { dir: true },
	"/r": { dir: true },
	"/r/f.txt": { file: 1 },
	"/proc": { dir: true },
	"/proc/self": { link: "4242" },
	"/proc/4242": { dir: true },
	"/proc/4242/root": { link: "/" },
});
const rules = { writable: ["/w"], readOnly: ["/r", "/w/.git"], gitWritable: false };

describe("realTarget", () => {
	it("follows every symlink as the kernel does, `..` after the link it follows", () => {
		expect(realTarget("/w/to-watched", probe)).toBe("/r/f.txt");
		expect(realTarget("/w/relative", probe)).toBe("/r/f.txt");
		expect(realTarget("/w/inside", probe)).toBe("/w/a.txt");
		expect(realTarget("/w/dirlink/new.txt", probe)).toBe("/r/new.txt");
		expect(realTarget("/proc/self/root/r/f.txt", probe)).toBe("/r/f.txt");
		expect(realTarget("/w/new/deeper.txt", probe)).toBe("/w/new/deeper.txt");
		expect(realTarget("/w/loop", probe)).toBeUndefined();
	});
});

describe("checkWrite", () => {
	it("allows a file inside a writable root, existing or new", () => {
		expect(checkWrite("/w/a.txt", rules, probe)).toEqual({ ok: true, real: "/w/a.txt" });
		expect(checkWrite("/w/new/b.txt", rules, probe)).toEqual({ ok: true, real: "/w/new/b.txt" });
		expect(checkWrite("/w/inside", rules, probe)).toEqual({ ok: true, real: "/w/a.txt" });
	});

	it("refuses a path outside the writable roots, naming them", () => {
		const d = checkWrite("/r/f.txt", rules, probe);
		expect(d).toEqual({ ok: false, real: "/r/f.txt", reason: "/r/f.txt is outside the writable roots; writable: /w" });
		expect(checkWrite("/x", { ...rules, writable: [] }, probe)).toMatchObject({
			reason: expect.stringContaining("writable: none: the task is read-only"),
		});
	});

	it("judges a symlink by its target, dangling or not, and says it was a link", () => {
		for (const path of ["/w/to-watched", "/w/relative", "/w/dirlink/new.txt", "/w/dangling"]) {
			const d = checkWrite(path, rules, probe);
			expect(d.ok, path).toBe(false);
			if (!d.ok) expect(d.reason).toContain(`(${path} leads there through a symbolic link or "..")`);
		}
		expect(checkWrite("/proc/self/root/r/f.txt", rules, probe)).toMatchObject({ ok: false, real: "/r/f.txt" });
		expect(checkWrite("/w/loop", rules, probe)).toMatchObject({
			ok: false,
			reason: "/w/loop is a loop of symbolic links",
		});
	});

	it("refuses .git inside a writable root unless git writes are allowed", () => {
		expect(checkWrite("/w/.git/hooks/pre-commit", rules, probe)).toMatchObject({
			ok: false,
			reason: "/w/.git/hooks/pre-commit is inside /w/.git, which is read-only (the task does not allow git writes)",
		});
		expect(checkWrite("/w/.git/config", { ...rules, readOnly: ["/r"], gitWritable: true }, probe).ok).toBe(true);
	});

	it("refuses a file with another hard link", () => {
		expect(checkWrite("/w/hard.txt", rules, probe)).toMatchObject({
			ok: false,
			reason: expect.stringMatching(/2 hard links/),
		});
	});
});

describe("toolPath", () => {
	it("makes of a tool's path what Pi's write and edit tools make of it", () => {
		expect(toolPath("a.txt", "/w", "/home/u")).toBe("/w/a.txt");
		expect(toolPath("@a.txt", "/w", "/home/u")).toBe("/w/a.txt");
		expect(toolPath("~", "/w", "/home/u")).toBe("/home/u");
		expect(toolPath("~/x", "/w", "/home/u")).toBe("/home/u/x");
		expect(toolPath("file:///r/f.txt", "/w", "/home/u")).toBe("/r/f.txt");
		expect(toolPath("../r/f.txt", "/w", "/home/u")).toBe("/r/f.txt");
		expect(toolPath("odd\u00A0name", "/w", "/home/u")).toBe("/w/odd name");
	});
});
