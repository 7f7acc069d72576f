/** Small builders for emulator tests: requests with exact token counts and a cache driven by hand. */
import {
	type CachePlan,
	type EmulatedModel,
	flattenPrompt,
	PromptCache,
	planCache,
	SONNET,
	TTL_MS,
	type Ttl,
	validateBreakpoints,
} from "../../bench/emulator/index.ts";
import type { MessagesRequest, WireBlock } from "../../bench/emulator/wire.ts";

/** One token per character: block sizes in tests are exact. */
export const charCount = (text: string): number => text.length;

/** Sonnet's prices with a small minimum and no hidden tool prompt, so sizes stay readable. */
export const TEST_MODEL: EmulatedModel = {
	...SONNET,
	minCacheableTokens: 100,
	toolPromptTokens: { auto: 0, forced: 0 },
};

export const cc = (ttl?: Ttl) => ({
	cache_control: ttl ? { type: "ephemeral" as const, ttl } : { type: "ephemeral" as const },
});

export function text(length: number, fill = "x", ttl?: Ttl | "none"): WireBlock {
	const block: WireBlock = { type: "text", text: fill.repeat(length) };
	return ttl === undefined || ttl === "none" ? block : { ...block, ...cc(ttl) };
}

/** A request with a system prompt of `system` characters and the given user/assistant messages. */
export function request(parts: {
	system?: WireBlock[];
	messages: MessagesRequest["messages"];
	tools?: MessagesRequest["tools"];
	tool_choice?: MessagesRequest["tool_choice"];
	thinking?: MessagesRequest["thinking"];
}): MessagesRequest {
	return { model: TEST_MODEL.id, max_tokens: 100, ...parts };
}

/** A cache plus a fake clock in minutes: `send` plans a request and commits it as the server would. */
export function cacheBench(model: EmulatedModel = TEST_MODEL, cache = new PromptCache()) {
	let now = 1_000_000;
	return {
		cache,
		at: (minutes: number) => {
			now = 1_000_000 + minutes * 60_000;
		},
		send(req: MessagesRequest): CachePlan & { problems: string[] } {
			const prompt = flattenPrompt(req, model, charCount);
			const problems = [...prompt.problems, ...validateBreakpoints(prompt)];
			const plan = planCache(prompt, (h) => cache.live(h, now), model.minCacheableTokens);
			if (problems.length === 0) {
				for (const h of plan.refresh) cache.refresh(h, now);
				for (const w of plan.writes) cache.write(w, now);
			}
			return { ...plan, problems };
		},
	};
}

export { TTL_MS };
