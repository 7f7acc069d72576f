/**
 * `executePlain`: carries out a plain child's plan — rendered by Pi, run by the same runner port
 * under the same budgets through the same `runGuarded` a task uses, recorded in an audit directory of
 * its own — and skips what only a task has: no snapshots, no boundary, no envelope. Its result says
 * so (`kind: "plain"`, `checked: false`), so no reader can take its text for a checked verdict.
 *
 * Whether it finished is judged by the task's own verdict rules with the envelope left out: the
 * prompt it sent must be the one decided, a budget that stopped it or an error that ended it counts.
 */
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import type { EnvelopeParse } from "../envelope/parse.ts";
import { renderChildView } from "../host/render.ts";
import type { PlainPlan } from "../plan/types.ts";
import { formatPath } from "../problems.ts";
import { AuditRecord } from "./audit.ts";
import { type ExecutePorts, launchOf, recordStart, sentMismatch } from "./execute.ts";
import { runGuarded } from "./guarded.ts";
import { runnerFor } from "./ports.ts";
import { sealRecord } from "./record-seal.ts";
import type { RunMetrics } from "./result.ts";
import type { ChildOutcome, LaunchRecord, TaskProgress } from "./types.ts";
import { judgeRun, type RunProblem } from "./verdict.ts";

export const PLAIN_RESULT_VERSION = 1;

/** What a plain child came to: its text, whether it ran to its own end, and what it cost. */
export interface PlainResult {
	version: typeof PLAIN_RESULT_VERSION;
	kind: "plain";
	/** Always false: nothing the child said was checked. */
	checked: false;
	id: string;
	/** `done` when the child ran to its own end within its budgets; `failed` otherwise, with the problems. */
	status: "done" | "failed";
	problems: RunProblem[];
	warnings: string[];
	/** The child's last message (or the deliverable of a `submit_result` it called anyway, when it wrote none). */
	text: string;
	metrics: RunMetrics;
	auditDir: string;
	startedAt: string;
	finishedAt: string;
	parentSession?: { id: string; file?: string };
}

/** The ports a plain child needs: a task's, less the boundary and evidence ones. */
export type PlainPorts = Pick<ExecutePorts, "now" | "audit" | "runner" | "progress" | "prefixGate" | "signal"> & {
	render: (plan: PlainPlan) => ReturnType<ExecutePorts["render"]>;
};

/** The real ports of a plain child, as `executionPorts` gives a task's; the caller adds its own. */
export function plainPorts(
	plan: PlainPlan,
	runtime: ModelRuntime | undefined,
	extra: Partial<PlainPorts> = {},
): PlainPorts {
	return {
		now: () => new Date(),
		audit: (runsDir, id, at) => AuditRecord.create(runsDir, id, at),
		render: (p) => renderChildView(p.child, { cwd: p.cwd, agentDir: p.agentDir }),
		...extra,
		runner: extra.runner ?? runnerFor(plan, runtime),
	};
}

/** No envelope was asked for; the verdict rules run with this stand-in and its problem is dropped. */
const NOT_ASKED: EnvelopeParse = { ok: false, reason: "a plain child hands back no envelope", problems: [] };

function textOf(outcome: ChildOutcome): string {
	if (outcome.finalText.trim() !== "") return outcome.finalText;
	const last = outcome.submissions.at(-1);
	const deliverable = (last as { deliverable?: unknown } | undefined)?.deliverable;
	return typeof deliverable === "string" ? deliverable : "";
}

export async function executePlain(plan: PlainPlan, ports: PlainPorts): Promise<PlainResult> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	const startedAt = ports.now();
	const audit = ports.audit(plan.audit.runsDir, plan.id, startedAt);
	progress({ type: "audit", dir: audit.dir });
	const rendered = await ports.render(plan);
	recordStart(audit, plan, rendered);
	for (const warning of plan.warnings)
		progress({ type: "warning", message: `${formatPath(warning)}: ${warning.message}` });

	const child = {
		prefixKey: plan.prefixKey,
		budget: plan.budget,
		launchJson: (launch: LaunchRecord) => ({ ...plan, launch }),
	};
	const outcome = await runGuarded(child, launchOf(plan, rendered), ports, audit);
	const judged = judgeRun({
		outcome,
		envelope: NOT_ASKED,
		claims: [],
		violations: [],
		budget: plan.budget,
		promptMismatch: sentMismatch(rendered, outcome),
	});
	const problems = judged.problems.filter((p) => p.code !== "envelope");
	const finishedAt = ports.now();
	const result: PlainResult = {
		version: PLAIN_RESULT_VERSION,
		kind: "plain",
		checked: false,
		id: plan.id,
		status: problems.length === 0 ? "done" : "failed",
		problems,
		warnings: plan.warnings.map((w) => `${formatPath(w)}: ${w.message}`),
		text: textOf(outcome),
		metrics: {
			usage: outcome.usage,
			elapsedS: (finishedAt.getTime() - startedAt.getTime()) / 1000,
			toolCalls: outcome.toolCalls,
			turns: outcome.turns,
			model: `${plan.model.provider}/${plan.model.id}`,
			effort: plan.effort,
			runner: plan.runner.value,
		},
		auditDir: audit.dir,
		startedAt: startedAt.toISOString(),
		finishedAt: finishedAt.toISOString(),
		...(plan.parentSession && { parentSession: plan.parentSession }),
	};
	return sealRecord(audit, outcome, result, (r, more) => ({
		...r,
		status: "failed",
		problems: [...r.problems, ...more],
	}));
}
