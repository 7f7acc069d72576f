/**
 * A workspace for `pi-delegate run` end-to-end tests: an isolated Pi agent dir holding the scripted
 * model's script, a runs dir, a project dir to run from, and helpers to write specs and run the CLI
 * (in-process through test/support/cli.ts, or as the built bin in a real process).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listRuns } from "../../src/run/audit/audit.ts";
import type { TaskResult } from "../../src/run/outcome/result.ts";
import { envelope, submitTurn } from "./child.ts";
import { type CliResult, runCli } from "./cli.ts";
import { SCRIPTED_PROVIDER } from "./pi.ts";
import type { Script } from "./scripted-provider.ts";
import { tempDir } from "./temp.ts";

export interface RunWorkspace {
	base: string;
	agentDir: string;
	runsDir: string;
	project: string;
	env: Record<string, string | undefined>;
	spec(input: Record<string, unknown>): string;
	/** Runs `pi-delegate run <spec> --model scripted/scripted-1 --extension <scripted provider> …args`. */
	run(spec: string, args?: string[]): Promise<CliResult>;
	/** The argv of the same run for a real process. */
	argv(spec: string, args?: string[]): string[];
	/**
	 * Runs `spec` as `agent` on `runner` (an in-process child reads its script from the environment)
	 * and returns the output with the folder of the run's audit record.
	 */
	runAgent(spec: string, agent: string, runner: string): Promise<{ out: CliResult; dir: string }>;
}

export function runWorkspace(script: Script): RunWorkspace {
	const base = tempDir("pi-delegate-cli-run-");
	const agentDir = join(base, "agent");
	const runsDir = join(base, "runs");
	const project = join(base, "project");
	mkdirSync(agentDir);
	mkdirSync(project);
	writeFileSync(join(agentDir, "scripted.json"), JSON.stringify(script));
	const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_DELEGATE_RUNS_DIR: runsDir, HOME: base };
	let n = 0;
	// The scripted model unless the test names its own (a flag given twice is refused).
	const argv = (spec: string, args: string[] = []) => [
		"run",
		spec,
		...(args.includes("--model") ? [] : ["--model", "scripted/scripted-1"]),
		"--extension",
		SCRIPTED_PROVIDER,
		...args,
	];
	return {
		base,
		agentDir,
		runsDir,
		project,
		env,
		spec(input) {
			const file = join(base, `spec-${++n}.json`);
			writeFileSync(file, JSON.stringify({ id: "t", goal: "g", deliverable: "d", ...input }));
			return file;
		},
		run: (spec, args = []) => runCli(argv(spec, args), { cwd: project, env }),
		argv,
		async runAgent(spec, agent, runner) {
			if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(agentDir, "scripted.json");
			const out = await runCli(argv(spec, ["--agent", agent, "--runner", runner]), { cwd: project, env }).finally(
				() => delete process.env.PI_DELEGATE_SCRIPT,
			);
			const [run] = listRuns(runsDir);
			return { out, dir: run?.dir ?? "" };
		},
	};
}

/**
 * A workspace whose project is a git repository with a.txt ("one") committed on main, and whose
 * child runs `command` in bash, then submits citing a.txt: the start of the apply tests.
 */
export function bashInRepo(command: string): RunWorkspace {
	const ws = runWorkspace({
		turns: [{ tools: [{ name: "bash", args: { command } }] }, submitTurn(envelope(["a.txt:1"]))],
	});
	writeFileSync(join(ws.project, "a.txt"), "one\n");
	const git = (...args: string[]) =>
		execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: ws.project, encoding: "utf8" });
	git("init", "-q", "-b", "main");
	git("add", "-A");
	git("commit", "-qm", "initial");
	return ws;
}

/**
 * Runs `spec` on `runner` (an in-process child reads its script from the environment) and returns
 * the output with the run's result.json, read from its audit record.
 */
export async function runTask(
	ws: RunWorkspace,
	runner: string,
	spec: string,
): Promise<{ out: CliResult; result: TaskResult }> {
	if (runner === "in-process") process.env.PI_DELEGATE_SCRIPT = join(ws.agentDir, "scripted.json");
	try {
		const out = await ws.run(spec, ["--runner", runner]);
		const [record] = listRuns(ws.runsDir);
		const result = JSON.parse(readFileSync(join(record?.dir ?? "", "result.json"), "utf8")) as TaskResult;
		return { out, result };
	} finally {
		delete process.env.PI_DELEGATE_SCRIPT;
	}
}
