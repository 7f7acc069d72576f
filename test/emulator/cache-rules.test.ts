import { describe, expect, it } from "vitest";
import { bill, flattenPrompt, HAIKU, LOOKBACK_BLOCKS, OPUS, PromptCache, SONNET } from "../../bench/emulator/index.ts";
import type { WireBlock } from "../../bench/emulator/wire.ts";
import { cacheBench, cc, charCount, request, TEST_MODEL, text } from "./cache-bench.ts";

const user = (content: string | WireBlock[]) => ({ role: "user" as const, content });
const assistant = (content: string) => ({ role: "assistant" as const, content });

describe("prefix order and hashing", () => {
	it("builds the prefix tools → system → messages, whatever order the JSON lists them in", () => {
		const req = request({
			messages: [user([text(10, "u")])],
			system: [text(20, "s")],
			tools: [{ name: "t", input_schema: { type: "object" } }],
		});
		const prompt = flattenPrompt(req, TEST_MODEL, charCount);
		expect(prompt.blocks.map((b) => b.segment)).toEqual(["tools", "system", "messages"]);
		expect(prompt.blocks.at(-1)!.end).toBe(prompt.totalTokens);
	});

	it("treats string content and a single text block as the same prefix (Pi moves its breakpoint that way)", () => {
		const asString = flattenPrompt(request({ messages: [user("hello"), assistant("hi")] }), TEST_MODEL, charCount);
		const asBlock = flattenPrompt(
			request({ messages: [user([{ type: "text", text: "hello", ...cc() }]), assistant("hi")] }),
			TEST_MODEL,
			charCount,
		);
		expect(asBlock.blocks.map((b) => b.hash)).toEqual(asString.blocks.map((b) => b.hash));
	});

	it("counts the hidden tool-use system prompt by tool_choice (346 auto, 313 any/tool on Claude 4.x)", () => {
		const tools = [{ name: "t" }];
		const base = flattenPrompt(request({ messages: [user("hi")] }), SONNET, charCount).totalTokens;
		const auto = flattenPrompt(request({ messages: [user("hi")], tools }), SONNET, charCount);
		const forced = flattenPrompt(
			request({ messages: [user("hi")], tools, tool_choice: { type: "any" } }),
			SONNET,
			charCount,
		);
		const toolTokens = auto.blocks[0]!.tokens;
		expect(auto.totalTokens - base - toolTokens).toBe(346);
		expect(forced.totalTokens - base - toolTokens).toBe(313);
	});
});

describe("cache hits and misses", () => {
	const conversation = (system: string) =>
		request({ system: [text(300, system, "5m")], messages: [user([text(50, "q", "5m")])] });

	it("reads the whole cached prefix on an identical request and bills only the rest as input", () => {
		const bench = cacheBench();
		const first = bench.send(conversation("s"));
		expect(first.hit).toBeUndefined();
		expect(first.tokens).toEqual({ input: 0, cacheRead: 0, cacheWrite5m: 350, cacheWrite1h: 0 });
		const second = bench.send(conversation("s"));
		expect(second.hit?.tokens).toBe(350);
		expect(second.tokens).toEqual({ input: 0, cacheRead: 350, cacheWrite5m: 0, cacheWrite1h: 0 });
	});

	it("misses everything after a changed system prompt", () => {
		const bench = cacheBench();
		bench.send(conversation("s"));
		const changed = bench.send(conversation("S"));
		expect(changed.hit).toBeUndefined();
		expect(changed.tokens.cacheRead).toBe(0);
		expect(changed.tokens.cacheWrite5m).toBe(350);
	});

	it("keeps the system prefix when only the messages differ", () => {
		const bench = cacheBench();
		bench.send(conversation("s"));
		const other = bench.send(request({ system: [text(300, "s", "5m")], messages: [user([text(80, "z", "5m")])] }));
		expect(other.hit?.path).toBe("system.0");
		expect(other.tokens).toEqual({ input: 0, cacheRead: 300, cacheWrite5m: 80, cacheWrite1h: 0 });
	});

	it("a tool definition change invalidates system and messages; a tool_choice change only messages", () => {
		const tools = [{ name: "read", description: "x".repeat(150), ...cc() }];
		const build = (toolDescription: string, choice?: string) =>
			request({
				tools: [{ ...tools[0]!, description: toolDescription }],
				system: [text(300, "s", "5m")],
				messages: [user([text(50, "q", "5m")])],
				...(choice ? { tool_choice: { type: choice } } : {}),
			});
		const bench = cacheBench();
		bench.send(build("x".repeat(150)));
		expect(bench.send(build("y".repeat(150))).hit).toBeUndefined();
		const choiceChanged = bench.send(build("x".repeat(150), "any"));
		expect(choiceChanged.hit?.path).toBe("system.0");
	});

	it("a thinking-settings change invalidates the messages part only", () => {
		const bench = cacheBench();
		const build = (thinking?: { type: string }) =>
			request({
				system: [text(300, "s", "5m")],
				messages: [user([text(50, "q", "5m")])],
				...(thinking ? { thinking } : {}),
			});
		bench.send(build());
		expect(bench.send(build()).hit?.path).toBe("messages.0.content.0");
		expect(bench.send(build({ type: "disabled" })).hit?.path).toBe("system.0");
	});

	it("keys entries by model: the same prompt sent to another model misses", () => {
		const shared = new PromptCache();
		const prompt = request({ system: [text(300, "s", "5m")], messages: [user("q")] });
		cacheBench(TEST_MODEL, shared).send(prompt);
		expect(cacheBench(TEST_MODEL, shared).send(prompt).hit).toBeDefined();
		expect(cacheBench({ ...TEST_MODEL, id: "claude-other" }, shared).send(prompt).hit).toBeUndefined();
	});

	it("adding an image anywhere invalidates the messages part only", () => {
		const bench = cacheBench();
		bench.send(conversation("s"));
		const withImage = bench.send(
			request({
				system: [text(300, "s", "5m")],
				messages: [
					user([
						text(50, "q"),
						{ type: "image", source: { type: "base64", media_type: "image/png", data: "AA==" } },
						text(5, "e", "5m"),
					]),
				],
			}),
		);
		expect(withImage.hit?.path).toBe("system.0");
	});
});

describe("lifetimes", () => {
	const req = () => request({ system: [text(300, "s", "5m")], messages: [user("q")] });
	const longReq = () => request({ system: [text(300, "s", "1h")], messages: [user("q")] });

	it("a 5-minute entry is gone 5 minutes after its last use", () => {
		const bench = cacheBench();
		bench.send(req());
		bench.at(4.99);
		expect(bench.send(req()).hit).toBeDefined();
		bench.at(4.99 + 5);
		expect(bench.send(req()).hit).toBeUndefined();
	});

	it("a read restarts the lifetime, so regular use keeps a 5-minute entry alive", () => {
		const bench = cacheBench();
		bench.send(req());
		bench.at(4);
		bench.send(req());
		bench.at(8);
		expect(bench.send(req()).hit).toBeDefined();
	});

	it("a 1-hour entry survives 59 minutes idle and expires at 60", () => {
		const bench = cacheBench();
		bench.send(longReq());
		bench.at(59);
		expect(bench.send(longReq()).hit).toBeDefined();
		bench.at(59 + 60);
		expect(bench.send(longReq()).hit).toBeUndefined();
	});
});

describe("minimum cacheable length", () => {
	it("does not cache a breakpoint whose prefix is below the model's minimum, and the next request misses", () => {
		const bench = cacheBench();
		const short = request({ system: [text(99, "s", "5m")], messages: [user("q")] });
		const first = bench.send(short);
		expect(first.writes).toEqual([]);
		expect(first.belowMinimum.map((w) => w.tokens)).toEqual([99]);
		expect(first.tokens.input).toBe(100);
		expect(bench.send(short).hit).toBeUndefined();
	});

	it("caches a prefix of exactly the minimum", () => {
		const bench = cacheBench();
		const exact = request({ system: [text(100, "s", "5m")], messages: [user("q")] });
		expect(bench.send(exact).writes.map((w) => w.tokens)).toEqual([100]);
		expect(bench.send(exact).hit?.tokens).toBe(100);
	});

	it("uses the published minimums: 1024 for Sonnet 4.5, 4096 for Haiku 4.5 and Opus 4.5", () => {
		expect([SONNET.minCacheableTokens, HAIKU.minCacheableTokens, OPUS.minCacheableTokens]).toEqual([1024, 4096, 4096]);
		const prompt = request({ system: [text(2000, "s", "5m")], messages: [user("q")] });
		expect(cacheBench(SONNET).send(prompt).writes).toHaveLength(1);
		expect(cacheBench(HAIKU).send(prompt).writes).toHaveLength(0);
	});
});

describe("breakpoints", () => {
	it("accepts four breakpoints and rejects a fifth with the API's message", () => {
		const blocks = (n: number) => Array.from({ length: n }, (_, i) => text(30, String(i), "5m"));
		expect(cacheBench().send(request({ system: blocks(4), messages: [user("q")] })).problems).toEqual([]);
		expect(cacheBench().send(request({ system: blocks(5), messages: [user("q")] })).problems).toEqual([
			"A maximum of 4 blocks with cache_control may be provided. Found 5.",
		]);
	});

	it("rejects a 1-hour breakpoint after a 5-minute one, naming its path", () => {
		const problems = cacheBench().send(
			request({ system: [text(200, "s", "5m")], messages: [user([text(10, "q", "1h")])] }),
		).problems;
		expect(problems).toHaveLength(1);
		expect(problems[0]).toMatch(
			/^messages\.0\.content\.0\.cache_control\.ttl: a ttl='1h' cache_control block must not come after a ttl='5m'/,
		);
	});

	it("rejects cache_control on an empty text block and on thinking blocks", () => {
		const problems = cacheBench().send(
			request({
				messages: [
					user([text(0, "x", "5m")]),
					{ role: "assistant", content: [{ type: "thinking", thinking: "t", signature: "s", ...cc() }] },
					user("q"),
				],
			}),
		).problems;
		expect(problems.join("\n")).toContain("messages.0.content.0.text: text content blocks must be non-empty");
		expect(problems.join("\n")).toContain("messages.1.content.0.cache_control: thinking blocks cannot be marked");
	});

	it(`finds an earlier entry up to ${LOOKBACK_BLOCKS} blocks back from a breakpoint, and not one block further`, () => {
		const turns = (n: number): ReturnType<typeof user>[] =>
			Array.from({ length: n }, (_, i) => user([text(20, String.fromCharCode(65 + (i % 26)))]));
		const withBreakpointAt = (n: number) => {
			const messages = turns(n);
			const last = messages.at(-1)!.content as WireBlock[];
			last[0] = { ...last[0]!, ...cc() };
			return request({ system: [text(200, "s")], messages });
		};
		const reach = (extra: number) => {
			const bench = cacheBench();
			bench.send(withBreakpointAt(5));
			return bench.send(withBreakpointAt(5 + extra));
		};
		// The guide's figure, written out so that a change to the constant is caught here.
		expect(LOOKBACK_BLOCKS).toBe(20);
		expect(reach(19).hit?.path).toBe("messages.4.content.0");
		expect(reach(20).hit).toBeUndefined();
	});
});

describe("pricing", () => {
	it("bills 5-minute writes at 1.25× input, 1-hour writes at 2×, reads at 0.1×", () => {
		const million = 1_000_000;
		const zero = { input: 0, cacheRead: 0, cacheWrite5m: 0, cacheWrite1h: 0, output: 0 };
		for (const model of [HAIKU, SONNET, OPUS]) {
			const p = model.prices;
			expect(bill({ ...zero, input: million }, p).total).toBeCloseTo(p.input, 10);
			expect(bill({ ...zero, cacheWrite5m: million }, p).total).toBeCloseTo(p.input * 1.25, 10);
			expect(bill({ ...zero, cacheWrite1h: million }, p).total).toBeCloseTo(p.input * 2, 10);
			expect(bill({ ...zero, cacheRead: million }, p).total).toBeCloseTo(p.input * 0.1, 10);
		}
		expect(SONNET.prices).toEqual({ input: 3, output: 15, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3 });
	});

	it("a 1-hour write costs more now and less later than a 5-minute write that expires", () => {
		const prompt = (ttl: "5m" | "1h") => request({ system: [text(1000, "s", ttl)], messages: [user("q")] });
		const spend = (ttl: "5m" | "1h") => {
			const bench = cacheBench();
			const first = bench.send(prompt(ttl));
			bench.at(30);
			const later = bench.send(prompt(ttl));
			return [first, later].map((p) => bill({ ...p.tokens, output: 0 }, SONNET.prices).total);
		};
		const [short1, short2] = spend("5m");
		const [long1, long2] = spend("1h");
		expect(long1!).toBeGreaterThan(short1!);
		expect(long2!).toBeLessThan(short2!);
		expect(long1! / short1!).toBeCloseTo((1000 * 6 + 3) / (1000 * 3.75 + 3), 10);
	});

	it("splits mixed lifetimes at the positions the guide names: read A, 1-hour B − A, 5-minute C − B", () => {
		const req = request({
			system: [text(200, "a", "1h"), text(300, "b", "1h")],
			messages: [user([text(400, "c", "5m")]), assistant("ok"), user("tail")],
		});
		const bench = cacheBench();
		bench.send(request({ system: [text(200, "a", "1h")], messages: [user("other")] }));
		const plan = bench.send(req);
		expect(plan.tokens).toEqual({ cacheRead: 200, cacheWrite1h: 300, cacheWrite5m: 400, input: 2 + 4 });
	});
});
