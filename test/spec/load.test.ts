// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${TMP} is a placeholder filled at test time, not a template
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { loadSpecFile, loadSpecObject, loadSpecText, nodeProbe, nodeSubdirs } from "../../src/spec/load.ts";
import { makeTree, type Tree } from "./tree.ts";

let tree: Tree;
beforeAll(() => {
	tree = makeTree();
});
afterAll(() => tree.remove());

describe("nodeProbe", () => {
	it("tells directories, files, other things and missing paths apart, following symlinks", () => {
		expect(nodeProbe(join(tree.tmp, "a"))).toEqual({ kind: "dir", realPath: join(tree.tmp, "a") });
		expect(nodeProbe(join(tree.tmp, "link-a/"))).toEqual({ kind: "dir", realPath: join(tree.tmp, "a") });
		expect(nodeProbe(`${tree.tmp}/deep-link/..`)).toEqual({ kind: "dir", realPath: join(tree.tmp, "repo/docs") });
		expect(nodeProbe(join(tree.tmp, "file.txt")).kind).toBe("file");
		expect(nodeProbe("/dev/null").kind).toBe("other");
		expect(nodeProbe(join(tree.tmp, "nope"))).toEqual({ kind: "missing", error: "ENOENT" });
		expect(nodeProbe(join(tree.tmp, "file.txt", "below"))).toEqual({ kind: "missing", error: "ENOTDIR" });
	});

	it("says why a path cannot be looked at: a symlink loop, a name too long", () => {
		symlinkSync("loop-b", join(tree.tmp, "loop-a"));
		symlinkSync("loop-a", join(tree.tmp, "loop-b"));
		expect(nodeProbe(join(tree.tmp, "loop-a"))).toEqual({ kind: "missing", error: "ELOOP" });
		expect(nodeProbe(join(tree.tmp, "x".repeat(300)))).toEqual({ kind: "missing", error: "ENAMETOOLONG" });
	});
});

describe("nodeSubdirs", () => {
	it("lists real subdirectories only, and nothing for what it cannot read", () => {
		expect([...nodeSubdirs(tree.tmp)].sort()).toEqual(["a", "b", "repo"]);
		expect(nodeSubdirs(join(tree.tmp, "nope"))).toEqual([]);
	});
});

describe("loading specs", () => {
	const text = () => tree.fill('{"id": "t", "goal": "g", "deliverable": "d", "roots": ["${TMP}/a"]}');

	it("reads a file named relative to the cwd option", async () => {
		writeFileSync(join(tree.tmp, "spec.json"), text());
		const result = await loadSpecFile("spec.json", { cwd: tree.tmp });
		expect(result.ok).toBe(true);
	});

	it("reports a missing file and a directory as problems, not exceptions", async () => {
		const missing = await loadSpecFile(join(tree.tmp, "absent.json"));
		expect(missing.ok || missing.problems.map((p) => [formatPath(p), p.message])).toEqual([
			["(file)", "cannot read the spec file: no such file"],
		]);
		const dir = await loadSpecFile(tree.tmp);
		expect(dir.ok || dir.problems[0]?.message).toBe("cannot read the spec file: it is a directory");
	});

	it("takes an object as a tool call passes it, including values JSON cannot carry", () => {
		const spec = JSON.parse(text()) as Record<string, unknown>;
		expect(loadSpecObject({ ...spec, effort: undefined }).ok).toBe(true);
		const result = loadSpecObject({ ...spec, budget: { wall_s: Number.NaN, usd: -Infinity } });
		expect(result.ok || result.problems.map((p) => formatPath(p))).toEqual(["budget.wall_s", "budget.usd"]);
	});

	it("fails a file whose duplicate keys would pass on their last value alone", () => {
		const result = loadSpecText(text().replace('"id": "t"', '"id": "x", "id": "t"'));
		expect(result.ok || result.problems.map((p) => formatPath(p))).toEqual(["id"]);
	});
});

describe("roots that no diff could pass", () => {
	it("refuses the file system's root, a virtual file system, and a link to either, each with its reason", () => {
		symlinkSync("/", join(tree.tmp, "link-to-root"));
		symlinkSync("/proc/self", join(tree.tmp, "link-to-proc"));
		const result = loadSpecObject({
			id: "t",
			goal: "g",
			deliverable: "d",
			roots: [
				"/",
				"/proc",
				"/sys/kernel",
				"/dev",
				join(tree.tmp, "link-to-root"),
				join(tree.tmp, "link-to-proc"),
				join(tree.tmp, "a"),
			],
		});
		expect(result.ok).toBe(false);
		const lines = result.ok ? [] : result.problems.map((p) => `${formatPath(p)}: ${p.message}`);
		expect(lines).toEqual([
			expect.stringMatching(/^roots\[0\]: is the file system's root: watching it snapshots every file/),
			"roots[1]: is /proc, a virtual file system the kernel writes: its files change by themselves, so no diff of it could pass",
			"roots[2]: is inside /sys, a virtual file system the kernel writes: its files change by themselves, so no diff of it could pass",
			"roots[3]: is /dev, a virtual file system the kernel writes: its files change by themselves, so no diff of it could pass",
			expect.stringMatching(/^roots\[4\]: is the file system's root/),
			expect.stringMatching(/^roots\[5\]: is inside \/proc/),
		]);
	});
});
