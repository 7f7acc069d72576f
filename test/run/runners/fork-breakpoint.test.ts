/** The breakpoint at the end of a fork's inherited branch: where it goes, and every case it stays out. */
import { describe, expect, it } from "vitest";
import { briefIndex, MAX_BREAKPOINTS, markInheritedEnd } from "../../../src/run/runners/fork-breakpoint.ts";

const cc = { type: "ephemeral" };
const text = (t: string, marked = false) => ({ type: "text", text: t, ...(marked && { cache_control: cc }) });
const payload = (messages: unknown[], systemMarks = 1) => ({
	model: "m",
	messages,
	system: Array.from({ length: systemMarks }, () => text("sys", true)),
	tools: [{ name: "read", cache_control: cc }],
});
const BRIEF = "[brief] look";
const inherited = [
	{ role: "user", content: [text("hello")] },
	{ role: "assistant", content: [text("hi")] },
	{ role: "user", content: [{ type: "tool_result", tool_use_id: "x", content: "ok" }] },
];
const withBrief = [...inherited, { role: "user", content: [text(BRIEF, true)] }];

describe("markInheritedEnd", () => {
	it("marks the last block of the last inherited message with Pi's own marker, in a copy", () => {
		const before = payload(withBrief);
		const copy = JSON.stringify(before);
		const marked = markInheritedEnd(before, briefIndex(withBrief, BRIEF));
		expect(marked.added).toBe(true);
		if (!marked.added) return;
		expect(marked.at).toBe(2);
		const messages = marked.payload.messages as Array<{ content: Array<Record<string, unknown>> }>;
		expect(messages[2]?.content[0]).toEqual({
			type: "tool_result",
			tool_use_id: "x",
			content: "ok",
			cache_control: cc,
		});
		expect(messages[3]?.content[0]).toEqual(text(BRIEF, true));
		expect(JSON.stringify(before)).toBe(copy);
	});

	it("takes the marker's lifetime from Pi's last one, so a 1 h breakpoint never follows a 5 m one", () => {
		const long = { type: "ephemeral", ttl: "1h" };
		const messages = [...inherited, { role: "user", content: [{ ...text(BRIEF), cache_control: long }] }];
		const marked = markInheritedEnd(payload(messages), 3);
		expect(
			marked.added &&
				(marked.payload.messages as Array<{ content: Array<{ cache_control?: unknown }> }>)[2]?.content[0]
					?.cache_control,
		).toEqual(long);
	});

	it("adds nothing where it cannot: no room for a fifth breakpoint, no brief, an unmarkable block, not Anthropic", () => {
		expect(markInheritedEnd(payload(withBrief, MAX_BREAKPOINTS - 1), 3)).toEqual({ added: false, why: "no-room" });
		expect(markInheritedEnd(payload(withBrief), -1)).toEqual({ added: false, why: "no-brief" });
		expect(markInheritedEnd(payload(withBrief), 0)).toEqual({ added: false, why: "no-brief" });
		const thinking = [{ role: "assistant", content: [{ type: "thinking", thinking: "hm" }] }, withBrief[3]];
		expect(markInheritedEnd(payload(thinking), 1)).toEqual({ added: false, why: "unmarkable" });
		const marked = [{ role: "user", content: [text("hello", true)] }, withBrief[3]];
		expect(markInheritedEnd(payload(marked), 1)).toEqual({ added: false, why: "already" });
		expect(markInheritedEnd({ model: "m", input: [] }, 1)).toEqual({ added: false, why: "not-anthropic" });
		expect(markInheritedEnd({ messages: withBrief }, 3)).toEqual({ added: false, why: "not-anthropic" });
	});

	it("finds the brief in the last user message that holds it, as a string or in blocks", () => {
		expect(briefIndex(withBrief, BRIEF)).toBe(3);
		expect(briefIndex([...inherited, { role: "user", content: BRIEF }], BRIEF)).toBe(3);
		expect(briefIndex(inherited, BRIEF)).toBe(-1);
	});
});
