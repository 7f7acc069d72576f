/**
 * The line/column convention, tested once here for every reader of JSON text: 1-based lines and
 * columns, columns in UTF-16 code units, "\r\n" as one break, a byte-order mark not counted.
 */
import { describe, expect, it } from "vitest";
import { locate } from "../../src/json/locate.ts";
import { describePosition, positionAt } from "../../src/json/position.ts";
import { readJson } from "../../src/json/read.ts";

/** Where the reader puts the first syntax error of a text. */
function errorAt(text: string): [number, number] {
	const read = readJson(text);
	if (read.ok) throw new Error(`expected a syntax error in ${JSON.stringify(text)}`);
	return [read.error.line, read.error.column];
}

/** Where the reader says a key is written. */
function keyAt(text: string, ...path: string[]): [number, number] {
	const read = readJson(text);
	if (!read.ok) throw new Error(read.error.reason);
	const { position, exact } = locate(read, path);
	expect(exact).toBe(true);
	return [position.line, position.column];
}

describe("the line/column convention", () => {
	it("counts lines and columns from 1 in plain ASCII", () => {
		expect(errorAt('{"a": 1 "b": 2}')).toEqual([1, 9]);
		expect(keyAt('{\n  "a": 1,\n  "b": 2\n}', "b")).toEqual([3, 3]);
		expect(positionAt("ab\ncd", 0)).toMatchObject({ line: 1, column: 1 });
		expect(positionAt("ab\ncd", 4)).toMatchObject({ line: 2, column: 2 });
	});

	it('counts "\\r\\n" as one line break, and a lone "\\r" as one too', () => {
		expect(keyAt('{\r\n  "a": 1,\r\n  "b": 2\r\n}', "b")).toEqual([3, 3]);
		expect(errorAt('{\r\n  "a": 1\r\n  "b": 2\r\n}')).toEqual([3, 3]);
		expect(keyAt('{\r  "a": 1,\r  "b": 2\r}', "b")).toEqual([3, 3]);
	});

	it("does not count a byte-order mark as a column, though offsets include it", () => {
		expect(keyAt('\uFEFF{"a": 1}', "a")).toEqual([1, 2]);
		expect(errorAt("\uFEFF{,}")).toEqual([1, 2]);
		const read = readJson('\uFEFF{"a": 1}');
		expect(read.ok && locate(read, ["a"]).position.offset).toBe(2);
		expect(keyAt('\uFEFF{\n"a": 1}', "a")).toEqual([2, 1]);
	});

	it("counts a tab as one column", () => {
		expect(keyAt('{\n\t"a": 1,\n\t\t"b": 2\n}', "b")).toEqual([3, 3]);
		expect(errorAt('{\n\t"a" 1}')).toEqual([2, 6]);
	});

	it("counts a character outside the Basic Multilingual Plane as two columns (UTF-16 code units)", () => {
		expect("😀".length).toBe(2);
		expect(keyAt('{"😀": 1, "b": 2}', "b")).toEqual([1, 11]);
		expect(errorAt('{"😀": 1 "b": 2}')).toEqual([1, 10]);
		expect(keyAt('{"é": 1, "b": 2}', "b")).toEqual([1, 10]);
	});

	it("puts an error at a line holding only a closing brace on that line, column 1", () => {
		expect(errorAt('{\n  "a": 1,\n}')).toEqual([3, 1]);
		expect(errorAt('{\r\n  "a": 1,\r\n}')).toEqual([3, 1]);
		expect(errorAt('{\n  "a": [1,\n]\n}')).toEqual([3, 1]);
	});

	it("words a position one way", () => {
		expect(describePosition({ line: 3, column: 5 })).toBe("line 3, column 5");
	});
});
