/**
 * Prefix hashes of a provider request, and where two of them first differ.
 *
 * A prompt cache matches a request by its prefix, built in the order tools → system → messages
 * (Anthropic documents this order; Pi sends its breakpoints on the last tool, the system prompt and
 * the last user message). Hashing each position cumulatively makes "same prefix up to here" an
 * equality test, so a miss can be blamed on the first position that changed.
 *
 * What is left out of a hash is what does not change the cached prefix: `cache_control` markers
 * (Pi moves the message breakpoint forward every turn) and whether a single text block is written
 * as a string. Object keys are sorted, so a field order that differs between Pi versions or
 * providers is not a change. Settings that reach only the messages part (tool_choice, thinking,
 * reasoning) form the `options` position between the system prompt and the first message.
 *
 * Pure: `node:crypto` hashing is deterministic and touches nothing outside the process.
 */
import { createHash } from "node:crypto";
import { isRecord } from "../values.ts";
import type { PrefixHashes, PrefixPosition } from "./types.ts";

/** Which wire format a payload was read as. */
export type PayloadApi = "anthropic" | "openai-chat" | "openai-responses";

/** Hex digits kept of each sha256: 48 bits, ample to tell positions of one session apart. */
const HASH_CHARS = 12;

/** JSON with sorted keys and without `cache_control`; a lone string content is one text block. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
	if (!isRecord(value)) return JSON.stringify(value) ?? "null";
	const keys = Object.keys(value)
		.filter((k) => k !== "cache_control" && value[k] !== undefined)
		.sort();
	return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(k === "content" ? asBlocks(value[k]) : value[k])}`).join(",")}}`;
}

function asBlocks(content: unknown): unknown {
	return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

function chain(previous: string, tag: string, value: unknown): string {
	return createHash("sha256")
		.update(previous)
		.update("\u0000")
		.update(tag)
		.update("\u0000")
		.update(canonical(value))
		.digest("hex")
		.slice(0, HASH_CHARS);
}

interface Parts {
	api: PayloadApi;
	tools: unknown[];
	system: unknown[];
	options: Record<string, unknown>;
	messages: unknown[];
}

const isSystemRole = (m: unknown) => isRecord(m) && (m.role === "system" || m.role === "developer");

/** The leading system/developer items of an OpenAI-style list are its system prompt. */
function splitLeadingSystem(items: unknown[]): { system: unknown[]; rest: unknown[] } {
	let n = 0;
	while (n < items.length && isSystemRole(items[n])) n++;
	return { system: items.slice(0, n), rest: items.slice(n) };
}

function pick(payload: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const k of keys) if (payload[k] !== undefined) out[k] = payload[k];
	return out;
}

/** Reads a payload as one of the known wire formats; undefined when it is none of them. */
function parts(payload: unknown): Parts | undefined {
	if (!isRecord(payload)) return undefined;
	const tools = Array.isArray(payload.tools) ? payload.tools : [];
	if (Array.isArray(payload.input)) {
		const { system, rest } = splitLeadingSystem(payload.input);
		const instructions = payload.instructions === undefined ? [] : [payload.instructions];
		const options = pick(payload, ["tool_choice", "reasoning", "text"]);
		return { api: "openai-responses", tools, system: [...instructions, ...system], options, messages: rest };
	}
	if (!Array.isArray(payload.messages)) return undefined;
	if (payload.system !== undefined) {
		const system = asBlocks(payload.system);
		const options = pick(payload, ["tool_choice", "thinking"]);
		return {
			api: "anthropic",
			tools,
			system: Array.isArray(system) ? system : [system],
			options,
			messages: payload.messages,
		};
	}
	const openai = payload.messages.some(isSystemRole) || tools.some((t) => isRecord(t) && t.type === "function");
	if (!openai)
		return {
			api: "anthropic",
			tools,
			system: [],
			options: pick(payload, ["tool_choice", "thinking"]),
			messages: payload.messages,
		};
	const { system, rest } = splitLeadingSystem(payload.messages);
	return {
		api: "openai-chat",
		tools,
		system,
		options: pick(payload, ["tool_choice", "reasoning_effort"]),
		messages: rest,
	};
}

/** The prefix hashes of one request payload as Pi hands it to `before_provider_request`. */
export function prefixHashes(payload: unknown): { api: PayloadApi; prefix: PrefixHashes } | undefined {
	const p = parts(payload);
	if (!p) return undefined;
	let hash = "";
	for (const tool of p.tools) hash = chain(hash, "tool", tool);
	const tools = chain(hash, "tools-end", p.tools.length);
	hash = tools;
	for (const block of p.system) hash = chain(hash, "system", block);
	const system = chain(hash, "system-end", p.system.length);
	const options = chain(system, "options", p.options);
	hash = options;
	const messages: string[] = [];
	for (const message of p.messages) {
		hash = chain(hash, "message", message);
		messages.push(hash);
	}
	return { api: p.api, prefix: { tools, system, options, messages } };
}

/**
 * Where `later` stops repeating `earlier`: the first position that differs, or undefined when
 * `later` sends all of `earlier` unchanged (and possibly more). A later request with fewer
 * messages differs at the first message it no longer sends. Unknown message hashes compare equal:
 * only what is known can be blamed.
 */
export function firstDifference(earlier: PrefixHashes, later: PrefixHashes): PrefixPosition | undefined {
	if (earlier.tools !== later.tools) return { at: "tools" };
	if (earlier.system !== later.system) return { at: "system" };
	if (earlier.options !== later.options) return { at: "options" };
	const [a, b] = [earlier.messages, later.messages];
	if (!a || !b) return undefined;
	const n = Math.min(a.length, b.length);
	for (let i = 0; i < n; i++) if (a[i] !== b[i]) return { at: "message", index: i };
	return b.length < a.length ? { at: "message", index: b.length } : undefined;
}

/** The position in words: `tools`, `system prompt`, `request options`, `message 12`. */
export function positionText(position: PrefixPosition): string {
	switch (position.at) {
		case "tools":
			return "tool definitions";
		case "system":
			return "system prompt";
		case "options":
			return "request options";
		case "message":
			return `message ${position.index}`;
	}
}

/** A short hash of any JSON value (keys sorted, cache markers left out). */
export function hashValue(value: unknown): string {
	return chain("", "value", value);
}

/** A key siblings share when they send the same model, tools and system prompt. */
export function groupKey(model: string, prefix: Pick<PrefixHashes, "system">): string {
	return `${model}#${prefix.system}`;
}
