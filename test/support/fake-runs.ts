/**
 * Runs made by hand in a runs directory, for the commands that ask runs: a finished one (its
 * result.json), a lost one (a record without a result), and a running one answered by a real
 * control endpoint the test holds (src/run/control/server.ts), so `wait`, `send` and `stop` are
 * tried without starting a child.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { socketPathFor } from "../../src/run/control/path.ts";
import type { RunStatus } from "../../src/run/control/protocol.ts";
import { type ControlEndpoint, openControlServer } from "../../src/run/control/server.ts";
import { tempDir } from "./temp.ts";

export interface FakeRuns {
	runsDir: string;
	env: Record<string, string | undefined>;
	/** A finished run whose result.json says `result`. */
	ended(name: string, result: Record<string, unknown>): string;
	/** A run with a record and no result, and nothing answering for it. */
	lost(name: string): string;
	/** A running run: its endpoint, and what it was sent and asked to stop. */
	running(name: string): Promise<{ dir: string; endpoint: ControlEndpoint; sent: string[]; stops: () => number }>;
	close(): void;
}

export const PASS_RESULT = { kind: "task", verdict: "PASS", problems: [], metrics: { usage: { costUsd: 0.12 } } };
export const FAIL_RESULT = { ...PASS_RESULT, verdict: "FAIL" };
export const STOPPED_RESULT = { ...FAIL_RESULT, problems: [{ code: "child", value: "cancelled" }] };

export function fakeRuns(): FakeRuns {
	const base = tempDir("pi-delegate-fake-runs-");
	const runsDir = join(base, "runs");
	const env = { ...process.env, TMPDIR: join(base, "tmp"), PI_DELEGATE_RUNS_DIR: runsDir, HOME: base };
	mkdirSync(env.TMPDIR, { recursive: true });
	const endpoints: ControlEndpoint[] = [];
	const make = (name: string) => {
		const dir = join(runsDir, name);
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, "spec.json"), "{}");
		return dir;
	};
	return {
		runsDir,
		env,
		ended(name, result) {
			const dir = make(name);
			writeFileSync(join(dir, "result.json"), JSON.stringify(result));
			return dir;
		},
		lost: make,
		async running(name) {
			const dir = make(name);
			const sent: string[] = [];
			let stops = 0;
			const status: RunStatus = {
				id: name,
				kind: "task",
				state: "running",
				turn: 1,
				usd: 0.01,
				startedAt: new Date().toISOString(),
				auditDir: dir,
			};
			const endpoint = openControlServer(socketPathFor(dir, env), {
				status: () => status,
				send: (m) => sent.push(m) > 0,
				stop: () => ++stops > 0,
			});
			endpoints.push(endpoint);
			await endpoint.ready;
			return { dir, endpoint, sent, stops: () => stops };
		},
		close() {
			for (const endpoint of endpoints) endpoint.close();
		},
	};
}
