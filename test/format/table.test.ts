import { describe, expect, it } from "vitest";
import { formatInt, formatUsd, plural } from "../../src/format/numbers.ts";
import { renderTable, visibleWidth, wrapWords } from "../../src/format/table.ts";

describe("a table given a width", () => {
	const header = ["mode", "context", "description"];
	const rows = [
		[
			"focused (default)",
			"in",
			"Shared project context and skills under the base prompt; the main agent's own rules stay out.",
		],
		["isolated", "out", "Clean room: nothing of the parent's is inherited."],
	];

	it("wraps its last column under itself instead of running past the edge", () => {
		const text = renderTable(header, rows, [], { maxWidth: 60 });
		const lines = text.split("\n");
		expect(lines.every((l) => visibleWidth(l) <= 60)).toBe(true);
		expect(lines.length).toBeGreaterThan(rows.length + 2);
		const column = lines[0]?.indexOf("description") ?? -1;
		expect(lines[3]?.slice(0, column).trim()).toBe("");
		expect(text.replace(/\s+/g, " ")).toContain("the main agent's own rules stay out.");
	});

	it("is unchanged when it fits, or when no width is given", () => {
		expect(renderTable(header, rows, [], { maxWidth: 400 })).toBe(renderTable(header, rows));
	});

	it("cuts a word longer than the room into pieces rather than overflow", () => {
		expect(wrapWords("a verylongwordthatdoesnotfit b", 8)).toEqual(["a", "verylong", "wordthat", "doesnotf", "it b"]);
	});
});

describe("numbers in reports", () => {
	it("print one cost one way everywhere", () => {
		expect([0, 0.00001, 0.0123, 0.5, 0.6, 0.1234, 1.5, 12].map(formatUsd)).toEqual([
			"$0.00",
			"<$0.0001",
			"$0.0123",
			"$0.50",
			"$0.60",
			"$0.1234",
			"$1.50",
			"$12.00",
		]);
		expect([plural(1, "turn"), plural(2, "turn"), plural(1000, "change")]).toEqual([
			"1 turn",
			"2 turns",
			"1,000 changes",
		]);
	});

	it("group thousands as en-US does, without loading the locale data", () => {
		const counts = [0, 7, 999, 1000, -1000, 161_744, 1_234_567.6, 12_345_678_901, -987_654.2];
		expect(counts.map(formatInt)).toEqual(counts.map((n) => Math.round(n).toLocaleString("en-US")));
		expect([-0.4, Number.NaN, Number.POSITIVE_INFINITY].map(formatInt)).toEqual(["0", "NaN", "Infinity"]);
	});
});
