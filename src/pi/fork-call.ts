/**
 * What a `fork` call does once Pi hands it over: the tool's adapter over load → plan → execute
 * (run/fork-delegate.ts). Loaded on the first call. It supplies only what is the tool's own — the
 * call's id and arguments, and from Pi the session, the system prompt the parent's last request
 * sent, the model and its providers — and turns the results into a tool result: every fork's answer
 * under its brief for the model, the full report for people, and the forks' usage summed so Pi adds
 * it to the session's totals. Each fork also leaves a `pi-delegate.child` entry in the parent's
 * session (its usage, verdict, audit directory and session file), which the spend view reads.
 */
import type { AgentToolResult, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { CHILD_ENTRY_TYPE } from "../meter/fold.ts";
import { requestChildren } from "../plan/request.ts";
import type { ForkPlan } from "../plan/types.ts";
import { formatProblems, type Problem } from "../problems.ts";
import { renderForkModelReport, renderForkReport } from "../report/fork-report.ts";
import { type ChildrenRegistry, type TrackedChild, trackChild } from "../run/children.ts";
import { planCall, refusalOf, runChild } from "../run/delegate.ts";
import { entryPlaceOf } from "../run/entry-place.ts";
import type { ChildResult, ForkResult } from "../run/outcome/result.ts";
import { stoppedByCaller } from "../run/outcome/stopped.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import type { ChildUsage } from "../run/types.ts";
import type { BackgroundPort } from "./background.ts";
import { type BackgroundDetails, launchBackground } from "./background-launch.ts";
import { liveRows } from "./live-rows.ts";
import { returnedErrorsCount } from "./pi-version.ts";
import { forkWord, rowProblems } from "./row-words.ts";
import { type PiDeps, sourcesFromPiContext } from "./sources.ts";
import { toolUsage } from "./tool-usage.ts";

/** The fork tool's arguments, as the fork-gate reads them too. */
export interface ForkParams {
	brief?: string;
	briefs?: string[];
	from?: string;
	background?: boolean;
}

/** One fork as the tool result's details carry it, enough for the spend view to count it once. */
export interface ForkSummary {
	kind: "fork";
	id: string;
	index: number;
	brief: string;
	verdict: ForkResult["verdict"];
	auditDir: string;
	sessionFile?: string;
	usage: ChildUsage;
	/** Seconds it ran, for the row; absent in sessions written before rows showed it. */
	elapsedS?: number;
	/** Set when the caller stopped it (Esc, `/children stop`): the row says stopped, not FAIL. */
	stopped?: true;
	/** Its problems' messages, for the collapsed row of a FAIL. */
	problems?: string[];
}

export type ForkDetails =
	| { kind: "progress"; line: string }
	| { kind: "forks"; results: ForkSummary[]; report: string }
	| BackgroundDetails;

export interface ForkToolDeps extends PiDeps {
	prefixGate: PrefixGate;
	/** The session's root locks: forks hold the working directory together, tasks on it wait for them. */
	locks: RootLocks;
	/** The session's children, listed in the widget; each fork is one, stoppable alone. */
	children?: ChildrenRegistry;
	/** Appends a custom entry to the parent's session (the extension's `pi.appendEntry`). */
	appendEntry: (customType: string, data: unknown) => void;
	now: () => number;
	/** The session's background children (a `background: true` call). */
	background?: BackgroundPort;
}

type OnUpdate = ((update: AgentToolResult<ForkDetails>) => void) | undefined;

function summaryOf(result: ForkResult): ForkSummary {
	return {
		kind: "fork",
		id: result.id,
		index: result.index,
		brief: result.brief,
		verdict: result.verdict,
		auditDir: result.auditDir,
		...(result.sessionFile !== undefined && { sessionFile: result.sessionFile }),
		usage: result.metrics.usage,
		elapsedS: result.metrics.elapsedS,
		...(stoppedByCaller(result) && { stopped: true as const }),
		...(rowProblems(result).length > 0 && { problems: rowProblems(result).map((p) => p.message) }),
	};
}

/** Each fork in the session's registry of running children (the widget and /delegate-children), by id. */
function trackForks(
	children: ReadonlyArray<{ id: string; brief: string }>,
	deps: ForkToolDeps,
	signal: AbortSignal | undefined,
): Map<string, TrackedChild> {
	const tracked = new Map<string, TrackedChild>();
	if (!deps.children) return tracked;
	for (const child of children) {
		const label = child.brief.trim().split("\n")[0] ?? child.id;
		tracked.set(child.id, trackChild(deps.children, { id: child.id, origin: "fork", label }, signal));
	}
	return tracked;
}

/** Every fork of the call planned, or the error that refuses the call with every problem. */
async function planForks(toolCallId: string, params: ForkParams, ctx: ExtensionContext, deps: ForkToolDeps) {
	const refuse = (what: string, problems: readonly Problem[]) =>
		new Error(`Cannot fork: ${what}; nothing ran.\n${formatProblems(problems)}`);
	const sources = sourcesFromPiContext(ctx, deps, toolCallId);
	const requested = requestChildren("fork", params, entryPlaceOf(sources));
	if (!requested.ok) throw refuse("the fork call is invalid", requested.problems);
	const called = await planCall(sources, requested.children);
	if (!called.ok) {
		const { what, problems } = refusalOf(called);
		// Every fork of a call shares its branch point and model: the same problem once.
		const once = problems.filter((p, i) => problems.findIndex((q) => JSON.stringify(q) === JSON.stringify(p)) === i);
		throw refuse(what, once);
	}
	return { ...called, forks: called.plans.filter((p): p is ForkPlan => p.kind === "fork") };
}

/** Runs every fork at once, each stoppable alone; results in the order of the briefs. */
async function runForks(
	planned: Awaited<ReturnType<typeof planForks>>,
	signal: AbortSignal | undefined,
	onUpdate: OnUpdate,
	deps: ForkToolDeps,
): Promise<ForkResult[]> {
	const rows = liveRows(
		planned.forks.map((f) => f.id),
		onUpdate,
		deps.now,
	);
	const tracked = trackForks(planned.forks, deps, signal);
	try {
		return await Promise.all(
			planned.forks.map(async (plan, i) => {
				const own = tracked.get(plan.id)?.signal ?? signal;
				const result = await runChild(plan, planned.context, {
					...(tracked.has(plan.id) && { inbox: tracked.get(plan.id)?.inbox }),
					progress: (p) => {
						tracked.get(plan.id)?.progress(p);
						rows.onProgress(i, p);
					},
					prefixGate: deps.prefixGate,
					locks: deps.locks,
					...(own && { signal: own }),
				});
				if (result.kind !== "fork") throw new Error("a fork's plan came back as another kind of result");
				rows.onEnd(
					i,
					forkWord({ verdict: result.verdict, stopped: stoppedByCaller(result) }),
					result.metrics.usage.costUsd,
				);
				tracked.get(result.id)?.end({
					state: stoppedByCaller(result) ? "stopped" : result.verdict,
					usage: result.metrics.usage,
					auditDir: result.auditDir,
					report: renderForkReport([result]),
				});
				tracked.delete(result.id);
				return result;
			}),
		);
	} finally {
		// A fork that threw before its result (a setup failure) is still listed as ended.
		for (const child of tracked.values()) child.end({ state: "FAIL" });
		rows.stop();
		planned.host.dispose();
	}
}

/** The call's forks handed to the session's background children; the result lists their run ids. */
function launchForks(planned: Awaited<ReturnType<typeof planForks>>, ctx: ExtensionContext, deps: ForkToolDeps) {
	const children = planned.forks.map((plan) => ({
		plan,
		kind: "fork" as const,
		label: plan.brief.trim().split("\n")[0] ?? plan.id,
		outcome: (result: ChildResult) => {
			if (result.kind !== "fork") throw new Error("a fork's plan came back as another kind of result");
			const { kind, id, auditDir, sessionFile, usage, verdict } = summaryOf(result);
			return {
				id,
				kind,
				state: verdict,
				text: renderForkModelReport([result]),
				report: renderForkReport([result]),
				usage,
				auditDir,
				link: { customType: CHILD_ENTRY_TYPE, data: { kind, id, auditDir, sessionFile, usage, verdict } },
			};
		},
	}));
	return launchBackground(planned, children, ctx, deps);
}

export async function runForkCall(
	toolCallId: string,
	params: ForkParams,
	signal: AbortSignal | undefined,
	onUpdate: OnUpdate,
	ctx: ExtensionContext,
	deps: ForkToolDeps,
): Promise<AgentToolResult<ForkDetails> & { isError?: boolean }> {
	const planned = await planForks(toolCallId, params, ctx, deps);
	if (params.background === true) return launchForks(planned, ctx, deps);
	const results = await runForks(planned, signal, onUpdate, deps);
	for (const result of results) {
		const { kind, id, auditDir, sessionFile, usage, verdict } = summaryOf(result);
		deps.appendEntry(CHILD_ENTRY_TYPE, { kind, id, auditDir, sessionFile, usage, verdict });
	}
	const forModel = renderForkModelReport(results);
	const failed = results.every((r) => r.verdict === "FAIL");
	// Before Pi 0.99 a returned isError was ignored: a call whose every fork failed must throw to be an error there.
	if (failed && !returnedErrorsCount()) throw new Error(forModel);
	return {
		content: [{ type: "text", text: forModel }],
		details: { kind: "forks", results: results.map(summaryOf), report: renderForkReport(results) },
		isError: failed,
		usage: toolUsage(results.map((r) => r.metrics.usage)),
	} as AgentToolResult<ForkDetails> & { isError?: boolean };
}
