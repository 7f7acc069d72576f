import { describe, expect, it } from "vitest";
import { renderTable, visibleWidth } from "../../src/format/table.ts";
import { breakWord, wrapLine } from "../../src/format/wrap-line.ts";

const PATH = "/home/somebody/projects/the-ledger-service-monorepo/packages/ledger-core";

describe("a report line wrapped to a width", () => {
	it("is unchanged when it fits", () => {
		expect(wrapLine("Audit    /a/b", 80)).toEqual(["Audit    /a/b"]);
	});

	it("breaks a path after a `/`, under a hanging indent two in from the line's own", () => {
		const lines = wrapLine(`  Left in place: the task failed, in ${PATH}/src/parser.ts`, 40);
		expect(lines.every((l) => visibleWidth(l) <= 40)).toBe(true);
		expect(lines.slice(1).every((l) => l.startsWith("    "))).toBe(true);
		expect(lines.map((l) => l.trim()).join("")).toContain(`${PATH}/src/parser.ts`.replaceAll(" ", ""));
		for (const l of lines.slice(0, -1)) expect(l).toMatch(/[/ \w:,]$/);
	});

	it("never leaves a lone letter: a word with no separator is cut so each piece keeps three", () => {
		const pieces = breakWord("abcdefghijk", 10);
		expect(pieces).toEqual(["abcdefgh", "ijk"]);
		expect(breakWord(`${PATH}/x`, 30).every((p) => [...p].length <= 30)).toBe(true);
	});
});

describe("a table whose first columns alone are wider than the width", () => {
	it("narrows them, their cells wrapping at separators, so every line and the rule fit", () => {
		const rows = [[PATH, "watched", "2", "✓"]];
		const text = renderTable(["root", "access", "changes", "violations"], rows, ["left", "left", "right", "left"], {
			maxWidth: 60,
		});
		const lines = text.split("\n");
		expect(lines.filter((l) => visibleWidth(l) > 60)).toEqual([]);
		expect(lines[2]?.startsWith("/home/somebody/projects/")).toBe(true);
		expect(lines.map((l) => l.split("  ")[0]?.trim()).join("")).toContain(PATH);
	});
});
