/**
 * A call, from any entry point — the `task` and `fork` tools, `pi-delegate run` and `preview`, a
 * workflow's `agent()`: its children loaded (a task's spec checked), what they are planned from
 * loaded once, each planned by the one planner (`planChild`); then each plan carried out by the one
 * execution (`executeChild`) with the one set of real ports. An entry point supplies only what is
 * its own (its requests, its sources, its progress sink and cancel signal) and renders the results.
 */
import type { Host } from "../host/runtime.ts";
import { planChild } from "../plan/plan.ts";
import type { ChildRequest } from "../plan/request-types.ts";
import { refuseByRunsDir } from "../plan/runs-dir.ts";
import type { ChildPlan, CommonInputs, LoadedRequest } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { SpecResult } from "../spec/validate.ts";
import { type ExecutionPorts, executeChild } from "./execute.ts";
import { type InputSources, loadInputs } from "./inputs.ts";
import { loadChild } from "./load-child.ts";
import { nestPort } from "./nest.ts";
import type { ChildResult } from "./outcome/result.ts";
import { type RunnerContext, realPorts } from "./ports.ts";
import { resumedSessions, runsDirOfSources } from "./resume.ts";

/** One child that cannot run, and why: its spec is invalid (in the spec's words), or it could not be planned. */
export interface ChildRefusal {
	request: ChildRequest;
	what: string;
	problems: Problem[];
	/** Whether the problems are the spec's own (an entry puts them in its words). */
	inSpec: boolean;
	/** The spec's check, when the spec was invalid (its warnings too). */
	spec?: SpecResult;
	/** The plan, when the child could be decided but may not start (a model without credentials). */
	plan?: ChildPlan;
}

export type PlannedCall =
	| {
			ok: true;
			plans: ChildPlan[];
			/** The spec's warnings of each child, index for index. */
			warnings: Problem[][];
			/** The inputs every child was planned from (a workflow plans more children from them as it goes). */
			inputs: CommonInputs;
			host: Host;
			context: RunnerContext;
	  }
	| { ok: false; what: string; problems: Problem[]; refused: ChildRefusal[] };

/** A child's layer with the run-level extensions as loadInputs made them real. */
function withExtensions(request: LoadedRequest, extensions: string[]): LoadedRequest {
	return request.kind === "fork" ? request : { ...request, layer: { ...request.layer, extensions } };
}

const hasTail = (request: LoadedRequest) => request.kind === "task" && request.spec.context.tail !== undefined;

/**
 * Loads and plans every child of a call; on any refusal nothing runs, nothing is left open, and every
 * problem of every child comes back. On success the caller owns the host until it is disposed.
 */
export async function planCall(sources: InputSources, requests: readonly ChildRequest[]): Promise<PlannedCall> {
	const refused: ChildRefusal[] = [];
	const loaded: Array<{ request: LoadedRequest; warnings: Problem[] }> = [];
	const runsDir = requests.some((r) => r.kind !== "unchecked" && r.resume) ? runsDirOfSources(sources) : undefined;
	for (const request of requests) {
		const child = await loadChild(request, sources.request, {
			cwd: sources.cwd,
			home: sources.home,
			...(runsDir !== undefined && { runsDir }),
		});
		if (child.ok) loaded.push(child);
		else
			refused.push({
				request,
				what: child.what,
				problems: child.problems,
				inSpec: child.inSpec ?? true,
				...(child.spec && { spec: child.spec }),
			});
	}
	if (refused.length > 0) return { ok: false, what: refused[0]!.what, problems: [], refused };
	const opened = await loadInputs(sources, { branch: loaded.some((c) => hasTail(c.request)) });
	if (!opened.ok) return { ok: false, what: opened.what, problems: opened.problems, refused: [] };
	const plans: ChildPlan[] = [];
	for (const [i, child] of loaded.entries()) {
		const request = withExtensions(child.request, opened.extensions);
		const planned = refuseByRunsDir(planChild({ ...opened.inputs, request }), opened.inputs);
		if (planned.ok) plans.push(planned.plan);
		else refused.push({ request: requests[i]!, ...planned, inSpec: false });
	}
	if (refused.length > 0) {
		opened.host.dispose();
		return { ok: false, what: refused[0]!.what, problems: [], refused };
	}
	const entries = opened.inputs.fork?.session.entries;
	return {
		ok: true,
		plans,
		warnings: loaded.map((c) => c.warnings),
		inputs: opened.inputs,
		host: opened.host,
		context: {
			runtime: opened.host.runtime,
			...(entries && { entries }),
			...resumedSessions(loaded),
			inputs: opened.inputs,
		},
	};
}

/** A refused call as one what and every problem, in the order its children were asked for. */
export function refusalOf(refused: Extract<PlannedCall, { ok: false }>): { what: string; problems: Problem[] } {
	const problems = [...refused.problems, ...refused.refused.flatMap((child) => child.problems)];
	return { what: refused.refused[0]?.what ?? refused.what, problems };
}

/**
 * Carries out one plan of a call with the real ports, plus the entry point's own. A task that may
 * delegate gets the broker of its `task` calls, which plans each grandchild from the call's inputs
 * and runs it here again — without the call's root locks, which its parent holds.
 */
export function runChild(
	plan: ChildPlan,
	context: RunnerContext,
	extra: Pick<ExecutionPorts, "progress" | "signal" | "locks" | "prefixGate"> & Partial<ExecutionPorts> = {},
): Promise<ChildResult> {
	const nest =
		plan.kind === "task" && plan.delegate && context.inputs && !extra.nest
			? nestPort(plan, context.inputs, (grandchild, signal) => runChild(grandchild, context, { signal }))
			: undefined;
	return executeChild(plan, realPorts(plan, context, { ...extra, ...(nest && { nest }) }));
}
