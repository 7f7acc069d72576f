/**
 * The `task` tool: a Pi agent hands one self-contained piece of work to a child and gets back a
 * checked verdict. The spec is validated before anything runs (every problem at once, back to the
 * model); the child runs in-process by default (setting `pi-delegate.runner` picks the subprocess
 * runner); tasks whose roots overlap run one at a time. The child's tokens and dollars are returned
 * as the tool result's usage, so Pi adds them to the session's totals.
 */
import { homedir } from "node:os";
import { defineTool, type ExtensionAPI, type ExtensionContext, getAgentDir } from "@earendil-works/pi-coding-agent";
import { statusLine } from "../cli/progress.ts";
import { formatProblems, type Problem } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import { resolveRunsDir } from "../run/audit.ts";
import { checkModel, createPiHost } from "../run/host.ts";
import { inProcessRunner } from "../run/in-process.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import { prepareTask } from "../run/prepare.ts";
import { renderModelReport, renderReport } from "../run/report.ts";
import type { RootLocks } from "../run/root-lock.ts";
import { runSubprocess } from "../run/subprocess.ts";
import { runTask, type TaskProgress } from "../run/task.ts";
import type { ChildUsage } from "../run/types.ts";
import { loadSpecObject } from "../spec/load.ts";
import { returnedErrorsCount } from "./pi-version.ts";
import { callFromParams, specFromParams, TaskParamsSchema } from "./task-params.ts";
import { renderTaskCall, renderTaskResult, type TaskDetails } from "./task-render.ts";

export const TASK_TOOL_DESCRIPTION = [
	"Hand one self-contained piece of work to a child agent and get back a checked PASS or FAIL. The child sees",
	"only this spec, none of this conversation. Use it for work that writes files, must obey a rule, or needs a",
	"result you can check. Every root is diffed before and after: any change outside write_allowed fails the task,",
	"even an incidental one (build output, caches, __pycache__). The child's evidence pointers are verified; budgets",
	"stop it; every run is recorded. roots are watched, write_allowed (exact entries of roots, never nested in a",
	"watched one) may change; tasks on overlapping roots run one after another. A PASS proves shape and pointers,",
	"not truth: spot-check what your next step rests on. Not for trivial or back-and-forth work.",
].join("\n");

const home = () => process.env.HOME || homedir();

function toPiUsage(u: ChildUsage) {
	return {
		input: u.input,
		output: u.output,
		cacheRead: u.cacheRead,
		cacheWrite: u.cacheWrite,
		totalTokens: u.input + u.output + u.cacheRead + u.cacheWrite,
		cost: { ...u.cost, total: u.costUsd },
	};
}

function invalid(what: string, problems: readonly Problem[]): Error {
	return new Error(`${what}; nothing ran.\n${formatProblems(problems)}`);
}

export interface TaskToolDeps {
	/** The parent's prompt channels, as captured from the session. */
	parentPrompt: (ctx: ExtensionContext) => ParentPrompt;
	locks: RootLocks;
	prefixGate: PrefixGate;
}

export function registerTaskTool(pi: ExtensionAPI, deps: TaskToolDeps): void {
	pi.registerTool(
		defineTool<typeof TaskParamsSchema, TaskDetails>({
			name: "task",
			label: "Task",
			description: TASK_TOOL_DESCRIPTION,
			promptSnippet: "Delegate self-contained work to a child agent and get a checked PASS/FAIL",
			parameters: TaskParamsSchema,
			async execute(_id, params, signal, onUpdate, ctx) {
				const specResult = loadSpecObject(specFromParams(params), { cwd: ctx.cwd, home: home() });
				if (!specResult.ok) throw invalid("The task spec is invalid", specResult.problems);
				const spec = specResult.spec;
				const agentDir = getAgentDir();
				const prepared = await prepareTask({
					spec,
					cwd: ctx.cwd,
					home: home(),
					agentDir,
					projectTrusted: ctx.isProjectTrusted(),
					...(params.agent !== undefined && { agent: { name: params.agent, where: "agent" } }),
					model: {
						...(ctx.model && {
							parent: { provider: ctx.model.provider, id: ctx.model.id, thinking: ctx.thinkingLevel },
						}),
					},
				});
				if (!prepared.ok) throw invalid(`Cannot run: ${prepared.what}`, prepared.problems);
				const { task } = prepared;
				const host = await createPiHost(agentDir, ctx.modelRegistry);
				const modelProblems = await checkModel(host.runtime, task.model);
				if (modelProblems.length > 0) throw invalid("The child's model cannot be used", modelProblems);
				const runnerKind = task.runner ?? "in-process";
				const started = Date.now();
				const state = { phase: "starting", tool: "", turn: 0, usage: undefined as ChildUsage | undefined };
				const update = (p: TaskProgress) => {
					if (p.type === "phase") state.phase = p.detail ? `${p.phase} ${p.detail}` : p.phase;
					if (p.type === "tool_start") state.tool = p.summary;
					if (p.type === "tool_end" || p.type === "phase") state.tool = "";
					if (p.type === "turn") state.turn = p.turn;
					if (p.type === "usage") state.usage = p.usage;
					if (p.type === "warning") state.tool = `! ${p.message}`;
					const line = statusLine(spec.id, state, Date.now() - started);
					onUpdate?.({ content: [{ type: "text", text: line }], details: { kind: "progress", line } });
				};
				if (deps.locks.contention(spec.resolved.roots) > 0)
					update({ type: "phase", phase: "waiting", detail: "for a task on overlapping roots" });
				const release = await deps.locks.acquire(spec.resolved.roots);
				try {
					const result = await runTask(spec, {
						cwd: ctx.cwd,
						runner: runnerKind === "subprocess" ? runSubprocess : inProcessRunner(host.runtime),
						runnerKind,
						model: task.model,
						agentDir,
						runsDir: resolveRunsDir(process.env, task.runsDir),
						parent: deps.parentPrompt(ctx),
						registry: task.registry,
						...(callFromParams(params) && { call: callFromParams(params) }),
						...(task.agent && { agent: task.agent }),
						providerExtensions: task.providerExtensions,
						onProgress: update,
						prefixGate: deps.prefixGate,
						...(signal && { signal }),
					});
					const report = renderReport(result);
					// The model reads the compact form (it is paid for on every later request); people see the full one.
					const forModel = renderModelReport(result);
					// Before Pi 0.99 a returned isError was ignored: a FAIL must be thrown to be an error there.
					if (result.verdict === "FAIL" && !returnedErrorsCount()) throw new Error(forModel);
					return {
						content: [{ type: "text", text: forModel }],
						details: { kind: "result", result, report },
						isError: result.verdict === "FAIL",
						usage: toPiUsage(result.metrics.usage),
					};
				} finally {
					release();
					host.dispose();
				}
			},
			renderCall: (args, theme) => renderTaskCall(args, theme),
			renderResult: (result, options, theme, context) =>
				renderTaskResult(
					result.details,
					{ text: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n"), isError: context.isError },
					options.expanded,
					theme,
				),
		}),
	);
}
