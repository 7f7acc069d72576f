/**
 * The models the emulator serves, priced and limited as Anthropic publishes them.
 *
 * Prices (USD per million tokens) are Anthropic's list prices from the pricing page
 * (docs.anthropic.com/en/docs/about-claude/pricing, "Model pricing" table): base input, 5-minute
 * cache write (1.25× input), 1-hour cache write (2× input), cache hit (0.1× input), output. The same
 * figures ship in pi-ai's generated Anthropic catalog (dist/providers/data/anthropic.json), which
 * records only the 5-minute write price; Pi bills 1-hour writes at 2× input itself.
 *
 * Minimum cacheable prompt lengths are from the prompt-caching guide
 * (docs.anthropic.com/en/docs/build-with-claude/prompt-caching, "Cache limitations"): 1024 tokens for
 * Sonnet 4.5, 4096 for Opus 4.5 and Haiku 4.5 (older classes: 2048 for Haiku 3/3.5, 1024 for Opus
 * 4/4.1). The often-quoted "1024 for Sonnet/Opus, 2048 for Haiku" describes the Claude 3/4.0 era only.
 *
 * The tool-use system prompt (pricing page, "Tool use pricing"): when `tools` is non-empty Anthropic
 * adds a hidden system prompt of 346 tokens (tool_choice auto or none) or 313 tokens (any or tool) on
 * Claude 4.x models; it is billed as input.
 */

/** Price list of one model, USD per million tokens. */
export interface ModelPrices {
	/** Uncached input tokens. */
	input: number;
	/** Output tokens. */
	output: number;
	/** Tokens written to a 5-minute cache entry (1.25× input). */
	cacheWrite5m: number;
	/** Tokens written to a 1-hour cache entry (2× input). */
	cacheWrite1h: number;
	/** Tokens read from the cache (0.1× input). */
	cacheRead: number;
}

/** One model the emulator answers for. */
export interface EmulatedModel {
	/** Model id as sent in the request's `model` field. */
	id: string;
	/** Display name written to models.json. */
	name: string;
	/** Size class; decides nothing by itself, kept for tables and choosing a model by class. */
	class: "haiku" | "sonnet" | "opus";
	/** List prices. */
	prices: ModelPrices;
	/** Shortest prefix (tokens, counted from the start of the prompt) that a breakpoint may cache. */
	minCacheableTokens: number;
	/** Hidden tool-use system prompt size in tokens, by tool_choice. */
	toolPromptTokens: { auto: number; forced: number };
	/** Context window written to models.json. */
	contextWindow: number;
	/** Output cap written to models.json. */
	maxTokens: number;
}

const CLAUDE_4_TOOL_PROMPT = { auto: 346, forced: 313 };

export const HAIKU: EmulatedModel = {
	id: "claude-haiku-4-5",
	name: "Claude Haiku 4.5 (emulated)",
	class: "haiku",
	prices: { input: 1, output: 5, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1 },
	minCacheableTokens: 4096,
	toolPromptTokens: CLAUDE_4_TOOL_PROMPT,
	contextWindow: 200_000,
	maxTokens: 64_000,
};

export const SONNET: EmulatedModel = {
	id: "claude-sonnet-4-5",
	name: "Claude Sonnet 4.5 (emulated)",
	class: "sonnet",
	prices: { input: 3, output: 15, cacheWrite5m: 3.75, cacheWrite1h: 6, cacheRead: 0.3 },
	minCacheableTokens: 1024,
	toolPromptTokens: CLAUDE_4_TOOL_PROMPT,
	contextWindow: 200_000,
	maxTokens: 64_000,
};

export const OPUS: EmulatedModel = {
	id: "claude-opus-4-5",
	name: "Claude Opus 4.5 (emulated)",
	class: "opus",
	prices: { input: 5, output: 25, cacheWrite5m: 6.25, cacheWrite1h: 10, cacheRead: 0.5 },
	minCacheableTokens: 4096,
	toolPromptTokens: CLAUDE_4_TOOL_PROMPT,
	contextWindow: 200_000,
	maxTokens: 64_000,
};

/** Every model served by default. */
export const EMULATED_MODELS: readonly EmulatedModel[] = [HAIKU, SONNET, OPUS];

/** Finds a served model by id. */
export function findModel(models: readonly EmulatedModel[], id: string): EmulatedModel | undefined {
	return models.find((m) => m.id === id);
}
