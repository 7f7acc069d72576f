import { describe, expect, it } from "vitest";
import { textCandidates } from "../../src/envelope/candidates.ts";
import { fencedBlocks } from "../../src/envelope/fences.ts";
import { readJson } from "../../src/json/read.ts";

describe("fencedBlocks", () => {
	it("finds backtick and tilde fences with their tag, content and opening line", () => {
		const text = 'intro\n```json\n{"a": 1}\n```\nmid\n~~~\nplain\n~~~\n';
		expect(fencedBlocks(text)).toEqual([
			{ lang: "json", content: '{"a": 1}', line: 2, closed: true },
			{ lang: "", content: "plain", line: 6, closed: true },
		]);
	});

	it("lower-cases the tag and keeps only its first word", () => {
		expect(fencedBlocks("```JSON title=x\n1\n```")[0]?.lang).toBe("json");
	});

	it("closes a fence only with the same character, at least as long", () => {
		const text = "````json\n```\ninner\n```\n~~~~\n````\n";
		expect(fencedBlocks(text)).toEqual([{ lang: "json", content: "```\ninner\n```\n~~~~", line: 1, closed: true }]);
	});

	it("does not close on a fence line that has text after it", () => {
		expect(fencedBlocks("```\na\n``` not a close\n```")[0]?.content).toBe("a\n``` not a close");
	});

	it("runs an unclosed fence to the end of the text", () => {
		expect(fencedBlocks('done:\n```json\n{"status": "ok"')).toEqual([
			{ lang: "json", content: '{"status": "ok"', line: 2, closed: false },
		]);
	});

	it("ignores inline code", () => {
		expect(fencedBlocks("use ```json``` inline, or ``` this ```\n")).toEqual([]);
	});

	it("finds a fence nested in a list item, however deep", () => {
		expect(fencedBlocks("- result:\n      ```json\n      {}\n      ```\n")).toEqual([
			{ lang: "json", content: "      {}", line: 2, closed: true },
		]);
	});

	it("accepts CRLF line ends", () => {
		expect(fencedBlocks("```json\r\n{}\r\n```\r\n")).toEqual([{ lang: "json", content: "{}", line: 1, closed: true }]);
	});
});

/** The JSON reader as the envelope calls it (trailing commas allowed), in the shape candidates keep. */
function parseJsonText(text: string) {
	const read = readJson(text, { trailingCommas: "allow" });
	if (read.ok) return { ok: true, value: read.value, trailingCommas: read.trailingCommas.map((p) => p.line) };
	return { ok: false, message: read.error.reason, line: read.error.line, column: read.error.column };
}

describe("envelope JSON text", () => {
	it("parses strict JSON without notes", () => {
		expect(parseJsonText('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] }, trailingCommas: [] });
	});

	it("drops trailing commas before } and ], reporting their lines", () => {
		expect(parseJsonText('{\n"a": [1, 2,],\n"b": 3,\n}')).toEqual({
			ok: true,
			value: { a: [1, 2], b: 3 },
			trailingCommas: [2, 3],
		});
	});

	it("leaves commas inside strings alone", () => {
		expect(parseJsonText('{"a": ",}", "b": "x\\",]",}')).toEqual({
			ok: true,
			value: { a: ",}", b: 'x",]' },
			trailingCommas: [1],
		});
	});

	it.each([
		['{\n  // note\n  "a": 1\n}', "comment, which JSON does not allow", 2, 3],
		["{'a': 1}", "single-quoted property name", 1, 2],
		['{"a": tru}', "expected a value but found 'tru'", 1, 7],
		["[1, x]", "expected a value but found 'x'", 1, 5],
		['{"a": [1 2]}', "expected ',' or ']' after a list item but found '2'", 1, 10],
		['{"a": 1} and more', "more text after the end of the JSON value", 1, 10],
		['{"a": "\\q"}', "invalid escape '\\q' in a string", 1, 8],
		['{"a": "\t"}', "raw control character (such as a line break or a tab) inside a string", 1, 8],
		['{"a": "x', "unterminated string", 1, 7],
		['{"a"', "the text ends before the object is closed", 1, 5],
		["", "the text ends where a value should be", 1, 1],
	])("locates the first error in %j", (text, message, line, column) => {
		expect(parseJsonText(text)).toEqual({ ok: false, message, line, column });
	});

	it("reports the real error when a trailing comma is not the only problem", () => {
		expect(parseJsonText('{\n"a": 1\n"b": 2,\n}')).toEqual({
			ok: false,
			message: "expected ',' or '}' after a property value but found a double quote",
			line: 3,
			column: 1,
		});
	});

	it("counts a candidate's lines and trailing commas in the whole message", () => {
		const text = 'Done.\n```json\n{\n  "status": "ok",\n}\n```\n```json\n{"status": ok}\n```';
		const { candidates } = textCandidates(text);
		expect(candidates[0]).toMatchObject({ json: true, trailingCommaLines: [4] });
		expect(candidates[1]).toMatchObject({ json: false, error: "expected a value but found 'ok'", line: 8, column: 12 });
	});
});
