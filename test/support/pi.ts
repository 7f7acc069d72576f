/** Runs the real `pi` binary (Node 22 from node_modules/.bin) in an isolated agent directory. */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ScriptPrices } from "./scripted-provider.ts";
import { tempDir } from "./temp.ts";

export const REPO = resolve(import.meta.dirname, "../..");
export const SCRIPTED_PROVIDER = join(REPO, "src/selftest/scripted-provider.ts");

export interface PiRun {
	status: number | null;
	stdout: string;
	stderr: string;
	events: Array<Record<string, unknown>>;
}

/** Runs `pi` once with a scripted model; `args` come after the model flags. */
export function runPi(
	args: string[],
	options: {
		turns?: unknown[];
		prices?: ScriptPrices;
		cwd?: string;
		env?: Record<string, string>;
		/** A run of many turns (several cases share one) may take longer on a loaded machine. */
		timeoutMs?: number;
	} = {},
): PiRun {
	const agentDir = tempDir("pi-delegate-agent-");
	const script = join(agentDir, "script.json");
	writeFileSync(script, JSON.stringify({ turns: options.turns ?? ["ok"], prices: options.prices }));
	const out = spawnSync("pi", ["--offline", "-e", SCRIPTED_PROVIDER, "--model", "scripted/scripted-1", ...args], {
		cwd: options.cwd ?? agentDir,
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_DELEGATE_SCRIPT: script, ...options.env },
		timeout: options.timeoutMs ?? 60_000,
	});
	const events = out.stdout
		.split("\n")
		.filter((line) => line.startsWith("{"))
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	return { status: out.status, stdout: out.stdout, stderr: out.stderr, events };
}
