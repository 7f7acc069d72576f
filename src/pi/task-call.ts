/**
 * What a `task` call does once Pi hands it over: the tool's adapter over load → plan → execute.
 * Loaded on the first call (the extension registers the tool without it), so a Pi session that
 * never delegates never loads the runner. It supplies only what is the tool's own — the specs from
 * the call's arguments (task-specs.ts fills in what the model may leave out), the parent's prompt,
 * model, registry and session from Pi — and turns the results into one tool result: the compact
 * report for the model, the full one for people, and the children's usage so Pi adds it to the
 * session's totals.
 *
 * Every task of a call is planned before any runs: one invalid spec refuses the whole call with
 * every problem of every task. Then they run at once; tasks on overlapping roots wait for each
 * other (RootLocks), and siblings share a cached prefix (PrefixGate).
 */
import type { AgentToolResult, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { loadAgents } from "../agents/load.ts";
import { gitSync } from "../boundary/git-process.ts";
import { formatProblems, formatSegments, type Problem } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import { renderReport } from "../report/task-report.ts";
import { branchOfSession } from "../run/branch.ts";
import { type ChildCachePolicy, prefixReuse, taskCachePolicy } from "../run/cache-policy.ts";
import { type ChildrenRegistry, trackChild } from "../run/children.ts";
import { type Delegation, planDelegation, runDelegation } from "../run/delegate.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { TaskResult } from "../run/result.ts";
import type { RootLocks } from "../run/root-lock.ts";
import type { TaskProgress } from "../run/types.ts";
import { linkedPrefixKeys } from "./child-link.ts";
import type { LiveSpend } from "./spend-status.ts";
import { callFromParams, type TaskParams } from "./task-params.ts";
import type { TaskDetails } from "./task-render.ts";
import { type TaskToolResult, toolResult } from "./task-result.ts";
import { type CallTask, expandCall, underTask } from "./task-specs.ts";

function invalid(what: string, problems: readonly Problem[]): Error {
	const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
	return new Error(`${what} (${count}); nothing ran.\n${formatProblems(problems)}`);
}

export interface TaskToolDeps {
	/** The session's children, listed in the widget (a task, a fork, a workflow call), each stoppable alone. */
	children?: ChildrenRegistry;
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

/** What the tool does with a call beyond running it: the session's live spend, and a link per finished child. */
export interface TaskCallHooks {
	spend?: LiveSpend;
	/** A task finished; `prefixKey` is its plan's, so the session can tell a kind it has run before. */
	onResult?: (result: TaskResult, prefixKey: string) => void;
}

type OnUpdate = ((update: AgentToolResult<TaskDetails>) => void) | undefined;

/** Folds each task's progress into the row's lines and redraws them on every event and every second. */
function liveRow(ids: readonly string[], onUpdate: OnUpdate, deps: Pick<TaskToolDeps, "now">) {
	const started = deps.now();
	const states: ProgressState[] = ids.map(() => INITIAL_PROGRESS);
	const draw = () => {
		const line = ids.map((id, i) => statusLine(id, states[i]!, deps.now() - started)).join("\n");
		onUpdate?.({ content: [{ type: "text", text: line }], details: { kind: "progress", line } });
	};
	const timer = setInterval(draw, 1000);
	timer.unref?.();
	return {
		onProgress(index: number, p: TaskProgress) {
			states[index] = foldProgress(states[index]!, p);
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

/** The repository the session works in, or its working directory outside one. */
function repositoryRoot(cwd: string): string {
	const out = gitSync(["rev-parse", "--show-toplevel"], cwd);
	const top = out.status === 0 ? out.stdout.trim() : "";
	return top === "" ? cwd : top;
}

/** The agents' deliverables, read once per call and only when a task needs one. */
function deliverables(ctx: ExtensionContext, deps: TaskToolDeps): (agent: string) => string | undefined {
	let catalog: ReturnType<typeof loadAgents> | undefined;
	return (agent) => {
		catalog ??= loadAgents({
			cwd: ctx.cwd,
			home: deps.home(),
			agentDir: deps.agentDir(),
			projectTrusted: ctx.isProjectTrusted(),
			env: deps.env(),
		});
		return catalog.agents.get(agent)?.deliverable;
	};
}

async function planOne(task: CallTask, params: TaskParams, ctx: ExtensionContext, deps: TaskToolDeps) {
	const call = callFromParams(params);
	const session = sessionOf(ctx);
	return planDelegation({
		entry: "tool",
		spec: { value: task.spec },
		request: {
			...(task.agent !== undefined && { agent: { name: task.agent, where: { path: [...task.prefix, "agent"] } } }),
			...(call && { call }),
			extensions: [],
		},
		cwd: ctx.cwd,
		home: deps.home(),
		agentDir: deps.agentDir(),
		projectTrusted: ctx.isProjectTrusted(),
		env: deps.env(),
		parentPrompt: async () => deps.parentPrompt(ctx),
		...(ctx.model && { parentModel: { provider: ctx.model.provider, id: ctx.model.id, thinking: ctx.thinkingLevel } }),
		parentRegistry: ctx.modelRegistry,
		...(session && { parentSession: session }),
		branch: () => branchOfSession(ctx.sessionManager),
	});
}

type Planned = Extract<Delegation, { ok: true }>;

/** Every task planned, or the one error that refuses the call (every host opened so far closed). */
async function planAll(tasks: readonly CallTask[], params: TaskParams, ctx: ExtensionContext, deps: TaskToolDeps) {
	const planned: Planned[] = [];
	const problems: Problem[] = [];
	const cannot: string[] = [];
	for (const task of tasks) {
		const delegation = await planOne(task, params, ctx, deps);
		if (delegation.ok) {
			planned.push(delegation);
			continue;
		}
		const where = task.prefix.length === 0 ? "" : `${formatSegments(task.prefix)}: `;
		if (!delegation.spec) cannot.push(`${where}${delegation.what}`);
		for (const p of delegation.problems) {
			const located = delegation.spec ? underTask(p, task.prefix) : p;
			if (!problems.some((q) => JSON.stringify(q) === JSON.stringify(located))) problems.push(located);
		}
	}
	if (problems.length === 0 && cannot.length === 0) return { ok: true as const, planned };
	for (const delegation of planned) delegation.host.dispose();
	const what = cannot.length > 0 ? `Cannot run: ${cannot.join("; ")}` : "The task spec is invalid";
	return { ok: false as const, error: invalid(what, problems) };
}

/** Prefix keys this process has run, per extension instance (a session without entries still remembers). */
const prefixHistory = new WeakMap<PrefixGate, Set<string>>();

/**
 * Each task's cache policy. A prefix the session has run a child with before — linked in its
 * entries (so a continued session remembers) or run by this process — recurs: written for an hour.
 */
function cachePolicies(planned: readonly Planned[], ctx: ExtensionContext, gate: PrefixGate): ChildCachePolicy[] {
	const seen = prefixHistory.get(gate) ?? new Set<string>();
	prefixHistory.set(gate, seen);
	const entries = (ctx.sessionManager as { getEntries?: () => unknown[] }).getEntries?.() ?? [];
	const linked = linkedPrefixKeys(entries);
	const policies = planned.map(({ plan }) => {
		const seenBefore = seen.has(plan.prefixKey) || linked.has(plan.prefixKey);
		return taskCachePolicy(plan, prefixReuse({ entry: "tool", seenBefore }));
	});
	for (const { plan } of planned) seen.add(plan.prefixKey);
	return policies;
}

async function runAll(
	planned: readonly Planned[],
	ctx: ExtensionContext,
	deps: TaskToolDeps,
	io: { signal: AbortSignal | undefined; onUpdate: OnUpdate; hooks: TaskCallHooks },
): Promise<TaskResult[]> {
	const row = liveRow(
		planned.map((d) => d.plan.id),
		io.onUpdate,
		deps,
	);
	const policies = cachePolicies(planned, ctx, deps.prefixGate);
	try {
		return await Promise.all(
			planned.map(async (delegation, i) => {
				const child = io.hooks.spend?.start(ctx.hasUI ? ctx.ui : undefined);
				// Listed among the session's children, where a user can stop this one alone.
				const label = delegation.plan.spec.goal.trim().split("\n")[0] ?? delegation.plan.id;
				const tracked =
					deps.children && trackChild(deps.children, { id: delegation.plan.id, origin: "task", label }, io.signal);
				const signal = tracked?.signal ?? io.signal;
				try {
					const result = await runDelegation(delegation, {
						progress: (p) => {
							if (p.type === "usage") child?.spent(p.usage.costUsd);
							tracked?.progress(p);
							row.onProgress(i, p);
						},
						locks: deps.locks,
						prefixGate: deps.prefixGate,
						cachePolicy: () => policies[i],
						...(signal && { signal }),
					});
					io.hooks.onResult?.(result, delegation.plan.prefixKey);
					tracked?.end({
						state: result.verdict,
						usage: result.metrics.usage,
						auditDir: result.auditDir,
						report: renderReport(result),
					});
					return result;
				} catch (error) {
					tracked?.end({ state: "FAIL" });
					throw error;
				} finally {
					child?.done();
				}
			}),
		);
	} finally {
		row.stop();
	}
}

export async function runTaskCall(
	params: TaskParams,
	signal: AbortSignal | undefined,
	onUpdate: OnUpdate,
	ctx: ExtensionContext,
	deps: TaskToolDeps,
	hooks: TaskCallHooks = {},
): Promise<TaskToolResult> {
	const expanded = expandCall(params, {
		cwd: ctx.cwd,
		repoRoot: () => repositoryRoot(ctx.cwd),
		deliverableOf: deliverables(ctx, deps),
	});
	if ("problems" in expanded) throw invalid("The task call is invalid", expanded.problems);
	const planned = await planAll(expanded.tasks, params, ctx, deps);
	if (!planned.ok) throw planned.error;
	const results = await runAll(planned.planned, ctx, deps, { signal, onUpdate, hooks });
	return toolResult(results, ctx.cwd);
}
