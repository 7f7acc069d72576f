import { describe, expect, it } from "vitest";
import { readJson } from "../../src/json/read.ts";
import { MAX_DEPTH } from "../../src/json/scan.ts";
import type { JsonReadOptions, JsonSyntaxError } from "../../src/json/types.ts";

function error(text: string, options?: JsonReadOptions): JsonSyntaxError {
	const read = readJson(text, options);
	if (read.ok) throw new Error(`expected a syntax error in ${JSON.stringify(text)}`);
	return read.error;
}

const SAMPLE = `{
  "defaultModel": "x",
  "pi-delegate": {
    "contextModes": { "lean": { "inheritSkills": true, "n": -1.5e3, "s": "a\\"b\\u00e9" } },
    "list": [1, 2, [], {}, null, false, 0, -0.25, "\\ud83d\\ude00"]
  }
}`;

function nativeParse(text: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}

describe("readJson: what is valid", () => {
	it("agrees with JSON.parse, value included, on every one-character deletion and insertion of a sample", () => {
		const variants = [SAMPLE];
		for (let i = 0; i < SAMPLE.length; i++) {
			variants.push(SAMPLE.slice(0, i) + SAMPLE.slice(i + 1));
			for (const extra of [",", "}", "]", '"', "x", "0", "\n", "\t", "\\"]) {
				variants.push(SAMPLE.slice(0, i) + extra + SAMPLE.slice(i));
			}
		}
		for (const text of variants) {
			const native = nativeParse(text);
			const read = readJson(text);
			expect(read.ok, text).toBe(native.ok);
			if (read.ok && native.ok) expect(read.value, text).toEqual(native.value);
		}
	});

	it("agrees with JSON.parse on the edges of the grammar", () => {
		const texts = [
			'{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"]}',
			"[]",
			"0",
			"-0",
			'"x"',
			" {} ",
			'{"a":{"b":{}}}',
			"1E5",
			"1e-0",
			'"\\ud800"',
			'"\u2028"',
			"[01]",
			"[1.]",
			"[.5]",
			"[+1]",
			"[-]",
			"[1e]",
			"[0x10]",
			"[NaN]",
			"[True]",
			'["\\x41"]',
			'["\\u12"]',
			"\u00a0[]",
		];
		for (const text of texts) {
			const native = nativeParse(text);
			const read = readJson(text);
			expect(read.ok, text).toBe(native.ok);
			if (read.ok && native.ok) expect(read.value, text).toEqual(native.value);
		}
	});

	it("keeps -0, and parses 1e999 as Infinity as JSON.parse does, leaving the judgement to validation", () => {
		const read = readJson('{"z": -0, "usd": 1e999}');
		expect(read.ok && Object.is((read.value as { z: number }).z, -0)).toBe(true);
		expect(read.ok && (read.value as { usd: number }).usd).toBe(Number.POSITIVE_INFINITY);
	});

	it('makes "__proto__" an own property, as JSON.parse does, never the prototype', () => {
		const read = readJson('{"__proto__": {"polluted": true}}');
		expect(read.ok).toBe(true);
		const value = read.ok ? (read.value as Record<string, unknown>) : {};
		expect(Object.hasOwn(value, "__proto__")).toBe(true);
		expect((value as { polluted?: boolean }).polluted).toBeUndefined();
		expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
	});

	it(`refuses nesting deeper than ${MAX_DEPTH} levels with an error, not a stack overflow`, () => {
		expect(readJson(`${"[".repeat(MAX_DEPTH)}${"]".repeat(MAX_DEPTH)}`).ok).toBe(true);
		const deep = "[".repeat(100_000);
		expect(error(deep).reason).toContain("nested deeper");
	});
});

describe("readJson: syntax errors", () => {
	it.each([
		['{\n  "a": 1,\n  b: 2\n}', 3, 3, "expected a property name in double quotes but found 'b'", '"b"'],
		['{"a": 1,}', 1, 9, "trailing comma before }", "remove the comma"],
		['{"a": [1, 2,]}', 1, 13, "trailing comma before ]", "remove the comma"],
		['{"a": [1, 2}', 1, 12, "expected ',' or ']' after a list item but found '}'", "closing bracket"],
		['{"a": [1 2]}', 1, 10, "expected ',' or ']' after a list item but found '2'", "comma"],
		['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}' after a property value but found a double quote", "comma"],
		['{"a" 1}', 1, 6, `expected ':' after the property name "a" but found '1'`, "colon"],
		['{"a": tru}', 1, 7, "expected a value but found 'tru'", "double quotes"],
		['{"a": True}', 1, 7, "expected a value but found 'True'", "lower case"],
		['{"a": NaN}', 1, 7, "expected a value but found 'NaN'", "no NaN"],
		["[1, x]", 1, 5, "expected a value but found 'x'", "double quotes"],
		["[1, #]", 1, 5, "expected a value but found '#'", "a string in double quotes"],
		["{\"a\": 'x'}", 1, 7, "single-quoted string", "double quotes"],
		["{'a': 1}", 1, 2, "single-quoted property name", "double quotes"],
		['{\n  // note\n  "a": 1\n}', 2, 3, "comment, which JSON does not allow", "remove the comment"],
		["[1, /* x */ 2]", 1, 5, "comment, which JSON does not allow", "remove the comment"],
		['\n\n{"a": "x\ny"}', 3, 9, "raw control character (such as a line break or a tab) inside a string", "\\n"],
		['{"a": "\t"}', 1, 8, "raw control character (such as a line break or a tab) inside a string", "\\t"],
		['{"a": "\\q"}', 1, 8, "invalid escape '\\q' in a string", "backslash"],
		['{"a": "\\u12"}', 1, 8, "\\u escape without four hex digits", "\\u00e9"],
		['{"a": 01}', 1, 8, "number with a leading zero", "leading zero"],
		['{"a": 1.}', 1, 7, "incomplete number '1.'", "1e6"],
		['{"a": -}', 1, 7, "minus sign without digits after it", "-3.5"],
		["{} x", 1, 4, "more text after the end of the JSON value", "wrap"],
		['{"a": 1} and more', 1, 10, "more text after the end of the JSON value", "wrap"],
		["", 1, 1, "the text ends where a value should be", "complete"],
		["  \n ", 2, 2, "the text ends where a value should be", "complete"],
		['{"a": [1', 1, 9, "the text ends before the list is closed", '"]"'],
		['{"a": 1', 1, 8, "the text ends before the object is closed", '"}"'],
		['{"a"', 1, 5, "the text ends before the object is closed", '"}"'],
		['{"a": ', 1, 7, "the text ends where a value should be", "complete"],
		['{"a": "x', 1, 7, "unterminated string", "double quote"],
		["{,}", 1, 2, "expected a property name in double quotes but found ','", '"name": value'],
		["[,1]", 1, 2, "expected a value but found ','", "a string in double quotes"],
	])("%j: line %i, column %i: %s", (text, line, column, reason, hint) => {
		const e = error(text);
		expect([e.line, e.column, e.reason]).toEqual([line, column, reason]);
		expect(e.hint).toContain(hint);
	});

	it("gives the offset into the text as passed in", () => {
		expect(error('{"a": }').offset).toBe(6);
	});
});

describe("readJson: text that is not UTF-8", () => {
	// What Node's UTF-8 decoding makes of a UTF-16 file: the mark's two bytes are each U+FFFD.
	const decoded = (bytes: Buffer) => bytes.toString("utf8");
	const text = '{"goal": "x"}';

	it("names UTF-16 with a byte-order mark, little- or big-endian, at line 1, column 1", () => {
		const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
		const be = Buffer.from(le).swap16();
		for (const bytes of [le, be]) {
			expect(error(decoded(bytes))).toMatchObject({
				line: 1,
				column: 1,
				reason: "the text is UTF-16, not UTF-8 (it starts with a UTF-16 byte-order mark)",
				hint: expect.stringContaining("save it as UTF-8"),
			});
		}
	});

	it("names UTF-16 without a mark by its zero bytes", () => {
		expect(error(decoded(Buffer.from(text, "utf16le"))).reason).toBe(
			"the text is UTF-16, not UTF-8 (every other byte is zero)",
		);
	});

	it("leaves other errors and valid text alone: a NUL escape, a stray replacement character", () => {
		expect(readJson('{"a": "\\u0000\\u0000\\u0000"}').ok).toBe(true);
		expect(error('{"a": 1} \uFFFD').reason).not.toContain("UTF-16");
	});
});

describe("readJson: duplicate keys", () => {
	it("reports a key given twice, with its path, both positions and the last value kept", () => {
		const read = readJson('{\n"read_only": true,\n"budget": {"usd": 1, "usd": 9},\n"read_only": false\n}');
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.value).toEqual({ read_only: false, budget: { usd: 9 } });
		expect(read.duplicates.map((d) => [d.path, d.first.line, d.first.column, d.again.line, d.again.column])).toEqual([
			[["budget", "usd"], 3, 12, 3, 22],
			[["read_only"], 2, 1, 4, 1],
		]);
	});

	it("finds duplicates at depth, inside lists of objects", () => {
		const read = readJson('{"a": {"b": [0, {"c": {"d": 1, "d": 2}}]}}');
		expect(read.ok && read.duplicates.map((d) => d.path)).toEqual([["a", "b", 1, "c", "d"]]);
	});

	it("reports each repeat of a key against its first appearance", () => {
		const read = readJson('{"x": 1, "x": 2, "x": 3}');
		expect(read.ok && read.duplicates.map((d) => [d.first.column, d.again.column])).toEqual([
			[2, 10],
			[2, 18],
		]);
	});

	it("does not confuse equal keys in different objects", () => {
		const read = readJson('{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]}');
		expect(read.ok && read.duplicates).toEqual([]);
	});

	it("compares keys after unescaping", () => {
		const read = readJson('{"id": 1, "\\u0069d": 2}');
		expect(read.ok && read.duplicates.map((d) => d.path)).toEqual([["id"]]);
	});
});

describe("readJson: trailing commas", () => {
	const text = '{\n"a": [1, 2,],\n"b": 3,\n}';

	it("are refused by default", () => {
		expect(error(text)).toMatchObject({ line: 2, column: 12, reason: "trailing comma before ]" });
	});

	it("are accepted when allowed, each reported where it is", () => {
		const read = readJson(text, { trailingCommas: "allow" });
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.value).toEqual({ a: [1, 2], b: 3 });
		expect(read.trailingCommas.map((p) => [p.line, p.column])).toEqual([
			[2, 11],
			[3, 7],
		]);
	});

	it("leave commas inside strings alone", () => {
		const read = readJson('{"a": ",}", "b": "x\\",]",}', { trailingCommas: "allow" });
		expect(read.ok && [read.value, read.trailingCommas.length]).toEqual([{ a: ",}", b: 'x",]' }, 1]);
	});

	it("cover only a comma after an item: an empty slot stays an error", () => {
		expect(error("[1,,]", { trailingCommas: "allow" }).reason).toBe("expected a value but found ','");
		expect(error("{,}", { trailingCommas: "allow" }).reason).toContain("expected a property name");
		expect(error("[,]", { trailingCommas: "allow" }).reason).toBe("expected a value but found ','");
	});

	it("do not hide the real error when a trailing comma is not the only problem", () => {
		expect(error('{\n"a": 1\n"b": 2,\n}', { trailingCommas: "allow" })).toMatchObject({
			line: 3,
			column: 1,
			reason: "expected ',' or '}' after a property value but found a double quote",
		});
	});
});
