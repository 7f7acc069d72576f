/** The text form of an entry: what the walks write is what the diff reads. */
import { describe, expect, it } from "vitest";
import { formatEntry, hasHash, parseEntry, withHash } from "../../src/boundary/entry.ts";

describe("entry text", () => {
	it("round-trips every type", () => {
		for (const text of [
			"f 644 12 1700000000.1234567890 1700000001.0000000000",
			"f 644 12 1700000000.1234567890 1700000001.0000000000 18446744073709551615",
			`f 4755 0 1.0000000000 2.0000000000 sha256:${"e".repeat(64)}`,
			"d 700",
			"l ../some where\nelse",
			"p 644",
			"s 755",
			"b 660",
			"c 666",
		]) {
			expect(formatEntry(parseEntry(text))).toBe(text);
		}
	});

	it("parses file metadata with nanosecond times", () => {
		expect(parseEntry("f 644 12 1700000000.1234567890 1700000001.0000000000")).toEqual({
			type: "file",
			mode: 0o644,
			size: 12,
			mtime: "1700000000.123456789",
			ctime: "1700000001.000000000",
		});
	});

	it("reads the inode as decimal text, past 2^53, and reads files written before it was recorded", () => {
		expect(parseEntry("f 644 12 1.0000000000 2.0000000000 18446744073709551615").ino).toBe("18446744073709551615");
		expect(parseEntry("f 644 12 1.0000000000 2.0000000000").ino).toBeUndefined();
		expect(parseEntry(`f 644 12 1.0000000000 2.0000000000 sha256:${"e".repeat(64)}`)).toMatchObject({
			hash: "e".repeat(64),
		});
		expect(parseEntry(`f 644 12 1.0000000000 2.0000000000 sha256:${"e".repeat(64)}`).ino).toBeUndefined();
	});

	it("adds and replaces a hash, and detects one without parsing", () => {
		const text = "f 644 1 1.0000000000 1.0000000000";
		expect(hasHash(text)).toBe(false);
		const once = withHash(text, "a".repeat(64));
		expect(hasHash(once)).toBe(true);
		expect(withHash(once, "b".repeat(64))).toBe(`${text} sha256:${"b".repeat(64)}`);
		expect(hasHash("l target with sha256: in it")).toBe(false);
	});
});
