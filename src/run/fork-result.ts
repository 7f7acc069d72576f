/**
 * The result of one fork: what its result.json holds and what the tool's report is rendered from.
 * A fork hands in prose, not an envelope, so nothing it claims is checked; its verdict says only
 * that it ran to its own end within its budget and left the watched working directory as it found
 * it. Judging is pure: the boundary's delta, the child's outcome and what its hooks saw go in.
 */
import { judgeChanges } from "../boundary/judge.ts";
import type { Change } from "../boundary/types.ts";
import { firstDifference, positionText } from "../meter/prefix.ts";
import type { ForkChild, ForkPlan } from "../plan/fork-types.ts";
import { formatPath } from "../problems.ts";
import type { ForkChildState } from "./fork-child.ts";
import type { Boundary } from "./guarded.ts";
import type { RunMetrics } from "./result.ts";
import type { ChildOutcome } from "./types.ts";
import { boundaryProblems, budgetProblems, childProblems, type RunProblem, type Verdict } from "./verdict.ts";

export const FORK_RESULT_VERSION = 1;

/** Whether the fork's first request repeated the parent's last one, as far as the hashes show. */
export interface PrefixCheck {
	check: "same" | "differs" | "not observed";
	detail: string;
}

export interface ForkResult {
	version: typeof FORK_RESULT_VERSION;
	kind: "fork";
	id: string;
	/** 1-based position among the briefs of the call, and how many there were. */
	index: number;
	of: number;
	brief: string;
	verdict: Verdict;
	problems: RunProblem[];
	warnings: string[];
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
	metrics: Omit<RunMetrics, "effort">;
	auditDir: string;
	/** The fork's session (the parent's branch, then the fork's own turns), openable with `pi --session`. */
	sessionFile?: string;
	startedAt: string;
	finishedAt: string;
	parentSession: { id: string; file?: string };
}

/** The parent's last request against the fork's first, position by position. */
export function prefixCheck(plan: ForkPlan, state: ForkChildState, outcome: ChildOutcome): PrefixCheck {
	if (outcome.sent) {
		return {
			check: "differs",
			detail: "the fork's Pi re-declared its system prompt or tools, so its requests do not share the parent's prefix",
		};
	}
	if (!plan.parentRequest || !state.firstRequest) {
		return { check: "not observed", detail: "the parent's last request was not metered, so nothing to compare" };
	}
	const differs = firstDifference(plan.parentRequest, state.firstRequest);
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

export interface ForkRun {
	plan: ForkPlan;
	child: ForkChild;
	outcome: ChildOutcome;
	boundary: Boundary;
	state: ForkChildState;
	at: { startedAt: Date; finishedAt: Date; auditDir: string };
}

export function forkResultOf({ plan, child, outcome, boundary, state, at }: ForkRun): ForkResult {
	const { violations } = judgeChanges(boundary.delta, plan.boundary.writeAllowed);
	const problems: RunProblem[] = [
		...budgetProblems({ outcome, budget: plan.budget }),
		...childProblems({ outcome }),
		...boundaryProblems({ violations, boundaryError: boundary.error }),
	];
	const prefix = prefixCheck(plan, state, outcome);
	const warnings = [
		...plan.warnings.map((w) => `${formatPath(w)}: ${w.message}`),
		...(prefix.check === "differs" ? [`cache: ${prefix.detail}`] : []),
	];
	return {
		version: FORK_RESULT_VERSION,
		kind: "fork",
		id: child.id,
		index: child.index,
		of: plan.children.length,
		brief: child.brief,
		verdict: problems.length === 0 ? "PASS" : "FAIL",
		problems,
		warnings,
		text: outcome.finalText,
		refused: [...state.refused],
		prefix,
		delta: boundary.delta,
		violations,
		roots: plan.boundary.roots.map((root) => ({ root, writable: false })),
		metrics: {
			usage: outcome.usage,
			elapsedS: (at.finishedAt.getTime() - at.startedAt.getTime()) / 1000,
			toolCalls: outcome.toolCalls,
			turns: outcome.turns,
			model: `${plan.model.provider}/${plan.model.id}`,
			runner: "in-process",
		},
		auditDir: at.auditDir,
		...(outcome.sessionFile !== undefined && { sessionFile: outcome.sessionFile }),
		startedAt: at.startedAt.toISOString(),
		finishedAt: at.finishedAt.toISOString(),
		parentSession: plan.parentSession,
	};
}
