import { describe, expect, it } from "vitest";
import { formatPointer, type Pointer, parsePointer } from "../../src/envelope/pointer.ts";
import { formatPath } from "../../src/problems.ts";

function ok(text: string): Pointer {
	const parsed = parsePointer(text);
	if (!parsed.ok) throw new Error(`expected ${text} to parse: ${parsed.problems[0]?.message}`);
	return parsed.pointer;
}

function bad(text: string): { message: string; fix: string } {
	const parsed = parsePointer(text, ["evidence", 0, "pointer"]);
	if (parsed.ok) throw new Error(`expected ${text} to be rejected, got ${JSON.stringify(parsed.pointer)}`);
	expect(parsed.problems).toHaveLength(1);
	expect(formatPath(parsed.problems[0]!)).toBe("evidence[0].pointer");
	expect(parsed.problems[0]?.value).toBe(text);
	return { message: parsed.problems[0]!.message, fix: parsed.problems[0]!.fix };
}

describe("parsePointer: the four forms", () => {
	it("reads path:line as a one-line range", () => {
		expect(ok("src/app.ts:12")).toEqual({ kind: "file", path: "src/app.ts", lines: { start: 12, end: 12 } });
	});

	it("reads path:start-end as an inclusive range", () => {
		expect(ok("src/app.ts:3-9")).toEqual({ kind: "file", path: "src/app.ts", lines: { start: 3, end: 9 } });
		expect(ok("src/app.ts:4-4")).toEqual({ kind: "file", path: "src/app.ts", lines: { start: 4, end: 4 } });
	});

	it("reads a bare path as the whole file or directory", () => {
		expect(ok("README.md")).toEqual({ kind: "file", path: "README.md", lines: undefined });
		expect(ok("/abs/dir/")).toEqual({ kind: "file", path: "/abs/dir/", lines: undefined });
	});

	it("reads cmd: with the command after it, trimmed, prefix in any case", () => {
		expect(ok("cmd: npm test")).toEqual({ kind: "command", command: "npm test" });
		expect(ok("cmd:npm test")).toEqual({ kind: "command", command: "npm test" });
		expect(ok("CMD:  git log -1 ")).toEqual({ kind: "command", command: "git log -1" });
		expect(ok("cmd: grep -n 'a:1' src/x.ts:3")).toEqual({ kind: "command", command: "grep -n 'a:1' src/x.ts:3" });
	});

	it("trims whitespace around the pointer", () => {
		expect(ok("  src/app.ts:2 \n")).toEqual({ kind: "file", path: "src/app.ts", lines: { start: 2, end: 2 } });
	});
});

describe("parsePointer: spaces and colons in paths", () => {
	it("keeps spaces inside a path", () => {
		expect(ok("my docs/design notes.md:7")).toEqual({
			kind: "file",
			path: "my docs/design notes.md",
			lines: { start: 7, end: 7 },
		});
	});

	it("treats a colon not followed by a line number as part of the path", () => {
		expect(ok("a:b")).toEqual({ kind: "file", path: "a:b", lines: undefined });
		expect(ok("dir/x:y.ts")).toEqual({ kind: "file", path: "dir/x:y.ts", lines: undefined });
		expect(ok("C:/work/app.ts")).toEqual({ kind: "file", path: "C:/work/app.ts", lines: undefined });
	});

	it("takes only the last :N as a line number", () => {
		expect(ok("a:b:3")).toEqual({ kind: "file", path: "a:b", lines: { start: 3, end: 3 } });
		expect(ok("logs/12:30 run.txt:5-6")).toEqual({
			kind: "file",
			path: "logs/12:30 run.txt",
			lines: { start: 5, end: 6 },
		});
	});
});

describe("parsePointer: problems", () => {
	it("rejects an empty pointer", () => {
		expect(bad("   ").message).toBe("is empty");
	});

	it("rejects cmd: without a command", () => {
		expect(bad("cmd:   ")).toEqual({
			message: "has cmd: but no command after it",
			fix: "write the command you ran, e.g. cmd: npm test",
		});
	});

	it("rejects line 0, and a range that starts or ends at 0", () => {
		expect(bad("src/app.ts:0").message).toBe("has line number 0; lines count from 1");
		expect(bad("src/app.ts:0-3").message).toBe("has line number 0; lines count from 1");
	});

	it("rejects a range whose start is after its end, and proposes the swap", () => {
		expect(bad("src/app.ts:9-3")).toEqual({
			message: "has a line range that starts after it ends (9 > 3)",
			fix: "write src/app.ts:3-9",
		});
	});

	it("rejects a line number too large to be one", () => {
		expect(bad("src/app.ts:99999999999999999999").message).toBe("has a line number too large to be a line");
	});

	it("rejects a line number without a path", () => {
		expect(bad(":12").message).toBe("has a line number but no path");
	});

	it("rejects ~, which nothing expands", () => {
		expect(bad("~/notes.md:1").message).toBe("starts with ~, which is not expanded");
	});

	it.each([
		[
			"src/app.ts:12:5",
			"looks like path:line:column; pointers take a line or a line range, not a column",
			"write src/app.ts:12",
		],
		["src/app.ts#L12", "uses a #L line anchor; pointers write lines after a colon", "write src/app.ts:12"],
		["src/app.ts#L3-L9", "uses a #L line anchor; pointers write lines after a colon", "write src/app.ts:3-9"],
		["src/app.ts:L3-L9", "puts an L before the line number", "write src/app.ts:3-9"],
		[
			"src/app.ts:3–9",
			"writes the line range with a dash other than a single '-' between the numbers",
			"write src/app.ts:3-9",
		],
		[
			"src/app.ts:3 - 9",
			"writes the line range with a dash other than a single '-' between the numbers",
			"write src/app.ts:3-9",
		],
		[
			"src/app.ts:3-",
			"has a line range with a missing end",
			"write src/app.ts:start-end, or src/app.ts:line for one line",
		],
	])("rejects the near miss %s with a fix", (text, message, fix) => {
		expect(bad(text)).toEqual({ message, fix });
	});
});

describe("formatPointer", () => {
	it.each(["src/app.ts:3", "src/app.ts:3-9", "a:b", "cmd: npm test"])("writes %s back as it was read", (text) => {
		expect(formatPointer(ok(text))).toBe(text);
	});

	it("writes a one-line range as path:line", () => {
		expect(formatPointer({ kind: "file", path: "x", lines: { start: 2, end: 2 } })).toBe("x:2");
	});
});
