/** The pure working-tree rules, on hand-written entries: each rule has a case that fails without it. */
import { describe, expect, it } from "vitest";
import { diffEntries } from "../../src/boundary/diff-entries.ts";
import { pairEntries } from "../../src/boundary/pair.ts";
import { walkedOf } from "./helpers.ts";

const T1 = "1700000000.0000000000";
const T2 = "1700000001.0000000000";
const T3 = "1700000002.0000000000";
const H1 = `sha256:${"a".repeat(64)}`;
const H2 = `sha256:${"b".repeat(64)}`;

function diff(before: Array<[string, string]>, after: Array<[string, string]>, unreadable = [{}, {}]) {
	return diffEntries("/r", walkedOf(before, unreadable[0]), walkedOf(after, unreadable[1]))
		.map((c) => `${c.kind} ${c.path}: ${c.detail}`)
		.sort();
}

describe("file content rules", () => {
	it("a size change is a modification", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1}`]], [["f", `f 644 4 ${T2} ${T2}`]])).toEqual(["modified f: size 3 → 4"]);
	});

	it("an mtime change at the same size is a modification (a touch is a write)", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1}`]], [["f", `f 644 3 ${T2} ${T2}`]])).toEqual([
			"modified f: mtime changed (same size, 3 bytes)",
		]);
	});

	it("a ctime change with size and mtime unchanged is a modification: the mtime may have been put back", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1}`]], [["f", `f 644 3 ${T1} ${T2}`]])).toEqual([
			"modified f: ctime changed with size and mtime unchanged: rewritten in place? content not provably the same",
		]);
	});

	it("another inode with the same size and times is another file: a directory moved over one checked out in the same tick", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1} 11`]], [["f", `f 644 3 ${T1} ${T1} 12`]])).toEqual([
			"modified f: another file at this path (a new inode), same size and mtime: content not provably the same",
		]);
		// The same inode is the same file; a snapshot written before inodes were recorded compares as before.
		expect(diff([["f", `f 644 3 ${T1} ${T1} 11`]], [["f", `f 644 3 ${T1} ${T1} 11`]])).toEqual([]);
		expect(diff([["f", `f 644 3 ${T1} ${T1}`]], [["f", `f 644 3 ${T1} ${T1} 12`]])).toEqual([]);
		// Equal hashes prove the content whatever the inode; a size change says more than the inode.
		expect(diff([["f", `f 644 3 ${T1} ${T1} 11 ${H1}`]], [["f", `f 644 3 ${T1} ${T1} 12 ${H1}`]])).toEqual([]);
		expect(diff([["f", `f 644 3 ${T1} ${T1} 11`]], [["f", `f 644 4 ${T1} ${T1} 12`]])).toEqual([
			"modified f: size 3 → 4",
		]);
	});

	it("with hashes on both sides, different hashes are a change even when every time is equal", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1} ${H1}`]], [["f", `f 644 3 ${T1} ${T1} ${H2}`]])).toEqual([
			"modified f: content changed (same size and timestamps)",
		]);
		expect(diff([["f", `f 644 3 ${T1} ${T1} ${H1}`]], [["f", `f 644 3 ${T1} ${T2} ${H2}`]])).toEqual([
			"modified f: content changed (same size, 3 bytes)",
		]);
	});

	it("with equal hashes, a bare ctime move is not a change: the content is proven", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1} ${H1}`]], [["f", `f 644 3 ${T1} ${T3} ${H1}`]])).toEqual([]);
	});

	it("with equal hashes, a new mtime is reported as a touch", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1} ${H1}`]], [["f", `f 644 3 ${T2} ${T2} ${H1}`]])).toEqual([
			"modified f: touched: mtime changed, content identical",
		]);
	});

	it("a hash on one side only falls back to metadata", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1} ${H1}`]], [["f", `f 644 3 ${T1} ${T2}`]])).toEqual([
			"modified f: ctime changed with size and mtime unchanged: rewritten in place? content not provably the same",
		]);
	});

	it("times written with nine or ten fraction digits compare equal", () => {
		expect(
			diff(
				[["f", "f 644 3 1700000000.1234567890 1700000000.1234567890"]],
				[["f", "f 644 3 1700000000.123456789 1700000000.123456789"]],
			),
		).toEqual([]);
	});
});

describe("mode, type and link rules", () => {
	it("a chmod is one mode change, not also a content change from the ctime it moved", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1}`]], [["f", `f 755 3 ${T1} ${T2}`]])).toEqual(["mode f: mode 644 → 755"]);
	});

	it("a chmod together with a size change is both", () => {
		expect(diff([["f", `f 644 3 ${T1} ${T1}`]], [["f", `f 755 4 ${T2} ${T2}`]])).toEqual([
			"mode f: mode 644 → 755",
			"modified f: size 3 → 4",
		]);
	});

	it("a directory's mode counts, it has no times to compare", () => {
		expect(diff([["d", "d 755"]], [["d", "d 700"]])).toEqual(["mode d: mode 755 → 700"]);
	});

	it("a type change is reported once, with both sides", () => {
		expect(diff([["x", `f 644 3 ${T1} ${T1}`]], [["x", "l elsewhere"]])).toEqual([
			"type x: file, 3 bytes → symlink → elsewhere",
		]);
	});

	it("a symlink retarget is a link change; targets with newlines are shown escaped", () => {
		expect(diff([["l", "l a"]], [["l", "l b\nc"]])).toEqual(["link l: target a → b\\nc"]);
	});
});

describe("added, deleted and unreadable", () => {
	it("names added and deleted entries by their kind", () => {
		expect(diff([["gone", "d 755"]], [["new", `f 644 9 ${T1} ${T1}`]])).toEqual([
			"added new: file, 9 bytes",
			"deleted gone: directory",
		]);
	});

	it("keys like __proto__ and constructor are ordinary paths", () => {
		expect(
			diff(
				[["constructor", "d 755"]],
				[
					["__proto__", "d 755"],
					["constructor", "d 755"],
				],
			),
		).toEqual(["added __proto__: directory"]);
	});

	it("reports a part that became unreadable, and does not call what appears in a formerly unreadable part new", () => {
		expect(diff([], [["locked", "d 0"]], [{}, { locked: "EACCES" }])).toEqual([
			"added locked: directory",
			"unreadable locked: cannot be read now (permission denied (EACCES)): changes inside cannot be seen",
		]);
		expect(
			diff(
				[["locked", "d 0"]],
				[
					["locked", "d 0"],
					["locked/x", `f 644 1 ${T1} ${T1}`],
				],
				[{ locked: "EACCES" }, {}],
			),
		).toEqual([
			"unreadable locked: could not be read before (permission denied (EACCES)): its contents were not compared",
		]);
	});

	it("a part unreadable in both snapshots is not a change", () => {
		expect(diff([["locked", "d 0"]], [["locked", "d 0"]], [{ locked: "EACCES" }, { locked: "EACCES" }])).toEqual([]);
	});
});

describe("pairing two walks", () => {
	function pairs(before: string[], after: string[]) {
		const out: string[] = [];
		pairEntries(
			before.map((p) => [p, p.toUpperCase()]),
			after.map((p) => [p, p.toUpperCase()]),
			(p) => out.push(`= ${p}`),
			(p) => out.push(`- ${p}`),
			(p) => out.push(`+ ${p}`),
		);
		return out.sort();
	}

	it("matches every path whatever the order, and finds insertions and deletions", () => {
		expect(pairs(["a", "b", "c", "d"], ["a", "x", "y", "b", "d", "c"])).toEqual(
			["= a", "= b", "= c", "= d", "+ x", "+ y"].sort(),
		);
		expect(pairs(["a", "b", "c", "d", "e"], ["a", "d", "e"])).toEqual(["= a", "= d", "= e", "- b", "- c"].sort());
		expect(pairs(["a", "b", "c"], ["c", "b", "a"])).toEqual(["= a", "= b", "= c"]);
		expect(pairs([], ["a"])).toEqual(["+ a"]);
		expect(pairs(["a"], [])).toEqual(["- a"]);
	});

	it("agrees with a plain map comparison on shuffled lists", () => {
		let seed = 7;
		const random = () => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed / 2 ** 31;
		};
		for (let round = 0; round < 50; round++) {
			const before = Array.from({ length: 40 }, (_, i) => `p${i}`).filter(() => random() > 0.2);
			const after = [...before.filter(() => random() > 0.2), ...Array.from({ length: 5 }, (_, i) => `n${round}-${i}`)];
			after.sort(() => random() - 0.5);
			const expected = [
				...before.filter((p) => after.includes(p)).map((p) => `= ${p}`),
				...before.filter((p) => !after.includes(p)).map((p) => `- ${p}`),
				...after.filter((p) => !before.includes(p)).map((p) => `+ ${p}`),
			].sort();
			expect(pairs(before, after)).toEqual(expected);
		}
	});
});
