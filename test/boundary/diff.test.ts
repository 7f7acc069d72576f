/** Snapshot-level diffing: attribution to roots, order, and roots that vanish or do not match. */
import { describe, expect, it } from "vitest";
import { diffSnapshots } from "../../src/boundary/diff.ts";
import { rootSnapshot as root, snapshotOf as snap } from "./helpers.ts";

describe("diffSnapshots", () => {
	it("attributes each change to its root and orders by root, then path, then kind", () => {
		const before = snap(root("/b", [["z", "d 755"]]), root("/a", [["m", "f 644 1 1.0 1.0"]]));
		const after = snap(
			root("/a", [
				["m", "f 755 2 2.0 2.0"],
				["b", "d 755"],
			]),
			root("/b", [["y", "d 755"]]),
		);
		expect(diffSnapshots(before, after).map((c) => `${c.root} ${c.kind} ${c.path}`)).toEqual([
			"/b added y",
			"/b deleted z",
			"/a added b",
			"/a mode m",
			"/a modified m",
		]);
	});

	it("reports a root that is gone as one change, and a root missing from either snapshot", () => {
		const before = snap(root("/a", [["x", "d 755"]]), root("/b", []));
		const after = snap(root("/a", [], { status: "missing", realPath: null }), root("/c", []));
		expect(diffSnapshots(before, after).map((c) => `${c.root} ${c.kind}: ${c.detail}`)).toEqual([
			"/a root: root is now gone (held 1 entries)",
			"/b root: root is not in the later snapshot",
			"/c root: root is not in the earlier snapshot",
		]);
	});

	it("reports a root that now resolves to another directory", () => {
		const changes = diffSnapshots(snap(root("/a", [])), snap(root("/a", [], { realPath: "/elsewhere" })));
		expect(changes.map((c) => c.detail)).toEqual(["root now resolves to /elsewhere"]);
	});
});
