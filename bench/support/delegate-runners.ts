/**
 * pi-delegate's two runners as overhead variants. Each child is a real task worker: its spec goes
 * through the same validation as a `task` call, its launch is built by `taskLaunch` from the real
 * child view (focused mode, the default) rendered by Pi, and it answers through `submit_result`.
 *
 * The launch is prepared before the clock starts; `startedAt` is the moment the runner is called.
 * So these figures are the runner's own: no spec validation, view building, rendering, snapshots,
 * audit record or verdict (the `task` tool variant includes all of those). The runner's event hooks
 * are no-ops here, where a task run appends every event to its audit file.
 */
import { mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { VERSION } from "@earendil-works/pi-coding-agent";
import { buildAgentCatalog } from "../../src/agents/catalog.ts";
import { availableToolNames, renderChildView } from "../../src/host/render.ts";
import { createRuntime } from "../../src/host/runtime.ts";
import { planChild } from "../../src/plan/plan.ts";
import { requestChildren } from "../../src/plan/request.ts";
import { launchOf } from "../../src/run/launch.ts";
import { inProcessRunner } from "../../src/run/runners/in-process.ts";
import { createSubprocessRunner } from "../../src/run/runners/subprocess.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import type { ChildLaunch, ChildRunner as Runner, ChildOutcome as RunnerOutcome } from "../../src/run/types.ts";
import { readSettings } from "../../src/settings/read.ts";
import { loadSpecObject } from "../../src/spec/load.ts";
import { SONNET } from "../emulator/index.ts";
import type { BenchEnv } from "./bench-env.ts";
import { BUILT, requireFreshBuild } from "./build.ts";
import { ChildMemory } from "./child-memory.ts";
import type { ChildOutcome, ChildRunner, ChildTask, ChildVariant } from "./child-variant.ts";
import { wallClock } from "./child-variant.ts";
import { slug, taskParams } from "./one-turn.ts";

/** The launch a `task` call would give this child's runner, for a parent running Pi's default prompt. */
async function launchFor(env: BenchEnv, task: ChildTask): Promise<ChildLaunch> {
	const place = { cwd: env.cwd, repoRoot: () => env.cwd, deliverableOf: () => undefined };
	const requested = requestChildren("task", taskParams(task), place);
	const child = requested.ok ? requested.children[0] : undefined;
	if (child?.kind !== "task") throw new Error(`benchmark task call is invalid: ${JSON.stringify(requested)}`);
	const loaded = loadSpecObject(child.spec, { cwd: env.cwd, home: homedir() });
	if (!loaded.ok) throw new Error(`benchmark task spec is invalid: ${JSON.stringify(loaded.problems)}`);
	const where = { cwd: env.cwd, home: homedir(), agentDir: env.dir.agentDir, projectTrusted: false };
	const planned = planChild({
		request: {
			kind: "task",
			spec: loaded.spec,
			layer: { model: `${env.dir.provider}/${SONNET.id}`, extensions: [] },
			defaults: [],
		},
		entry: "tool",
		...where,
		settings: readSettings(where),
		agents: buildAgentCatalog([]),
		parent: { options: { cwd: env.cwd, contextFiles: [], skills: [] } },
		models: [{ provider: env.dir.provider, id: SONNET.id, authenticated: true }],
		tools: await availableToolNames(where),
		piVersion: VERSION,
		sandbox: sandboxSupport(),
	});
	if (!planned.ok || planned.plan.kind !== "task")
		throw new Error(`benchmark task cannot be planned: ${JSON.stringify(planned)}`);
	const rendered = await renderChildView(planned.plan.child, { cwd: env.cwd, agentDir: env.dir.agentDir });
	return launchOf(planned.plan, rendered);
}

function judged(startedAt: number, outcome: RunnerOutcome): ChildOutcome {
	const ok = outcome.completed && outcome.submissions.length === 1 && outcome.errors.length === 0;
	return {
		startedAt,
		endedAt: wallClock(),
		ok,
		...(ok
			? {}
			: { detail: `${outcome.errors.join("; ") || outcome.stopReason} (${outcome.submissions.length} submitted)` }),
	};
}

/**
 * Runs a batch as the benchmark wants it timed: every launch prepared first, then every runner
 * called at once. `watch` wraps the started part (the subprocess variant watches memory there).
 */
function openRunner(
	env: BenchEnv,
	runner: Runner,
	watch: <T>(started: () => Promise<T>) => Promise<{ value: T; peaksKiB: number[] }> = async (started) => ({
		value: await started(),
		peaksKiB: [],
	}),
): ChildRunner {
	const sessions = join(env.cwd, "..", "sessions");
	mkdirSync(sessions, { recursive: true });
	const start = async (task: ChildTask, launch: ChildLaunch) => {
		const startedAt = wallClock();
		const outcome = await runner(launch, {
			signal: new AbortController().signal,
			onProgress: () => {},
			onEvent: () => {},
			// A directory per child, as a task run's own audit directory is: the runner keeps the child's
			// scratch files next to its session file and removes them when the child ends.
			sessionFile: join(sessions, slug(task.marker), "session.jsonl"),
		});
		return judged(startedAt, outcome);
	};
	const runBatch = async (tasks: readonly ChildTask[], ready: () => void) => {
		const launches = await Promise.all(tasks.map((task) => launchFor(env, task)));
		ready();
		const { value, peaksKiB } = await watch(() => Promise.all(tasks.map((task, i) => start(task, launches[i]!))));
		return value.map((o, i) => (peaksKiB[i] === undefined ? o : { ...o, peakRssKiB: peaksKiB[i] }));
	};
	return {
		run: async (task) => (await runBatch([task], () => {}))[0]!,
		runBatch,
		async dispose() {},
	};
}

/** Watches this process's Node children while `started` runs; their peaks in start order. */
async function withChildMemory<T>(started: () => Promise<T>): Promise<{ value: T; peaksKiB: number[] }> {
	const memory = new ChildMemory();
	memory.start();
	try {
		const value = await started();
		return { value, peaksKiB: memory.stop() };
	} finally {
		memory.stop();
	}
}

export const delegateInProcess: ChildVariant = {
	id: "pd-in-process",
	label: "pi-delegate in-process runner",
	startsAt: "inProcessRunner(runtime)(launch) called",
	role: "pi-delegate",
	memory: "this-process",
	async open(env) {
		return openRunner(env, inProcessRunner(await createRuntime(env.dir.agentDir)));
	},
};

/**
 * The subprocess runner with the child-side extension as the package ships it (dist/ext), so the
 * child starts as it does for a user. The runner keeps its child's pid to itself, so memory comes
 * from watching this process's children during the batch.
 */
export const delegateSubprocess: ChildVariant = {
	id: "pd-subprocess",
	label: "pi-delegate subprocess runner",
	startsAt: "runSubprocess(launch) called",
	role: "pi-delegate",
	memory: "child-process",
	async open(env) {
		requireFreshBuild();
		return openRunner(env, createSubprocessRunner({ extension: BUILT.childExtension }), withChildMemory);
	},
};
