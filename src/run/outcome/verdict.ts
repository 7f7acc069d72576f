/**
 * The verdict: PASS only when every check passed — the child completed, its envelope is valid, its
 * status is ok, every evidence pointer verified, no boundary violation occurred and no budget was
 * exceeded. Otherwise FAIL, with every problem listed (not just the first), in the order a reader
 * should fix them. Pure.
 */
import type { Change } from "../../boundary/types.ts";
import type { EnvelopeParse } from "../../envelope/parse.ts";
import { type EvidenceRule, emptyProofProblem } from "../../envelope/proof.ts";
import type { ClaimCheck } from "../../envelope/verify.ts";
import { formatUsd, plural } from "../../format/numbers.ts";
import type { Problem, ProblemCode } from "../../problems.ts";
import type { Budget } from "../../request/limits.ts";
import type { ChildOutcome, SandboxMode } from "../types.ts";
import { type AcceptRun, acceptProblems } from "./accept.ts";

export type Verdict = "PASS" | "FAIL";

/** The codes a verdict's problems carry (PROBLEM_CODES says what each means). */
export type RunProblemCode = Extract<
	ProblemCode,
	| "setup"
	| "budget"
	| "child"
	| "envelope"
	| "status"
	| "evidence"
	| "accept"
	| "boundary"
	| "sandbox"
	| "record"
	| "apply"
>;

/** One reason a run failed: a Problem whose code says which check failed, so a renderer can group them. */
export type RunProblem = Problem & { code: RunProblemCode };

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
	/** The acceptance commands pi-delegate ran after the child, and the seconds they had together. */
	accept?: { runs: readonly AcceptRun[]; budgetS: number };
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

/** A run problem; `path` and `value` say what it is about, `fix` what to do next. */
function runProblem(
	code: RunProblemCode,
	path: RunProblem["path"],
	value: unknown,
	message: string,
	fix: string,
): RunProblem {
	return { path, code, value, message, fix };
}

const CHECK_MODEL =
	"check the model's provider (its address, network and credentials; `pi-delegate doctor` checks them), then run again";

export function setupProblems({ outcome }: Pick<VerdictInput, "outcome">): RunProblem[] {
	const error = modelUnreachable(outcome);
	if (error === undefined) return [];
	return [runProblem("setup", ["model"], error, `the child's model could not be reached: ${error}`, CHECK_MODEL)];
}

export function budgetProblems({ outcome, budget }: Pick<VerdictInput, "outcome" | "budget">): RunProblem[] {
	const out: RunProblem[] = [];
	const wall = ["budget", "wall_s"];
	if (outcome.stoppedBy === "wall") {
		out.push(
			modelUnreachable(outcome) !== undefined
				? runProblem(
						"budget",
						wall,
						budget.wall_s,
						`stopped after ${budget.wall_s} s (the wall budget) while the model could not be reached`,
						CHECK_MODEL,
					)
				: runProblem(
						"budget",
						wall,
						budget.wall_s,
						`over wall budget: stopped after ${budget.wall_s} s`,
						"raise budget.wall_s, or split the task into smaller ones",
					),
		);
	}
	if (outcome.stoppedBy === "usd" || outcome.usage.costUsd > budget.usd) {
		out.push(
			runProblem(
				"budget",
				["budget", "usd"],
				outcome.usage.costUsd,
				`over usd budget: spent ${formatUsd(outcome.usage.costUsd)} of ${formatUsd(budget.usd)}`,
				"raise budget.usd, or narrow the goal (a lower effort runs a cheaper model)",
			),
		);
	}
	if (outcome.stoppedBy === "cancelled") {
		const message = "cancelled by the caller before the child finished";
		out.push(runProblem("child", [], "cancelled", message, "run the task again and let it finish"));
	}
	if (outcome.stoppedBy === "turns") {
		const message = `over turn budget: stopped after ${budget.turns} turns without finishing`;
		const fix = "raise budget.turns, or split the task so each part needs fewer steps";
		out.push(runProblem("budget", ["budget", "turns"], budget.turns, message, fix));
	}
	return out;
}

export function childProblems({ outcome }: Pick<VerdictInput, "outcome">): RunProblem[] {
	if (outcome.completed || outcome.stoppedBy || modelUnreachable(outcome) !== undefined) return [];
	const why = outcome.errors.length > 0 ? outcome.errors.join("; ") : `stop reason "${outcome.stopReason ?? "none"}"`;
	const fix = "read events.ndjson in the audit record for what stopped the child, then run again";
	return [
		runProblem(
			"child",
			[],
			outcome.errors.length > 0 ? outcome.errors : outcome.stopReason,
			`the child did not complete: ${why}`,
			fix,
		),
	];
}

const UNVERIFIED_FIX =
	"check the claim yourself before using it: a pointer must name an existing line inside the roots, or a command the child ran, word for word";

function envelopeProblems({ outcome, envelope, claims }: VerdictInput): RunProblem[] {
	// A child that never reached its model could hand nothing in: saying so again adds only noise.
	if (modelUnreachable(outcome) !== undefined) return [];
	if (!envelope.ok) {
		const fix =
			"run again; the child must hand in its result with submit_result (or one fenced json envelope), and a model that keeps missing it may be too weak for the task";
		return [runProblem("envelope", [], envelope.reason, `no valid result envelope: ${envelope.reason}`, fix)];
	}
	const out: RunProblem[] = [];
	const { status } = envelope.envelope;
	if (status !== "ok") {
		const fix = "read the envelope's unsure and did_not_do for why, then narrow the goal or give the context it lacked";
		out.push(runProblem("status", ["status"], status, `the child reported status "${status}"`, fix));
	}
	for (const claim of claims) {
		if (claim.verified) continue;
		const message = `evidence[${claim.index}] "${claim.pointer}" not verified: ${claim.reason}`;
		out.push(runProblem("evidence", ["evidence", claim.index, "pointer"], claim.pointer, message, UNVERIFIED_FIX));
	}
	return out;
}

/** An ok that cites nothing fails, unless the spec relaxed the rule (envelope/proof.ts). */
function proofProblems({ envelope, evidence }: VerdictInput): RunProblem[] {
	const problem = envelope.ok ? emptyProofProblem(envelope.envelope, evidence) : undefined;
	if (!problem) return [];
	const message = `evidence ${problem.message} (a task that needs none sets evidence: "optional")`;
	const fix =
		'have the child cite what it checked (path:line, or cmd: <command>), or set evidence: "optional" in the spec';
	return [runProblem("evidence", ["evidence"], problem.value, message, fix)];
}

/**
 * One boundary finding. It is in the changed file itself, named by its full path (a terminal turns
 * that into a link); the value keeps the root and the path inside it apart, for a program.
 */
function violationProblem(change: Change): RunProblem {
	const source = change.path === "" ? change.root : `${change.root.replace(/\/+$/, "")}/${change.path}`;
	const value = { root: change.root, path: change.path, kind: change.kind, detail: change.detail };
	// A watched part that could not be read: its detail already says which and why.
	if (change.kind === "unreadable") {
		return {
			source,
			path: [],
			code: "boundary",
			value,
			message: `boundary not checked: ${change.detail}; exclude it in the spec to accept that it is not checked`,
			fix: "make it readable by this user, or list it in the spec's exclude to accept that it is not checked",
		};
	}
	return {
		source,
		path: [],
		code: "boundary",
		value,
		message: `boundary violation: ${change.kind} ${change.path} in ${change.root}, which is watched, not writable (${change.detail})`,
		fix: `name ${change.root} in write_allowed (with read_only false) if the child may change it; otherwise keep the child from writing there`,
	};
}

export function boundaryProblems({
	violations,
	boundaryError,
}: Pick<VerdictInput, "violations" | "boundaryError">): RunProblem[] {
	const out: RunProblem[] = [];
	if (boundaryError) {
		const fix = "keep every root in place and readable for the whole run, then run again";
		out.push(runProblem("boundary", [], boundaryError, `boundary not checked: ${boundaryError}`, fix));
	}
	out.push(...violations.slice(0, VIOLATIONS_LISTED).map(violationProblem));
	if (violations.length > VIOLATIONS_LISTED) {
		const more = violations.length - VIOLATIONS_LISTED;
		const fix = "result.json in the audit record lists every one; make writable only the roots the child may change";
		out.push(runProblem("boundary", [], more, `…and ${more} more boundary violations`, fix));
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
	const message =
		`the sandbox was enforced, yet ${plural(n, "change")} outside write_allowed got through: ` +
		"this is a bug in pi-delegate's sandbox; please report it with this run's audit record";
	const fix =
		"report it with the audit record, and until it is fixed treat the sandbox as not containing this kind of write";
	return [runProblem("sandbox", ["sandbox"], n, message, fix)];
}

/** The child ran with another prompt than the one planned and recorded: the record cannot vouch for the run. */
function mismatchProblems({ promptMismatch }: Pick<VerdictInput, "promptMismatch">): RunProblem[] {
	if (!promptMismatch) return [];
	const fix =
		"report it with this run's audit record (launch.json holds the planned prompt); the run's result cannot be trusted";
	return [runProblem("child", ["prompt"], undefined, promptMismatch, fix)];
}

export function judgeRun(input: VerdictInput): { verdict: Verdict; problems: RunProblem[] } {
	// A child the caller stopped never had the chance to hand in or prove anything: saying its envelope
	// is missing would blame it for the stop. It is still no PASS, and what it changed is still judged.
	const stopped = input.outcome.stoppedBy === "cancelled";
	const problems: RunProblem[] = [
		...mismatchProblems(input),
		...setupProblems(input),
		...budgetProblems(input),
		...childProblems(input),
		...sandboxBreach(input),
		...boundaryProblems(input),
		...(stopped ? [] : envelopeProblems(input)),
		...(stopped ? [] : proofProblems(input)),
		...(stopped ? [] : acceptProblems(input.accept?.runs, input.accept?.budgetS ?? 0)),
	];
	return { verdict: problems.length === 0 ? "PASS" : "FAIL", problems };
}
