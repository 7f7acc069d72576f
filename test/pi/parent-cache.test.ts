/** The parent's cache lifetimes through Pi's payload hook: an hour once it has delegated, Pi's own before. */
import { describe, expect, it } from "vitest";
import { registerParentCachePolicy } from "../../src/pi/parent-cache.ts";

type Handler = (event: { payload: unknown }) => unknown;

function fakePi() {
	const handlers: Handler[] = [];
	const pi = {
		on: (_event: string, handler: Handler) => {
			handlers.push(handler);
			return () => {};
		},
	};
	return { pi: pi as unknown as Parameters<typeof registerParentCachePolicy>[0], handlers };
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
	it("returns an edited payload once the conversation has called task, and nothing (unchanged) before", async () => {
		const { pi, handlers } = fakePi();
		registerParentCachePolicy(pi);
		const [handler] = handlers;
		expect(await handler!({ payload: payload(false) })).toBeUndefined();
		const edited = (await handler!({ payload: payload(true) })) as ReturnType<typeof payload>;
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
		expect(await first).toMatchObject({ system: [{ cache_control: { ttl: "1h" } }] });
	});
});
