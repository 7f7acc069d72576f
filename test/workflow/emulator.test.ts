/**
 * A workflow against the provider emulator (Pi's real Anthropic provider on the wire, billed as
 * Anthropic bills): what the run's table says it spent is what the service billed, siblings of one
 * kind read the prompt prefix the first of them wrote, and a resumed run sends no request at all.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, SONNET, startEmulator, writeAgentDir } from "../../bench/emulator/index.ts";
import { runCli } from "../support/cli.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

let emulator: Emulator;

beforeAll(async () => {
	emulator = await startEmulator({
		firstByteDelayMs: 200,
		script: {
			default: [
				{
					tools: [
						{
							name: "submit_result",
							input: {
								status: "ok",
								deliverable: "reviewed",
								evidence: [{ claim: "looked", pointer: "." }],
								unsure: [],
								did_not_do: [],
							},
						},
					],
				},
			],
		},
	});
});

afterAll(async () => {
	await emulator.close();
});

interface RunJson {
	runId: string;
	spentUsd: number;
	children: Array<{ replayed: boolean; usd: number }>;
}

describe("a workflow on the wire", () => {
	it("spends what the service bills, shares the siblings' prefix, and replays a rerun for nothing", async () => {
		const base = tempDir("pi-delegate-wf-emulator-");
		const dir = writeAgentDir({ url: emulator.url, dir: join(base, "agent") });
		const project = gitRepo({ "a.ts": "export const a = 1;\n" });
		mkdirSync(join(base, "runs"));
		const file = join(base, "fan.ts");
		writeFileSync(
			file,
			`export default async (wf) => (await wf.parallel(["a", "b", "c"].map((x) => () => wf.agent("Review part " + x, { agentType: "reviewer" })))).map((r) => r.verdict).join(",");`,
		);
		const env = { ...process.env, ...dir.env, PI_DELEGATE_RUNS_DIR: join(base, "runs"), HOME: base };
		const argv = ["workflow", "run", file, "--model", `emulator/${SONNET.id}`, "--runner", "in-process"];
		const first = await runCli([...argv, "--json"], { cwd: project, env });
		expect(first.code, first.stderr).toBe(0);
		const run = JSON.parse(first.stdout) as RunJson;
		expect(emulator.log.entries).toHaveLength(3);
		const billed = emulator.log.totals().cost.total;
		expect(run.spentUsd).toBeCloseTo(billed, 10);
		// The prefix gate holds the siblings until the first one's prompt is cached; they read it.
		const reads = emulator.log.entries.filter((e) => (e.read?.tokens ?? 0) >= SONNET.minCacheableTokens);
		expect(reads).toHaveLength(2);

		const table = await runCli([...argv, "--resume", run.runId], { cwd: project, env });
		expect(table.code).toBe(0);
		expect(emulator.log.entries).toHaveLength(3);
		expect(table.stdout).toMatch(
			/3 children · \$0\.00 spent · 3 replayed \(\$\d\.\d+ when they ran, not spent again\) · /,
		);
		expect(table.stdout.match(/PASS +replayed +— +— +—/g)).toHaveLength(3);
	});
});
