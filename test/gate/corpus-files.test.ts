/** The held-out files' written order names exactly the held-out files on disk, each once. */
import { describe, expect, it } from "vitest";
import { corpusFiles, HELD_OUT_PREFIX, HELD_OUT_WRITTEN } from "./corpus.ts";

describe("the held-out files' written order", () => {
	it("lists every held-out file on disk once, and nothing else", () => {
		const onDisk = corpusFiles()
			.map((f) => f.name)
			.filter((n) => n.startsWith(HELD_OUT_PREFIX));
		expect([...HELD_OUT_WRITTEN].sort()).toEqual([...onDisk].sort());
		expect(new Set(HELD_OUT_WRITTEN).size).toBe(HELD_OUT_WRITTEN.length);
	});
});
