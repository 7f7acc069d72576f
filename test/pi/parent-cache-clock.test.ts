/**
 * The parent's cache lifetime on the session's clock, across the processes of one session: the
 * request meter stamps each request in the session's entries with the clock the policy reads, and a
 * process that continues the session (`pi -p --session FILE` per burst, as the cost bench runs the
 * parent) weighs the pauses recorded before it. The clock is driven the way the bench drives it, by
 * PI_DELEGATE_CLOCK_OFFSET_MS, so six minutes pass without waiting.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { describe, expect, it } from "vitest";
import { recordedRequestTimes, registerParentCachePolicy } from "../../src/pi/parent-cache.ts";
import { registerRequestMeter } from "../../src/pi/request-meter.ts";
import { CLOCK_OFFSET_ENV, sessionClock } from "../../src/pi/session-clock.ts";

type Handler = (event: { type: string; payload: unknown }, ctx: unknown) => unknown;
type Entry = { type: "custom"; customType: string; data: unknown };

const marked = { type: "ephemeral" };
/** A parent request after the conversation called `task` (what the policy edits). */
const delegated = {
	model: "claude-sonnet-4-5",
	system: [{ type: "text", text: "s", cache_control: { ...marked } }],
	messages: [
		{ role: "user", content: [{ type: "text", text: "go" }] },
		{ role: "assistant", content: [{ type: "tool_use", id: "1", name: "task", input: {} }] },
		{ role: "user", content: [{ type: "tool_result", tool_use_id: "1", content: "r", cache_control: { ...marked } }] },
	],
};

/**
 * One `pi` process of the session: the meter and the policy registered as extension.ts registers
 * them, on the clock `offsetMinutes` ahead of the wall clock, over the session's `entries`.
 */
async function processOf(entries: Entry[], offsetMinutes: number) {
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
	registerParentCachePolicy(pi, "task", now);
	const ctx = {
		model: { provider: "anthropic", id: "claude-sonnet-4-5" },
		sessionManager: { getSessionId: () => "s1", getEntries: () => [...entries] },
	};
	for (const start of starts) await start({ type: "session_start", payload: undefined }, ctx);
	/** Sends one request through every handler; the payload as it goes out. */
	return async () => {
		let payload: unknown = structuredClone(delegated);
		for (const h of handlers)
			payload = ((await h({ type: "before_provider_request", payload }, ctx)) ?? payload) as unknown;
		return payload as typeof delegated;
	};
}

/** A session of bursts `gapMinutes` apart, each burst its own process of two requests; the system marker of every request. */
async function session(gapMinutes: number, bursts: number) {
	const entries: Entry[] = [];
	const markers: unknown[] = [];
	for (let b = 0; b < bursts; b++) {
		const send = await processOf(entries, b * gapMinutes);
		for (let r = 0; r < 2; r++) markers.push((await send()).system[0]!.cache_control);
	}
	return markers;
}

describe("the parent's cache lifetime on the session's clock", () => {
	it("writes for an hour once the driven clock shows a 6-minute pause, even when each burst is a new process", async () => {
		const hour = { ...marked, ttl: "1h" };
		// Burst 1 has no pause behind it; burst 2's first request comes 6 minutes after burst 1's last.
		expect(await session(6, 3)).toEqual([marked, marked, hour, hour, hour, hour]);
	});

	it("keeps Pi's five minutes when the pauses are 2 minutes, and when they pass the hour", async () => {
		expect(await session(2, 4)).toEqual(Array(8).fill(marked));
		expect(await session(61, 3)).toEqual(Array(6).fill(marked));
	});

	it("reads the request times the meter recorded, skipping entries of other kinds and unreadable times", () => {
		const entries = [
			{ type: "custom", customType: "pi-delegate.request", data: { at: 5 } },
			{ type: "custom", customType: "pi-delegate.child", data: { at: 6 } },
			{ type: "custom", customType: "pi-delegate.request", data: { at: "7" } },
			{ type: "message", customType: "pi-delegate.request", data: { at: 8 } },
			{ type: "custom", customType: "pi-delegate.request", data: { at: 9 } },
		];
		expect(recordedRequestTimes(entries)).toEqual([5, 9]);
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
