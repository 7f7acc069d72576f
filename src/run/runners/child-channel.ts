/**
 * The runner's end of a subprocess child's channel (child/channel.ts): it listens in the child's
 * private scratch directory before the child starts, takes the first connection — the child's own
 * extension, which connects while Pi loads it and holds the first model call until it has, so no
 * command of the child can connect first — and then stops listening and removes the socket, so
 * nothing else can connect at all. A later connection that slipped in is closed unread.
 *
 * The runner never waits on the child here: writes are queued by Node, what the child sends is read
 * with a ceiling and each line handed on only when it parses, and a child that breaks the rules
 * (a line too long) loses its channel, not the runner its run.
 */
import { rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import {
	boundedLines,
	CHANNEL_FILE,
	CHANNEL_LINE_MAX,
	type DownLine,
	encodeLine,
	parseLine,
	withSocketAddress,
} from "../child/channel.ts";
import { realPathOf } from "../sandbox/real-paths.ts";
import type { ChildOutcome, RunnerHooks, SentMessage } from "../types.ts";
import { steerChild } from "./steering.ts";

export interface ChildChannel {
	/** The directory the socket lies in, which the child's configuration names (it reaches the socket from there). */
	dir: string;
	/** Closes the channel; returns the messages handed to the child. */
	close(): SentMessage[];
}

/** What the runner does with a line the child sends up (nothing, until a use for one exists). */
export type UpLine = (line: Record<string, unknown>, reply: (value: unknown) => void) => void;

/** Opens the channel in `dir`, steering the child with the hooks' inbox. */
export async function openChildChannel(
	dir: string,
	hooks: Pick<RunnerHooks, "inbox" | "onEvent">,
	onLine: UpLine = () => {},
): Promise<ChildChannel> {
	const steering = steerChild(hooks);
	const server = createServer({ allowHalfOpen: false });
	let taken: Socket | undefined;
	server.on("connection", (socket) => {
		if (taken) {
			socket.destroy();
			return;
		}
		taken = socket;
		stopListening(server, dir);
		serve(socket, steering, onLine);
	});
	server.on("error", () => {});
	await withSocketAddress(dir, CHANNEL_FILE, (at) => listen(server, at));
	return {
		dir,
		close() {
			stopListening(server, dir);
			taken?.destroy();
			return steering.end();
		},
	};
}

function listen(server: Server, at: string): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once("error", reject);
		server.listen(at, () => {
			server.off("error", reject);
			resolve();
		});
	});
}

function stopListening(server: Server, dir: string): void {
	if (server.listening) server.close();
	rmSync(`${dir}/${CHANNEL_FILE}`, { force: true });
}

/** The child's connection: messages down as the inbox gives them, lines up read with a ceiling. */
function serve(socket: Socket, steering: ReturnType<typeof steerChild>, onLine: UpLine): void {
	// A child that asks without reading the answers would have them pile up here: it loses its channel.
	const reply = (value: unknown) => {
		if (socket.destroyed) return;
		if (socket.writableLength > CHANNEL_LINE_MAX) socket.destroy();
		else socket.write(encodeLine(value));
	};
	const lines = boundedLines();
	socket.on("error", () => {});
	socket.on("close", () => steering.pause());
	socket.on("data", (chunk: Buffer) => {
		const complete = lines.push(chunk);
		if (complete === undefined) {
			socket.destroy();
			return;
		}
		for (const line of complete) {
			const value = parseLine(line);
			if (value !== undefined) onLine(value, reply);
		}
	});
	steering.open((text) => {
		if (socket.destroyed) throw new Error("the child's channel is closed");
		const line: DownLine = { type: "message", text };
		socket.write(encodeLine(line));
	});
}

/** Runs the child with its channel open; closed once the child has ended, what was sent to it goes with its outcome. */
export async function steered(
	dir: string,
	hooks: RunnerHooks,
	run: (channel: ChildChannel) => Promise<ChildOutcome>,
): Promise<ChildOutcome> {
	const channel = await openChannel(dir, hooks);
	try {
		const outcome = await run(channel);
		const messages = channel.close();
		return messages.length > 0 ? { ...outcome, messages } : outcome;
	} finally {
		channel.close();
	}
}

/**
 * A `task` call the child sends up its channel, to the broker (run/nest.ts), answered down it. The
 * line is the child's: only a numeric id is echoed, and the arguments go to the broker as they came,
 * to be checked there like every call.
 */
const brokered =
	(hooks: RunnerHooks): UpLine =>
	(line, reply) => {
		if (line.type !== "task" || !Number.isSafeInteger(line.id)) return;
		const answer = hooks.delegate ? hooks.delegate(line.args) : Promise.resolve(NOT_DELEGATING);
		void answer
			.catch((error: unknown) => ({ ok: false, text: error instanceof Error ? error.message : String(error) }))
			.then((a) => reply({ type: "task_result", id: line.id, ok: a.ok, text: a.text }));
	};

const NOT_DELEGATING = { ok: false, text: "this child may not delegate" };

/**
 * The channel the messages sent to the running child go down (runners/child-channel.ts). One that
 * cannot be opened leaves the child unsteered, not unstarted: what is sent to it is recorded as
 * never delivered.
 */
async function openChannel(dir: string, hooks: RunnerHooks): Promise<ChildChannel> {
	try {
		return await openChildChannel(realPathOf(dir), hooks, brokered(hooks));
	} catch (error) {
		const reason = `the child's channel could not be opened: ${error instanceof Error ? error.message : String(error)}`;
		const steering = steerChild(hooks);
		steering.open(() => {
			throw new Error(reason);
		});
		return { dir: "", close: () => steering.end() };
	}
}
