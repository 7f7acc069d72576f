/**
 * What a `task` call does once Pi hands it over: the tool's adapter over load → plan → execute.
 * Loaded on the first call (the extension registers the tool without it), so a Pi session that
 * never delegates never loads the runner. It supplies only what is the tool's own — the spec from
 * the call's arguments, the parent's prompt, model, registry and session from Pi — and turns the
 * result into a tool result: the compact report for the model, the full one for people, and the
 * child's usage so Pi adds it to the session's totals.
 */
import type { AgentToolResult, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { formatProblems, type Problem } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import { renderModelReport, renderReport } from "../report/task-report.ts";
import { branchOfSession } from "../run/branch.ts";
import { planDelegation, runDelegation } from "../run/delegate.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import type { ChildUsage, TaskProgress } from "../run/types.ts";
import { returnedErrorsCount } from "./pi-version.ts";
import { callFromParams, specFromParams, type TaskParams } from "./task-params.ts";
import type { TaskDetails } from "./task-render.ts";

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
	const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
	return new Error(`${what} (${count}); nothing ran.\n${formatProblems(problems)}`);
}

export interface TaskToolDeps {
	/** The parent's prompt channels, as captured from the session. */
	parentPrompt: (ctx: ExtensionContext) => ParentPrompt;
	locks: RootLocks;
	prefixGate: PrefixGate;
	/** The clock, the environment, the home and Pi's agent directory: passed in, never read ambiently. */
	now: () => number;
	env: () => Readonly<Record<string, string | undefined>>;
	home: () => string;
	agentDir: () => string;
}

type OnUpdate = ((update: AgentToolResult<TaskDetails>) => void) | undefined;

/** Folds progress into the row's line and redraws it on every event and every second, so time moves. */
function liveRow(id: string, onUpdate: OnUpdate, deps: Pick<TaskToolDeps, "now">) {
	const started = deps.now();
	let state: ProgressState = INITIAL_PROGRESS;
	const draw = () => {
		const line = statusLine(id, state, deps.now() - started);
		onUpdate?.({ content: [{ type: "text", text: line }], details: { kind: "progress", line } });
	};
	const timer = setInterval(draw, 1000);
	timer.unref?.();
	return {
		onProgress(p: TaskProgress) {
			state = foldProgress(state, p);
			draw();
		},
		stop: () => clearInterval(timer),
	};
}

function sessionOf(ctx: ExtensionContext): { id: string; file?: string } | undefined {
	const manager = ctx.sessionManager as Partial<
		Pick<ExtensionContext["sessionManager"], "getSessionId" | "getSessionFile">
	>;
	const id = manager.getSessionId?.();
	if (id === undefined) return undefined;
	const file = manager.getSessionFile?.();
	return { id, ...(file !== undefined && { file }) };
}

export async function runTaskCall(
	params: TaskParams,
	signal: AbortSignal | undefined,
	onUpdate: OnUpdate,
	ctx: ExtensionContext,
	deps: TaskToolDeps,
): Promise<AgentToolResult<TaskDetails> & { isError?: boolean }> {
	const env = deps.env();
	const call = callFromParams(params);
	const session = sessionOf(ctx);
	const delegation = await planDelegation({
		entry: "tool",
		spec: { value: specFromParams(params) },
		request: {
			...(params.agent !== undefined && { agent: { name: params.agent, where: "agent" } }),
			...(call && { call }),
			extensions: [],
		},
		cwd: ctx.cwd,
		home: deps.home(),
		agentDir: deps.agentDir(),
		projectTrusted: ctx.isProjectTrusted(),
		env,
		parentPrompt: async () => deps.parentPrompt(ctx),
		...(ctx.model && { parentModel: { provider: ctx.model.provider, id: ctx.model.id, thinking: ctx.thinkingLevel } }),
		parentRegistry: ctx.modelRegistry,
		...(session && { parentSession: session }),
		branch: () => branchOfSession(ctx.sessionManager),
	});
	if (!delegation.ok) {
		throw invalid(delegation.spec ? "The task spec is invalid" : `Cannot run: ${delegation.what}`, delegation.problems);
	}
	const row = liveRow(delegation.plan.id, onUpdate, deps);
	try {
		const result = await runDelegation(delegation, {
			progress: row.onProgress,
			locks: deps.locks,
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
		} as AgentToolResult<TaskDetails> & { isError?: boolean };
	} finally {
		row.stop();
	}
}
