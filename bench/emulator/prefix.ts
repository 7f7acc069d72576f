/**
 * Turns a request into the sequence of blocks the prompt cache sees, in the order Anthropic builds a
 * prefix: `tools`, then `system`, then `messages` (prompt-caching guide, "Structuring your prompt":
 * "Cache prefixes are created in the following order: tools, system, then messages").
 *
 * Every block carries its token count, the running token total at its end, and a hash of everything
 * up to and including it, so "same prefix" is "same hash". What changes a hash follows the guide's
 * "What invalidates the cache" table: a tool definition change reaches everything after it; a system
 * change reaches system and messages; `tool_choice`, thinking settings and the presence of images change
 * only the messages part, so they are mixed into the hash where the messages begin. The hidden
 * tool-use system prompt depends on tool_choice, so its tokens are counted there too.
 *
 * Not modelled: thinking blocks being dropped from context when a non-tool-result user turn follows
 * them with thinking enabled (the emulated models are not reasoning models).
 */
import { createHash } from "node:crypto";
import type { EmulatedModel } from "./models.ts";
import { IMAGE_TOKENS } from "./tokens.ts";
import type { MessagesRequest, Ttl, WireBlock, WireTool } from "./wire.ts";

export type Segment = "tools" | "system" | "messages";

/** One block of the prompt as the cache sees it. */
export interface PromptBlock {
	/** Position in the flattened prompt (tools first). */
	index: number;
	segment: Segment;
	/** Where the block sits in the request, in the API's error-path style: `messages.2.content.0`. */
	path: string;
	/** Block type (`tool` for a tool definition). */
	type: string;
	/** Tokens of this block. */
	tokens: number;
	/** Prompt tokens up to and including this block. */
	end: number;
	/** Hash of the model and every block up to and including this one. */
	hash: string;
	/** Set when the block carries `cache_control`. */
	breakpoint?: Ttl;
}

export interface FlatPrompt {
	blocks: PromptBlock[];
	/** All prompt tokens, including the hidden tool-use prompt. */
	totalTokens: number;
	/** Hash at the end of the tool definitions (the model's root hash when there are none). */
	toolsHash: string;
	/** Hash at the end of the system prompt. */
	systemHash: string;
	/** Requests the real API rejects with a 400, as `path: message`. */
	problems: string[];
}

function chain(previous: string, text: string): string {
	return createHash("sha256").update(previous).update("\u0000").update(text).digest("hex").slice(0, 32);
}

function withoutCacheControl(block: Record<string, unknown>): Record<string, unknown> {
	const { cache_control: _ignored, ...rest } = block;
	return rest;
}

function blockText(block: Record<string, unknown>, key: string): string {
	const value = block[key];
	return typeof value === "string" ? value : "";
}

/** Tokens of one content block (see tokens.ts for what a token count means here). */
function contentTokens(block: WireBlock, count: (text: string) => number): number {
	switch (block.type) {
		case "text":
			return count(blockText(block, "text"));
		case "image":
			return IMAGE_TOKENS;
		case "thinking":
			return count(blockText(block, "thinking"));
		case "redacted_thinking":
			return count(blockText(block, "data"));
		case "tool_use":
			return count(blockText(block, "name")) + count(JSON.stringify(block.input ?? {}));
		case "tool_result": {
			const content = block.content;
			if (typeof content === "string") return count(content);
			if (!Array.isArray(content)) return 0;
			let sum = 0;
			for (const part of content as WireBlock[]) sum += contentTokens(part, count);
			return sum;
		}
		default:
			return count(JSON.stringify(withoutCacheControl(block)));
	}
}

function toolTokens(tool: WireTool, count: (text: string) => number): number {
	return count(JSON.stringify({ name: tool.name, description: tool.description, input_schema: tool.input_schema }));
}

function hasImage(blocks: readonly WireBlock[]): boolean {
	return blocks.some(
		(b) => b.type === "image" || (b.type === "tool_result" && Array.isArray(b.content) && hasImage(b.content)),
	);
}

/** The message content as a list of blocks: a string is one text block, as the API reads it. */
function asBlocks(content: string | WireBlock[]): WireBlock[] {
	return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/** Flattens a request for `model`; `count` turns text into tokens. */
export function flattenPrompt(
	request: MessagesRequest,
	model: EmulatedModel,
	count: (text: string) => number,
): FlatPrompt {
	const blocks: PromptBlock[] = [];
	const problems: string[] = [];
	let hash = chain("", `model:${model.id}`);
	let total = 0;
	const push = (segment: Segment, path: string, block: Record<string, unknown>, tokens: number, tag: string) => {
		hash = chain(hash, `${tag}\n${JSON.stringify(withoutCacheControl(block))}`);
		total += tokens;
		const control = block.cache_control as { ttl?: Ttl } | undefined;
		const entry: PromptBlock = {
			index: blocks.length,
			segment,
			path,
			type: String(block.type ?? "tool"),
			tokens,
			end: total,
			hash,
		};
		if (control) entry.breakpoint = control.ttl ?? "5m";
		blocks.push(entry);
	};

	const tools = request.tools ?? [];
	tools.forEach((tool, i) => {
		push("tools", `tools.${i}`, { type: "tool", ...tool }, toolTokens(tool, count), "tool");
	});
	const toolsHash = hash;

	const system = request.system === undefined ? [] : asBlocks(request.system);
	system.forEach((block, i) => {
		push("system", `system.${i}`, block, contentTokens(block, count), "system");
	});
	const systemHash = hash;

	const messageBlocks = request.messages.flatMap((m) => asBlocks(m.content));
	const forced = request.tool_choice?.type === "any" || request.tool_choice?.type === "tool";
	const toolPrompt = tools.length === 0 ? 0 : forced ? model.toolPromptTokens.forced : model.toolPromptTokens.auto;
	hash = chain(
		hash,
		`messages:${JSON.stringify({
			tool_choice: request.tool_choice ?? null,
			thinking: request.thinking ?? null,
			images: hasImage(messageBlocks) || hasImage(system),
			toolPrompt,
		})}`,
	);
	total += toolPrompt;

	request.messages.forEach((message, m) => {
		asBlocks(message.content).forEach((block, b) => {
			const path = `messages.${m}.content.${b}`;
			if (block.type === "text" && blockText(block, "text").length === 0) {
				problems.push(`${path}.text: text content blocks must be non-empty`);
			}
			if (block.cache_control && (block.type === "thinking" || block.type === "redacted_thinking")) {
				problems.push(`${path}.cache_control: ${block.type} blocks cannot be marked with cache_control`);
			}
			push("messages", path, block, contentTokens(block, count), `${message.role}#${m}`);
		});
	});

	return { blocks, totalTokens: total, toolsHash, systemHash, problems };
}
