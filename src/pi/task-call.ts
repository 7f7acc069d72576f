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
import { CHILD_ENTRY_TYPE } from "../meter/fold.ts";
import { entryPlace, requestChildren } from "../plan/request.ts";
import type { TaskRequest } from "../plan/request-types.ts";
import type { TaskPlan } from "../plan/types.ts";
import { formatProblems, formatSegments, type Problem } from "../problems.ts";
import { renderDetailModelReport, renderModelReport, renderReport } from "../report/task-report.ts";
import { type ChildrenRegistry, trackChild } from "../run/children.ts";
import { planCall, runChild } from "../run/delegate.ts";
import { entryPlaceOf } from "../run/entry-place.ts";
import type { ChildResult, TaskResult } from "../run/outcome/result.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import type { BackgroundPort } from "./background.ts";
import { launchBackground } from "./background-launch.ts";
import { childLinkEntry } from "./child-link.ts";
import { liveRows } from "./live-rows.ts";
import { rememberPrefixes, seenPrefixes } from "./prefix-history.ts";
import { taskWord } from "./row-words.ts";
import { type PiDeps, sourcesFromPiContext } from "./sources.ts";
import type { LiveSpend } from "./spend-status.ts";
import type { TaskParams } from "./task-params.ts";
import type { TaskDetails } from "./task-render.ts";
import { type TaskToolResult, toolResult } from "./task-result.ts";

function invalid(what: string, problems: readonly Problem[]): Error {
	const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
	return new Error(`${what} (${count}); nothing ran.\n${formatProblems(problems)}`);
}

export interface TaskToolDeps extends PiDeps {
	/** The session's children, listed in the widget (a task, a fork, a workflow call), each stoppable alone. */
	children?: ChildrenRegistry;
	locks: RootLocks;
	prefixGate: PrefixGate;
	/** The clock: passed in, never read ambiently. */
	now: () => number;
	/** The session's background children (a `background: true` call). */
	background?: BackgroundPort;
	/**
	 * Whether the session's pauses say an entry written for an hour is read again (parent-cache.ts).
	 * When they say not (pauses within five minutes, or past the hour), a prefix its children ran
	 * with before is written for five minutes like a new one: the next burst either reads the
	 * 5-minute entry or comes too late for either.
	 */
	hourPays?: () => boolean;
}

/** What the tool does with a call beyond running it: the session's live spend, and a link per finished child. */
export interface TaskCallHooks {
	spend?: LiveSpend;
	/** A task finished; `prefixKey` is its plan's, so the session can tell a kind it has run before. */
	onResult?: (result: TaskResult, prefixKey: string) => void;
}

type OnUpdate = ((update: AgentToolResult<TaskDetails>) => void) | undefined;

/** Every task of the call planned, or the one error that refuses the call with every problem of every task. */
async function planAll(tasks: readonly TaskRequest[], ctx: ExtensionContext, deps: TaskToolDeps) {
	const called = await planCall(
		{
			...sourcesFromPiContext(ctx, deps),
			seenPrefixes: () => (deps.hourPays?.() === false ? new Set<string>() : seenPrefixes(ctx, deps.prefixGate)),
		},
		tasks,
	);
	if (called.ok) return called;
	const problems: Problem[] = [...called.problems];
	const cannot: string[] = [];
	for (const refusal of called.refused) {
		const where = refusal.request.where.path.length === 0 ? "" : `${formatSegments(refusal.request.where.path)}: `;
		if (!refusal.inSpec) cannot.push(`${where}${refusal.what}`);
		for (const p of refusal.problems) {
			const located = refusal.inSpec ? { ...p, ...entryPlace("task", refusal.request.where, p) } : p;
			if (!problems.some((q) => JSON.stringify(q) === JSON.stringify(located))) problems.push(located);
		}
	}
	if (cannot.length === 0 && called.refused.length === 0) cannot.push(called.what);
	const what = cannot.length > 0 ? `Cannot run: ${cannot.join("; ")}` : "The task spec is invalid";
	throw invalid(what, problems);
}

type Planned = Awaited<ReturnType<typeof planAll>>;

/** How a finished task reads in the session's children list: its state, spend, record and reports. */
function trackedEnd(result: TaskResult) {
	return {
		state: taskWord(result) === "stopped" ? ("stopped" as const) : result.verdict,
		usage: result.metrics.usage,
		auditDir: result.auditDir,
		report: renderReport(result),
		detail: renderDetailModelReport(result),
	};
}

async function runAll(
	called: Planned,
	ctx: ExtensionContext,
	deps: TaskToolDeps,
	io: { signal: AbortSignal | undefined; onUpdate: OnUpdate; hooks: TaskCallHooks },
): Promise<TaskResult[]> {
	const plans = called.plans.filter((p): p is TaskPlan => p.kind === "task");
	const row = liveRows(
		plans.map((p) => p.id),
		io.onUpdate,
		deps.now,
	);
	rememberPrefixes(
		deps.prefixGate,
		plans.map((p) => p.prefixKey),
	);
	try {
		return await Promise.all(
			plans.map(async (plan, i) => {
				const child = io.hooks.spend?.start(ctx.hasUI ? ctx.ui : undefined);
				// Listed among the session's children, where a user can stop this one alone.
				const label = plan.spec.goal.trim().split("\n")[0] ?? plan.id;
				const tracked = deps.children && trackChild(deps.children, { id: plan.id, origin: "task", label }, io.signal);
				const signal = tracked?.signal ?? io.signal;
				try {
					const result = await runChild(plan, called.context, {
						...(tracked && { inbox: tracked.inbox }),
						progress: (p) => {
							if (p.type === "usage") child?.spent(p.usage.costUsd);
							tracked?.progress(p);
							row.onProgress(i, p);
						},
						locks: deps.locks,
						prefixGate: deps.prefixGate,
						...(signal && { signal }),
					});
					if (result.kind !== "task") throw new Error("a task's plan came back as another kind of result");
					io.hooks.onResult?.(result, plan.prefixKey);
					row.onEnd(i, taskWord(result), result.metrics.usage.costUsd);
					tracked?.end(trackedEnd(result));
					return result;
				} catch (error) {
					row.onEnd(i, "FAIL");
					tracked?.end({ state: "FAIL" });
					throw error;
				} finally {
					child?.done();
				}
			}),
		);
	} finally {
		row.stop();
		called.host.dispose();
	}
}

/** The call's tasks handed to the session's background children; the result lists their run ids. */
function launchTasks(planned: Planned, ctx: ExtensionContext, deps: TaskToolDeps): Promise<TaskToolResult> {
	const plans = planned.plans.filter((p): p is TaskPlan => p.kind === "task");
	rememberPrefixes(
		deps.prefixGate,
		plans.map((p) => p.prefixKey),
	);
	const children = plans.map((plan) => ({
		plan,
		kind: "task" as const,
		label: plan.spec.goal.trim().split("\n")[0] ?? plan.id,
		outcome: (result: ChildResult) => {
			if (result.kind !== "task") throw new Error("a task's plan came back as another kind of result");
			return {
				id: result.id,
				kind: "task" as const,
				state: result.verdict,
				text: renderModelReport(result, { cwd: ctx.cwd }),
				report: renderReport(result),
				detail: renderDetailModelReport(result),
				usage: result.metrics.usage,
				auditDir: result.auditDir,
				link: { customType: CHILD_ENTRY_TYPE, data: childLinkEntry(result, undefined, plan.prefixKey) },
			};
		},
	}));
	return launchBackground(planned, children, ctx, deps) as Promise<TaskToolResult>;
}

export async function runTaskCall(
	params: TaskParams,
	signal: AbortSignal | undefined,
	onUpdate: OnUpdate,
	ctx: ExtensionContext,
	deps: TaskToolDeps,
	hooks: TaskCallHooks = {},
): Promise<TaskToolResult> {
	const requested = requestChildren("task", params, entryPlaceOf(sourcesFromPiContext(ctx, deps)));
	if (!requested.ok) throw invalid("The task call is invalid", requested.problems);
	const tasks = requested.children.filter((c): c is TaskRequest => c.kind === "task");
	const planned = await planAll(tasks, ctx, deps);
	if (params.background === true) return launchTasks(planned, ctx, deps);
	const results = await runAll(planned, ctx, deps, { signal, onUpdate, hooks });
	return toolResult(results, ctx.cwd);
}
