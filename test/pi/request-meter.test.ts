/**
 * The request meter: with a fake ExtensionAPI (what it stores, what it never does to a request)
 * and in a real Pi session whose Anthropic provider talks to the emulator (the entries land in the
 * session file, and the meter's figures for that file equal Pi's own).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
	createAgentSession,
	DefaultResourceLoader,
	type ExtensionAPI,
	type SessionEntry,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type Emulator,
	HAIKU,
	openModelRuntime,
	SONNET,
	startEmulator,
	writeAgentDir,
} from "../../bench/emulator/index.ts";
import { computeCacheWaste } from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/cache-stats.js";
import { firstDifference } from "../../src/meter/prefix.ts";
import { readSessionSpend } from "../../src/meter/read-records.ts";
import { findMisses } from "../../src/meter/rebill.ts";
import { REQUEST_ENTRY_TYPE, type RequestEntry } from "../../src/meter/request-entry.ts";
import { totalsOf } from "../../src/meter/usage.ts";
import { registerRequestMeter } from "../../src/pi/request-meter.ts";
import { tempDir } from "../support/temp.ts";

type Handler = (event: { type: string; payload: unknown }, ctx: unknown) => unknown;

function fakePi() {
	const handlers: Handler[] = [];
	const entries: Array<{ type: string; data: RequestEntry }> = [];
	const pi = {
		on: (event: string, handler: Handler) => {
			if (event === "before_provider_request") handlers.push(handler);
			return () => handlers.splice(handlers.indexOf(handler), 1);
		},
		appendEntry: (type: string, data: RequestEntry) => entries.push({ type, data }),
	} as unknown as Pick<ExtensionAPI, "on" | "appendEntry">;
	let session = "s1";
	const ctx = {
		model: { provider: "anthropic", id: "claude-sonnet-4-5" },
		sessionManager: { getSessionId: () => session },
	};
	const send = async (payload: unknown) => {
		let result: unknown;
		for (const h of handlers) result = await h({ type: "before_provider_request", payload }, ctx);
		return result;
	};
	return { pi, entries, handlers, send, switchTo: (id: string) => (session = id) };
}

const payload = (turns: number) => ({
	model: "claude-sonnet-4-5",
	system: [{ type: "text", text: "You help." }],
	messages: Array.from({ length: turns }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `m${i}` })),
});

describe("registerRequestMeter with a fake ExtensionAPI", () => {
	it("appends one entry per request, each storing only the hashes it adds, and never changes the payload", async () => {
		const fake = fakePi();
		let clock = 1000;
		registerRequestMeter(fake.pi, undefined, () => clock++);
		expect(await fake.send(payload(1))).toBeUndefined();
		expect(await fake.send(payload(3))).toBeUndefined();
		expect(fake.entries.map((e) => e.type)).toEqual([REQUEST_ENTRY_TYPE, REQUEST_ENTRY_TYPE]);
		expect(fake.entries.map((e) => [e.data.at, e.data.model, e.data.count, e.data.keep, e.data.add.length])).toEqual([
			[1000, "anthropic/claude-sonnet-4-5", 1, 0, 1],
			[1001, "anthropic/claude-sonnet-4-5", 3, 1, 2],
		]);
	});

	it("starts a full list again in a session switched to", async () => {
		const fake = fakePi();
		registerRequestMeter(fake.pi);
		await fake.send(payload(1));
		fake.switchTo("s2");
		await fake.send(payload(3));
		expect(fake.entries[1]?.data.keep).toBe(0);
		expect(fake.entries[1]?.data.add).toHaveLength(3);
	});

	it("skips a payload it cannot read, and a failing sink never fails the request", async () => {
		const fake = fakePi();
		registerRequestMeter(fake.pi);
		expect(await fake.send({ contents: [] })).toBeUndefined();
		expect(fake.entries).toEqual([]);
		const broken = fakePi();
		registerRequestMeter(broken.pi, () => {
			throw new Error("disk full");
		});
		await expect(broken.send(payload(1))).resolves.toBeUndefined();
	});

	it("returns the function that removes its handler", async () => {
		const fake = fakePi();
		const off = registerRequestMeter(fake.pi);
		off();
		await fake.send(payload(1));
		expect(fake.entries).toEqual([]);
	});
});

describe("registerRequestMeter in a real Pi session on the emulator", () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startEmulator({ script: { default: ["one", "two", "three"] } });
	});
	afterAll(async () => {
		await emulator.close();
	});

	it("records every request in the session file; the meter's figures equal the emulator's bill and Pi's /session", async () => {
		const dir = writeAgentDir({ url: emulator.url, dir: tempDir("pi-emulator-agent-") });
		const cwd = tempDir("request-meter-cwd-");
		const sessionDir = tempDir("request-meter-sessions-");
		const modelRuntime = await openModelRuntime(dir);
		const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false } });
		const resourceLoader = new DefaultResourceLoader({
			cwd,
			agentDir: dir.agentDir,
			settingsManager,
			noExtensions: true,
			noSkills: true,
			noContextFiles: true,
			extensionFactories: [(pi) => void registerRequestMeter(pi)],
		});
		await resourceLoader.reload();
		const sessionManager = SessionManager.create(cwd, sessionDir);
		const { session } = await createAgentSession({
			cwd,
			agentDir: dir.agentDir,
			modelRuntime,
			model: modelRuntime.getModel(dir.provider, SONNET.id)!,
			thinkingLevel: "off",
			sessionManager,
			settingsManager,
			resourceLoader,
		});
		try {
			await session.prompt("[meter] first");
			await session.prompt("[meter] second");
			await session.setModel(modelRuntime.getModel(dir.provider, HAIKU.id)!);
			await session.prompt("[meter] third");
		} finally {
			session.dispose();
		}
		const file = join(sessionDir, readdirSync(sessionDir)[0]!);
		const { source } = readSessionSpend(file);
		const turns = source.requests.filter((r) => r.purpose === "turn");
		expect(turns.map((r) => r.model)).toEqual([
			`emulator/${SONNET.id}`,
			`emulator/${SONNET.id}`,
			`emulator/${HAIKU.id}`,
		]);
		// Every turn carries the hashes of what it sent; each later turn sent all of the one before.
		expect(turns.every((r) => r.prefix?.messages !== undefined)).toBe(true);
		expect(firstDifference(turns[0]!.prefix!, turns[1]!.prefix!)).toBeUndefined();
		expect(firstDifference(turns[1]!.prefix!, turns[2]!.prefix!)).toBeUndefined();
		expect(turns[2]!.prefix!.messages!.length).toBe(5);

		const billed = emulator.log.totals();
		const ours = totalsOf(source.requests);
		expect(ours.tokens.cacheRead).toBe(billed.cacheRead);
		expect(ours.tokens.cacheWrite5m + ours.tokens.cacheWrite1h).toBe(billed.cacheWrite);
		expect(ours.dollars.total).toBeCloseTo(billed.cost.total, 12);

		// The switch to Haiku re-bills the whole prompt; Pi's own /session counts the same miss.
		const entries = sessionManager.getEntries() as SessionEntry[];
		const pi = computeCacheWaste(entries, modelRuntime);
		const misses = findMisses(source.requests, () => HAIKU.prices.cacheRead / 1e6);
		expect(pi.missCount).toBe(1);
		expect(misses).toHaveLength(1);
		expect(misses[0]?.tokens).toBe(pi.missedTokens);
		expect(misses[0]?.dollars).toBeCloseTo(pi.missedCost, 12);
		expect(misses[0]?.cause.kind).toBe("model");
	});
});
