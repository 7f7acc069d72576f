/**
 * End to end: a real `pi --mode json` that loads the package as Pi loads it (`-e REPO`), whose
 * scripted parent forks, against the provider emulator over HTTP — one fork, then three in parallel.
 * The emulator measures what each fork's first request read from the cache the parent's last request
 * wrote (its system prompt carrying the delegation rule and the roster, as every parent's does); the
 * spend view finds each fork once. test/pi/fork-tool.test.ts covers the rest of the tool's behaviour.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, type EmulatorAgentDir, startEmulator, writeAgentDir } from "../../bench/emulator/index.ts";
import { runPiProcess } from "../../bench/support/pi-process.ts";
import type { ForkDetails } from "../../src/pi/fork-call.ts";
import { runCli } from "../support/cli.ts";
import { AGENTS_MD } from "../support/fork-parent.ts";
import { REPO } from "../support/pi.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

const MARK = "[e2e-fork";

let emulator: Emulator;
let dir: EmulatorAgentDir;
let cwd: string;
let runsDir: string;

/** Which scripted parent a request belongs to (its first user message), and whether a fork sent it. */
function who(messages: Array<{ role: string; content: unknown }>): { parent: string; fork?: string } {
	const texts = messages
		.filter((m) => m.role === "user")
		.flatMap((m) =>
			typeof m.content === "string" ? [m.content] : (m.content as Array<{ text?: string }>).map((b) => b.text ?? ""),
		);
	return {
		parent: texts[0] ?? "",
		...(texts.find((t) => t.includes(MARK)) !== undefined && { fork: texts.find((t) => t.includes(MARK)) }),
	};
}

beforeAll(async () => {
	emulator = await startEmulator({
		firstByteDelayMs: 50,
		script: {
			default: (req) => {
				const { parent, fork } = who(req.request.messages as Array<{ role: string; content: unknown }>);
				if (fork) return `answer to ${fork.slice(fork.indexOf("]") + 2)}`;
				const briefs = parent.includes("three")
					? ["naming", "tests", "risks"].map((t) => `${MARK} ${t}] Your view on ${t}?`)
					: parent.includes("typo")
						? ["Fix the typo in retry.ts, and do not touch AGENTS.md."]
						: [`${MARK} one] What does retry.ts do?`];
				if (req.turn === 0)
					return {
						text: "Forking.",
						tools: [{ name: "fork", input: briefs.length === 1 ? { brief: briefs[0] } : { briefs } }],
					};
				return "Done.";
			},
		},
	});
	dir = writeAgentDir({ url: emulator.url, dir: tempDir("pi-emulator-agent-") });
	cwd = gitRepo({ "AGENTS.md": AGENTS_MD, "retry.ts": "export const attempts = 3;\n" });
	runsDir = join(tempDir("pi-delegate-fork-e2e-"), "runs");
});

afterAll(async () => {
	await emulator.close();
});

async function parentRun(prompt: string) {
	const session = join(tempDir("pi-delegate-fork-session-"), "parent.jsonl");
	const run = await runPiProcess(["--offline", "-e", REPO, "--mode", "json", "-p", "--session", session, prompt], {
		cwd,
		env: { ...dir.env, PI_DELEGATE_RUNS_DIR: runsDir },
		timeoutMs: 90_000,
	});
	const end = run.events.find((e) => e.type === "tool_execution_end" && e.toolName === "fork") as
		| { isError: boolean; result: { details?: ForkDetails; usage?: { cacheRead: number } } }
		| undefined;
	return { run, end, session };
}

describe("a real pi whose parent forks", () => {
	it("runs the fork in-process; its first request reads at least 95% of the inherited prefix from the cache", async () => {
		const before = emulator.log.entries.length;
		const { run, end } = await parentRun("Ask one fork about retry.ts.");
		expect(run.stderr).not.toMatch(/Failed to load extension/);
		expect(end?.isError).toBe(false);
		const details = end?.result.details;
		expect(details?.kind === "forks" && details.results.map((r) => r.verdict)).toEqual(["PASS"]);
		const entries = emulator.log.entries.slice(before);
		const [parentLast, fork] = entries;
		const inherited = parentLast?.prompt?.tokens ?? 0;
		expect(inherited).toBeGreaterThan(1024);
		expect((fork?.read?.tokens ?? 0) / inherited).toBeGreaterThanOrEqual(0.95);
		expect(end?.result.usage?.cacheRead).toBe(fork?.usage?.cache_read_input_tokens);
	});

	it("runs three briefs in parallel, each labelled, each reading the inherited prefix; spend counts each fork once", async () => {
		const before = emulator.log.entries.length;
		const { end, session } = await parentRun("Get three opinions.");
		const details = end?.result.details;
		if (details?.kind !== "forks") throw new Error(JSON.stringify(end));
		expect(details.results.map((r) => [r.index, r.verdict])).toEqual([
			[1, "PASS"],
			[2, "PASS"],
			[3, "PASS"],
		]);
		const text = JSON.stringify(end?.result);
		for (const topic of ["naming", "tests", "risks"]) expect(text).toContain(`answer to Your view on ${topic}?`);
		const entries = emulator.log.entries.slice(before);
		const inherited = entries[0]?.prompt?.tokens ?? 0;
		const forks = entries.slice(1, 4);
		for (const fork of forks) expect((fork.read?.tokens ?? 0) / inherited).toBeGreaterThanOrEqual(0.95);
		const result = JSON.parse(readFileSync(join(details.results[0]!.auditDir, "result.json"), "utf8"));
		expect(result.prefix.check).toBe("same");
		const spend = await runCli(["spend", "--session", session, "--runs", runsDir, "--json"], { cwd });
		expect(spend.code).toBe(0);
		const rows = (JSON.parse(spend.stdout) as { runs: Array<{ kind: string; id: string }> }).runs;
		const forkRows = rows
			.filter((r) => r.kind === "fork")
			.map((r) => r.id)
			.sort();
		expect(forkRows).toEqual(details.results.map((r) => r.id).sort());
	});

	it("lets the fork-gate block a brief that must be a task, before the fork runs: the parameters fit its hook", async () => {
		const before = emulator.log.entries.length;
		const { end } = await parentRun("Have a fork fix the typo.");
		expect(end?.isError).toBe(true);
		const text = JSON.stringify(end?.result);
		expect(text).toContain("Fork blocked");
		expect(text).toContain("task(");
		// The parent's two requests only: no fork ever asked the model anything.
		expect(emulator.log.entries.length - before).toBe(2);
	});
});
