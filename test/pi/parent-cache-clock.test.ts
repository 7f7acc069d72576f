/**
 * The parent's cache lifetime on the session's clock, across the processes of one session: the
 * request meter stamps each request in the session's entries with the clock the policy reads, and a
 * process that continues the session (`pi -p --session FILE` per burst, as the cost bench runs the
 * parent) weighs the pauses recorded before it. The clock is driven the way the bench drives it, by
 * PI_DELEGATE_CLOCK_OFFSET_MS, so six minutes pass without waiting.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { canContinue, recordedRequests, registerParentCachePolicy, startsPrompt } from "../../src/pi/parent-cache.ts";
import { registerRequestMeter } from "../../src/pi/request-meter.ts";
import { CLOCK_OFFSET_ENV, sessionClock } from "../../src/pi/session-clock.ts";
import type { CacheLifetime } from "../../src/plan/cache-policy.ts";

type Handler = (event: { type: string; payload: unknown }, ctx: unknown) => unknown;
type Entry = Record<string, unknown>;

const marked = { type: "ephemeral" };
const hour = { ...marked, ttl: "1h" };
const text = (t: string) => [{ type: "text", text: t }];
/** A burst's two requests: the prompt (delegated before when `burst` > 0), then the children's results. */
function burstPayloads(burst: number) {
	const call = (b: number) => ({
		role: "assistant",
		content: [{ type: "tool_use", id: `${b}`, name: "task", input: {} }],
	});
	const result = (b: number) => ({
		role: "user",
		content: [{ type: "tool_result", tool_use_id: `${b}`, content: "r" }],
	});
	const history = Array.from({ length: burst }, (_, b) => [
		{ role: "user", content: text(`burst ${b + 1}`) },
		call(b),
		result(b),
		{ role: "assistant", content: text("All children reported.") },
	]).flat();
	const prompt = [...history, { role: "user", content: text(`burst ${burst + 1}`) }];
	return [prompt, [...prompt, call(burst), result(burst)]].map((messages) => ({
		model: "claude-sonnet-4-5",
		system: [{ type: "text", text: "s", cache_control: { ...marked } }],
		messages: messages.map((m, i) => (i === messages.length - 1 ? mark(m) : m)),
	}));
}
const mark = (m: { role: string; content: Array<Record<string, unknown>> }) => ({
	...m,
	content: m.content.map((b, i) => (i === m.content.length - 1 ? { ...b, cache_control: { ...marked } } : b)),
});

/**
 * One `pi` process of the session: the meter and the policy registered as extension.ts registers
 * them, on the clock `offsetMinutes` ahead of the wall clock, over the session's `entries` (Pi
 * appends each message as an entry before the request that carries it).
 */
async function processOf(entries: Entry[], offsetMinutes: number, start?: CacheLifetime, saved = true) {
	const handlers: Handler[] = [];
	const starts: Handler[] = [];
	const pi = {
		on: (event: string, handler: Handler) => {
			(event === "session_start" ? starts : handlers).push(handler);
			return () => {};
		},
		appendEntry: (customType: string, data: unknown) => entries.push({ type: "custom", customType, data }),
	} as unknown as Pick<ExtensionAPI, "on" | "appendEntry">;
	const now = sessionClock({ [CLOCK_OFFSET_ENV]: String(offsetMinutes * 60_000) });
	registerRequestMeter(pi, undefined, now);
	registerParentCachePolicy(pi, "task", now, start ? { start } : {});
	const ctx = {
		model: { provider: "anthropic", id: "claude-sonnet-4-5" },
		hasUI: false,
		sessionManager: {
			getSessionId: () => "s1",
			getEntries: () => [...entries],
			getSessionFile: () => (saved ? "/sessions/s1.jsonl" : undefined),
		},
	};
	for (const begin of starts) await begin({ type: "session_start", payload: undefined }, ctx);
	/** Sends one request through every handler; the system block's marker as it goes out. */
	return async (payload: ReturnType<typeof burstPayloads>[number]) => {
		const role = payload.messages.at(-1)?.content.some((b) => b.type === "tool_result") ? "toolResult" : "user";
		entries.push({ type: "message", message: { role } });
		let out: unknown = payload;
		for (const h of handlers)
			out = ((await h({ type: "before_provider_request", payload: out }, ctx)) ?? out) as unknown;
		return (out as typeof payload).system[0]!.cache_control;
	};
}

/** A session of bursts that start at `minutes`, each its own process of two requests: the system marker of every request. */
async function session(minutes: readonly number[], start?: CacheLifetime) {
	const entries: Entry[] = [];
	const markers: unknown[] = [];
	for (const [b, at] of minutes.entries()) {
		const send = await processOf(entries, at, start);
		for (const payload of burstPayloads(b)) markers.push(await send(payload));
	}
	return markers;
}

describe("the parent's cache lifetime on the session's clock", () => {
	it("from five minutes: the hour once the driven clock shows a 6-minute pause, each burst a new process", async () => {
		expect(await session([0, 6, 12], "5m")).toEqual([marked, marked, hour, hour, hour, hour]);
	});

	it("from five minutes: keeps five minutes at 2-minute pauses and at pauses past the hour", async () => {
		expect(await session([0, 2, 4, 6], "5m")).toEqual(Array(8).fill(marked));
		expect(await session([0, 61, 122], "5m")).toEqual(Array(6).fill(marked));
	});

	it("from the hour, as the extension registers it: the first delegated request writes for an hour, and a short or long pause ends it", async () => {
		// The first request has not delegated yet: Pi's payload goes out as it is.
		expect(await session([0, 6, 12], "1h")).toEqual([marked, hour, hour, hour, hour, hour]);
		expect(await session([0, 2, 4, 6], "1h")).toEqual([marked, hour, ...Array(6).fill(marked)]);
		expect(await session([0, 61, 122], "1h")).toEqual([marked, hour, ...Array(4).fill(marked)]);
	});

	it("tells the task tool, at every request, what the pauses call for: the children's recurring prefixes follow it", async () => {
		const heard: string[] = [];
		const handlers: Handler[] = [];
		const pi = {
			on: (event: string, handler: Handler) => {
				if (event === "before_provider_request") handlers.push(handler);
				return () => {};
			},
		} as unknown as Pick<ExtensionAPI, "on">;
		let minutes = 0;
		registerParentCachePolicy(pi, "task", () => minutes * 60_000, {
			start: "1h",
			onLifetime: (lifetime) => heard.push(lifetime),
		});
		for (const [at, payload] of [
			[0, burstPayloads(0)[0]],
			[0, burstPayloads(0)[1]],
			[61, burstPayloads(1)[0]],
			[61, burstPayloads(1)[1]],
		] as const) {
			minutes = at;
			await handlers[0]!({ type: "before_provider_request", payload }, {});
		}
		expect(heard).toEqual(["1h", "1h", "5m", "5m"]);
	});

	it("keeps five minutes at the start of a print run nothing can continue (no session file, no UI)", async () => {
		const entries: Entry[] = [];
		const send = await processOf(entries, 0, "1h", false);
		expect([await send(burstPayloads(0)[0]!), await send(burstPayloads(0)[1]!)]).toEqual([marked, marked]);
	});

	it("weighs the pauses a process before this one recorded", async () => {
		// Two pauses past the hour, then one of 6 minutes: one in three pays, so five minutes, not the hour this process alone would choose.
		expect((await session([0, 61, 122, 128], "1h")).slice(-2)).toEqual([marked, marked]);
	});

	it("reads the requests the meter recorded, each a prompt's start when the user's message came before it", () => {
		const entries = [
			{ type: "message", message: { role: "user" } },
			{ type: "custom", customType: "pi-delegate.request", data: { at: 5 } },
			{ type: "custom", customType: "pi-delegate.child", data: { at: 6 } },
			{ type: "message", message: { role: "toolResult" } },
			{ type: "custom", customType: "pi-delegate.request", data: { at: "7" } },
			{ type: "message", customType: "pi-delegate.request", data: { at: 8 } },
			{ type: "custom", customType: "pi-delegate.request", data: { at: 9 } },
		];
		expect(recordedRequests(entries)).toEqual([
			{ at: 5, startsPrompt: true },
			{ at: 9, startsPrompt: false },
		]);
	});

	it("calls a conversation continuable with a UI or a session file, and not without both", () => {
		expect(canContinue({ hasUI: true, sessionManager: { getSessionFile: () => undefined } })).toBe(true);
		expect(canContinue({ hasUI: false, sessionManager: { getSessionFile: () => "/s.jsonl" } })).toBe(true);
		expect(canContinue({ hasUI: false, sessionManager: { getSessionFile: () => undefined } })).toBe(false);
		expect(canContinue(undefined)).toBe(false);
	});

	it("tells a prompt's request from one that carries tool results", () => {
		const [prompt, results] = burstPayloads(1);
		expect(startsPrompt(prompt)).toBe(true);
		expect(startsPrompt(results)).toBe(false);
		expect(startsPrompt({ messages: [] })).toBe(false);
		expect(startsPrompt("not a payload")).toBe(false);
	});
});

describe("sessionClock", () => {
	it("is the wall clock unless the test-only offset names a whole number of milliseconds", () => {
		expect(sessionClock({})).toBe(Date.now);
		for (const value of ["", "-5", "1.5", "6m", "1e3", String(2 ** 60)])
			expect(sessionClock({ [CLOCK_OFFSET_ENV]: value }), value).toBe(Date.now);
		const before = Date.now();
		const ahead = sessionClock({ [CLOCK_OFFSET_ENV]: "360000" })();
		expect(ahead - before).toBeGreaterThanOrEqual(360_000);
		expect(ahead - Date.now()).toBeLessThanOrEqual(360_000);
	});
});
