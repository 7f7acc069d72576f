/** Reading snapshots back: anything but an intact snapshot of this version is refused with a reason. */
import { describe, expect, it } from "vitest";
import { parseSnapshot } from "../../src/boundary/load.ts";
import { snapshotRoots } from "../../src/boundary/snapshot.ts";
import { tempDir, write } from "./helpers.ts";

describe("parseSnapshot", () => {
	it("reads back what a snapshot wrote", async () => {
		const root = tempDir();
		write(root, { "a b/c\nd.txt": "x" });
		const snapshot = await snapshotRoots([root]);
		const parsed = parseSnapshot(JSON.stringify(snapshot), "before.json");
		expect(parsed).toEqual({ snapshot });
	});

	it("refuses text that is not JSON, another version, or a damaged snapshot", () => {
		const notJson = parseSnapshot("{oops", "before.json");
		expect("problems" in notJson && notJson.problems[0]!.message).toMatch(/^is not JSON/);
		const version = parseSnapshot(JSON.stringify({ version: 99, roots: [] }), "before.json");
		expect("problems" in version && version.problems[0]).toMatchObject({ path: "before.json: version", value: 99 });
		const damaged = parseSnapshot(JSON.stringify({ version: 1, takenAt: "x", roots: [{ root: 1 }] }), "b.json");
		expect("problems" in damaged && damaged.problems.length).toBeGreaterThan(0);
	});
});
