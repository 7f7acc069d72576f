import { describe, expect, it } from "vitest";
import { formatPath } from "../../src/problems.ts";
import { parseJson } from "../../src/spec/json.ts";

function syntax(text: string) {
	const result = parseJson(text);
	if (result.ok) throw new Error(`expected a syntax error for ${text}`);
	expect(result.problems).toHaveLength(1);
	return result.problems[0];
}

describe("parseJson", () => {
	it.each([
		['{\n  "a": 1,\n  b: 2\n}', 3, 3, "property name in double quotes"],
		['{"a": 1,}', 1, 9, "trailing comma before }"],
		['{"a": [1, 2,]}', 1, 13, "trailing comma before ]"],
		['{"a": [1, 2}', 1, 12, "expected ',' or ']'"],
		['{"a": tru}', 1, 7, "expected a value but found 'tru'"],
		["{\"a\": 'x'}", 1, 7, "single-quoted string"],
		['\n\n{"a": "x\ny"}', 3, 9, "raw control character"],
		['{"a": "\\q"}', 1, 8, "invalid escape"],
		['{"a": 01}', 1, 8, "number with a leading zero"],
		["{} x", 1, 4, "more text after the end"],
		["", 1, 1, "ends where a value should be"],
		['{"a": [1', 1, 9, "ends before the list is closed"],
		['{"a": 1', 1, 8, "ends before the object is closed"],
		['{"a": "x', 1, 7, "unterminated string"],
	])("reports %j at line %i, column %i", (text, line, column, words) => {
		const p = syntax(text);
		expect(p && formatPath(p)).toBe("(json)");
		expect(p?.message).toContain(`line ${line}, column ${column}`);
		expect(p?.message).toContain(words);
		expect(p?.fix).not.toBe("");
	});

	it("shows the offending line as the value", () => {
		expect(syntax('{\n  "a": 1,\n  b: 2\n}')?.value).toBe("b: 2");
	});

	it("agrees with JSON.parse on what is valid", () => {
		const texts = ['{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"]}', "[]", "0", '"x"', " {} ", '{"a":{"b":{}}}'];
		for (const text of texts) {
			const result = parseJson(text);
			expect(result.ok, text).toBe(true);
			if (result.ok) expect(result.value).toEqual(JSON.parse(text));
		}
	});

	it("parses 1e999 as Infinity, as JSON.parse does, leaving it to validation to reject", () => {
		const result = parseJson('{"usd": 1e999}');
		expect(result.ok && (result.value as { usd: number }).usd).toBe(Number.POSITIVE_INFINITY);
	});

	it("accepts a byte-order mark", () => {
		expect(parseJson('\uFEFF{"a": 1}').ok).toBe(true);
	});

	it("reports a key given twice, with both lines and the value that would win", () => {
		const result = parseJson('{\n"read_only": true,\n"budget": {"usd": 1, "usd": 9},\n"read_only": false\n}');
		expect(result.ok).toBe(true);
		expect(result.problems.map((p) => [formatPath(p), p.value])).toEqual([
			["budget.usd", 9],
			["read_only", false],
		]);
		expect(result.problems[1]?.message).toContain("lines 2 and 4");
	});

	it("does not confuse equal keys in different objects", () => {
		expect(parseJson('{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]}').problems).toEqual([]);
	});

	it("compares keys after unescaping", () => {
		expect(parseJson('{"id": 1, "\\u0069d": 2}').problems.map((p) => formatPath(p))).toEqual(["id"]);
	});
});
