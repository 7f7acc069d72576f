/**
 * The result of one child, of any kind: what its result.json holds and what every report is rendered
 * from. A task's verdict is checked (boundary, envelope, evidence); a fork's says only that it ran to
 * its own end within its budget and left the watched working directory as it found it; an unchecked
 * child's says whether it ran to its end, and nothing it said was checked. Every result carries the
 * same metrics, made by one function.
 */
import type { Change, UncheckedPart } from "../../boundary/types.ts";
import type { EvidenceRule } from "../../envelope/proof.ts";
import type { Envelope } from "../../envelope/schema.ts";
import type { ClaimCheck } from "../../envelope/verify.ts";
import type { ResumeLink } from "../../plan/resume-types.ts";
import type { ChildPlan } from "../../plan/types.ts";
import type { Effort } from "../../request/choices.ts";
import type { ChildOutcome, ChildUsage, RunnerKind, SentMessage } from "../types.ts";
import type { AcceptRun } from "./accept.ts";
import type { ApplyRecord } from "./apply.ts";
import type { RunIsolation } from "./isolation.ts";
import type { RunProblem, Verdict } from "./verdict.ts";

export const RESULT_VERSION = 1;

export interface RunMetrics {
	usage: ChildUsage;
	elapsedS: number;
	toolCalls: number;
	turns: number;
	model: string;
	/** Absent for a fork: it thinks as the parent does. */
	effort?: Effort;
	runner: RunnerKind;
}

/** When a run started and ended, and where it is recorded. */
export interface RunTimes {
	startedAt: Date;
	finishedAt: Date;
	auditDir: string;
}

/** The metrics of any child: what it used, how long it took, on what it ran. */
export function metricsOf(plan: ChildPlan, outcome: ChildOutcome, at: RunTimes): RunMetrics {
	const effort = plan.kind === "task" ? plan.spec.effort : plan.kind === "unchecked" ? plan.effort : undefined;
	return {
		usage: outcome.usage,
		elapsedS: (at.finishedAt.getTime() - at.startedAt.getTime()) / 1000,
		toolCalls: outcome.toolCalls,
		turns: outcome.turns,
		model: `${plan.model.provider}/${plan.model.id}`,
		...(effort !== undefined && { effort }),
		runner: plan.runner.value,
	};
}

/** What every result has, whatever the kind. */
interface ResultBase {
	version: typeof RESULT_VERSION;
	id: string;
	problems: RunProblem[];
	/** What the caller should know but did not fail the run. */
	warnings: string[];
	metrics: RunMetrics;
	auditDir: string;
	startedAt: string;
	finishedAt: string;
	/** The session that delegated the child, so spend can be asked per session. */
	parentSession?: { id: string; file?: string };
	/** The messages sent to the child while it ran, in order, as they were handed to it; absent when none was. */
	messages?: SentMessage[];
	/** The leg this run continues, when it resumed a finished one (its record gains a `resumed_by` line). */
	resumes?: ResumeLink;
}

/** The `messages` of a result: what steered the child, when anything did. */
export const sentOf = (outcome: ChildOutcome): { messages?: SentMessage[] } =>
	outcome.messages && outcome.messages.length > 0 ? { messages: [...outcome.messages] } : {};

export interface TaskResult extends ResultBase {
	/** What kind of child produced it; readers treat a missing kind as a task. */
	kind: "task";
	verdict: Verdict;
	/** The envelope, when one was found and valid. */
	envelope: Envelope | undefined;
	/** Each evidence claim with its verification. */
	claims: ClaimCheck[];
	/** Every change in every watched root. */
	delta: Change[];
	/** Parts of the roots that were not checked: unreadable, or excluded by the spec. */
	unchecked?: UncheckedPart[];
	/** The changes outside write_allowed. */
	violations: Change[];
	/** Roots as watched, each marked writable or not, for the report. */
	roots: Array<{ root: string; writable: boolean }>;
	metrics: RunMetrics & { effort: Effort };
	/** The child's final message, kept when no valid envelope was found so nothing it said is lost. */
	finalText?: string;
	/** The spec's evidence rule, so a report can say when it was relaxed; absent means required. */
	evidence?: EvidenceRule;
	/** How the child was contained and sandboxed, and what the sandbox prevented (runIsolation). */
	isolation?: RunIsolation;
	/** The acceptance commands pi-delegate ran after the child, each as it ended; absent when the task has none. */
	accept?: AcceptRun[];
	/** Where a change made on private copies went (apply on-pass); absent under direct. */
	apply?: ApplyRecord;
	/** The audit directories of the children its `task` calls started (run/nest.ts); absent when none. */
	children?: string[];
	/** The audit directory of the child whose `task` call started this one; absent for a top-level task. */
	parentRun?: string;
}

/** Whether the fork's first request repeated the parent's last one, as far as the hashes show. */
export interface PrefixCheck {
	check: "same" | "differs" | "not observed";
	detail: string;
}

export interface ForkResult extends ResultBase {
	kind: "fork";
	/** 1-based position among the briefs of the call, and how many there were. */
	index: number;
	of: number;
	brief: string;
	verdict: Verdict;
	/** The fork's answer: prose, whose claims nobody has checked. */
	text: string;
	/** Tool calls the fork made that its authority refused. */
	refused: Array<{ tool: string; reason: string }>;
	prefix: PrefixCheck;
	/** Every change in the watched working directory while the fork ran. */
	delta: Change[];
	/** All of them: a fork may change nothing. */
	violations: Change[];
	roots: Array<{ root: string; writable: boolean }>;
	/** The fork's session (the parent's branch, then the fork's own turns), openable with `pi --session`. */
	sessionFile?: string;
	parentSession: { id: string; file?: string };
}

/** What an unchecked child came to: its text, whether it ran to its own end, and what it cost. */
export interface UncheckedResult extends ResultBase {
	kind: "unchecked";
	/** Always false: nothing the child said was checked. */
	checked: false;
	/** `done` when the child ran to its own end within its budgets; `failed` otherwise, with the problems. */
	status: "done" | "failed";
	/** The child's last message (or the deliverable of a `submit_result` it called anyway, when it wrote none). */
	text: string;
}

/** The result of any child: what `executeChild` returns and result.json records. */
export type ChildResult = TaskResult | ForkResult | UncheckedResult;

/** Whether a result passed: a task's or a fork's verdict, an unchecked child's run to its end. */
export function passed(result: ChildResult): boolean {
	return result.kind === "unchecked" ? result.status === "done" : result.verdict === "PASS";
}
