/**
 * The channel a subprocess child's messages come down is one the child can write to: what comes up
 * it is hostile. The runner takes one peer (the first to connect) and then no other, removes the
 * socket so a command of the child cannot find it, reads each line with a ceiling, and never waits
 * on the child — a flood, junk, a line without end or a peer that reads nothing stall nothing.
 */
import { existsSync, writeFileSync } from "node:fs";
import { createConnection, type Socket } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHANNEL_FILE, CHANNEL_LINE_MAX } from "../../src/run/child/channel.ts";
import { createMailbox } from "../../src/run/inbox.ts";
import { openChildChannel } from "../../src/run/runners/child-channel.ts";
import { bash, bothChild } from "../support/both-runners.ts";
import { tempDir } from "../support/temp.ts";
import { toolOutput } from "../support/tool-answers.ts";

function connect(path: string): Promise<Socket> {
	return new Promise((resolve, reject) => {
		const socket = createConnection(path);
		socket.once("connect", () => resolve(socket));
		socket.once("error", reject);
	});
}

const closed = (socket: Socket) =>
	new Promise<void>((resolve) => {
		if (socket.destroyed) resolve();
		socket.once("close", () => resolve());
	});

function received(socket: Socket): () => string {
	let text = "";
	socket.on("data", (chunk: Buffer) => {
		text += chunk.toString();
	});
	return () => text;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe("the runner's end of a child's channel", () => {
	it("takes the first peer only, then removes its socket: nothing else can connect", async () => {
		const dir = tempDir("pi-delegate-channel-");
		const events: unknown[] = [];
		const inbox = createMailbox();
		const channel = await openChildChannel(dir, { inbox, onEvent: (e) => events.push(e) });
		const first = await connect(join(dir, CHANNEL_FILE));
		const said = received(first);
		await settle();
		expect(existsSync(join(dir, CHANNEL_FILE))).toBe(false);
		await expect(connect(join(dir, CHANNEL_FILE))).rejects.toThrow();
		inbox.send("hello");
		await settle();
		expect(said()).toBe(`${JSON.stringify({ type: "message", text: "hello" })}\n`);
		expect(channel.close().map((m) => m.text)).toEqual(["hello"]);
		await closed(first);
	});

	it("closes a peer that sends a line past the ceiling, and records later messages as never delivered", async () => {
		const dir = tempDir("pi-delegate-channel-");
		const events: Array<Record<string, unknown>> = [];
		const inbox = createMailbox();
		const channel = await openChildChannel(dir, { inbox, onEvent: (e) => events.push(e as Record<string, unknown>) });
		const peer = await connect(join(dir, CHANNEL_FILE));
		peer.on("error", () => {});
		peer.write("not json\n[1,2]\nnull\n");
		peer.write(Buffer.alloc(CHANNEL_LINE_MAX + 10, 0x61));
		await closed(peer);
		await settle();
		expect(inbox.send("too late")).toBe(true);
		expect(channel.close()).toEqual([]);
		expect(events).toEqual([expect.objectContaining({ text: "too late", delivered: false })]);
	});

	it("never waits on a peer that reads nothing", async () => {
		const dir = tempDir("pi-delegate-channel-");
		const inbox = createMailbox();
		const channel = await openChildChannel(dir, { inbox, onEvent: () => {} });
		const peer = await connect(join(dir, CHANNEL_FILE));
		peer.pause();
		await settle();
		const started = performance.now();
		const big = "x".repeat(64 * 1024);
		for (let i = 0; i < 200; i++) inbox.send(big);
		expect(performance.now() - started).toBeLessThan(2000);
		expect(channel.close()).toHaveLength(200);
		peer.destroy();
	});
});

/** The text of every bash result, in order. */
const bashOutput = (events: Array<Record<string, unknown>>) => toolOutput(events, "bash");

const CONNECT_PY = [
	"import socket, glob, sys",
	"for path in glob.glob(sys.argv[1]):",
	"    s = socket.socket(socket.AF_UNIX)",
	"    try:",
	"        s.connect(path); print('connected ' + path)",
	"    except OSError as e:",
	"        print('refused', e.errno)",
	"print('probed')",
].join("\n");

describe("a subprocess child's command and its channel", () => {
	it("a bash command of the child finds no socket to connect to: the child's extension took it first", async () => {
		const script = join(tempDir("pi-delegate-channel-probe-"), "probe.py");
		writeFileSync(script, CONNECT_PY);
		const probe = await bothChild("subprocess", [bash("true"), { text: "done" }]);
		// The scratch directory the runner makes beside the session file (runners/child-paths.ts).
		const scratch = join(probe.child.root, "audit", ".child-*");
		const turns = [bash(`ls -a ${scratch}; python3 ${script} '${scratch}/${CHANNEL_FILE}'`), { text: "done" }];
		const agentScript = join(probe.child.agentDir, "scripted.json");
		writeFileSync(agentScript, JSON.stringify({ turns: turns.map((t) => ({ ...t, usage: { input: 0, output: 0 } })) }));
		const inbox = createMailbox();
		const run = await probe.run({ inbox });
		const said = bashOutput(run.events);
		expect(said).toMatch(/^\.\.?$/m); // the scratch directory was found and listed
		expect(said).toMatch(/^probed$/m);
		expect(said).not.toMatch(/connected/);
		expect(said).not.toContain(CHANNEL_FILE);
	}, 40_000);
});
