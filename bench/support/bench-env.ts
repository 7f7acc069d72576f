/**
 * The world a delegation benchmark runs in: an emulator, an agent directory pointing Pi at it, a
 * project directory with a file to read, and the role text of Pi's shipped subagent example.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	type Emulator,
	type EmulatorAgentDir,
	type EmulatorOptions,
	SONNET,
	startEmulator,
	writeAgentDir,
} from "../emulator/index.ts";
import { REPO } from "./pi-process.ts";

/** Pi's shipped subagent example: the naive pattern the benchmarks compare against. */
export const SUBAGENT_EXAMPLE = join(REPO, "node_modules/@earendil-works/pi-coding-agent/examples/extensions/subagent");

/** The system prompt of the example's `worker` agent (its markdown body, frontmatter dropped). */
export function workerRole(): string {
	const text = readFileSync(join(SUBAGENT_EXAMPLE, "agents/worker.md"), "utf8");
	return text.replace(/^---\n[\s\S]*?\n---\n/, "").trim();
}

/** Bytes the children read; long enough that tool results weigh something. */
export const DATA_FILE = "data.txt";
const DATA = Array.from({ length: 40 }, (_, i) => `line ${i + 1}: the measured value is ${(i * 7) % 13}`).join("\n");

export interface BenchEnv {
	emulator: Emulator;
	dir: EmulatorAgentDir;
	/** Project directory every child and parent runs in. */
	cwd: string;
	/** `emulator/claude-sonnet-4-5`. */
	modelRef: string;
	/** Replaces the emulator (fresh cache and log) and rewrites models.json for it. */
	restart(options: EmulatorOptions): Promise<Emulator>;
	close(): Promise<void>;
}

export async function openBenchEnv(options: EmulatorOptions): Promise<BenchEnv> {
	const root = mkdtempSync(join(tmpdir(), "pi-delegate-bench-"));
	const cwd = join(root, "project");
	const agentDir = join(root, "agent");
	let emulator = await startEmulator(options);
	let dir = writeAgentDir({ url: emulator.url, dir: agentDir });
	mkdirSync(cwd, { recursive: true });
	writeFileSync(join(cwd, DATA_FILE), `${DATA}\n`);
	const env: BenchEnv = {
		get emulator() {
			return emulator;
		},
		get dir() {
			return dir;
		},
		cwd,
		modelRef: dir.modelRef(SONNET.id),
		async restart(next) {
			await emulator.close();
			emulator = await startEmulator(next);
			dir = writeAgentDir({ url: emulator.url, dir: agentDir });
			return emulator;
		},
		async close() {
			await emulator.close();
			rmSync(root, { recursive: true, force: true });
		},
	};
	return env;
}
