/**
 * The child's end of its channel (channel.ts), in pi-delegate's extension inside the child's `pi`:
 * it connects while Pi loads the extension, and holds the first model call until it has (briefly:
 * a runner that offers no channel does not stall the child), so the extension is the channel's one
 * peer before the child can run a command. Each message that comes down is handed to Pi as a
 * steering user message — delivered after the current turn's tool calls, before the next request —
 * while the agent runs; one that arrives before the run starts waits for it. A child that may
 * delegate sends its `task` calls up the same channel and waits for the runner's answer.
 */
import { createConnection, type Socket } from "node:net";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { boundedLines, CHANNEL_FILE, encodeLine, parseLine, withSocketAddress } from "./channel.ts";

/** How long the first model call waits for the channel to connect. */
const CONNECT_WAIT_MS = 2000;

/** The custom message type a message is sent as on a Pi without `sendUserMessage`. */
const MESSAGE_TYPE = "pi-delegate-message";

/** A `task` call sent up the channel; resolves with the runner's answer (or why there is none). */
export type AskUp = (args: unknown) => Promise<{ ok: boolean; text: string }>;

/** Connects to the channel in `dir`, steers this child's Pi with what comes down it, and returns how to ask up it. */
export function receiveSteering(pi: ExtensionAPI, dir: string): AskUp {
	const held: string[] = [];
	let running = false;
	const deliver = (text: string) => {
		if (typeof pi.sendUserMessage === "function") pi.sendUserMessage(text, { deliverAs: "steer" });
		else pi.sendMessage({ customType: MESSAGE_TYPE, content: text, display: true }, { deliverAs: "steer" });
	};
	const answers = new Map<number, (answer: { ok: boolean; text: string }) => void>();
	let socket: Socket | undefined;
	const connected = connect(
		dir,
		(text) => {
			if (running) deliver(text);
			else held.push(text);
		},
		(id, answer) => {
			answers.get(id)?.(answer);
			answers.delete(id);
			// Waiting for an answer keeps Pi alive; nothing else on the channel does.
			if (answers.size === 0) socket?.unref();
		},
	).then((s) => {
		socket = s;
		s?.on("close", () => {
			for (const answer of answers.values()) answer({ ok: false, text: "the channel to pi-delegate closed" });
			answers.clear();
		});
	});
	let first = true;
	pi.on("before_agent_start", async () => {
		if (!first) return undefined;
		first = false;
		await Promise.race([connected, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
		return undefined;
	});
	pi.on("agent_start", () => {
		running = true;
		for (const text of held.splice(0)) deliver(text);
	});
	pi.on("agent_end", () => {
		running = false;
	});
	let next = 0;
	return async (args) => {
		await connected;
		if (!socket || socket.destroyed) return { ok: false, text: "the channel to pi-delegate is closed" };
		const id = next++;
		const answered = new Promise<{ ok: boolean; text: string }>((resolve) => answers.set(id, resolve));
		socket.ref();
		socket.write(encodeLine({ type: "task", id, args }));
		return answered;
	};
}

type OnAnswer = (id: number, answer: { ok: boolean; text: string }) => void;

/** Resolves once connected (undefined when it failed: the child then runs unsteered); each message goes to `onMessage`. */
function connect(dir: string, onMessage: (text: string) => void, onAnswer: OnAnswer): Promise<Socket | undefined> {
	return withSocketAddress(dir, CHANNEL_FILE, (address) => opened(createConnection(address))).then(
		(socket) => {
			// Never keeps Pi alive: a child whose run ended exits whatever the channel does.
			socket.unref();
			read(socket, onMessage, onAnswer);
			return socket;
		},
		() => undefined,
	);
}

function opened(socket: Socket): Promise<Socket> {
	return new Promise((resolve, reject) => {
		socket.once("connect", () => resolve(socket));
		socket.once("error", reject);
	});
}

function read(socket: Socket, onMessage: (text: string) => void, onAnswer: OnAnswer): void {
	const lines = boundedLines();
	socket.on("error", () => {});
	socket.on("data", (chunk: Buffer) => {
		const complete = lines.push(chunk);
		if (complete === undefined) return void socket.destroy();
		for (const line of complete) {
			const value = parseLine(line);
			if (value?.type === "message" && typeof value.text === "string") onMessage(value.text);
			else if (value?.type === "task_result" && typeof value.id === "number" && typeof value.text === "string")
				onAnswer(value.id, { ok: value.ok === true, text: value.text });
		}
	});
}
