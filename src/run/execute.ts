/**
 * `executeTask`: carries out one plan. It decides nothing a plan could decide; it snapshots the
 * roots, renders the child's prompt with Pi (a port), runs the child under its budgets, snapshots
 * again, judges the delta, parses and verifies the envelope, reaches the verdict once, and records
 * everything as it happens. Whatever the child does, a result comes back: bad input was refused
 * before a plan existed.
 *
 * Every effect goes through a port (clock, audit writer, snapshotter, renderer, runner, progress
 * sink, root locks, prefix gate), so a test can run it against fakes and a caller can swap a part.
 */
import { diffSnapshots } from "../boundary/diff.ts";
import { judgeChanges } from "../boundary/judge.ts";
import type { Change, Snapshot } from "../boundary/types.ts";
import { parseEnvelope } from "../envelope/parse.ts";
import type { FileProbe } from "../envelope/verify.ts";
import { verifyEvidence } from "../envelope/verify.ts";
import type { RenderedPrompt } from "../host/render.ts";
import type { TaskPlan } from "../plan/types.ts";
import type { AuditWriter } from "./audit.ts";
import { budgetGuard } from "./budget-guard.ts";
import type { ChildCachePolicy } from "./cache-policy.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import { RESULT_VERSION, type TaskResult } from "./result.ts";
import type { RootLocks } from "./root-lock.ts";
import type { ChildLaunch, ChildOutcome, ChildRunner, LaunchRecord, TaskProgress } from "./types.ts";
import { judgeRun } from "./verdict.ts";

export interface ExecutePorts {
	now: () => Date;
	/** Opens the run's audit directory under `runsDir`. */
	audit: (runsDir: string, id: string, at: Date) => AuditWriter;
	snapshot: (roots: readonly string[], previous?: Snapshot) => Promise<Snapshot>;
	/** Has Pi render the child's system prompt and tool declarations from the plan. */
	render: (plan: TaskPlan) => Promise<RenderedPrompt>;
	runner: ChildRunner;
	/** Looks at the files evidence pointers name. */
	probe: FileProbe;
	progress?: (progress: TaskProgress) => void;
	/** Shared by tasks of one process: runs on overlapping roots wait for each other. */
	locks?: RootLocks;
	/** Shared by siblings: holds a child until a sibling's identical prompt prefix is cached. */
	prefixGate?: PrefixGate;
	/** Cancels the run (the child is stopped; the verdict is FAIL). */
	signal?: AbortSignal;
	/** The cache lifetimes the child's requests follow (cache-policy.ts); absent: Pi's own. */
	cachePolicy?: (plan: TaskPlan) => ChildCachePolicy | undefined;
}

/** What a runner is given: the plan's child with its rendering. `submit_result` is the runner's to add. */
export function launchOf(plan: TaskPlan, rendered: RenderedPrompt): ChildLaunch {
	return {
		agent: plan.child.agent,
		cwd: plan.cwd,
		prompt: plan.child.prompt,
		systemPrompt: rendered.systemPrompt,
		firstMessage: plan.child.firstMessage,
		tools: plan.child.tools.filter((t) => t !== "submit_result"),
		model: plan.model,
		agentDir: plan.agentDir,
		providerExtensions: plan.providerExtensions,
		budget: plan.budget,
		submit: plan.submit,
	};
}

async function snapshotOrError(
	ports: ExecutePorts,
	roots: readonly string[],
	previous?: Snapshot,
): Promise<Snapshot | Error> {
	try {
		return await ports.snapshot(roots, previous);
	} catch (error) {
		return error instanceof Error ? error : new Error(String(error));
	}
}

/** prompt.txt: what the child is given, exactly as its Pi sends it (rendered by Pi before the run). */
export function promptText(rendered: RenderedPrompt, firstMessage: string): string {
	const tools = rendered.tools.map((t) => `- ${t.name}`).join("\n");
	return `=== system prompt ===\n${rendered.systemPrompt}\n=== tools ===\n${tools}\n=== first message ===\n${firstMessage}`;
}

/**
 * The child must have sent exactly what was decided and recorded. A difference means something
 * outside pi-delegate shaped the child's prompt — the promise that a child sees what it should no
 * longer holds, so the run cannot pass.
 */
export function sentMismatch(rendered: RenderedPrompt, outcome: ChildOutcome): string | undefined {
	if (!outcome.sent) return undefined;
	if (outcome.sent.systemPrompt !== rendered.systemPrompt) {
		return "the child's system prompt differs from the one decided for it (see prompt.txt and session.jsonl)";
	}
	const sent = outcome.sent.tools.map((t) => t.name).join(",");
	const decided = rendered.tools.map((t) => t.name).join(",");
	if (sent !== decided) return `the child's tools (${sent}) differ from the ones decided for it (${decided})`;
	return undefined;
}

/** Writes what is known before the child starts: the spec, the plan, the prompt as Pi renders it. */
function recordStart(audit: AuditWriter, plan: TaskPlan, rendered: RenderedPrompt): void {
	audit.writeJson("spec.json", plan.spec);
	audit.writeText("prompt.txt", promptText(rendered, plan.child.firstMessage));
	audit.writeJson("view.json", {
		rung: plan.rung,
		agent: plan.child.agent,
		warnings: plan.warnings,
		context: plan.child.context,
		prompt: plan.child.prompt,
		tools: plan.child.tools,
	});
	audit.writeJson("launch.json", plan);
}

async function runChild(
	plan: TaskPlan,
	launch: ChildLaunch,
	ports: ExecutePorts,
	audit: AuditWriter,
): Promise<ChildOutcome> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	if (ports.prefixGate?.wouldWait(plan.prefixKey))
		progress({ type: "phase", phase: "waiting", detail: "for a sibling's prompt to be cached" });
	const pass = await ports.prefixGate?.enter(plan.prefixKey);
	progress({ type: "phase", phase: "running" });
	const guard = budgetGuard(plan.budget, ports.signal);
	try {
		return await ports.runner(launch, {
			signal: guard.signal,
			onProgress: (p) => {
				if (p.type === "responding") pass?.primed();
				guard.watch(p);
				progress(p);
			},
			onEvent: (event) => audit.appendEvent(event),
			onLaunch: (record: LaunchRecord) => audit.writeJson("launch.json", { ...plan, launch: record }),
			sessionFile: audit.path("session.jsonl"),
		});
	} finally {
		pass?.done();
		guard.dispose();
		audit.closeEvents();
	}
}

export async function executeTask(plan: TaskPlan, ports: ExecutePorts): Promise<TaskResult> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	if (ports.locks && ports.locks.contention(plan.boundary.roots) > 0)
		progress({ type: "phase", phase: "waiting", detail: "for a task on overlapping roots" });
	const release = ports.locks ? await ports.locks.acquire(plan.boundary.roots) : () => {};
	try {
		return await execute(plan, ports);
	} finally {
		release();
	}
}

/** Snapshots before and after the child, with the delta between them, or why the roots could not be checked. */
interface Boundary {
	delta: Change[];
	error: string | undefined;
}

/** Judges what the child left: the boundary, the envelope and its evidence, the verdict — once. */
function judge(plan: TaskPlan, outcome: ChildOutcome, boundary: Boundary, rendered: RenderedPrompt, probe: FileProbe) {
	const { violations } = judgeChanges(boundary.delta, plan.boundary.writeAllowed);
	const envelope = parseEnvelope({
		submissions: outcome.submissions,
		finalText: outcome.finalText,
		rejected: outcome.rejectedSubmissions ?? [],
	});
	const claims = envelope.ok
		? verifyEvidence(envelope.envelope.evidence, {
				roots: plan.boundary.roots,
				base: plan.submit.cwd,
				commands: outcome.commandsRun,
				probe,
			})
		: [];
	const judged = judgeRun({
		outcome,
		envelope,
		claims,
		violations,
		budget: plan.budget,
		boundaryError: boundary.error,
		promptMismatch: sentMismatch(rendered, outcome),
		evidence: plan.spec.evidence,
	});
	return { ...judged, envelope, claims, violations };
}

async function execute(plan: TaskPlan, ports: ExecutePorts): Promise<TaskResult> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	const startedAt = ports.now();
	const audit = ports.audit(plan.audit.runsDir, plan.id, startedAt);
	progress({ type: "audit", dir: audit.dir });
	const rendered = await ports.render(plan);
	recordStart(audit, plan, rendered);
	for (const warning of plan.warnings) progress({ type: "warning", message: `${warning.path}: ${warning.message}` });

	progress({ type: "phase", phase: "snapshot", detail: "before" });
	const before = await snapshotOrError(ports, plan.boundary.roots);
	if (!(before instanceof Error)) audit.writeJson("boundary-before.json", before);
	const cache = ports.cachePolicy?.(plan);
	const outcome = await runChild(plan, { ...launchOf(plan, rendered), ...(cache && { cache }) }, ports, audit);
	progress({ type: "phase", phase: "snapshot", detail: "after" });
	const after = before instanceof Error ? before : await snapshotOrError(ports, plan.boundary.roots, before);
	if (!(after instanceof Error)) audit.writeJson("boundary-after.json", after);

	progress({ type: "phase", phase: "checking" });
	const boundary: Boundary =
		before instanceof Error || after instanceof Error
			? { delta: [], error: (before instanceof Error ? before : (after as Error)).message }
			: { delta: diffSnapshots(before, after), error: undefined };
	const judged = judge(plan, outcome, boundary, rendered, ports.probe);
	const result = resultOf(plan, outcome, boundary, judged, { startedAt, finishedAt: ports.now(), auditDir: audit.dir });
	audit.writeJson("outcome.json", outcome);
	audit.finish(result);
	return result;
}

function resultOf(
	plan: TaskPlan,
	outcome: ChildOutcome,
	boundary: Boundary,
	judged: ReturnType<typeof judge>,
	at: { startedAt: Date; finishedAt: Date; auditDir: string },
): TaskResult {
	const { envelope } = judged;
	return {
		version: RESULT_VERSION,
		kind: "task",
		id: plan.id,
		verdict: judged.verdict,
		problems: judged.problems,
		warnings: plan.warnings.map((w) => `${w.path}: ${w.message}`),
		envelope: envelope.ok ? envelope.envelope : undefined,
		claims: judged.claims,
		delta: boundary.delta,
		violations: judged.violations,
		roots: plan.boundary.roots.map((root) => ({ root, writable: plan.boundary.writeAllowed.includes(root) })),
		metrics: {
			usage: outcome.usage,
			elapsedS: (at.finishedAt.getTime() - at.startedAt.getTime()) / 1000,
			toolCalls: outcome.toolCalls,
			turns: outcome.turns,
			model: `${plan.model.provider}/${plan.model.id}`,
			effort: plan.spec.effort,
			runner: plan.runner.value,
		},
		auditDir: at.auditDir,
		startedAt: at.startedAt.toISOString(),
		finishedAt: at.finishedAt.toISOString(),
		...(plan.parentSession && { parentSession: plan.parentSession }),
		...(envelope.ok ? {} : { finalText: outcome.finalText }),
		evidence: plan.spec.evidence,
	};
}
