/**
 * Excluded paths are neither listed nor entered, the same in every walk: one find, the split walk
 * (where an exclusion may sit in Node's top two levels or below them), a batch of roots, and Node.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boundaryFindings } from "../../src/boundary/findings.ts";
import { type SnapshotOptions, snapshotRoots } from "../../src/boundary/snapshot.ts";
import { deltaOf, pathsOf, tempDir, write } from "./helpers.ts";

const VARIANTS: Array<[string, SnapshotOptions]> = [
	["one find", { walker: "find", findProcesses: 1 }],
	["split find", { walker: "find", findProcesses: 3 }],
	["node", { walker: "node" }],
];

function tree(): string {
	const root = tempDir();
	write(root, {
		"keep.txt": "k",
		"top-cache/x": "x",
		"src/level2-cache/y": "y",
		"src/mod/deep/cache/z": "z",
		"src/mod/deep/kept.txt": "k",
		"glob[*]?/inner": "g",
		"file.log": "l",
	});
	return root;
}

const EXCLUDED = ["top-cache", "src/level2-cache", "src/mod/deep/cache", "glob[*]?", "file.log"];
const KEPT = ["", "keep.txt", "src", "src/mod", "src/mod/deep", "src/mod/deep/kept.txt"];

describe.each(VARIANTS)("exclusions, %s", (_label, options) => {
	it("leave out each excluded path and everything below it, at any depth, glob characters included", async () => {
		const root = tree();
		const exclude = EXCLUDED.map((rel) => join(root, rel));
		const snapshot = await snapshotRoots([root], { ...options, exclude });
		expect(pathsOf(snapshot.roots[0]).sort()).toEqual([...KEPT].sort());
		expect(snapshot.roots[0]!.excluded).toEqual([...EXCLUDED].sort());
	});

	it("hide a change inside them and nothing else", async () => {
		const root = tree();
		const exclude = [join(root, "src/mod/deep/cache")];
		const { changes } = await deltaOf(
			[root],
			() => write(root, { "src/mod/deep/cache/z": "changed", "src/mod/deep/kept.txt": "changed" }),
			{ ...options, exclude },
		);
		expect(changes.map((c) => `${c.kind} ${c.path}`)).toEqual(["modified src/mod/deep/kept.txt"]);
	});
});

describe("exclusions over many roots", () => {
	it("apply to the root they lie in, matched by real path, in one batched walk", async () => {
		const a = tree();
		const b = tree();
		const exclude = [join(a, "top-cache"), join(b, "src/level2-cache"), "/not/in/any/root"];
		const snapshot = await snapshotRoots([a, b], { walker: "find", findProcesses: 2, exclude });
		expect(snapshot.roots.map((r) => r.excluded)).toEqual([["top-cache"], ["src/level2-cache"]]);
		expect(pathsOf(snapshot.roots[0])).not.toContain("top-cache");
		expect(pathsOf(snapshot.roots[0])).toContain("src/level2-cache/y");
		expect(pathsOf(snapshot.roots[1])).toContain("top-cache/x");
		const findings = boundaryFindings(snapshot, snapshot, { writeAllowed: [] });
		expect(findings.unchecked.map((p) => `${p.kind} ${p.root === a ? "a" : "b"} ${p.path}`)).toEqual([
			"excluded a top-cache",
			"excluded b src/level2-cache",
		]);
	});
});
