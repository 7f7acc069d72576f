/**
 * The parent's cache lifetimes through Pi's payload hook: an hour once it has delegated and its
 * pauses show the hour pays, Pi's own five minutes otherwise.
 */
import { describe, expect, it } from "vitest";
import { registerParentCachePolicy } from "../../src/pi/parent-cache.ts";

type Handler = (event: { payload: unknown }) => unknown;

function fakePi() {
	const handlers: Handler[] = [];
	const starts: Array<() => void> = [];
	const pi = {
		on: (event: string, handler: Handler) => {
			if (event === "session_start") starts.push(handler as () => void);
			else handlers.push(handler);
			return () => {};
		},
	};
	return { pi: pi as unknown as Parameters<typeof registerParentCachePolicy>[0], handlers, starts };
}

/** A clock the test moves: `at` minutes. */
function clock() {
	let minutes = 0;
	return { now: () => minutes * 60_000, at: (m: number) => (minutes = m) };
}

/** Registers with a clock whose first gap is `gapMinutes`, after one request that set the clock going. */
async function afterGap(gapMinutes: number) {
	const { pi, handlers, starts } = fakePi();
	const time = clock();
	registerParentCachePolicy(pi, "task", time.now);
	await handlers[0]!({ payload: payload(true) });
	time.at(gapMinutes);
	return { handler: handlers[0]!, time, starts };
}

const marked = { type: "ephemeral" };
const payload = (delegated: boolean) => ({
	system: [{ type: "text", text: "s", cache_control: { ...marked } }],
	messages: [
		{ role: "user", content: [{ type: "text", text: "go" }] },
		{ role: "assistant", content: [{ type: "tool_use", id: "1", name: delegated ? "task" : "read", input: {} }] },
		{ role: "user", content: [{ type: "tool_result", tool_use_id: "1", content: "r", cache_control: { ...marked } }] },
	],
});

describe("registerParentCachePolicy", () => {
	it("returns an edited payload once the conversation has called task and a pause paid, and nothing (unchanged) before", async () => {
		const { handler } = await afterGap(6);
		expect(await handler({ payload: payload(false) })).toBeUndefined();
		const edited = (await handler({ payload: payload(true) })) as ReturnType<typeof payload>;
		expect(edited.system[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		expect(edited.messages[2]!.content[0]).toMatchObject({ cache_control: { type: "ephemeral", ttl: "1h" } });
	});

	it("never fails a request: a payload it cannot copy goes out unchanged", async () => {
		const { pi, handlers } = fakePi();
		registerParentCachePolicy(pi);
		const broken = { ...payload(true), fn: () => {} };
		expect(await handlers[0]!({ payload: broken })).toBeUndefined();
	});

	it("loads the policy's code with the first request, not when it is registered", async () => {
		const { pi, handlers } = fakePi();
		registerParentCachePolicy(pi);
		// The handler is async: Pi awaits it (emitBeforeProviderRequest), so the first request waits for the load.
		const first = handlers[0]!({ payload: payload(true) });
		expect(first).toBeInstanceOf(Promise);
		// No pause yet: Pi's five minutes stand, and the request goes out as Pi built it.
		expect(await first).toBeUndefined();
	});

	it("writes for an hour only after a pause between five minutes and an hour; short and long pauses keep five minutes", async () => {
		for (const [gap, hour] of [
			[2, false],
			[6, true],
			[59, true],
			[61, false],
		] as const) {
			const { handler } = await afterGap(gap);
			const out = (await handler({ payload: payload(true) })) as ReturnType<typeof payload> | undefined;
			expect(out?.system[0]?.cache_control, `after ${gap} minutes`).toEqual(
				hour ? { ...marked, ttl: "1h" } : undefined,
			);
		}
	});

	it("forgets the session's pauses when a new session starts", async () => {
		const { handler, time, starts } = await afterGap(6);
		for (const start of starts) start();
		time.at(7);
		expect(await handler({ payload: payload(true) })).toBeUndefined();
	});
});
