/** Names as bytes: every name survives the snapshot and can be opened again. */
import { describe, expect, it } from "vitest";
import { decodeName, displayName, nameBytes } from "../../src/boundary/names.ts";

describe("names", () => {
	it("keeps valid UTF-8 as is, including a literal U+FFFD", () => {
		for (const name of ["plain", "sp ace", "new\nline", "日本語", "emoji 🎉", "real \uFFFD char"]) {
			const bytes = Buffer.from(name);
			expect(decodeName(bytes)).toBe(name);
			expect(nameBytes(decodeName(bytes)).equals(bytes)).toBe(true);
		}
	});

	it("escapes invalid bytes reversibly, so different names never collapse into one", () => {
		const a = Buffer.from([0x61, 0xff, 0x62]);
		const b = Buffer.from([0x61, 0xfe, 0x62]);
		const overlong = Buffer.from([0xc0, 0xaf]);
		const truncated = Buffer.from([0x78, 0xe6, 0x97]);
		expect(decodeName(a)).not.toBe(decodeName(b));
		for (const bytes of [a, b, overlong, truncated, Buffer.from([0xe6, 0x97, 0xa5, 0xff])]) {
			expect(nameBytes(decodeName(bytes)).equals(bytes)).toBe(true);
		}
		expect(decodeName(Buffer.from([0xe6, 0x97, 0xa5, 0xff]))).toBe("日\u0000ff");
	});

	it("decodes a slice of a larger buffer", () => {
		const bytes = Buffer.from("xx\u0000name\u0000yy");
		expect(decodeName(bytes, 3, 7)).toBe("name");
	});

	it("shows control characters and invalid bytes as visible escapes", () => {
		expect(displayName("a\nb\tc\u001bd\u0000ffe")).toBe("a\\nb\\tc\\x1bd\\xffe");
	});
});
