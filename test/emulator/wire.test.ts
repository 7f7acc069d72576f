import type { AssistantMessage, Context } from "@earendil-works/pi-ai";
import { complete, stream } from "@earendil-works/pi-ai/compat";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, type Script, startEmulator } from "../../bench/emulator/index.ts";
import { piContext, piModel } from "./pi-model.ts";

let emulator: Emulator | undefined;
afterEach(async () => {
	await emulator?.close();
	emulator = undefined;
});

async function start(script: Script, options: { firstByteDelayMs?: number } = {}): Promise<Emulator> {
	emulator = await startEmulator({ script, ...options });
	return emulator;
}

const key = { apiKey: "test-key" };

describe("the stream, read by Pi's Anthropic provider", () => {
	it("delivers thinking, text and a tool call whose input arrives as several JSON deltas", async () => {
		const emu = await start({
			default: [
				{
					thinking: "I should read the file first.",
					text: "Let me look at that file for you now.",
					tools: [{ name: "read", input: { path: "notes/a-long-file-name.txt" } }],
				},
			],
		});
		const events = stream(piModel(emu.url), piContext("what is in the file?"), key);
		const kinds: string[] = [];
		for await (const event of events) kinds.push(event.type);
		const message = await events.result();
		expect(kinds.filter((k) => k === "text_delta").length).toBeGreaterThan(1);
		expect(kinds.filter((k) => k === "toolcall_delta").length).toBeGreaterThan(1);
		expect(kinds).toContain("thinking_delta");
		expect(message.stopReason).toBe("toolUse");
		expect(message.content).toEqual([
			expect.objectContaining({ type: "thinking", thinking: "I should read the file first." }),
			{ type: "text", text: "Let me look at that file for you now." },
			expect.objectContaining({ type: "toolCall", name: "read", arguments: { path: "notes/a-long-file-name.txt" } }),
		]);
	});

	it("reports the usage the emulator billed, and Pi's cost equals the emulator's dollars", async () => {
		const emu = await start({ default: ["one", "two"] });
		const first = await complete(piModel(emu.url), piContext("hello"), key);
		const context = piContext("hello");
		context.messages.push(first, { role: "user", content: "again", timestamp: 0 });
		const second = await complete(piModel(emu.url), context, key);
		const [a, b] = emu.log.entries;
		for (const [message, entry] of [
			[first, a!],
			[second, b!],
		] as const) {
			expect(message.usage.input).toBe(entry.usage!.input_tokens);
			expect(message.usage.cacheRead).toBe(entry.usage!.cache_read_input_tokens);
			expect(message.usage.cacheWrite).toBe(entry.usage!.cache_creation_input_tokens);
			expect(message.usage.output).toBe(entry.usage!.output_tokens);
			expect(message.usage.cost.total).toBeCloseTo(entry.cost!.total, 12);
		}
		expect(second.usage.cacheRead).toBe(a!.usage!.cache_creation_input_tokens);
		expect(b!.read?.hash).toBe(a!.writes.at(-1)!.hash);
	});

	it("turns a stream cut mid-message into an error, and still bills what was processed", async () => {
		const emu = await start({ default: [{ text: "this reply never arrives whole", failures: [{ cut: 3 }] }] });
		const message = await complete(piModel(emu.url), piContext("hello"), key);
		expect(message.stopReason).toBe("error");
		expect(emu.log.entries[0]!.outcome).toBe("cut");
		expect(emu.log.entries[0]!.cost!.total).toBeGreaterThan(0);
	});

	it("passes a mid-stream error event to the client", async () => {
		const emu = await start({
			default: [{ text: "partial", failures: [{ streamError: "overloaded_error", message: "Overloaded" }] }],
		});
		const message = await complete(piModel(emu.url), piContext("hello"), key);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("overloaded_error");
	});
});

describe("errors on demand", () => {
	it("answers 429 with retry-after, then succeeds on the retry", async () => {
		const emu = await start({ default: [{ text: "made it", failures: [{ status: 429, retryAfterSeconds: 0 }] }] });
		const message = await complete(piModel(emu.url), piContext("hello"), { ...key, maxRetries: 1 });
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "made it" }]);
		expect(emu.log.entries.map((e) => [e.attempt, e.status, e.error?.type])).toEqual([
			[1, 429, "rate_limit_error"],
			[2, 200, undefined],
		]);
		expect(emu.log.entries[0]!.cost).toBeUndefined();
	});

	it("answers 529 overloaded_error and 500 api_error, which Pi reports as errors", async () => {
		const emu = await start({
			conversations: [
				{ match: "[529]", turns: [{ text: "x", failures: [{ status: 529 }] }] },
				{ match: "[500]", turns: [{ text: "x", failures: [{ status: 500 }] }] },
			],
		});
		const overloaded = await complete(piModel(emu.url), piContext("[529]"), key);
		const broken = await complete(piModel(emu.url), piContext("[500]"), key);
		expect(overloaded.stopReason).toBe("error");
		expect(overloaded.errorMessage).toContain("Overloaded");
		expect(broken.errorMessage).toContain("Internal server error");
		expect(emu.log.entries.map((e) => [e.status, e.error?.type])).toEqual([
			[529, "overloaded_error"],
			[500, "api_error"],
		]);
	});

	it("answers an unscripted request with an error naming what it received", async () => {
		const emu = await start({ conversations: [{ match: "[known]", turns: ["fine"] }] });
		const message = await complete(piModel(emu.url), piContext("an unexpected question"), key);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("unscripted request");
		expect(message.errorMessage).toContain("first user message “an unexpected question”");
		expect(message.errorMessage).toContain("tools [read]");
		expect(emu.log.entries[0]!.outcome).toBe("unscripted");
	});

	it("says which turn ran out when a conversation asks for more than its script holds", async () => {
		const emu = await start({ default: ["only one"] });
		const first = await complete(piModel(emu.url), piContext("hi"), key);
		const context: Context = piContext("hi");
		context.messages.push(first as AssistantMessage, { role: "user", content: "more", timestamp: 0 });
		const second = await complete(piModel(emu.url), context, key);
		expect(second.errorMessage).toContain("the script for it has no turn 1");
	});
});

describe("HTTP surface", () => {
	const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
		fetch(`${url}/v1/messages`, {
			method: "POST",
			headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01", ...headers },
			body: JSON.stringify(body),
		});
	const minimal = { model: "claude-sonnet-4-5", max_tokens: 10, messages: [{ role: "user", content: "hi" }] };

	it("answers a non-streaming request with a complete message and its usage", async () => {
		const emu = await start({ default: ["plain answer"] });
		const res = await post(emu.url, minimal);
		const body = (await res.json()) as Record<string, unknown>;
		expect(res.status).toBe(200);
		expect(body).toMatchObject({
			type: "message",
			role: "assistant",
			stop_reason: "end_turn",
			content: [{ type: "text", text: "plain answer" }],
		});
		expect(body.usage).toMatchObject({ input_tokens: emu.log.entries[0]!.prompt!.tokens, cache_read_input_tokens: 0 });
	});

	it("counts tokens without answering or billing", async () => {
		const emu = await start({});
		const res = await fetch(`${emu.url}/v1/messages/count_tokens`, {
			method: "POST",
			headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
			body: JSON.stringify({ model: "claude-sonnet-4-5", messages: [{ role: "user", content: "hi" }] }),
		});
		expect(await res.json()).toEqual({ input_tokens: emu.log.entries[0]!.prompt!.tokens });
		expect(emu.log.totals().requests).toBe(0);
	});

	it("rejects what the real API rejects: no key, unknown model, a malformed body", async () => {
		const emu = await start({ default: ["x"] });
		const noKey = await post(emu.url, minimal, { "x-api-key": "" });
		const unknown = await post(emu.url, { ...minimal, model: "claude-nonexistent" });
		const malformed = await post(emu.url, { model: "claude-sonnet-4-5", messages: [] });
		expect(noKey.status).toBe(401);
		expect(unknown.status).toBe(404);
		expect(await unknown.json()).toMatchObject({
			type: "error",
			error: { type: "not_found_error", message: "model: claude-nonexistent" },
		});
		expect(malformed.status).toBe(400);
		const error = ((await malformed.json()) as { error: { message: string } }).error.message;
		expect(error).toContain("max_tokens");
		expect(error).toContain("messages");
	});

	it("makes a cache write visible only once the response has started", async () => {
		const emu = await start({ default: ["a"] }, { firstByteDelayMs: 150 });
		const big = {
			...minimal,
			system: [{ type: "text", text: "cache me ".repeat(600), cache_control: { type: "ephemeral" } }],
		};
		await Promise.all([post(emu.url, big), post(emu.url, big)]);
		await post(emu.url, big);
		expect(emu.log.entries.map((e) => [e.read !== undefined, e.writes.length])).toEqual([
			[false, 1],
			[false, 1],
			[true, 0],
		]);
	});

	it("expires entries on its own clock, which tests advance instead of waiting", async () => {
		const emu = await start({ default: ["a"] });
		const big = {
			...minimal,
			system: [{ type: "text", text: "cache me ".repeat(600), cache_control: { type: "ephemeral" } }],
		};
		await post(emu.url, big);
		emu.clock.advance(4 * 60_000);
		await post(emu.url, big);
		emu.clock.advance(5 * 60_000 + 1);
		await post(emu.url, big);
		expect(emu.log.entries.map((e) => e.read !== undefined)).toEqual([false, true, false]);
	});
});
