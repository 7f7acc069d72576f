/**
 * Snapshot files: every form reads back to the same snapshot (compact, JSON, and the version 1
 * JSON earlier releases wrote), and anything else is refused with a reason instead of half-read.
 */
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
	AFTER_FILE,
	BEFORE_FILE,
	decodeSnapshot,
	decodeSnapshots,
	encodeSnapshot,
	encodeSnapshots,
} from "../../src/boundary/codec.ts";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import { parseSnapshot, snapshotToJson } from "../../src/boundary/load.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import type { Snapshot } from "../../src/boundary/types.ts";
import { formatPath } from "../../src/problems.ts";
import { entriesOf, gitRepo, tempDir, write } from "./helpers.ts";

const H = "c".repeat(64);

async function sample(): Promise<Snapshot> {
	const root = tempDir();
	write(root, { "a b/c\nd.txt": "x", "f.txt": "f" });
	const repo = gitRepo({ "x.txt": "x" });
	const snapshot = await snapshotRoots([root, repo, `${root}/missing`]);
	snapshot.roots[0]!.hashes = { "f.txt": H };
	snapshot.roots[0]!.unreadable = { locked: "EACCES" };
	return snapshot;
}

/** A decoded snapshot, or a failed test saying why. */
function decoded(bytes: Buffer | string, source = "s"): Snapshot {
	const result = decodeSnapshot(Buffer.from(bytes), source);
	if ("problems" in result) throw new Error(JSON.stringify(result.problems));
	return result.snapshot;
}

/** The problems of a refused file (an empty list when it was read, which fails the assertion). */
function refused(bytes: Buffer | string, source = "s") {
	const result = decodeSnapshot(Buffer.from(bytes), source);
	return "problems" in result ? result.problems : [];
}

describe("snapshot files", () => {
	it("read back to the same snapshot from the compact form and from JSON", async () => {
		const snapshot = await sample();
		expect(decoded(encodeSnapshot(snapshot))).toEqual(snapshot);
		const json = JSON.stringify(snapshotToJson(snapshot));
		expect(decoded(json)).toEqual(snapshot);
		expect(parseSnapshot(json, "s")).toEqual({ snapshot });
	});

	it("are written as a pair the executor can read back, each file complete on its own", async () => {
		const before = await sample();
		const after = await sample();
		const files = encodeSnapshots(before, after);
		expect(files.map((f) => f.name)).toEqual([BEFORE_FILE, AFTER_FILE]);
		expect(decodeSnapshots({ before: files[0]!.bytes, after: files[1]!.bytes })).toEqual({ before, after });
		expect(decoded(files[1]!.bytes)).toEqual(after);
	});

	it("reads a version 1 file: the root entry moves first, content hashes move out of the text", () => {
		const v1 = {
			version: 1,
			takenAt: "2026-01-01T00:00:00.000Z",
			roots: [
				{
					root: "/r",
					realPath: "/r",
					status: "ok",
					walker: "find",
					entries: [
						["f", `f 644 1 1.0000000000 1.0000000000 sha256:${H}`],
						["bad-\u0000ff", "f 644 2 2.0000000000 2.0000000000"],
						[".", "d 755"],
					],
					git: [],
					unreadable: {},
				},
			],
		};
		const snapshot = decoded(JSON.stringify(v1));
		expect(snapshot.version).toBe(3);
		expect(snapshot.roots[0]!.hashes).toEqual({ f: H });
		expect(snapshot.roots[0]!.excluded).toEqual([]);
		expect(entriesOf(snapshot.roots[0])).toEqual([
			["", "d 755"],
			["f", `f 644 1 1.0000000000 1.0000000000 sha256:${H}`],
			["bad-\u0000ff", "f 644 2 2.0000000000 2.0000000000"],
		]);
		// A version 1 "before" compares with a version 2 "after" of the same tree as unchanged.
		const again = structuredClone(v1);
		expect(diffSnapshots(snapshot, decoded(JSON.stringify(again)))).toEqual([]);
	});

	it("refuses what is not a snapshot, naming the file and saying why", async () => {
		const good = encodeSnapshot(await sample());
		const cases: Array<[string, Buffer | string, RegExp]> = [
			["empty", "", /is empty/],
			["text", "not json", /^is not a snapshot: neither compact \(gzip\) nor JSON: not valid JSON at line 1, column 1/],
			["cut-off JSON", '{"version": 2, "roots": [', /^is not a snapshot: .*line 1, column 26/],
			[
				"binary",
				Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01, 0xff]),
				/neither compact \(gzip\) nor JSON \(it holds binary data\)$/,
			],
			["another version", JSON.stringify({ version: 9 }), /not a snapshot format this pi-delegate reads/],
			["damaged JSON", JSON.stringify({ version: 2, takenAt: "x", roots: [{ root: 1 }] }), /./],
			["a gzip of something else", gzipSync("hello\nworld"), /not a pi-delegate snapshot/],
			["a cut-off file", good.subarray(0, good.length - 9), /damaged or cut-off/],
			["bytes past the end", Buffer.concat([good, gzipSync("extra")]), /bytes past its last tree/],
		];
		for (const [label, bytes, message] of cases) {
			const problems = refused(bytes, "before");
			expect(problems.length, label).toBeGreaterThan(0);
			expect(formatPath(problems[0]!), label).toMatch(/^before/);
			expect(problems[0]!.message, label).toMatch(message);
			expect(problems[0]!.fix, label).not.toBe("");
			// Our words only: never the JavaScript engine's ("Unexpected token …").
			expect(problems[0]!.message, label).not.toMatch(/Unexpected|position \d|SyntaxError/);
		}
	});

	it("refuses a compact file whose tree was cut inside an entry", async () => {
		const snapshot = await sample();
		const damaged = { ...snapshot, roots: [{ ...snapshot.roots[0]!, tree: snapshot.roots[0]!.tree.subarray(0, 5) }] };
		expect(refused(encodeSnapshot(damaged))[0]!.message).toBe("has a damaged or cut-off tree");
	});

	it("reports the problems of both files of a pair at once", () => {
		const result = decodeSnapshots({ before: Buffer.from("x"), after: Buffer.from("") });
		expect("problems" in result && result.problems.map(formatPath)).toEqual([BEFORE_FILE, AFTER_FILE]);
	});
});
