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
import type { ForkChild } from "../plan/fork-types.ts";
import { formatProblems } from "../problems.ts";
import { renderForkModelReport, renderForkReport } from "../report/fork-report.ts";
import { foldProgress, INITIAL_PROGRESS, type ProgressState, statusLine } from "../report/progress.ts";
import { type ChildrenRegistry, type TrackedChild, trackChild } from "../run/children.ts";
import { planForkCall, runForks } from "../run/fork-delegate.ts";
import type { ForkResult } from "../run/fork-result.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import type { ChildUsage, TaskProgress } from "../run/types.ts";
import { returnedErrorsCount } from "./pi-version.ts";
import { type PiDeps, sourcesFromPiContext } from "./sources.ts";
import { toolUsage } from "./tool-usage.ts";

/** The fork tool's arguments, as the fork-gate reads them too. */
export interface ForkParams {
	brief?: string;
	briefs?: string[];
	from?: string;
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
}

export type ForkDetails =
	| { kind: "progress"; line: string }
	| { kind: "forks"; results: ForkSummary[]; report: string };

export interface ForkToolDeps extends PiDeps {
	prefixGate: PrefixGate;
	/** The session's root locks: forks hold the working directory together, tasks on it wait for them. */
	locks: RootLocks;
	/** The session's children, listed in the widget; each fork is one, stoppable alone. */
	children?: ChildrenRegistry;
	/** Appends a custom entry to the parent's session (the extension's `pi.appendEntry`). */
	appendEntry: (customType: string, data: unknown) => void;
	now: () => number;
}

type OnUpdate = ((update: AgentToolResult<ForkDetails>) => void) | undefined;

/** One status line per fork, redrawn on every event and every second. */
function liveRows(children: readonly ForkChild[], onUpdate: OnUpdate, now: () => number) {
	const started = now();
	const states = new Map<string, ProgressState>(children.map((c) => [c.id, INITIAL_PROGRESS]));
	const draw = () => {
		const line = children
			.map((c) => statusLine(c.id, states.get(c.id) ?? INITIAL_PROGRESS, now() - started))
			.join("\n");
		onUpdate?.({ content: [{ type: "text", text: line }], details: { kind: "progress", line } });
	};
	const timer = setInterval(draw, 1000);
	timer.unref?.();
	return {
		onProgress(child: ForkChild, p: TaskProgress) {
			states.set(child.id, foldProgress(states.get(child.id) ?? INITIAL_PROGRESS, p));
			draw();
		},
		stop: () => clearInterval(timer),
	};
}

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
	};
}

/** What the fork call is planned from: the call, the session and the parent's model, as Pi's context has them. */
function forkInputs(toolCallId: string, params: ForkParams, ctx: ExtensionContext, deps: ForkToolDeps) {
	const sources = sourcesFromPiContext(ctx, deps);
	return {
		toolCallId,
		request: params,
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		projectTrusted: sources.projectTrusted,
		env: sources.env,
		session: sources.session,
		systemPrompt: sources.systemPrompt(),
		...(sources.parentModel && { parentModel: sources.parentModel }),
		...(sources.parentRegistry && { parentRegistry: sources.parentRegistry }),
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

export async function runForkCall(
	toolCallId: string,
	params: ForkParams,
	signal: AbortSignal | undefined,
	onUpdate: OnUpdate,
	ctx: ExtensionContext,
	deps: ForkToolDeps,
): Promise<AgentToolResult<ForkDetails> & { isError?: boolean }> {
	const delegation = await planForkCall(forkInputs(toolCallId, params, ctx, deps));
	if (!delegation.ok)
		throw new Error(`Cannot fork: ${delegation.what}; nothing ran.\n${formatProblems(delegation.problems)}`);
	const rows = liveRows(delegation.plan.children, onUpdate, deps.now);
	const tracked = trackForks(delegation.plan.children, deps, signal);
	try {
		const results = await runForks(delegation, {
			progress: (child, p) => {
				tracked.get(child.id)?.progress(p);
				rows.onProgress(child, p);
			},
			prefixGate: deps.prefixGate,
			hold: (roots) => deps.locks.acquire({ roots, write: true, group: "fork" }),
			signalOf: (child) => tracked.get(child.id)?.signal,
			...(signal && { signal }),
		});
		for (const result of results) {
			tracked.get(result.id)?.end({
				state: result.verdict,
				usage: result.metrics.usage,
				auditDir: result.auditDir,
				report: renderForkReport([result]),
			});
			tracked.delete(result.id);
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
	} finally {
		// A fork that threw before its result (a setup failure) is still listed as ended.
		for (const child of tracked.values()) child.end({ state: "FAIL" });
		rows.stop();
	}
}
