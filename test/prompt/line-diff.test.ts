import { describe, expect, it } from "vitest";
import { diffLines, unifiedDiff } from "../../src/prompt/line-diff.ts";

/** Rebuilds both texts from a diff: proof it lost and invented nothing. */
function sides(before: string, after: string): [string, string] {
	const lines = diffLines(before, after);
	return [
		lines
			.filter((l) => l.mark !== "+")
			.map((l) => l.text)
			.join("\n"),
		lines
			.filter((l) => l.mark !== "-")
			.map((l) => l.text)
			.join("\n"),
	];
}

describe("diffLines", () => {
	const pairs: Array<[string, string]> = [
		["", ""],
		["a", ""],
		["", "a"],
		["a\nb\nc", "a\nb\nc"],
		["a\nb\nc", "a\nx\nc"],
		["a\nb\nc\nd", "b\nd\ne"],
		["same\n\n\nblank lines\n", "\n\nsame\nblank lines"],
		["x\ny\nx\ny\nx", "y\nx\ny"],
	];
	for (const [before, after] of pairs) {
		it(`rebuilds both sides of ${JSON.stringify(before)} → ${JSON.stringify(after)}`, () => {
			expect(sides(before, after)).toEqual([before, after]);
		});
	}

	it("is minimal: a one-line change is one removal and one addition", () => {
		const marks = diffLines("a\nb\nc", "a\nx\nc").map((l) => l.mark);
		expect(marks).toEqual([" ", "-", "+", " "]);
	});

	it("shows removals before additions", () => {
		expect(diffLines("old", "new").map((l) => l.mark)).toEqual(["-", "+"]);
	});
});

describe("unifiedDiff", () => {
	it("is empty for equal texts", () => {
		expect(unifiedDiff("a\nb", "a\nb")).toBe("");
	});

	it("writes hunks with line numbers and two lines of context", () => {
		const before = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].join("\n");
		const after = ["1", "2", "3", "4", "five", "6", "7", "8", "9"].join("\n");
		expect(unifiedDiff(before, after)).toBe("@@ -3,5 +3,5 @@\n 3\n 4\n-5\n+five\n 6\n 7");
	});

	it("splits distant changes into separate hunks", () => {
		const before = Array.from({ length: 20 }, (_, i) => String(i)).join("\n");
		const after = before.replace(/^1$/m, "one").replace(/^18$/m, "eighteen");
		const hunks = unifiedDiff(before, after)
			.split("\n")
			.filter((l) => l.startsWith("@@"));
		expect(hunks).toEqual(["@@ -1,4 +1,4 @@", "@@ -17,4 +17,4 @@"]);
	});
});
