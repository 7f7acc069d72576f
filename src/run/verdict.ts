/**
 * The verdict: PASS only when every check passed — the child completed, its envelope is valid, its
 * status is ok, every evidence pointer verified, no boundary violation occurred and no budget was
 * exceeded. Otherwise FAIL, with every problem listed (not just the first), in the order a reader
 * should fix them. Pure.
 */
import type { Change } from "../boundary/types.ts";
import type { EnvelopeParse } from "../envelope/parse.ts";
import type { ClaimCheck } from "../envelope/verify.ts";
import type { Budget } from "../spec/schema.ts";
import type { ChildOutcome } from "./types.ts";

export type Verdict = "PASS" | "FAIL";

/** One reason a run failed. `kind` lets a renderer group and colour them. */
export interface RunProblem {
	kind: "budget" | "child" | "envelope" | "status" | "evidence" | "boundary";
	message: string;
}

export interface VerdictInput {
	outcome: ChildOutcome;
	envelope: EnvelopeParse;
	claims: readonly ClaimCheck[];
	violations: readonly Change[];
	budget: Budget;
	/** Set when the boundary could not be checked at all (e.g. a root vanished). */
	boundaryError?: string;
}

/** How many violations are listed one by one before the rest are counted. */
export const VIOLATIONS_LISTED = 20;

const money = (usd: number) => `$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)}`;

function budgetProblems({ outcome, budget }: VerdictInput): RunProblem[] {
	const out: RunProblem[] = [];
	if (outcome.stoppedBy === "wall")
		out.push({ kind: "budget", message: `over wall budget: stopped after ${budget.wall_s} s` });
	if (outcome.stoppedBy === "usd" || outcome.usage.costUsd > budget.usd) {
		out.push({
			kind: "budget",
			message: `over usd budget: spent ${money(outcome.usage.costUsd)} of ${money(budget.usd)}`,
		});
	}
	if (outcome.stoppedBy === "cancelled")
		out.push({ kind: "child", message: "cancelled by the caller before the child finished" });
	if (outcome.stoppedBy === "turns") {
		out.push({ kind: "budget", message: `over turn budget: stopped after ${budget.turns} turns without finishing` });
	}
	return out;
}

function childProblems({ outcome }: VerdictInput): RunProblem[] {
	if (outcome.completed || outcome.stoppedBy) return [];
	const why = outcome.errors.length > 0 ? outcome.errors.join("; ") : `stop reason "${outcome.stopReason ?? "none"}"`;
	return [{ kind: "child", message: `the child did not complete: ${why}` }];
}

function envelopeProblems({ envelope, claims }: VerdictInput): RunProblem[] {
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

function boundaryProblems({ violations, boundaryError }: VerdictInput): RunProblem[] {
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

export function judgeRun(input: VerdictInput): { verdict: Verdict; problems: RunProblem[] } {
	const problems = [
		...budgetProblems(input),
		...childProblems(input),
		...boundaryProblems(input),
		...envelopeProblems(input),
	];
	return { verdict: problems.length === 0 ? "PASS" : "FAIL", problems };
}
