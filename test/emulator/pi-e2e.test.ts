/**
 * End to end: the real `pi` CLI and an in-process SDK session, configured only through the agent
 * directory `writeAgentDir` writes, talk to the emulator over HTTP.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createAgentSession, SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type Emulator,
	type EmulatorAgentDir,
	openModelRuntime,
	SONNET,
	startEmulator,
	writeAgentDir,
} from "../../bench/emulator/index.ts";
import { assistantMessages, piReportedCost, runPiProcess } from "../../bench/support/pi-process.ts";
import { tempDir } from "../support/temp.ts";

let emulator: Emulator;
let dir: EmulatorAgentDir;
let cwd: string;

beforeAll(async () => {
	emulator = await startEmulator({
		script: {
			conversations: [
				{
					match: "[e2e-read]",
					turns: [
						{ text: "Reading it.", tools: [{ name: "read", input: { path: "data.txt" } }] },
						(req) => `The file holds: ${req.toolResults[0]?.text.trim()}`,
					],
				},
				{ match: "[e2e-second]", turns: ["second run"] },
				{ match: "[sdk]", turns: ["hello from the emulator"] },
			],
		},
	});
	dir = writeAgentDir({ url: emulator.url, dir: tempDir("pi-emulator-agent-") });
	cwd = tempDir("emulator-e2e-cwd-");
	writeFileSync(join(cwd, "data.txt"), "the answer is 42\n");
});

afterAll(async () => {
	await emulator.close();
});

const pi = (prompt: string) =>
	runPiProcess(["--offline", "--mode", "json", "-p", "--no-session", prompt], { cwd, env: dir.env, timeoutMs: 60_000 });

describe("a real `pi --mode json -p` subprocess against the emulator", () => {
	it("runs a tool call through Pi's tools and bills exactly what Pi reports", async () => {
		const run = await pi("[e2e-read] what does data.txt say?");
		expect(run.code).toBe(0);
		const messages = assistantMessages(run.events);
		expect(messages.map((m) => m.stopReason)).toEqual(["toolUse", "stop"]);
		expect(JSON.stringify(messages.at(-1)?.content)).toContain("The file holds: the answer is 42");

		const entries = emulator.log.conversation("[e2e-read]");
		expect(entries.map((e) => [e.turn, e.status, e.model])).toEqual([
			[0, 200, SONNET.id],
			[1, 200, SONNET.id],
		]);
		expect(piReportedCost(run.events)).toBeCloseTo(emulator.log.totals((e) => e.label === "[e2e-read]").cost.total, 12);
		// Pi marks the last tool, the system prompt and the last user message.
		expect(entries[0]!.prompt!.breakpoints.map((b) => b.path)).toEqual(["tools.3", "system.0", "messages.0.content.0"]);
		// The second turn reads what the first wrote: the whole first request's prompt.
		expect(entries[1]!.read?.hash).toBe(entries[0]!.writes.at(-1)!.hash);
	});

	it("a second run with the same prompt and tools reads the system prefix the first run wrote", async () => {
		const run = await pi("[e2e-second] hello");
		expect(run.code).toBe(0);
		const [first] = emulator.log.conversation("[e2e-read]");
		const [second] = emulator.log.conversation("[e2e-second]");
		expect(second!.prompt!.systemHash).toBe(first!.prompt!.systemHash);
		expect(second!.read?.path).toBe("system.0");
		expect(second!.usage!.cache_read_input_tokens).toBeGreaterThanOrEqual(SONNET.minCacheableTokens);
	});
});

describe("an in-process SDK session configured from the same agent directory", () => {
	it("answers through the emulator with in-memory managers", async () => {
		const modelRuntime = await openModelRuntime(dir);
		const model = modelRuntime.getModel(dir.provider, SONNET.id);
		expect(model).toBeDefined();
		const { session } = await createAgentSession({
			cwd,
			agentDir: dir.agentDir,
			modelRuntime,
			model: model!,
			thinkingLevel: "off",
			sessionManager: SessionManager.inMemory(cwd),
			settingsManager: SettingsManager.inMemory({ compaction: { enabled: false } }),
		});
		try {
			await session.prompt("[sdk] say hello");
			expect(session.getLastAssistantText()).toBe("hello from the emulator");
		} finally {
			session.dispose();
		}
		expect(emulator.log.conversation("[sdk]")).toHaveLength(1);
	});
});
