/**
 * One task, end to end: take the roots' before-snapshot, run the child under its budgets, take the
 * after-snapshot, judge the delta, parse and verify the envelope, decide the verdict, and record
 * everything as it happens. The spec is already validated and the model already checked: nothing
 * here can fail for bad input, and whatever the child does, a result comes back.
 */

import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import type { AgentDefinition } from "../agents/definition.ts";
import { AFTER_FILE, BEFORE_FILE, encodeSnapshot } from "../boundary/codec.ts";
import { boundaryFindings } from "../boundary/findings.ts";
import { snapshotRoots } from "../boundary/snapshot.ts";
import type { Change, Snapshot } from "../boundary/types.ts";
import type { ModeRegistry } from "../context/modes.ts";
import type { ContextFields } from "../context/primitives.ts";
import { parseEnvelope } from "../envelope/parse.ts";
import { nodeFileProbe } from "../envelope/probe.ts";
import { verifyEvidence } from "../envelope/verify.ts";
import type { Problem } from "../problems.ts";
import type { ParentPrompt, Strategy } from "../prompt/channels.ts";
import { buildChildView, type ChildView } from "../prompt/child-view.ts";
import { type RenderedPrompt, renderChildView } from "../prompt/render.ts";
import { taskRung } from "../prompt/task-brief.ts";
import { taskViewRequest } from "../prompt/task-worker.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { AuditRecord } from "./audit.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import { RESULT_VERSION, type TaskResult } from "./result.ts";
import type {
	AbortReason,
	ChildLaunch,
	ChildOutcome,
	ChildProgress,
	ChildRunner,
	ModelChoice,
	RunnerKind,
} from "./types.ts";
import { judgeRun } from "./verdict.ts";

/** Progress of a whole task: the child's own progress plus the phases around it. */
export type TaskProgress =
	| ChildProgress
	| { type: "warning"; message: string }
	| { type: "phase"; phase: "waiting" | "snapshot" | "running" | "checking"; detail?: string }
	| { type: "audit"; dir: string };

export interface TaskContext {
	/** The caller's working directory: the child works there, and relative evidence pointers resolve there. */
	cwd: string;
	runner: ChildRunner;
	runnerKind: RunnerKind;
	model: ModelChoice;
	agentDir: string;
	runsDir: string;
	/** What the parent offers the child (its prompt channels). */
	parent: ParentPrompt;
	registry: ModeRegistry;
	/** Per-call context fields (mode, primitives, skills, strategy). */
	call?: ContextFields & { strategy?: Strategy };
	/** Run-level context mode (`--mode` of the command line). */
	runMode?: string;
	/** An agent definition to run the task as, instead of the task worker. */
	agent?: AgentDefinition;
	providerExtensions: string[];
	/** Rejected submissions answered with the problems before one is accepted as is. */
	maxRejections?: number;
	onProgress?: (progress: TaskProgress) => void;
	/**
	 * Shared by sibling tasks: holds a child whose prompt prefix a sibling is about to cache until that
	 * sibling's first response starts, so it reads the prefix instead of paying to write it again.
	 */
	prefixGate?: PrefixGate;
	/** Cancels the run (the child is stopped; the verdict is FAIL). */
	signal?: AbortSignal;
	now?: () => Date;
}

/** The view a task child gets: one call of the one function, with the task's request (task-worker.ts). */
export function taskView(
	spec: TaskSpec,
	ctx: Pick<TaskContext, "parent" | "registry" | "call" | "runMode" | "agent">,
): { view: ChildView; warnings: Problem[] } {
	const { request, warnings } = taskViewRequest(spec, ctx);
	const view = buildChildView(request);
	return { view, warnings: [...warnings, ...view.warnings] };
}

/** What the runner is given for a task child: the view and its rendering, with the task's budgets and checks. */
export function taskLaunch(
	spec: TaskSpec,
	ctx: Pick<TaskContext, "cwd" | "model" | "agentDir" | "providerExtensions" | "maxRejections">,
	view: ChildView,
	rendered: RenderedPrompt,
): ChildLaunch {
	return {
		agent: view.agent,
		cwd: ctx.cwd,
		prompt: view.prompt,
		systemPrompt: rendered.systemPrompt,
		firstMessage: view.firstMessage,
		tools: view.tools.filter((t) => t !== "submit_result"),
		model: ctx.model,
		agentDir: ctx.agentDir,
		providerExtensions: ctx.providerExtensions,
		budget: spec.budget,
		submit: {
			roots: spec.resolved.roots,
			cwd: spec.resolved.roots[0] ?? process.cwd(),
			maxRejections: ctx.maxRejections ?? 2,
		},
	};
}

/** Aborts the child when a budget runs out or the caller cancels, and says which. */
function budgetGuard(spec: TaskSpec, signal: AbortSignal | undefined) {
	const controller = new AbortController();
	const stop = (reason: AbortReason) => {
		if (!controller.signal.aborted) controller.abort(reason);
	};
	const timer = setTimeout(() => stop("wall"), spec.budget.wall_s * 1000);
	const onCancel = () => stop("cancelled");
	signal?.addEventListener("abort", onCancel, { once: true });
	if (signal?.aborted) onCancel();
	return {
		signal: controller.signal,
		watch(progress: ChildProgress) {
			if (progress.type === "usage" && progress.usage.costUsd > spec.budget.usd) stop("usd");
		},
		dispose() {
			clearTimeout(timer);
			signal?.removeEventListener("abort", onCancel);
		},
	};
}

async function snapshotOrError(spec: TaskSpec, previous?: Snapshot): Promise<Snapshot | Error> {
	try {
		return await snapshotRoots(spec.resolved.roots, {
			exclude: spec.resolved.exclude,
			...(previous ? { previous } : {}),
		});
	} catch (error) {
		return error instanceof Error ? error : new Error(String(error));
	}
}

export async function runTask(spec: TaskSpec, ctx: TaskContext): Promise<TaskResult> {
	const now = ctx.now ?? (() => new Date());
	const progress = (p: TaskProgress) => ctx.onProgress?.(p);
	const startedAt = now();
	const audit = AuditRecord.create(ctx.runsDir, spec.id, startedAt);
	progress({ type: "audit", dir: audit.dir });
	const { view, warnings } = taskView(spec, ctx);
	const rendered = await renderChildView(view, { cwd: ctx.cwd, agentDir: ctx.agentDir });
	const launch = taskLaunch(spec, ctx, view, rendered);
	audit.writeJson("spec.json", spec);
	audit.writeText("prompt.txt", promptText(rendered, launch.firstMessage));
	for (const warning of warnings) progress({ type: "warning", message: `${warning.path}: ${warning.message}` });
	audit.writeJson("view.json", {
		rung: taskRung(spec),
		agent: view.agent,
		warnings,
		context: view.context,
		prompt: view.prompt,
		tools: view.tools,
	});
	// Written now and again once the runner reports how it started the child (argv or session options).
	const launchInfo = {
		runner: ctx.runnerKind,
		model: ctx.model,
		cwd: launch.cwd,
		tools: view.tools,
		agentDir: ctx.agentDir,
		providerExtensions: ctx.providerExtensions,
		budget: spec.budget,
	};
	audit.writeJson("launch.json", launchInfo);

	progress({ type: "phase", phase: "snapshot", detail: "before" });
	const before = await snapshotOrError(spec);
	if (!(before instanceof Error)) writeFileSync(audit.path(BEFORE_FILE), encodeSnapshot(before));

	const key = prefixKey(launch, rendered);
	if (ctx.prefixGate?.wouldWait(key))
		progress({ type: "phase", phase: "waiting", detail: "for a sibling's prompt to be cached" });
	const pass = await ctx.prefixGate?.enter(key);
	progress({ type: "phase", phase: "running" });
	const guard = budgetGuard(spec, ctx.signal);
	let outcome: ChildOutcome;
	try {
		outcome = await ctx.runner(launch, {
			signal: guard.signal,
			onProgress: (p) => {
				if (p.type === "responding") pass?.primed();
				guard.watch(p);
				progress(p);
			},
			onEvent: (event) => audit.appendEvent(event),
			onLaunch: (record) => audit.writeJson("launch.json", { ...launchInfo, launch: record }),
			sessionFile: audit.path("session.jsonl"),
		});
	} finally {
		pass?.done();
		guard.dispose();
		audit.closeEvents();
	}
	const promptMismatch = sentMismatch(rendered, outcome);

	progress({ type: "phase", phase: "snapshot", detail: "after" });
	const after = before instanceof Error ? before : await snapshotOrError(spec, before);
	if (!(after instanceof Error)) writeFileSync(audit.path(AFTER_FILE), encodeSnapshot(after));

	progress({ type: "phase", phase: "checking" });
	const findings =
		before instanceof Error || after instanceof Error
			? undefined
			: boundaryFindings(before, after, { writeAllowed: spec.resolved.write_allowed, exclude: spec.resolved.exclude });
	const delta: Change[] = findings?.changes ?? [];
	// Violations and the watched parts that could not be checked: each fails the task.
	const violations = findings?.failures ?? [];
	const envelope = parseEnvelope({ submissions: outcome.submissions, finalText: outcome.finalText });
	const claims = envelope.ok
		? verifyEvidence(envelope.envelope.evidence, {
				roots: spec.resolved.roots,
				base: launch.submit.cwd,
				commands: outcome.commandsRun,
				probe: nodeFileProbe(),
			})
		: [];
	const boundaryError = before instanceof Error ? before.message : after instanceof Error ? after.message : undefined;
	const judged = judgeRun({ outcome, envelope, claims, violations, budget: spec.budget, boundaryError });
	const problems = promptMismatch
		? [{ kind: "child" as const, message: promptMismatch }, ...judged.problems]
		: judged.problems;
	const verdict = problems.length === 0 ? "PASS" : "FAIL";
	const result: TaskResult = {
		version: RESULT_VERSION,
		id: spec.id,
		verdict,
		problems,
		warnings: warnings.map((w) => `${w.path}: ${w.message}`),
		envelope: envelope.ok ? envelope.envelope : undefined,
		claims,
		delta,
		violations,
		roots: spec.resolved.roots.map((root) => ({ root, writable: spec.resolved.write_allowed.includes(root) })),
		metrics: {
			usage: outcome.usage,
			elapsedS: (now().getTime() - startedAt.getTime()) / 1000,
			toolCalls: outcome.toolCalls,
			turns: outcome.turns,
			model: `${ctx.model.provider}/${ctx.model.id}`,
			effort: spec.effort,
			runner: ctx.runnerKind,
		},
		auditDir: audit.dir,
		startedAt: startedAt.toISOString(),
		finishedAt: now().toISOString(),
		...(envelope.ok ? {} : { finalText: outcome.finalText }),
	};
	audit.writeJson("outcome.json", outcome);
	audit.finish(result);
	return result;
}

/** What siblings must share for one to read the prompt prefix another wrote: the model, the tools, the system prompt. */
function prefixKey(launch: ChildLaunch, rendered: RenderedPrompt): string {
	return createHash("sha256")
		.update(`${launch.model.provider}/${launch.model.id}\0${JSON.stringify(rendered.tools)}\0${rendered.systemPrompt}`)
		.digest("hex");
}

/** prompt.txt: what the child is given, exactly as its Pi sends it (rendered by Pi before the run). */
function promptText(rendered: RenderedPrompt, firstMessage: string): string {
	const tools = rendered.tools.map((t) => `- ${t.name}`).join("\n");
	return `=== system prompt ===\n${rendered.systemPrompt}\n=== tools ===\n${tools}\n=== first message ===\n${firstMessage}`;
}

/**
 * The child must have sent exactly what was decided and recorded. A difference means something
 * outside pi-delegate shaped the child's prompt — the promise that a child sees what it should no
 * longer holds, so the run cannot pass.
 */
function sentMismatch(rendered: RenderedPrompt, outcome: ChildOutcome): string | undefined {
	if (!outcome.sent) return undefined;
	if (outcome.sent.systemPrompt !== rendered.systemPrompt) {
		return "the child's system prompt differs from the one decided for it (see prompt.txt and session.jsonl)";
	}
	const sent = outcome.sent.tools.map((t) => t.name).join(",");
	const decided = rendered.tools.map((t) => t.name).join(",");
	if (sent !== decided) return `the child's tools (${sent}) differ from the ones decided for it (${decided})`;
	return undefined;
}
