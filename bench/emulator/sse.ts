/**
 * A reply as the event stream the Messages API sends (docs: "Streaming Messages"): message_start
 * (with the input usage), a ping, then per content block content_block_start / _delta / _stop
 * (text_delta, thinking_delta + signature_delta, input_json_delta for tool input), message_delta
 * (stop_reason and final usage) and message_stop. Text and JSON are split into several deltas so a
 * client's accumulation is exercised.
 */
import type { ReplyBlock, WireReply } from "./wire.ts";

export interface SseEvent {
	event: string;
	data: unknown;
}

const CHUNK = 24;

function chunks(text: string): string[] {
	if (text.length === 0) return [""];
	const out: string[] = [];
	for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
	return out;
}

function blockEvents(block: ReplyBlock, index: number): SseEvent[] {
	const delta = (d: Record<string, unknown>): SseEvent => ({
		event: "content_block_delta",
		data: { type: "content_block_delta", index, delta: d },
	});
	const start = (contentBlock: Record<string, unknown>): SseEvent => ({
		event: "content_block_start",
		data: { type: "content_block_start", index, content_block: contentBlock },
	});
	const events: SseEvent[] = [];
	if (block.type === "text") {
		events.push(start({ type: "text", text: "" }));
		for (const piece of chunks(block.text)) events.push(delta({ type: "text_delta", text: piece }));
	} else if (block.type === "thinking") {
		events.push(start({ type: "thinking", thinking: "", signature: "" }));
		for (const piece of chunks(block.thinking)) events.push(delta({ type: "thinking_delta", thinking: piece }));
		events.push(delta({ type: "signature_delta", signature: block.signature }));
	} else {
		events.push(start({ type: "tool_use", id: block.id, name: block.name, input: {} }));
		for (const piece of chunks(JSON.stringify(block.input))) {
			events.push(delta({ type: "input_json_delta", partial_json: piece }));
		}
	}
	events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
	return events;
}

/** Every event of a streamed reply, in order. */
export function replyEvents(reply: WireReply): SseEvent[] {
	const { usage } = reply;
	const events: SseEvent[] = [
		{
			event: "message_start",
			data: {
				type: "message_start",
				message: { ...reply, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } },
			},
		},
		{ event: "ping", data: { type: "ping" } },
	];
	reply.content.forEach((block, i) => {
		events.push(...blockEvents(block, i));
	});
	events.push({
		event: "message_delta",
		data: {
			type: "message_delta",
			delta: { stop_reason: reply.stop_reason, stop_sequence: null },
			usage: {
				input_tokens: usage.input_tokens,
				cache_creation_input_tokens: usage.cache_creation_input_tokens,
				cache_read_input_tokens: usage.cache_read_input_tokens,
				output_tokens: usage.output_tokens,
			},
		},
	});
	events.push({ event: "message_stop", data: { type: "message_stop" } });
	return events;
}

/** One event on the wire. */
export function encodeSse(event: SseEvent): string {
	return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
