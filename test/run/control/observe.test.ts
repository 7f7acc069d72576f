/**
 * observeRun over a real unix socket: an endpoint that closes a connection unanswered as it shuts
 * down (the moment a run ends) is asked once more, so a reader finds the ended run's verdict, while
 * an endpoint that keeps closing unanswered stays "running" (busy), its result.json not believed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { observeRun } from "../../../src/run/control/observe.ts";
import { socketPathFor } from "../../../src/run/control/path.ts";
import { tempDir } from "../../support/temp.ts";

const PASS = { kind: "task", verdict: "PASS", problems: [], metrics: { usage: { costUsd: 0.5 } } };
const servers: Server[] = [];
afterEach(() => {
	for (const server of servers.splice(0)) server.close();
});

/** A run directory with a sealed PASS, and an endpoint that drops every connection unanswered. */
async function closingEndpoint(shutDownAfterFirst: boolean) {
	const runDir = tempDir("pi-delegate-observe-run-");
	writeFileSync(join(runDir, "result.json"), JSON.stringify(PASS));
	const env = { ...process.env };
	const path = socketPathFor(runDir, env);
	mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
	const server = createServer((socket) => {
		socket.destroy();
		if (shutDownAfterFirst) server.close();
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(path, resolve));
	return { runDir, env };
}

describe("observeRun", () => {
	it("reads the verdict of a run whose endpoint closed unanswered as it shut down", async () => {
		const { runDir, env } = await closingEndpoint(true);
		expect((await observeRun(runDir, { env })).state).toBe("PASS");
	});

	it("keeps a run whose endpoint still holds its socket running, whatever result.json says", async () => {
		const { runDir, env } = await closingEndpoint(false);
		const view = await observeRun(runDir, { env });
		expect(view.state).toBe("running");
		expect(view.detail).toContain("busy");
	});
});
