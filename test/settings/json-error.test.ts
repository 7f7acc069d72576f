import { describe, expect, it } from "vitest";
import { findJsonError, lineAndColumn } from "../../src/settings/json-error.ts";

const SAMPLE = `{
  "defaultModel": "x",
  "pi-delegate": {
    "contextModes": { "lean": { "inheritSkills": true, "n": -1.5e3, "s": "a\\"b\\u00e9" } },
    "list": [1, 2, [], {}, null, false]
  }
}`;

describe("findJsonError", () => {
	it("accepts what JSON.parse accepts", () => {
		expect(() => JSON.parse(SAMPLE)).not.toThrow();
		expect(findJsonError(SAMPLE)).toBeUndefined();
	});

	it("agrees with JSON.parse on every one-character deletion and insertion of a sample", () => {
		const variants: string[] = [];
		for (let i = 0; i < SAMPLE.length; i++) {
			variants.push(SAMPLE.slice(0, i) + SAMPLE.slice(i + 1));
			for (const extra of [",", "}", '"', "x", "\n"]) variants.push(SAMPLE.slice(0, i) + extra + SAMPLE.slice(i));
		}
		for (const text of variants) {
			let valid = true;
			try {
				JSON.parse(text);
			} catch {
				valid = false;
			}
			expect(findJsonError(text) === undefined, text).toBe(valid);
		}
	});

	it("locates errors Node reports without a position", () => {
		expect(findJsonError('{"a": }')).toMatchObject({ offset: 6, line: 1, column: 7 });
		expect(findJsonError('{\n  "a": 1,\n}')).toMatchObject({
			line: 3,
			column: 1,
			message: "a trailing comma before }",
		});
	});

	it("names what it expected", () => {
		expect(findJsonError("{a:1}")?.message).toContain("double-quoted property name");
		expect(findJsonError('{"a" 1}')?.message).toContain("expected ':'");
		expect(findJsonError('"abc')?.message).toContain("never closed");
		expect(findJsonError("[1] 2")?.message).toContain("after the end");
		expect(findJsonError("")?.message).toContain("the end of the file");
	});

	it("counts lines and columns from one", () => {
		expect(lineAndColumn("ab\ncd", 0)).toEqual({ line: 1, column: 1 });
		expect(lineAndColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
	});
});
