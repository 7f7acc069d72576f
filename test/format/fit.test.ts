import { describe, expect, it } from "vitest";
import { fitText } from "../../src/format/fit.ts";
import { renderTable, visibleWidth } from "../../src/format/table.ts";
import { hanging } from "../../src/format/text.ts";

const HELP = [
	"Usage: pi-delegate thing [--alpha A] [--beta B] [--gamma | --no-gamma] [--delta D] [--epsilon]",
	"",
	"Does a thing: reads every file under the roots, and writes what it found to the place it was told to write it,",
	"then says so.",
	"",
	"Options:",
	"  --alpha A     the first option, whose description is long enough to need wrapping at eighty columns",
	"                when the terminal is narrow",
	"  --beta B      short",
	"",
	"Exit codes: 0 done, 2 bad input.",
].join("\n");

describe("help text fitted to a terminal", () => {
	const fitted = fitText(HELP, 60);
	const lines = fitted.split("\n");

	it("keeps every line within the width and every word in order", () => {
		expect(lines.filter((l) => visibleWidth(l) > 60)).toEqual([]);
		expect(fitted.replace(/\s+/g, " ")).toBe(HELP.replace(/\s+/g, " "));
	});

	it("wraps a synopsis between its bracketed groups, under its first argument", () => {
		expect(lines[0]).toBe("Usage: pi-delegate thing [--alpha A] [--beta B]");
		expect(lines[1]).toBe("                         [--gamma | --no-gamma] [--delta D]");
		expect(lines[2]).toBe("                         [--epsilon]");
	});

	it("keeps an option's description under itself, and leaves the heading and short lines alone", () => {
		const alpha = lines.findIndex((l) => l.startsWith("  --alpha A"));
		expect(lines[alpha - 1]).toBe("Options:");
		expect(lines[alpha + 1]).toMatch(/^ {16}\S/);
		expect(lines).toContain("  --beta B      short");
		expect(lines).toContain("Exit codes: 0 done, 2 bad input.");
	});

	it("reflows a prose paragraph with the line that continues it", () => {
		const start = lines.findIndex((l) => l.startsWith("Does a thing"));
		const end = lines.indexOf("", start);
		expect(end - start).toBe(3);
		expect(lines[end - 1]).toMatch(/says so\.$/);
		expect(lines).not.toContain("then says so.");
	});

	it("is the text as written when it fits", () => {
		expect(fitText(HELP, 200)).toBe(HELP);
	});
});

describe("a table whose description column has no room", () => {
	const header = ["mode", "context", "main rules", "skills", "prompt", "defined in", "what it is for"];
	const rows = [
		[
			"legacy (alias inherit)",
			"in",
			"in",
			"in",
			"append",
			"built-in",
			"Everything the parent has, under the base prompt, as a plain Pi session would get it.",
		],
		["isolated", "out", "out", "out", "replace", "built-in", ""],
	];

	it("puts each row's description under the row, indented, within the width", () => {
		const lines = renderTable(header, rows, [], { maxWidth: 80 }).split("\n");
		expect(lines.filter((l) => visibleWidth(l) > 80)).toEqual([]);
		expect(lines[0]).toBe("mode                    context  main rules  skills  prompt   defined in");
		expect(lines[2]).toMatch(/^legacy \(alias inherit\) +in +in +in +append +built-in$/);
		expect(lines[3]).toMatch(/^ {4}Everything the parent has/);
		expect(lines.at(-1)).toMatch(/^isolated /);
	});
});

describe("a problem line wrapped under its first word", () => {
	it("keeps the words in order, each line within the width, and a line break as a new indented line", () => {
		const text = hanging(
			"  ✗ ",
			"roots[0]: is a relative path; roots must be absolute, because the child runs elsewhere\nsecond line",
			40,
		);
		const lines = text.split("\n");
		expect(lines[0]?.startsWith("  ✗ roots[0]:")).toBe(true);
		expect(lines.slice(1).every((l) => l.startsWith("    "))).toBe(true);
		expect(lines.every((l) => visibleWidth(l) <= 40)).toBe(true);
		expect(lines.at(-1)).toBe("    second line");
		expect(text.replace(/\s+/g, " ")).toBe(
			" ✗ roots[0]: is a relative path; roots must be absolute, because the child runs elsewhere second line",
		);
	});

	it("keeps a path longer than the room whole", () => {
		const path = `/tmp/${"x".repeat(60)}/file.txt`;
		expect(hanging("  - ", `wrote ${path} here`, 40).split("\n")).toContain(`    ${path}`);
	});
});
