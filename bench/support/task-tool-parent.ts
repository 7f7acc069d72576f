/**
 * pi-delegate's `task` tool as a parent uses it: an in-process parent session (Pi's SDK) with the
 * pi-delegate extension loaded, whose one model turn calls `task` once per child; Pi runs the calls
 * in parallel and each one starts its child through the in-process runner, the tool's default.
 *
 * A child's `startedAt` is the parent's `tool_execution_start` for its call, and its end the
 * matching `tool_execution_end`: so the figures include everything the tool does — spec
 * validation, reading pi-delegate's settings, the model check and a model runtime for the call,
 * the root lock, building and rendering the child view, the audit record, both snapshots of the
 * root, the envelope check, the verdict and the report. The parent's own model turns are outside.
 *
 * The tool finds Pi's agent directory from PI_CODING_AGENT_DIR, as inside `pi`; the variant sets
 * it to the benchmark's agent directory while it is open.
 */

import piDelegate from "../../src/pi/extension.ts";
import type { TaskDetails } from "../../src/pi/task-render.ts";
import { openModelRuntime, SONNET } from "../emulator/index.ts";
import type { BenchEnv } from "./bench-env.ts";
import type { ChildOutcome, ChildTask, ChildVariant } from "./child-variant.ts";
import { wallClock } from "./child-variant.ts";
import { emulatorSession } from "./emulator-session.ts";
import { parentMessage } from "./one-turn.ts";

interface CallTimes {
	goal: string;
	startedAt: number;
	endedAt?: number;
	verdict?: string;
	detail?: string;
}

async function parentSession(env: BenchEnv, runtime: Awaited<ReturnType<typeof openModelRuntime>>) {
	const model = runtime.getModel(env.dir.provider, SONNET.id);
	if (!model) throw new Error(`model ${SONNET.id} missing from ${env.dir.modelsPath}`);
	return emulatorSession({
		cwd: env.cwd,
		agentDir: env.dir.agentDir,
		runtime,
		model,
		extension: piDelegate,
		noContextFiles: true,
	});
}

let batches = 0;

export const delegateTaskTool: ChildVariant = {
	id: "pd-task-tool",
	label: "pi-delegate `task` tool (in-process parent, in-process runner)",
	startsAt: "the parent's task tool call starting (tool_execution_start)",
	role: "pi-delegate",
	memory: "this-process",
	async open(env) {
		const previous = process.env.PI_CODING_AGENT_DIR;
		process.env.PI_CODING_AGENT_DIR = env.dir.agentDir;
		const runtime = await openModelRuntime(env.dir);
		const runBatch = async (tasks: readonly ChildTask[], ready: () => void): Promise<ChildOutcome[]> => {
			const session = await parentSession(env, runtime);
			const calls = new Map<string, CallTimes>();
			const unsubscribe = session.subscribe((event) => {
				if (event.type === "tool_execution_start" && event.toolName === "task") {
					const goal = String((event.args as { goal?: unknown }).goal);
					calls.set(event.toolCallId, { goal, startedAt: wallClock() });
				} else if (event.type === "tool_execution_end" && event.toolName === "task") {
					const call = calls.get(event.toolCallId);
					if (!call) return;
					call.endedAt = wallClock();
					const details = (event.result as { details?: TaskDetails }).details;
					const result = details?.kind === "result" ? details.result : undefined;
					call.verdict = result?.verdict ?? "none";
					call.detail = result
						? result.problems.map((p) => p.message).join("; ")
						: JSON.stringify(event.result).slice(0, 300);
				}
			});
			try {
				ready();
				await session.prompt(parentMessage(`[overhead-parent ${++batches}]`, tasks));
			} finally {
				unsubscribe();
				session.dispose();
			}
			return tasks.map((task) => {
				const call = [...calls.values()].find((c) => c.goal === task.task);
				if (!call?.endedAt) return { startedAt: Number.NaN, endedAt: Number.NaN, ok: false, detail: "no task call" };
				const ok = call.verdict === "PASS";
				return { startedAt: call.startedAt, endedAt: call.endedAt, ok, ...(ok ? {} : { detail: call.detail }) };
			});
		};
		return {
			run: async (task) => (await runBatch([task], () => {}))[0]!,
			runBatch,
			async dispose() {
				if (previous === undefined) delete process.env.PI_CODING_AGENT_DIR;
				else process.env.PI_CODING_AGENT_DIR = previous;
			},
		};
	},
};
