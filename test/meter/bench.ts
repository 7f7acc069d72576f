/**
 * Request sequences billed by the provider emulator's own rules (bench/emulator: Anthropic's
 * prompt caching, list prices), turned into the meter's request records. One token per character,
 * so every figure in a test can be worked out by hand.
 *
 * `send` plans a request against the cache and commits its writes at once, as a response that
 * starts immediately; `sendTogether` plans several before committing any, as concurrent requests
 * whose responses had not started when the others were sent.
 */
import {
	bill,
	type EmulatedModel,
	flattenPrompt,
	OPUS,
	PromptCache,
	planCache,
	SONNET,
} from "../../bench/emulator/index.ts";
import type { MessagesRequest, Ttl, WireBlock } from "../../bench/emulator/wire.ts";
import { prefixHashes } from "../../src/meter/prefix.ts";
import type { RequestRecord } from "../../src/meter/types.ts";

const charCount = (text: string): number => text.length;

/** Sonnet 4.5's prices ($3 in, $3.75 5-min write, $6 1-hour write, $0.30 read, $15 out per Mtok), a small minimum, no hidden tool prompt. */
export const MODEL_A: EmulatedModel = { ...SONNET, minCacheableTokens: 100, toolPromptTokens: { auto: 0, forced: 0 } };
/** Opus 4.5's prices ($5 in, $6.25 5-min write, $0.50 read). */
export const MODEL_B: EmulatedModel = { ...OPUS, minCacheableTokens: 100, toolPromptTokens: { auto: 0, forced: 0 } };

export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);

export function block(length: number, fill = "x", ttl?: Ttl): WireBlock {
	return { type: "text", text: fill.repeat(length), ...(ttl ? { cache_control: { type: "ephemeral", ttl } } : {}) };
}

/** A request in the shape Pi sends: system prompt with a breakpoint, breakpoint on the last user message. */
export function piRequest(parts: {
	model?: EmulatedModel;
	system: number | WireBlock[];
	messages: Array<{ role: "user" | "assistant"; size: number; fill?: string }>;
	tools?: MessagesRequest["tools"];
	ttl?: Ttl;
}): MessagesRequest {
	const ttl = parts.ttl ?? "5m";
	const lastUser = parts.messages.map((m) => m.role).lastIndexOf("user");
	const system = typeof parts.system === "number" ? [block(parts.system, "s", ttl)] : parts.system;
	return {
		model: (parts.model ?? MODEL_A).id,
		max_tokens: 1000,
		system,
		...(parts.tools ? { tools: parts.tools } : {}),
		messages: parts.messages.map((m, i) => ({
			role: m.role,
			content: [block(m.size, m.fill ?? (m.role === "user" ? "u" : "a"), i === lastUser ? ttl : undefined)],
		})),
	};
}

export interface Sent {
	lineage: string;
	request: MessagesRequest;
	/** Minutes after T0. */
	atMinute: number;
	output?: number;
	durationMs?: number;
	model?: EmulatedModel;
}

export function meterBench(cache = new PromptCache()) {
	const plan = (s: Sent) => {
		const model = s.model ?? MODEL_A;
		const at = T0 + s.atMinute * MINUTE;
		const prompt = flattenPrompt(s.request, model, charCount);
		return { s, model, at, plan: planCache(prompt, (h) => cache.live(h, at), model.minCacheableTokens) };
	};
	const commit = ({ s, model, at, plan: p }: ReturnType<typeof plan>): RequestRecord => {
		for (const h of p.refresh) cache.refresh(h, at);
		for (const w of p.writes) cache.write(w, at);
		const output = s.output ?? 100;
		const cost = bill({ ...p.tokens, output }, model.prices);
		return {
			lineage: s.lineage,
			at,
			durationMs: s.durationMs ?? 2000,
			model: `emulator/${model.id}`,
			purpose: "turn",
			tokens: { ...p.tokens, output },
			dollars: cost,
			prefix: prefixHashes(s.request)!.prefix,
		};
	};
	return {
		cache,
		send: (s: Sent): RequestRecord => commit(plan(s)),
		sendTogether: (list: Sent[]): RequestRecord[] => list.map(plan).map(commit),
	};
}

/** Listed cache-read prices per token, for misses where nothing was read. */
export const listedReadPrice = (model: string): number | undefined =>
	model.endsWith(MODEL_A.id)
		? MODEL_A.prices.cacheRead / 1e6
		: model.endsWith(MODEL_B.id)
			? MODEL_B.prices.cacheRead / 1e6
			: undefined;
