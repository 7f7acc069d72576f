/**
 * What a run comes to, by the kind of its child, once everything about it is known: the plan, what
 * the runner says the child did, what the roots' snapshots show, and (for a task) the envelope with
 * its evidence checked. Pure: the same inputs always make the same result, and a reader of the audit
 * record could make it again.
 */
import { judgeChanges } from "../../boundary/judge.ts";
import type { EnvelopeParse } from "../../envelope/parse.ts";
import type { ClaimCheck } from "../../envelope/verify.ts";
import { firstDifference, positionText } from "../../meter/prefix.ts";
import type { ForkPlan, TaskPlan, UncheckedPlan } from "../../plan/types.ts";
import { formatPath } from "../../problems.ts";
import type { Boundary, ChildOutcome } from "../types.ts";
import type { AcceptRun } from "./accept.ts";
import { runIsolation } from "./isolation.ts";
import {
	type ForkResult,
	metricsOf,
	type PrefixCheck,
	RESULT_VERSION,
	type RunTimes,
	sentOf,
	type TaskResult,
	type UncheckedResult,
} from "./result.ts";
import { boundaryProblems, budgetProblems, childProblems, judgeRun, type RunProblem } from "./verdict.ts";

const warningsOf = (plan: { warnings: ReadonlyArray<Parameters<typeof formatPath>[0] & { message: string }> }) =>
	plan.warnings.map((w) => `${formatPath(w)}: ${w.message}`);

/** What a task's judging is given besides the plan and the outcome. */
export interface TaskEvidence {
	boundary: Boundary;
	envelope: EnvelopeParse;
	claims: ClaimCheck[];
	/** The child sent another prompt than the one decided for it (execute.ts `sentMismatch`). */
	promptMismatch: string | undefined;
	/** The acceptance commands run after the child, when the plan has some. */
	accept?: readonly AcceptRun[];
}

/** A task's result: the boundary, the envelope and its evidence, the verdict — reached once. */
export function taskResult(plan: TaskPlan, outcome: ChildOutcome, seen: TaskEvidence, at: RunTimes): TaskResult {
	const { boundary, envelope, claims } = seen;
	const judged = judgeRun({
		outcome,
		envelope,
		claims,
		violations: boundary.failures,
		budget: plan.budget,
		boundaryError: boundary.error,
		promptMismatch: seen.promptMismatch,
		evidence: plan.spec.evidence,
		sandbox: outcome.sandbox,
		// An unreadable part is not a breach of the sandbox: only a change it should have stopped is.
		sandboxViolations: boundary.violations,
		...(plan.accept && { accept: { runs: seen.accept ?? [], budgetS: plan.accept.budget_s } }),
	});
	return {
		version: RESULT_VERSION,
		kind: "task",
		id: plan.id,
		verdict: judged.verdict,
		problems: judged.problems,
		warnings: warningsOf(plan),
		envelope: envelope.ok ? envelope.envelope : undefined,
		claims,
		delta: boundary.delta,
		...(boundary.unchecked.length > 0 && { unchecked: boundary.unchecked }),
		violations: boundary.failures,
		roots: plan.boundary.roots.map((root) => ({ root, writable: plan.boundary.writeAllowed.includes(root) })),
		metrics: { ...metricsOf(plan, outcome, at), effort: plan.spec.effort },
		...sentOf(outcome),
		auditDir: at.auditDir,
		startedAt: at.startedAt.toISOString(),
		finishedAt: at.finishedAt.toISOString(),
		...(plan.parentSession && { parentSession: plan.parentSession }),
		...(envelope.ok ? {} : { finalText: outcome.finalText }),
		evidence: plan.spec.evidence,
		isolation: runIsolation(plan.sandbox, outcome),
		...(plan.accept && { accept: [...(seen.accept ?? [])] }),
		...(outcome.children && outcome.children.length > 0 && { children: [...outcome.children] }),
		...(plan.parentRun !== undefined && { parentRun: plan.parentRun }),
	};
}

/** The parent's last request against the fork's first, position by position. */
export function prefixCheck(plan: ForkPlan, outcome: ChildOutcome): PrefixCheck {
	if (outcome.sent) {
		return {
			check: "differs",
			detail: "the fork's Pi re-declared its system prompt or tools, so its requests do not share the parent's prefix",
		};
	}
	const first = outcome.observed?.firstRequest;
	if (!plan.parentRequest || !first) {
		return { check: "not observed", detail: "the parent's last request was not metered, so nothing to compare" };
	}
	const differs = firstDifference(plan.parentRequest, first);
	if (differs) {
		return {
			check: "differs",
			detail: `the first request differs from the parent's last one at its ${positionText(differs)}`,
		};
	}
	const count = plan.parentRequest.messages?.length ?? 0;
	return {
		check: "same",
		detail: `the first request repeats the parent's last one (${count} messages), then the brief`,
	};
}

/** A fork's result: it ran to its own end within its budget and changed nothing it watched; its prose is unchecked. */
export function forkResult(plan: ForkPlan, outcome: ChildOutcome, boundary: Boundary, at: RunTimes): ForkResult {
	const { violations } = judgeChanges(boundary.delta, plan.boundary.writeAllowed);
	const problems: RunProblem[] = [
		...budgetProblems({ outcome, budget: plan.budget }),
		...childProblems({ outcome }),
		...boundaryProblems({ violations, boundaryError: boundary.error }),
	];
	const prefix = prefixCheck(plan, outcome);
	return {
		version: RESULT_VERSION,
		kind: "fork",
		id: plan.id,
		index: plan.index,
		of: plan.of,
		brief: plan.brief,
		verdict: problems.length === 0 ? "PASS" : "FAIL",
		problems,
		warnings: [...warningsOf(plan), ...(prefix.check === "differs" ? [`cache: ${prefix.detail}`] : [])],
		text: outcome.finalText,
		refused: [...(outcome.observed?.refused ?? [])],
		prefix,
		delta: boundary.delta,
		violations,
		roots: plan.boundary.roots.map((root) => ({ root, writable: false })),
		metrics: metricsOf(plan, outcome, at),
		...sentOf(outcome),
		auditDir: at.auditDir,
		...(outcome.sessionFile !== undefined && { sessionFile: outcome.sessionFile }),
		startedAt: at.startedAt.toISOString(),
		finishedAt: at.finishedAt.toISOString(),
		parentSession: plan.parentSession,
	};
}

/** No envelope was asked for; the verdict rules run with this stand-in and its problem is dropped. */
const NOT_ASKED: EnvelopeParse = { ok: false, reason: "an unchecked child hands back no envelope", problems: [] };

/** An unchecked child's text: its last message, else the deliverable of a `submit_result` it called anyway. */
function textOf(outcome: ChildOutcome): string {
	if (outcome.finalText.trim() !== "") return outcome.finalText;
	const last = outcome.submissions.at(-1);
	const deliverable = (last as { deliverable?: unknown } | undefined)?.deliverable;
	return typeof deliverable === "string" ? deliverable : "";
}

/**
 * An unchecked child's result: whether it finished, judged by the task's own verdict rules with the
 * envelope left out — the prompt it sent must be the one decided, a budget that stopped it or an
 * error that ended it counts.
 */
export function uncheckedResult(
	plan: UncheckedPlan,
	outcome: ChildOutcome,
	promptMismatch: string | undefined,
	at: RunTimes,
): UncheckedResult {
	const judged = judgeRun({
		outcome,
		envelope: NOT_ASKED,
		claims: [],
		violations: [],
		budget: plan.budget,
		promptMismatch,
	});
	const problems = judged.problems.filter((p) => p.code !== "envelope");
	return {
		version: RESULT_VERSION,
		kind: "unchecked",
		checked: false,
		id: plan.id,
		status: problems.length === 0 ? "done" : "failed",
		problems,
		warnings: warningsOf(plan),
		text: textOf(outcome),
		metrics: metricsOf(plan, outcome, at),
		...sentOf(outcome),
		auditDir: at.auditDir,
		startedAt: at.startedAt.toISOString(),
		finishedAt: at.finishedAt.toISOString(),
		...(plan.parentSession && { parentSession: plan.parentSession }),
	};
}
