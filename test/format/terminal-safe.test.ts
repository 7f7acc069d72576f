/** What others wrote cannot drive the terminal a report is printed on. */
import { describe, expect, it } from "vitest";
import { terminalSafe } from "../../src/format/text.ts";
import { formatProblems } from "../../src/problems.ts";
import { INITIAL_PROGRESS, statusLine } from "../../src/report/progress.ts";
import { terminalControls } from "../support/terminal.ts";

describe("terminalSafe", () => {
	it("writes every control character but tab and line feed as \\xNN", () => {
		expect(terminalSafe("a\u001b[2Jb\rc\u0007d\u007fe\u009b31mf")).toBe("a\\x1b[2Jb\\x0dc\\x07d\\x7fe\\x9b31mf");
		expect(terminalSafe("\u0000")).toBe("\\x00");
	});

	it("keeps tab, line feed and every printable character, and returns clean text as it was", () => {
		const clean = "line 1\n\tindented · ✓ — ünïcödé 日本 🙂";
		expect(terminalSafe(clean)).toBe(clean);
		expect(terminalControls(terminalSafe(`${clean}\u001b`))).toEqual([]);
	});
});

describe("the edges that print what others wrote", () => {
	it("problems: a key or value quoted in a message is escaped", () => {
		const text = formatProblems([
			{
				path: ["\u001b[2Jevil"],
				code: "unknown_key",
				value: 1,
				message: 'unknown field "\u001b[2Jevil\u0007"',
				fix: "remove it",
			},
		]);
		expect(terminalControls(text)).toEqual([]);
		expect(text).toContain('unknown field "\\x1b[2Jevil\\x07"');
	});

	it("the live progress line: what the child is doing quotes its tool call", () => {
		const state = { ...INITIAL_PROGRESS, turn: 1, tool: "read: \r\u001b[2KPASS" };
		const line = statusLine("t", state, 1000, 80);
		expect(terminalControls(line)).toEqual([]);
		expect(line).toContain("read: \\x0d\\x1b[2KPASS");
	});
});
