/**
 * The control endpoint and its client over a real unix socket: each request answered, `wait` held
 * until the run ends, and every hostile client (a malformed line, a line without end, one that
 * never reads, too many at once, one that never speaks) dropped without stalling the others.
 */
import { createConnection, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { askRun } from "../../../src/run/control/client.ts";
import { socketPathFor } from "../../../src/run/control/path.ts";
import type { RunStatus } from "../../../src/run/control/protocol.ts";
import { type ControlEndpoint, openControlServer } from "../../../src/run/control/server.ts";
import { tempDir } from "../../support/temp.ts";

const STATUS: RunStatus = {
	id: "20260101T000000Z-t",
	kind: "task",
	state: "running",
	turn: 2,
	usd: 0.5,
	startedAt: "2026-01-01T00:00:00.000Z",
	auditDir: "/runs/x",
};

const open: ControlEndpoint[] = [];
afterEach(() => {
	for (const endpoint of open.splice(0)) endpoint.close();
});

async function endpoint(limits?: Parameters<typeof openControlServer>[2]) {
	const runDir = tempDir("pi-delegate-control-run-");
	const sent: string[] = [];
	let stops = 0;
	const env = { ...process.env };
	const server = openControlServer(
		socketPathFor(runDir, env),
		{
			status: () => STATUS,
			send: (m) => {
				sent.push(m);
				return true;
			},
			stop: () => ++stops === 1,
		},
		limits,
	);
	open.push(server);
	expect(await server.ready).toBe(true);
	return { runDir, server, sent, stops: () => stops, path: socketPathFor(runDir, env) };
}

/** A raw connection, for what the client would never send. */
function raw(path: string): Promise<Socket> {
	return new Promise((resolve, reject) => {
		// Flowing, so that the end of the connection is seen even when nothing reads what came.
		const socket = createConnection(path, () => resolve(socket.resume()));
		socket.once("error", reject);
	});
}

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once("close", () => resolve()));

describe("the control endpoint", () => {
	it("answers status, send, stop; wait only once the run has ended", async () => {
		const { runDir, server, sent, stops } = await endpoint();
		expect(await askRun(runDir, { op: "status" })).toEqual({
			reached: true,
			answer: { ok: true, op: "status", status: STATUS },
		});
		expect(await askRun(runDir, { op: "send", message: "hi" })).toMatchObject({ answer: { queued: true } });
		expect(sent).toEqual(["hi"]);
		expect(await askRun(runDir, { op: "stop" })).toMatchObject({ answer: { stopping: true } });
		expect(await askRun(runDir, { op: "stop" })).toMatchObject({ answer: { stopping: false } });
		expect(stops()).toBe(2);
		const early = await askRun(runDir, { op: "wait" }, { timeoutMs: 200 });
		expect(early).toEqual({ reached: true, answer: undefined });
		const waiting = askRun(runDir, { op: "wait" }, { timeoutMs: Number.POSITIVE_INFINITY });
		await new Promise((r) => setTimeout(r, 50));
		server.ended({ state: "FAIL", verdict: "FAIL" });
		expect(await waiting).toEqual({
			reached: true,
			answer: { ok: true, op: "wait", end: { state: "FAIL", verdict: "FAIL" } },
		});
		server.close();
		expect(await askRun(runDir, { op: "status" })).toEqual({ reached: false });
	});

	it("a wait still open when the run closes without a result is told so", async () => {
		const { runDir, server } = await endpoint();
		const waiting = askRun(runDir, { op: "wait" }, { timeoutMs: Number.POSITIVE_INFINITY });
		await new Promise((r) => setTimeout(r, 50));
		server.close();
		expect(await waiting).toEqual({ reached: true, answer: { ok: false, error: "the run ended without a result" } });
	});

	it("a run directory with no endpoint: nothing listens", async () => {
		expect(await askRun(tempDir(), { op: "status" })).toEqual({ reached: false });
	});
});

describe("hostile clients", () => {
	it("a malformed line is answered with an error; a good one after it still works", async () => {
		const { path } = await endpoint();
		const socket = await raw(path);
		let text = "";
		socket.on("data", (d) => {
			text += d;
		});
		socket.write('not json\n{"op":"launch"}\n{"op":"send","message":""}\n{"op":"status"}\n');
		await new Promise((r) => setTimeout(r, 200));
		const lines = text
			.trim()
			.split("\n")
			.map((l) => JSON.parse(l));
		expect(lines.map((l) => l.ok)).toEqual([false, false, false, true]);
		socket.destroy();
	});

	it("a line past the cap, without an end, ends that connection; others are answered", async () => {
		const { path, runDir } = await endpoint();
		const socket = await raw(path);
		const gone = closed(socket);
		socket.on("error", () => {});
		socket.write("x".repeat(200 * 1024));
		await gone;
		expect(await askRun(runDir, { op: "status" })).toMatchObject({ answer: { ok: true } });
	});

	it("a client that never reads is dropped once its answers pile up", async () => {
		const { path, runDir } = await endpoint({ clients: 64, unread: 64 * 1024, idleMs: 30_000 });
		const socket = await raw(path);
		socket.pause();
		socket.on("error", () => {});
		const gone = closed(socket);
		const flood = '{"op":"status"}\n'.repeat(20_000);
		socket.write(flood);
		await gone;
		expect(await askRun(runDir, { op: "status" })).toMatchObject({ answer: { ok: true } });
	});

	it("more clients than the cap: the extra ones are closed; a silent one is dropped after the idle time", async () => {
		const { path, runDir } = await endpoint({ clients: 3, unread: 1024 * 1024, idleMs: 300 });
		const idle = await Promise.all([raw(path), raw(path), raw(path)]);
		for (const s of idle) s.on("error", () => {});
		const extra = await raw(path);
		extra.on("error", () => {});
		await closed(extra);
		await Promise.all(idle.map(closed));
		expect(await askRun(runDir, { op: "status" })).toMatchObject({ answer: { ok: true } });
	});

	it("an answer past the client's cap, or not a valid answer, is no answer", async () => {
		const { createServer } = await import("node:net");
		const runDir = tempDir();
		const path = socketPathFor(runDir);
		const server = createServer((s) =>
			s.resume().end(`${JSON.stringify({ ok: true, op: "status", status: { state: "PASS" } })}\n`),
		);
		await new Promise<void>((r) => server.listen(path, r));
		expect(await askRun(runDir, { op: "status" })).toEqual({ reached: true, answer: undefined });
		await new Promise((r) => server.close(r));
	});
});
