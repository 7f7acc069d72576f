/** HTTP plumbing: read a body, send JSON or an API error, stream SSE events (with cuts). */
import type { IncomingMessage, ServerResponse } from "node:http";
import { encodeSse, type SseEvent } from "./sse.ts";
import { type ErrorType, errorBody } from "./wire.ts";

export async function readBody(req: IncomingMessage): Promise<string> {
	const parts: Buffer[] = [];
	for await (const chunk of req) parts.push(chunk as Buffer);
	return Buffer.concat(parts).toString("utf8");
}

export function sendJson(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	const text = JSON.stringify(body);
	res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
	res.end(text);
}

export function sendError(
	res: ServerResponse,
	status: number,
	type: ErrorType,
	message: string,
	requestId: string,
	retryAfterSeconds?: number,
): void {
	const headers: Record<string, string> = { "request-id": requestId };
	if (retryAfterSeconds !== undefined) headers["retry-after"] = String(retryAfterSeconds);
	sendJson(res, status, errorBody(type, message, requestId), headers);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a stream ends: normally, dropped after `cut` events, or with an error event after `after`. */
export type StreamEnd =
	| { kind: "complete" }
	| { kind: "cut"; cut: number }
	| { kind: "error"; after: number; type: string; message: string };

export async function streamEvents(
	res: ServerResponse,
	events: readonly SseEvent[],
	requestId: string,
	end: StreamEnd,
	eventDelayMs: number,
): Promise<void> {
	res.writeHead(200, {
		"content-type": "text/event-stream; charset=utf-8",
		"cache-control": "no-cache",
		connection: "keep-alive",
		"request-id": requestId,
	});
	const limit = end.kind === "cut" ? end.cut : end.kind === "error" ? end.after : events.length;
	for (const event of events.slice(0, limit)) {
		res.write(encodeSse(event));
		if (eventDelayMs > 0) await sleep(eventDelayMs);
	}
	if (end.kind === "cut") {
		// Drop the connection without a proper end, as a network failure would.
		res.socket?.destroy();
		return;
	}
	if (end.kind === "error") {
		res.write(encodeSse({ event: "error", data: { type: "error", error: { type: end.type, message: end.message } } }));
	}
	res.end();
}

export { sleep };
