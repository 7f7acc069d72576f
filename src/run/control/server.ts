/**
 * A run's control endpoint: a unix socket that answers `status`, takes `send` and `stop`, and holds
 * `wait` until the run ends. Every client and every byte is treated as hostile, and nothing a client
 * does can stall or crash the run: a request line is read up to its cap (a longer one ends the
 * connection), a client that does not read its answers is dropped once they pile up, a silent one
 * is dropped after a while (unless it waits for the end), there are only so many at once, and no
 * handler awaits a client. The server never keeps the process alive on its own (it is unref'd).
 */
import { rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { type ControlAnswer, parseRequest, REQUEST_LINE_LIMIT, type RunEnd, type RunStatus } from "./protocol.ts";

/** What the run does on a request. */
export interface ControlHandlers {
	status(): RunStatus;
	/** Queues a message for the child; false when it can take none any more. */
	send(message: string): boolean;
	/** Stops the run as a user's stop does; false when it had ended already. */
	stop(): boolean;
}

/** The endpoint as the run holds it. */
export interface ControlEndpoint {
	/** Resolves once the socket listens (true), or could not be opened (false). */
	readonly ready: Promise<boolean>;
	/** Answers every `wait`, now and later, with how the run ended. */
	ended(end: RunEnd): void;
	/** Ends every connection and removes the socket; a `wait` still open is told the run ended without a result. */
	close(): void;
}

export interface ServerLimits {
	/** Connections open at once; one more is closed at once. */
	clients: number;
	/** Bytes of answers a client may leave unread before it is dropped. */
	unread: number;
	/** How long a client that is not waiting may stay silent. */
	idleMs: number;
}

export const SERVER_LIMITS: ServerLimits = { clients: 64, unread: 1024 * 1024, idleMs: 30_000 };

const line = (answer: ControlAnswer) => `${JSON.stringify(answer)}\n`;

/** Writes an answer, dropping a client whose unread answers pass the limit. */
function answer(socket: Socket, value: ControlAnswer, limits: ServerLimits): void {
	if (socket.destroyed) return;
	socket.write(line(value));
	if (socket.writableLength > limits.unread) socket.destroy();
}

/** One connection: its lines read with the cap, each request answered; `wait` joins the waiters. */
function serve(socket: Socket, handlers: ControlHandlers, state: ServerState, limits: ServerLimits): void {
	socket.on("error", () => {});
	socket.setTimeout(limits.idleMs, () => {
		if (!state.waiting.has(socket)) socket.destroy();
	});
	let pending = "";
	socket.setEncoding("utf8");
	socket.on("data", (chunk: string) => {
		pending += chunk;
		for (let at = pending.indexOf("\n"); at >= 0; at = pending.indexOf("\n")) {
			request(socket, pending.slice(0, at), handlers, state, limits);
			pending = pending.slice(at + 1);
		}
		if (Buffer.byteLength(pending) > REQUEST_LINE_LIMIT) {
			answer(socket, { ok: false, error: `a request line holds at most ${REQUEST_LINE_LIMIT} bytes` }, limits);
			socket.destroy();
		}
	});
	socket.on("close", () => state.waiting.delete(socket));
}

interface ServerState {
	waiting: Set<Socket>;
	end: RunEnd | undefined;
}

function request(socket: Socket, text: string, handlers: ControlHandlers, state: ServerState, limits: ServerLimits) {
	if (socket.destroyed) return;
	const parsed = parseRequest(text);
	if ("error" in parsed) return answer(socket, { ok: false, error: parsed.error }, limits);
	try {
		if (parsed.op === "status") return answer(socket, { ok: true, op: "status", status: handlers.status() }, limits);
		if (parsed.op === "send")
			return answer(socket, { ok: true, op: "send", queued: handlers.send(parsed.message) }, limits);
		if (parsed.op === "stop") return answer(socket, { ok: true, op: "stop", stopping: handlers.stop() }, limits);
		if (state.end) return answer(socket, { ok: true, op: "wait", end: state.end }, limits);
		state.waiting.add(socket);
	} catch (error) {
		answer(socket, { ok: false, error: error instanceof Error ? error.message : String(error) }, limits);
	}
}

/** Opens the endpoint at `path` (a stale socket there, left by a run that died, is replaced). */
export function openControlServer(
	path: string,
	handlers: ControlHandlers,
	limits: ServerLimits = SERVER_LIMITS,
): ControlEndpoint {
	const state: ServerState = { waiting: new Set(), end: undefined };
	const sockets = new Set<Socket>();
	const server: Server = createServer((socket) => {
		if (sockets.size >= limits.clients) return void socket.destroy();
		sockets.add(socket);
		socket.on("close", () => sockets.delete(socket));
		serve(socket, handlers, state, limits);
	});
	server.unref();
	let open = true;
	const ready = new Promise<boolean>((resolve) => {
		server.once("error", () => resolve(false));
		try {
			rmSync(path, { force: true });
			server.listen(path, () => resolve(open));
		} catch {
			resolve(false);
		}
	});
	// An error after listening (none is expected) must not become an unhandled one in the run.
	server.on("error", () => {});
	return {
		ready,
		ended(end) {
			state.end = end;
			for (const socket of state.waiting) {
				answer(socket, { ok: true, op: "wait", end }, limits);
				socket.end();
			}
			state.waiting.clear();
		},
		close() {
			if (!open) return;
			open = false;
			for (const socket of state.waiting)
				answer(socket, { ok: false, error: "the run ended without a result" }, limits);
			for (const socket of sockets) socket.end();
			// A client that does not take its last answer is not waited for.
			setTimeout(() => {
				for (const socket of sockets) socket.destroy();
			}, 1000).unref();
			server.close();
			rmSync(path, { force: true });
		},
	};
}
