/**
 * The verdict: PASS only when every check passed — the child completed, its envelope is valid, its
 * status is ok, every evidence pointer verified, no boundary violation occurred and no budget was
 * exceeded. Otherwise FAIL, with every problem listed (not just the first), in the order a reader
 * should fix them. Pure.
 */
import type { Change } from "../boundary/types.ts";
import type { EnvelopeParse } from "../envelope/parse.ts";
import { type EvidenceRule, emptyProofProblem } from "../envelope/proof.ts";
import type { ClaimCheck } from "../envelope/verify.ts";
import { formatUsd } from "../format/numbers.ts";
import type { Budget } from "../spec/schema.ts";
import type { ChildOutcome, SandboxMode } from "./types.ts";

export type Verdict = "PASS" | "FAIL";

/** One reason a run failed. `kind` lets a renderer group and colour them. */
export interface RunProblem {
	/** `setup`: the run could not have passed whatever the child did (its model could not be reached). */
	kind: "setup" | "budget" | "child" | "envelope" | "status" | "evidence" | "boundary";
	message: string;
}

export interface VerdictInput {
	outcome: ChildOutcome;
	envelope: EnvelopeParse;
	claims: readonly ClaimCheck[];
	violations: readonly Change[];
	budget: Budget;
	/** Set when the boundary could not be checked at all (e.g. a root vanished). */
	boundaryError?: string | undefined;
	/** Set when the child sent another prompt than the one decided and recorded for it. */
	promptMismatch?: string | undefined;
	/** The spec's evidence rule (envelope/proof.ts); undefined means the default, "required". */
	evidence?: EvidenceRule;
	/** The sandbox the child ran in (`outcome.sandbox`); under `enforce` a violation is pi-delegate's bug, and says so. */
	sandbox?: SandboxMode | undefined;
	/** The changes outside write_allowed alone, without the unreadable parts `violations` also lists. */
	sandboxViolations?: readonly Change[];
}

/** How many violations are listed one by one before the rest are counted. */
export const VIOLATIONS_LISTED = 20;

/**
 * The child's model never answered: the provider billed nothing, and there are model errors (a
 * refused connection, an unknown host, a rejected key). That is a setup problem, not a failed task —
 * the run says what went wrong instead of blaming the budget that ran out while Pi retried.
 */
export function modelUnreachable(outcome: ChildOutcome): string | undefined {
	const billed = outcome.usage.input + outcome.usage.output + outcome.usage.cacheRead + outcome.usage.cacheWrite;
	// Only a model call that came back as an error counts: a child process that died before asking
	// (exit 1, a crash) is the child's failure, reported as such.
	if (billed > 0 || outcome.toolCalls > 0 || outcome.errors.length === 0 || outcome.stopReason === undefined)
		return undefined;
	return outcome.errors[0];
}

export function setupProblems({ outcome }: Pick<VerdictInput, "outcome">): RunProblem[] {
	const error = modelUnreachable(outcome);
	return error === undefined ? [] : [{ kind: "setup", message: `the child's model could not be reached: ${error}` }];
}

export function budgetProblems({ outcome, budget }: Pick<VerdictInput, "outcome" | "budget">): RunProblem[] {
	const out: RunProblem[] = [];
	if (outcome.stoppedBy === "wall") {
		const unreachable = modelUnreachable(outcome) !== undefined;
		out.push({
			kind: "budget",
			message: unreachable
				? `stopped after ${budget.wall_s} s (the wall budget) while the model could not be reached`
				: `over wall budget: stopped after ${budget.wall_s} s`,
		});
	}
	if (outcome.stoppedBy === "usd" || outcome.usage.costUsd > budget.usd) {
		out.push({
			kind: "budget",
			message: `over usd budget: spent ${formatUsd(outcome.usage.costUsd)} of ${formatUsd(budget.usd)}`,
		});
	}
	if (outcome.stoppedBy === "cancelled")
		out.push({ kind: "child", message: "cancelled by the caller before the child finished" });
	if (outcome.stoppedBy === "turns") {
		out.push({ kind: "budget", message: `over turn budget: stopped after ${budget.turns} turns without finishing` });
	}
	return out;
}

export function childProblems({ outcome }: Pick<VerdictInput, "outcome">): RunProblem[] {
	if (outcome.completed || outcome.stoppedBy || modelUnreachable(outcome) !== undefined) return [];
	const why = outcome.errors.length > 0 ? outcome.errors.join("; ") : `stop reason "${outcome.stopReason ?? "none"}"`;
	return [{ kind: "child", message: `the child did not complete: ${why}` }];
}

function envelopeProblems({ outcome, envelope, claims }: VerdictInput): RunProblem[] {
	// A child that never reached its model could hand nothing in: saying so again adds only noise.
	if (modelUnreachable(outcome) !== undefined) return [];
	if (!envelope.ok) return [{ kind: "envelope", message: `no valid result envelope: ${envelope.reason}` }];
	const out: RunProblem[] = [];
	if (envelope.envelope.status !== "ok") {
		out.push({ kind: "status", message: `the child reported status "${envelope.envelope.status}"` });
	}
	for (const claim of claims) {
		if (!claim.verified) {
			out.push({
				kind: "evidence",
				message: `evidence[${claim.index}] "${claim.pointer}" not verified: ${claim.reason}`,
			});
		}
	}
	return out;
}

/** An ok that cites nothing fails, unless the spec relaxed the rule (envelope/proof.ts). */
function proofProblems({ envelope, evidence }: VerdictInput): RunProblem[] {
	const problem = envelope.ok ? emptyProofProblem(envelope.envelope, evidence) : undefined;
	if (!problem) return [];
	return [
		{ kind: "evidence", message: `evidence ${problem.message} (a task that needs none sets evidence: "optional")` },
	];
}

export function boundaryProblems({
	violations,
	boundaryError,
}: Pick<VerdictInput, "violations" | "boundaryError">): RunProblem[] {
	const out: RunProblem[] = [];
	if (boundaryError) out.push({ kind: "boundary", message: `boundary not checked: ${boundaryError}` });
	for (const change of violations.slice(0, VIOLATIONS_LISTED)) {
		// A watched part that could not be read: its detail already says which and why.
		const message =
			change.kind === "unreadable"
				? `boundary not checked: ${change.detail}; exclude it in the spec to accept that it is not checked`
				: `boundary violation: ${change.kind} ${change.path} in ${change.root}, which is watched, not writable (${change.detail})`;
		out.push({ kind: "boundary", message });
	}
	if (violations.length > VIOLATIONS_LISTED) {
		out.push({ kind: "boundary", message: `…and ${violations.length - VIOLATIONS_LISTED} more boundary violations` });
	}
	return out;
}

/**
 * The sandbox should have made every violation impossible. One that got through anyway is not the
 * child's doing alone: the report must say that the sandbox failed, so it is fixed, not shrugged off.
 */
export function sandboxBreach({
	violations: all,
	sandboxViolations,
	sandbox,
}: Pick<VerdictInput, "violations" | "sandbox" | "sandboxViolations">): RunProblem[] {
	const violations = sandboxViolations ?? all.filter((c) => c.kind !== "unreadable");
	if (sandbox !== "enforce" || violations.length === 0) return [];
	const n = violations.length;
	return [
		{
			kind: "boundary",
			message:
				`the sandbox was enforced, yet ${n} change${n === 1 ? "" : "s"} outside write_allowed got through: ` +
				"this is a bug in pi-delegate's sandbox; please report it with this run's audit record",
		},
	];
}

export function judgeRun(input: VerdictInput): { verdict: Verdict; problems: RunProblem[] } {
	const problems: RunProblem[] = [
		...(input.promptMismatch ? [{ kind: "child" as const, message: input.promptMismatch }] : []),
		...setupProblems(input),
		...budgetProblems(input),
		...childProblems(input),
		...sandboxBreach(input),
		...boundaryProblems(input),
		...envelopeProblems(input),
		...proofProblems(input),
	];
	return { verdict: problems.length === 0 ? "PASS" : "FAIL", problems };
}
