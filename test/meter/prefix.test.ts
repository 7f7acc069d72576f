import { describe, expect, it } from "vitest";
import { firstDifference, prefixHashes } from "../../src/meter/prefix.ts";
import { decodeRequestEntry, encodeRequestEntry, parseRequestEntry } from "../../src/meter/request-entry.ts";
import type { PrefixHashes } from "../../src/meter/types.ts";

const cc = { cache_control: { type: "ephemeral" } };
const tool = (description: string) => ({
	name: "read",
	description,
	input_schema: { type: "object", properties: { path: { type: "string" } } },
});

/** An Anthropic payload as Pi builds it: breakpoints on the last tool, the system prompt and the last user block. */
function anthropic(turns: string[], options: { system?: string; tools?: string; thinking?: unknown } = {}) {
	return {
		model: "claude-sonnet-4-5",
		max_tokens: 1000,
		stream: true,
		system: [{ type: "text", text: options.system ?? "You help.", ...cc }],
		tools: [{ ...tool(options.tools ?? "Read a file"), ...cc }],
		...(options.thinking ? { thinking: options.thinking } : {}),
		messages: turns.map((text, i) => ({
			role: i % 2 === 0 ? "user" : "assistant",
			content: [{ type: "text", text, ...(i === turns.length - 1 ? cc : {}) }],
		})),
	};
}

const hashes = (payload: unknown): PrefixHashes => prefixHashes(payload)!.prefix;

describe("prefixHashes of an Anthropic payload", () => {
	it("a turn that appends messages repeats every earlier position, though Pi moved the breakpoint", () => {
		const one = hashes(anthropic(["hi"]));
		const two = hashes(anthropic(["hi", "hello", "more"]));
		expect(two.messages?.slice(0, 1)).toEqual(one.messages);
		expect(firstDifference(one, two)).toBeUndefined();
		expect(prefixHashes(anthropic(["hi"]))?.api).toBe("anthropic");
	});

	it("names the first position that changed: tools, system prompt, options, message N", () => {
		const base = hashes(anthropic(["a", "b", "c"]));
		expect(firstDifference(base, hashes(anthropic(["a", "b", "c"], { tools: "Read any file" })))).toEqual({
			at: "tools",
		});
		expect(firstDifference(base, hashes(anthropic(["a", "b", "c"], { system: "You help a lot." })))).toEqual({
			at: "system",
		});
		expect(
			firstDifference(base, hashes(anthropic(["a", "b", "c"], { thinking: { type: "enabled", budget_tokens: 1024 } }))),
		).toEqual({ at: "options" });
		expect(firstDifference(base, hashes(anthropic(["a", "B", "c"])))).toEqual({ at: "message", index: 1 });
		// A shorter request (a rewind to an earlier point) differs at the first message it no longer sends.
		expect(firstDifference(base, hashes(anthropic(["a"])))).toEqual({ at: "message", index: 1 });
	});

	it("does not see a change where the cached prefix does not change: key order, string vs one text block", () => {
		const a = hashes({ model: "m", system: "You help.", messages: [{ role: "user", content: "hi" }] });
		const b = hashes({
			messages: [{ content: [{ text: "hi", type: "text", ...cc }], role: "user" }],
			system: [{ type: "text", text: "You help." }],
			model: "m",
		});
		expect(b).toEqual(a);
	});

	it("a change in one tool's schema is a tools change even when the names are the same", () => {
		const a = hashes(anthropic(["x"]));
		const payload = anthropic(["x"]);
		(payload.tools[0]!.input_schema.properties as Record<string, unknown>).path = { type: "number" };
		expect(firstDifference(a, hashes(payload))).toEqual({ at: "tools" });
	});
});

describe("prefixHashes of OpenAI-style payloads", () => {
	it("chat completions: the leading system/developer messages are the system prompt", () => {
		const chat = (system: string, turns: string[]) => ({
			model: "gpt-5",
			messages: [{ role: "developer", content: system }, ...turns.map((t) => ({ role: "user", content: t }))],
			tools: [{ type: "function", function: { name: "read", parameters: {} } }],
		});
		const a = prefixHashes(chat("Be brief.", ["a"]));
		expect(a?.api).toBe("openai-chat");
		expect(a?.prefix.messages).toHaveLength(1);
		expect(firstDifference(a!.prefix, hashes(chat("Be long.", ["a"])))).toEqual({ at: "system" });
		expect(firstDifference(a!.prefix, hashes(chat("Be brief.", ["a", "b"])))).toBeUndefined();
	});

	it("responses: instructions are the system prompt, input items the messages", () => {
		const resp = (instructions: string, input: unknown[]) => ({ model: "gpt-5", instructions, input, tools: [] });
		const a = prefixHashes(resp("Be brief.", [{ role: "user", content: "a" }]));
		expect(a?.api).toBe("openai-responses");
		expect(firstDifference(a!.prefix, hashes(resp("Be long.", [{ role: "user", content: "a" }])))).toEqual({
			at: "system",
		});
		expect(firstDifference(a!.prefix, hashes(resp("Be brief.", [{ role: "user", content: "b" }])))).toEqual({
			at: "message",
			index: 0,
		});
	});

	it("anything else is not read (no hashes rather than wrong ones)", () => {
		for (const payload of [undefined, null, "text", 42, [], { contents: [] }, { messages: "x" }])
			expect(prefixHashes(payload)).toBeUndefined();
	});
});

describe("the stored form of the message hashes", () => {
	const requests = [["a"], ["a", "b", "c"], ["a", "b", "c", "d", "e"], ["a", "X"]].map((turns, i) => ({
		at: i,
		model: "anthropic/m",
		api: "anthropic",
		prefix: hashes(anthropic(turns)),
	}));

	it("stores each request as the hashes it adds to the previous one, and decodes them back whole", () => {
		let previous: string[] | undefined;
		let decoded: string[] | undefined;
		const stored = requests.map((r) => {
			const entry = encodeRequestEntry(r, previous);
			previous = r.prefix.messages;
			return entry;
		});
		expect(stored.map((e) => [e.keep, e.add.length])).toEqual([
			[0, 1],
			[1, 2],
			[3, 2],
			[1, 1],
		]);
		for (const [i, entry] of stored.entries()) {
			const parsed = parseRequestEntry(JSON.parse(JSON.stringify(entry)));
			expect(parsed).toBeDefined();
			const prefix = decodeRequestEntry(parsed!, decoded);
			expect(prefix).toEqual(requests[i]!.prefix);
			decoded = prefix.messages;
		}
	});

	it("leaves the message hashes out when the entry it was encoded against is not the one before it", () => {
		const entry = encodeRequestEntry(requests[2]!, requests[1]!.prefix.messages);
		const decoded = decodeRequestEntry(entry, requests[3]!.prefix.messages);
		expect(decoded.messages).toBeUndefined();
		expect(decoded.system).toBe(requests[2]!.prefix.system);
		expect(decodeRequestEntry(entry, undefined).messages).toBeUndefined();
	});

	it("refuses data that is not a request entry of this version, or whose counts disagree", () => {
		const good = encodeRequestEntry(requests[1]!, undefined);
		expect(parseRequestEntry(good)).toEqual(good);
		for (const bad of [
			undefined,
			{},
			{ ...good, v: 2 },
			{ ...good, count: 7 },
			{ ...good, add: [1] },
			{ ...good, keep: -1 },
		]) {
			expect(parseRequestEntry(bad)).toBeUndefined();
		}
	});
});
