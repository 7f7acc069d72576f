/**
 * `executeChild`: the one execution. It carries out any plan — a checked task, a fork, an unchecked
 * child — the same way, and decides nothing a plan could decide: it holds the child's roots as its
 * plan claims them, opens the audit record, has Pi render the prompt (a fork sends the parent's
 * own), runs the child under its budgets between two snapshots of its roots (an unchecked child is
 * not watched), checks what the kind of child hands back (a task's envelope and evidence), reaches the
 * result once, and records everything as it happens. Whatever the child does, a result comes back:
 * bad input was refused before a plan existed.
 *
 * Every effect goes through a port (clock, audit writer, snapshotter, renderer, runner, file probe,
 * progress sink, root locks, prefix gate, cancel signal), so a test can run it against fakes and an
 * entry point adds only what is its own.
 */

import { basename } from "node:path";
import { parseEnvelope } from "../envelope/parse.ts";
import { EVIDENCE_CHECK_MS } from "../envelope/probe.ts";
import { type FileProbe, verifyEvidence } from "../envelope/verify.ts";
import type { RenderedPrompt } from "../host/render.ts";
import type { AcceptPlan } from "../plan/accept.ts";
import type { PlacedCopy } from "../plan/apply.ts";
import type { ChildPlan, TaskPlan, UncheckedPlan } from "../plan/types.ts";
import { formatPath } from "../problems.ts";
import { type AcceptPlace, runAcceptance } from "./accept.ts";
import type { AuditWriter } from "./audit/audit.ts";
import { sealRecord } from "./audit/record-seal.ts";
import { controlRun, type OpenControl } from "./controlled.ts";
import { copyProbe, notStartedRunner, openCopies, settleCopies } from "./copies.ts";
import { type GuardedChild, runGuarded, type SnapshotPort, type Watched, watchRoots } from "./guarded.ts";
import type { ChildInbox } from "./inbox.ts";
import { inheritedSystemPrompt, launchOf, recordStart, sentMismatch } from "./launch.ts";
import type { NestPort } from "./nest.ts";
import { type AcceptRun, skippedRuns } from "./outcome/accept.ts";
import { forkResult, taskResult, uncheckedResult } from "./outcome/judge.ts";
import type { ChildResult, RunTimes, TaskResult } from "./outcome/result.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import type { RootLocks } from "./root-lock.ts";
import { sandboxSupport } from "./sandbox/support.ts";
import type { Boundary, ChildOutcome, ChildRunner, LaunchRecord, TaskProgress } from "./types.ts";
import type { makeWorkspace } from "./workspace/copy.ts";

export interface ExecutionPorts {
	now: () => Date;
	/** Opens the run's audit directory under `runsDir`. */
	audit: (runsDir: string, id: string, at: Date) => AuditWriter;
	snapshot: SnapshotPort;
	/** Has Pi render a task's or an unchecked child's system prompt and tool declarations from its view. */
	render: (plan: TaskPlan | UncheckedPlan) => Promise<RenderedPrompt>;
	/** Starts the child the plan describes (realPorts picks the runner the plan names). */
	runner: ChildRunner;
	/** Looks at the files evidence pointers name. */
	probe: FileProbe;
	progress?: (progress: TaskProgress) => void;
	/** Shared by the children of one session or run: a child holds its roots as its plan claims them. */
	locks?: RootLocks;
	/** Shared by siblings: holds a child until a sibling's identical prompt prefix is cached. */
	prefixGate?: PrefixGate;
	/** Cancels the run (the child is stopped; the result says so). */
	signal?: AbortSignal;
	/** Messages for the running child, delivered at its next turn (run/inbox.ts). */
	inbox?: ChildInbox;
	/** The broker of the child's `task` calls, when its plan lets it delegate (run/nest.ts). */
	nest?: NestPort;
	/** Opens the run's control endpoint once its record is open (run/controlled.ts); absent: none. */
	control?: OpenControl;
	/** Runs a task's acceptance commands after its child; default: for real, under the child's sandbox. */
	accept?: (accept: AcceptPlan, place: Omit<AcceptPlace, "support">) => Promise<AcceptRun[]>;
	/** Makes the private copies of an on-pass task's writable roots; default: for real (workspace/copy.ts). */
	workspace?: typeof makeWorkspace;
}

const realAccept: NonNullable<ExecutionPorts["accept"]> = (accept, place) =>
	runAcceptance(accept, { ...place, support: sandboxSupport() });

/**
 * Runs the child, then its acceptance commands: before the roots' after-snapshot, so what they write
 * is diffed and judged with the child's own changes.
 */
async function runWithAccept(plan: ChildPlan, ports: ExecutionPorts, run: () => Promise<ChildOutcome>) {
	const outcome = await run();
	if (plan.kind !== "task" || plan.accept === undefined) return { outcome, accept: undefined };
	// A child that did not run to its own end (not started, stopped by a budget, crashed, cancelled)
	// fails the task already: its tree is not worth testing, and the commands' time is not spent.
	if (!outcome.completed) return { outcome, accept: skippedRuns(plan.accept.commands) };
	ports.progress?.({ type: "phase", phase: "checking", detail: "running the acceptance commands" });
	const place = { cwd: plan.cwd, sandbox: plan.sandbox, ...(ports.signal && { signal: ports.signal }) };
	return { outcome, accept: await (ports.accept ?? realAccept)(plan.accept, place) };
}

/** What a fork's prompt is: the parent's, which it sends unchanged (nothing for Pi to render). */
function forkRendered(plan: Extract<ChildPlan, { kind: "fork" }>): RenderedPrompt {
	return {
		systemPrompt: inheritedSystemPrompt(plan),
		tools: plan.prompt.tools as unknown as RenderedPrompt["tools"],
		availableTools: [],
		missingTools: [],
	};
}

/** What a plan's boundary watches; an unchecked child is not watched. */
function watchedBy(plan: ChildPlan): Watched | undefined {
	if (plan.kind === "task") return plan.boundary;
	if (plan.kind === "fork") return { roots: plan.boundary.roots, writeAllowed: [], exclude: [] };
	return undefined;
}

const UNWATCHED: Boundary = { delta: [], failures: [], violations: [], unchecked: [], error: undefined };

/** The result by the kind of child; a task's envelope is parsed and its evidence verified here (the probe reads files). */
function resultOf(
	plan: ChildPlan,
	outcome: ChildOutcome,
	boundary: Boundary,
	rendered: RenderedPrompt,
	ports: Pick<ExecutionPorts, "probe" | "now">,
	at: RunTimes,
	accept?: AcceptRun[],
): ChildResult {
	if (plan.kind === "fork") return forkResult(plan, outcome, boundary, at);
	const promptMismatch = sentMismatch(rendered, outcome, plan.resumes !== undefined);
	if (plan.kind === "unchecked") return uncheckedResult(plan, outcome, promptMismatch, at);
	const envelope = parseEnvelope({
		submissions: outcome.submissions,
		finalText: outcome.finalText,
		rejected: outcome.rejectedSubmissions ?? [],
	});
	const claims = envelope.ok
		? verifyEvidence(envelope.envelope.evidence, {
				roots: plan.spec.resolved.roots,
				base: plan.submit.cwd,
				// pi-delegate's own record of what ran and how it ended, where the runner keeps one.
				commands: outcome.commands ?? outcome.commandsRun,
				probe: ports.probe,
				// A stated bound after the child has ended: a pointer can hold the run no longer than this.
				deadline: ports.now().getTime() + EVIDENCE_CHECK_MS,
			})
		: [];
	return taskResult(plan, outcome, { boundary, envelope, claims, promptMismatch, ...(accept && { accept }) }, at);
}

async function execute(plan: ChildPlan, entry: ExecutionPorts): Promise<ChildResult> {
	const startedAt = entry.now();
	const audit = entry.audit(plan.audit.runsDir, plan.id, startedAt);
	// From here the run answers on its control endpoint, until its result is written.
	const control = controlRun({ id: basename(audit.dir), kind: plan.kind, startedAt, auditDir: audit.dir }, entry);
	const ports = control
		? { ...entry, progress: control.progress, signal: control.signal, inbox: control.inbox }
		: entry;
	await control?.ready;
	ports.progress?.({ type: "audit", dir: audit.dir });
	const copies = plan.kind === "task" ? await openCopies(plan, ports) : undefined;
	try {
		const working = copies?.placed ?? plan;
		const using = copies?.failed ? { ...ports, runner: notStartedRunner(copies.failed) } : ports;
		const run = await runChild(working, using, audit, startedAt, copies?.workspace?.copies);
		const result = copies?.workspace
			? await settleCopies(run.result as TaskResult, copies.workspace, run.boundary, audit, ports, plan as TaskPlan)
			: run.result;
		// A resumed leg's result names the leg it continues, sealed with the rest of its record.
		const sealed = sealRecord(audit, run.outcome, plan.resumes ? { ...result, resumes: plan.resumes } : result);
		control?.ended(sealed);
		return sealed;
	} finally {
		control?.close();
		// A copy that cannot be removed is left in the temporary directory; the result stands.
		await copies?.workspace?.drop().catch(() => {});
	}
}

/** Renders, records, runs and judges one child: everything but where its changes end up. */
async function runChild(
	plan: ChildPlan,
	ports: ExecutionPorts,
	audit: AuditWriter,
	startedAt: Date,
	copies: readonly PlacedCopy[] | undefined,
) {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	const rendered = plan.kind === "fork" ? forkRendered(plan) : await ports.render(plan);
	recordStart(audit, plan, rendered);
	for (const warning of plan.warnings)
		progress({ type: "warning", message: `${formatPath(warning)}: ${warning.message}` });
	const child: GuardedChild = {
		prefixKey: plan.prefixKey,
		budget: plan.budget,
		launchJson: (record: LaunchRecord) => ({ ...plan, launch: record }),
	};
	const run = () => runWithAccept(plan, ports, () => runGuarded(child, launchOf(plan, rendered), ports, audit));
	const watched = watchedBy(plan);
	const { value, boundary } = watched
		? await watchRoots(watched, ports, audit, run)
		: { value: await run(), boundary: UNWATCHED };
	const { outcome, accept } = value;
	progress({ type: "phase", phase: "checking" });
	const at = { startedAt, finishedAt: ports.now(), auditDir: audit.dir };
	const probe = copies ? copyProbe(ports.probe, copies) : ports.probe;
	return { outcome, boundary, result: resultOf(plan, outcome, boundary, rendered, { ...ports, probe }, at, accept) };
}

/** Carries out one plan of any kind; its roots are held as the plan claims them while it runs. */
export async function executeChild(plan: ChildPlan, ports: ExecutionPorts): Promise<ChildResult> {
	if (ports.locks?.wouldWait(plan.claim))
		ports.progress?.({ type: "phase", phase: "waiting", detail: "for a child on overlapping roots" });
	const release = ports.locks ? await ports.locks.acquire(plan.claim) : () => {};
	try {
		return await execute(plan, ports);
	} finally {
		release();
	}
}
