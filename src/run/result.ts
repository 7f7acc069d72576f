/** The result of one task run: what result.json holds and what every report is rendered from. */
import type { Change, UncheckedPart } from "../boundary/types.ts";
import type { EvidenceRule } from "../envelope/proof.ts";
import type { Envelope } from "../envelope/schema.ts";
import type { ClaimCheck } from "../envelope/verify.ts";
import type { Effort } from "../request/choices.ts";
import type { RunIsolation } from "./sandbox/report.ts";
import type { ChildUsage, RunnerKind } from "./types.ts";
import type { RunProblem, Verdict } from "./verdict.ts";

export const RESULT_VERSION = 1;

export interface RunMetrics {
	usage: ChildUsage;
	elapsedS: number;
	toolCalls: number;
	turns: number;
	model: string;
	effort: Effort;
	runner: RunnerKind;
}

export interface TaskResult {
	version: typeof RESULT_VERSION;
	/** What kind of child produced it; readers treat a missing kind as a task. */
	kind: "task";
	id: string;
	verdict: Verdict;
	problems: RunProblem[];
	/** What the caller should know but did not fail the run: an unknown mode that fell back, a skill that was not found, an agent tool the task's authority left out. */
	warnings: string[];
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
	metrics: RunMetrics;
	auditDir: string;
	startedAt: string;
	finishedAt: string;
	/** The session that delegated the task, so spend can be asked per session. */
	parentSession?: { id: string; file?: string };
	/** The child's final message, kept when no valid envelope was found so nothing it said is lost. */
	finalText?: string;
	/** The spec's evidence rule, so a report can say when it was relaxed; absent means required. */
	evidence?: EvidenceRule;
	/** How the child was contained and sandboxed, and what the sandbox prevented (runIsolation). */
	isolation?: RunIsolation;
}
