/**
 * `executeTask`: carries out one plan. It decides nothing a plan could decide; it snapshots the
 * roots, renders the child's prompt with Pi (a port), runs the child under its budgets, snapshots
 * again, judges by the boundary's findings, parses and verifies the envelope, reaches the verdict
 * once, and records everything as it happens. Whatever the child does, a result comes back: bad
 * input was refused before a plan existed.
 *
 * Every effect goes through a port (clock, audit writer, snapshotter, renderer, runner, progress
 * sink, root locks, prefix gate), so a test can run it against fakes and a caller can swap a part.
 */
import { parseEnvelope } from "../envelope/parse.ts";
import type { FileProbe } from "../envelope/verify.ts";
import { verifyEvidence } from "../envelope/verify.ts";
import type { RenderedPrompt } from "../host/render.ts";
import type { PlainPlan, TaskPlan } from "../plan/types.ts";
import { formatPath } from "../problems.ts";
import type { AuditWriter } from "./audit.ts";
import type { ChildCachePolicy } from "./cache-policy.ts";
import { type Boundary, type GuardedChild, runGuarded, type SnapshotPort, watchRoots } from "./guarded.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import { failVerdict, sealRecord } from "./record-seal.ts";
import { RESULT_VERSION, type TaskResult } from "./result.ts";
import { type RootLocks, taskClaim } from "./root-lock.ts";
import { runIsolation } from "./sandbox/report.ts";
import type { ChildLaunch, ChildOutcome, ChildRunner, TaskProgress } from "./types.ts";
import { judgeRun } from "./verdict.ts";

export interface ExecutePorts {
	now: () => Date;
	/** Opens the run's audit directory under `runsDir`. */
	audit: (runsDir: string, id: string, at: Date) => AuditWriter;
	snapshot: SnapshotPort;
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

/** The parts of a plan a launch is made from: a task's, and a plain child's (run/plain.ts) alike. */
export type LaunchParts = Pick<
	TaskPlan,
	"child" | "cwd" | "model" | "agentDir" | "providerExtensions" | "budget" | "submit" | "prefixKey"
> &
	Partial<Pick<TaskPlan, "sandbox" | "commands" | "paths">>;

/** What a runner is given: the plan's child with its rendering. `submit_result` is the runner's to add. */
export function launchOf(plan: LaunchParts, rendered: RenderedPrompt): ChildLaunch {
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
		...(plan.sandbox && { sandbox: plan.sandbox }),
		...(plan.commands && { commands: plan.commands }),
		...(plan.paths && { paths: plan.paths }),
	};
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

/**
 * Writes what is known before a child starts: the prompt as Pi renders it, the view (what the child
 * gets and why) and the plan; a task's spec and rung besides. A plain child (a fork, a workflow
 * step) has neither.
 */
export function recordStart(
	audit: AuditWriter,
	plan: TaskPlan | PlainPlan,
	rendered: RenderedPrompt,
	task?: Pick<TaskPlan, "spec" | "rung">,
): void {
	if (task) audit.writeJson("spec.json", task.spec);
	audit.writeText("prompt.txt", promptText(rendered, plan.child.firstMessage));
	audit.writeJson("view.json", {
		...(task && { rung: task.rung }),
		agent: plan.child.agent,
		warnings: plan.warnings,
		context: plan.child.context,
		prompt: plan.child.prompt,
		tools: plan.child.tools,
		...(plan.commands && { commands: plan.commands }),
		...(plan.paths && { paths: plan.paths }),
	});
	audit.writeJson("launch.json", plan);
}

export async function executeTask(plan: TaskPlan, ports: ExecutePorts): Promise<TaskResult> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	const claim = taskClaim(plan);
	if (ports.locks?.wouldWait(claim))
		progress({ type: "phase", phase: "waiting", detail: "for a child on overlapping roots" });
	const release = ports.locks ? await ports.locks.acquire(claim) : () => {};
	try {
		return await execute(plan, ports);
	} finally {
		release();
	}
}

/** Judges what the child left: the boundary, the envelope and its evidence, the verdict — once. */
function judge(plan: TaskPlan, outcome: ChildOutcome, boundary: Boundary, rendered: RenderedPrompt, probe: FileProbe) {
	const violations = boundary.failures;
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
		sandbox: outcome.sandbox,
		// An unreadable part is not a breach of the sandbox: only a change it should have stopped is.
		sandboxViolations: boundary.violations,
	});
	return { ...judged, envelope, claims, violations };
}

async function execute(plan: TaskPlan, ports: ExecutePorts): Promise<TaskResult> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	const startedAt = ports.now();
	const audit = ports.audit(plan.audit.runsDir, plan.id, startedAt);
	progress({ type: "audit", dir: audit.dir });
	const rendered = await ports.render(plan);
	recordStart(audit, plan, rendered, plan);
	for (const warning of plan.warnings)
		progress({ type: "warning", message: `${formatPath(warning)}: ${warning.message}` });

	const child: GuardedChild = {
		prefixKey: plan.prefixKey,
		budget: plan.budget,
		launchJson: (record) => ({ ...plan, launch: record }),
	};
	const cache = ports.cachePolicy?.(plan);
	const { value: outcome, boundary } = await watchRoots(plan.boundary, ports, audit, () =>
		runGuarded(child, { ...launchOf(plan, rendered), ...(cache && { cache }) }, ports, audit),
	);
	progress({ type: "phase", phase: "checking" });
	const judged = judge(plan, outcome, boundary, rendered, ports.probe);
	const result = resultOf(plan, outcome, boundary, judged, { startedAt, finishedAt: ports.now(), auditDir: audit.dir });
	return sealRecord(audit, outcome, result, failVerdict);
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
		warnings: plan.warnings.map((w) => `${formatPath(w)}: ${w.message}`),
		envelope: envelope.ok ? envelope.envelope : undefined,
		claims: judged.claims,
		delta: boundary.delta,
		...(boundary.unchecked.length > 0 && { unchecked: boundary.unchecked }),
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
		isolation: runIsolation(plan.sandbox, outcome),
	};
}
