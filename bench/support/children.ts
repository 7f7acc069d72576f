/**
 * Ways to start a one-turn child agent, for the overhead benchmark. Each is a `ChildVariant`; the
 * benchmark runs every variant in `CHILD_VARIANTS` side by side.
 *
 * pi-delegate's own runners (in-process and `pi` subprocess) do not exist yet; until they do, two
 * stand-ins mark their places, labelled as such. When a runner lands, add it to CHILD_VARIANTS (see the
 * marked place at the bottom) and drop the stand-in it replaces.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	createAgentSession,
	createExtensionRuntime,
	type ResourceLoader,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { openModelRuntime, SONNET } from "../emulator/index.ts";
import { type BenchEnv, workerRole } from "./bench-env.ts";
import { assistantMessages, runPiProcess } from "./pi-process.ts";

export interface ChildTask {
	/** Unique text in the child's first message; finds the child's requests in the emulator log. */
	marker: string;
	task: string;
}

export interface ChildOutcome {
	/** Wall-clock epoch ms when the child was asked for (the tool call). */
	startedAt: number;
	/** When the child had finished and its result was in hand. */
	endedAt: number;
	/** The child process's peak RSS (subprocess variants only). */
	peakRssKiB?: number;
	ok: boolean;
	detail?: string;
}

export interface ChildRunner {
	run(task: ChildTask): Promise<ChildOutcome>;
	dispose(): Promise<void>;
}

export interface ChildVariant {
	id: string;
	label: string;
	/** What this stands in for, when it is not the real thing yet. */
	standIn?: string;
	/** Subprocess: memory is the child's own peak RSS; in-process: this process's growth per child. */
	memory: "child-process" | "this-process";
	open(env: BenchEnv): Promise<ChildRunner>;
}

const wallClock = () => performance.timeOrigin + performance.now();

/** Runs `pi` with `args` before the prompt; `ok` when it exits 0 and its last turn stopped normally. */
async function runSubprocessChild(
	env: BenchEnv,
	args: string[],
	prompt: string,
	startedAt: number,
): Promise<ChildOutcome> {
	const run = await runPiProcess([...args, prompt], { cwd: env.cwd, env: env.dir.env, memoryPollMs: 25 });
	const last = assistantMessages(run.events).at(-1);
	const ok = run.code === 0 && last?.stopReason === "stop";
	const outcome: ChildOutcome = { startedAt, endedAt: wallClock(), ok };
	if (run.peakRssKiB !== undefined) outcome.peakRssKiB = run.peakRssKiB;
	if (!ok)
		outcome.detail = `exit ${run.code}, stop ${String(last?.stopReason)}: ${String(last?.errorMessage ?? run.stderr.slice(0, 300))}`;
	return outcome;
}

/**
 * Pi's shipped subagent example, as its `runSingleAgent` starts a child: the role prompt written to a
 * temporary file, then `pi --mode json -p --no-session --model M --append-system-prompt FILE "Task: …"`
 * with Pi's default prompt, tools and discovery.
 */
export const naiveSubprocess: ChildVariant = {
	id: "naive",
	label: "naive subprocess (Pi's subagent example)",
	memory: "child-process",
	async open(env) {
		const role = workerRole();
		return {
			async run(task) {
				const startedAt = wallClock();
				const tmp = mkdtempSync(join(tmpdir(), "pi-subagent-"));
				const file = join(tmp, "prompt-worker.md");
				writeFileSync(file, role, { encoding: "utf-8", mode: 0o600 });
				try {
					const args = [
						"--mode",
						"json",
						"-p",
						"--no-session",
						"--model",
						env.modelRef,
						"--append-system-prompt",
						file,
					];
					return await runSubprocessChild(env, args, `Task: ${task.task}`, startedAt);
				} finally {
					rmSync(tmp, { recursive: true, force: true });
				}
			},
			async dispose() {},
		};
	},
};

/** A `pi` subprocess with discovery and network off: where pi-delegate's subprocess runner will go. */
export const leanSubprocess: ChildVariant = {
	id: "lean-subprocess",
	label: "lean `pi` subprocess",
	standIn: "stand-in for pi-delegate's subprocess runner: discovery off, --offline",
	memory: "child-process",
	async open(env) {
		const role = workerRole();
		return {
			run: (task) =>
				runSubprocessChild(
					env,
					[
						"--offline",
						"--mode",
						"json",
						"-p",
						"--no-session",
						"--no-extensions",
						"--no-skills",
						"--no-prompt-templates",
						"--no-context-files",
						"--model",
						env.modelRef,
						"--append-system-prompt",
						role,
					],
					`Task: ${task.task}`,
					wallClock(),
				),
			async dispose() {},
		};
	},
};

/** A resource loader that discovers nothing: Pi's default prompt with the role appended. */
function fixedResources(role: string): ResourceLoader {
	return {
		getExtensions: () => ({ extensions: [], errors: [], runtime: createExtensionRuntime() }),
		getSkills: () => ({ skills: [], diagnostics: [] }),
		getPrompts: () => ({ prompts: [], diagnostics: [] }),
		getThemes: () => ({ themes: [], diagnostics: [] }),
		getAgentsFiles: () => ({ agentsFiles: [] }),
		getSystemPrompt: () => undefined,
		getSystemPromptSource: () => undefined,
		getAppendSystemPrompt: () => [role],
		getAppendSystemPromptSources: () => [],
		extendResources: () => {},
		reload: async () => {},
	};
}

/** A bare SDK session per child, sharing one ModelRuntime: where pi-delegate's in-process runner will go. */
export const sdkInProcess: ChildVariant = {
	id: "sdk-in-process",
	label: "bare SDK session in-process",
	standIn: "stand-in for pi-delegate's in-process runner: createAgentSession, in-memory managers",
	memory: "this-process",
	async open(env) {
		const role = workerRole();
		const modelRuntime = await openModelRuntime(env.dir);
		const model = modelRuntime.getModel(env.dir.provider, SONNET.id);
		if (!model) throw new Error(`model ${SONNET.id} missing from ${env.dir.modelsPath}`);
		return {
			async run(task) {
				const startedAt = wallClock();
				const { session } = await createAgentSession({
					cwd: env.cwd,
					agentDir: env.dir.agentDir,
					modelRuntime,
					model,
					thinkingLevel: "off",
					resourceLoader: fixedResources(role),
					sessionManager: SessionManager.inMemory(env.cwd),
					settingsManager: SettingsManager.inMemory({ compaction: { enabled: false } }),
				});
				try {
					await session.prompt(`Task: ${task.task}`);
					const text = session.getLastAssistantText();
					return {
						startedAt,
						endedAt: wallClock(),
						ok: text === "done",
						...(text === "done" ? {} : { detail: String(text) }),
					};
				} finally {
					session.dispose();
				}
			},
			async dispose() {},
		};
	},
};

/**
 * Every variant the overhead benchmark measures, baseline first.
 * ── pi-delegate's runners plug in here: add `{ id: "pi-delegate-in-process", … }` and
 *    `{ id: "pi-delegate-subprocess", … }`, then remove the stand-ins above from this list. ──
 */
export const CHILD_VARIANTS: readonly ChildVariant[] = [naiveSubprocess, leanSubprocess, sdkInProcess];
