/**
 * The cache policy on the wire: real children (both runners) send their requests through Pi's
 * Anthropic provider to the emulator, whose clock stands still until moved. Two siblings six
 * minutes apart: with the policy the second reads the prefix the first wrote for an hour, and
 * each child's last request writes nothing; without it the prefix is written twice.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	createClock,
	type Emulator,
	type EmulatorAgentDir,
	openModelRuntime,
	SONNET,
	startEmulator,
	writeAgentDir,
} from "../../bench/emulator/index.ts";
import type { ChildCachePolicy } from "../../src/plan/cache-policy.ts";
import { BRIEF_HEAD } from "../../src/prompt/brief-head.ts";
import { inProcessRunner } from "../../src/run/runners/in-process.ts";
import { runSubprocess } from "../../src/run/runners/subprocess.ts";
import type { ChildLaunch, ChildRunner } from "../../src/run/types.ts";
import { tempDir } from "../support/temp.ts";

let emulator: Emulator;
let dir: EmulatorAgentDir;
let cwd: string;

const SUBMIT = {
	status: "ok",
	deliverable: "the first line is one",
	evidence: [{ claim: "a.txt says so", pointer: "a.txt:1" }],
	unsure: [],
	did_not_do: [],
};

beforeAll(async () => {
	emulator = await startEmulator({
		clock: createClock({ mode: "manual" }),
		script: {
			default: [
				{ tools: [{ name: "read", input: { path: "a.txt" } }] },
				{ tools: [{ name: "submit_result", input: SUBMIT }] },
			],
		},
	});
	dir = writeAgentDir({ url: emulator.url, dir: tempDir("pi-emulator-agent-") });
	cwd = tempDir("pi-delegate-cache-");
	writeFileSync(join(cwd, "a.txt"), "one\ntwo\n");
});

afterAll(async () => {
	await emulator.close();
});

function launch(marker: string, cache: ChildCachePolicy | undefined, head = ""): ChildLaunch {
	return {
		agent: "task-worker",
		cwd,
		// Long enough that the prefix is cacheable on Sonnet (1024 tokens) on its own.
		prompt: {
			customPrompt: `You check files carefully. `.repeat(200),
			appendSystemPrompt: [],
			contextFiles: [],
			skills: [],
		},
		systemPrompt: "",
		firstMessage: `${head}${marker} Read a.txt and report its first line.`,
		tools: ["read"],
		model: { provider: dir.provider, id: SONNET.id, reason: "test" },
		agentDir: dir.agentDir,
		providerExtensions: [],
		budget: { wall_s: 60, usd: 1, turns: 2 },
		submit: { roots: [cwd], cwd, maxRejections: 2 },
		...(cache && { cache }),
	};
}

async function run(runner: ChildRunner, marker: string, cache: ChildCachePolicy | undefined, head = "") {
	const audit = tempDir("pi-delegate-cache-audit-");
	const outcome = await runner(launch(marker, cache, head), {
		signal: new AbortController().signal,
		onProgress: () => {},
		onEvent: () => {},
		sessionFile: join(audit, "session.jsonl"),
	});
	expect(outcome.submissions).toHaveLength(1);
	return emulator.log.entries.filter((e) => e.conversation !== undefined && e.prompt !== undefined).slice(-2);
}

async function siblingsSixMinutesApart(runner: ChildRunner, tag: string, cache: ChildCachePolicy | undefined) {
	const first = await run(runner, `[${tag}-a]`, cache);
	emulator.clock.advance(6 * 60_000);
	const second = await run(runner, `[${tag}-b]`, cache);
	emulator.clock.advance(2 * 60 * 60_000);
	return { first, second };
}

const runners: Array<[string, () => Promise<ChildRunner>]> = [
	["in-process", async () => inProcessRunner(await openModelRuntime(dir))],
	["subprocess", async () => runSubprocess],
];

describe.each(runners)("the %s runner", (name, make) => {
	it("with the policy: the second sibling reads the 1-hour prefix; a last request writes nothing", async () => {
		const runner = await make();
		const { first, second } = await siblingsSixMinutesApart(runner, `${name}-policy`, { prefix: "1h", turns: 2 });
		// The tools alone are under Sonnet's minimum; the system prompt's breakpoint holds the prefix.
		expect(first[0]!.writes.map((w) => [w.path, w.ttl])).toEqual([
			["system.0", "1h"],
			["messages.0.content.0", "5m"],
		]);
		expect(second[0]!.read?.path).toBe("system.0");
		expect(second[0]!.usage!.cache_read_input_tokens).toBeGreaterThan(SONNET.minCacheableTokens);
		for (const last of [first[1]!, second[1]!]) {
			expect(last.usage!.cache_creation_input_tokens).toBe(0);
			expect(last.read?.path).toBe("messages.0.content.0");
		}
	});

	it("with the brief's head: a sibling reads the head with the prefix and writes only its own part", async () => {
		const runner = await make();
		const policy: ChildCachePolicy = { prefix: "5m", turns: 2, head: BRIEF_HEAD };
		// The markers go first in the brief's own part, so each child is a conversation of its own.
		const first = await run(runner, `[${name}-head-a]`, policy, BRIEF_HEAD);
		const second = await run(runner, `[${name}-head-b]`, policy, BRIEF_HEAD);
		emulator.clock.advance(2 * 60 * 60_000);
		expect(first[0]!.writes.map((w) => w.path)).toEqual(["system.0", "messages.0.content.0", "messages.0.content.1"]);
		expect(second[0]!.read?.path).toBe("messages.0.content.0");
		expect(second[0]!.writes.map((w) => w.path)).toEqual(["messages.0.content.1"]);
		// What the sibling writes is its own part alone: the head and what comes before the messages are read.
		const own = second[0]!.prompt!.tokens - second[0]!.usage!.cache_read_input_tokens;
		expect(second[0]!.usage!.cache_creation_input_tokens).toBe(own);
		expect(own).toBeLessThan(40);
	});

	it("without it: the prefix expired after five minutes and is written again", async () => {
		const runner = await make();
		const { first, second } = await siblingsSixMinutesApart(runner, `${name}-plain`, undefined);
		expect(first[0]!.writes.map((w) => w.ttl)).toEqual(["5m", "5m"]);
		expect(second[0]!.read).toBeUndefined();
		expect(first[1]!.usage!.cache_creation_input_tokens).toBeGreaterThan(0);
	});
});
