/**
 * The variants the overhead benchmark measures, side by side: the naive baseline (Pi's shipped
 * subagent example), pi-delegate's two runners and its `task` tool, and one labelled reference (a
 * bare SDK session, the floor any in-process child stands on).
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
import type { ChildOutcome, ChildVariant } from "./child-variant.ts";
import { wallClock } from "./child-variant.ts";
import { delegateInProcess, delegateSubprocess } from "./delegate-runners.ts";
import { assistantMessages, runPiProcess } from "./pi-process.ts";
import { delegateTaskTool } from "./task-tool-parent.ts";

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
	startsAt: "the example's tool starting the child (prompt file written, then spawn)",
	role: "baseline",
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

/**
 * A reference, not a delegation layer: a bare SDK session per child (Pi's default prompt plus the
 * role, its default tools, answering in plain text), sharing one ModelRuntime. It is the floor an
 * in-process child cannot go below; the in-process runner's figures over it are pi-delegate's own.
 */
export const sdkInProcess: ChildVariant = {
	id: "sdk-reference",
	label: "reference: bare Pi SDK session",
	startsAt: "createAgentSession called",
	role: "reference",
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

/** Every variant the overhead benchmark measures, baseline first (ratios are to it). */
export const CHILD_VARIANTS: readonly ChildVariant[] = [
	naiveSubprocess,
	delegateSubprocess,
	delegateInProcess,
	delegateTaskTool,
	sdkInProcess,
];
