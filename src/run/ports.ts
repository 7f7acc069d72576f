/**
 * The real ports of an execution, one set for every kind of child: Pi renders the prompt, the
 * boundary snapshots the roots, the audit record goes to disk, the file probe looks at what evidence
 * names, and the runner the plan names starts the child — a fork in this process with its session
 * built from the parent's branch. Entry points add their own progress sink, cancel signal, root
 * locks and prefix gate.
 */
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { snapshotRoots } from "../boundary/snapshot.ts";
import { nodeFileProbe } from "../envelope/probe.ts";
import { renderChildView } from "../host/render.ts";
import type { SessionEntryLike } from "../plan/fork-types.ts";
import type { ChildPlan, CommonInputs, ForkPlan } from "../plan/types.ts";
import { AuditRecord } from "./audit/audit.ts";
import type { ExecutionPorts } from "./execute.ts";
import { createForkState, forkSetup } from "./runners/fork-child.ts";
import { inProcessRunner } from "./runners/in-process.ts";
import { runSubprocess } from "./runners/subprocess.ts";
import type { ChildRunner } from "./types.ts";

/** What the runners need besides the plan: the model runtime children share, and a fork's branch. */
export interface RunnerContext {
	runtime?: ModelRuntime | undefined;
	/** The parent's session entries, which a fork's session is built from (the plan names them by id). */
	entries?: readonly SessionEntryLike[];
	/** What the call's children were planned from: a child that may delegate has its grandchildren planned from it too (run/nest.ts). */
	inputs?: CommonInputs;
}

/** A fork: an in-process child whose session is the parent's branch; what its hooks saw comes back in its outcome. */
function forkRunner(plan: ForkPlan, runtime: ModelRuntime, entries: readonly SessionEntryLike[]): ChildRunner {
	return async (launch, hooks) => {
		const state = createForkState();
		const setup = forkSetup(plan, entries, state, () => Date.now());
		const outcome = await inProcessRunner(runtime, { setup })(launch, hooks);
		return { ...outcome, observed: { ...state, refused: [...state.refused] } };
	};
}

/** The runner a plan names, bound to the shared model runtime when it runs in this process. */
export function runnerFor(plan: ChildPlan, context: RunnerContext): ChildRunner {
	if (plan.runner.value === "subprocess") return runSubprocess;
	if (!context.runtime) throw new Error("an in-process child needs the model runtime it shares");
	if (plan.kind === "fork") return forkRunner(plan, context.runtime, context.entries ?? []);
	return inProcessRunner(context.runtime);
}

export function realPorts(
	plan: ChildPlan,
	context: RunnerContext,
	extra: Pick<ExecutionPorts, "progress" | "signal" | "locks" | "prefixGate"> & Partial<ExecutionPorts> = {},
): ExecutionPorts {
	return {
		now: () => new Date(),
		audit: (runsDir, id, at) => AuditRecord.create(runsDir, id, at),
		snapshot: (roots, options) =>
			snapshotRoots(roots, { ...(options.previous && { previous: options.previous }), exclude: [...options.exclude] }),
		render: (p) => renderChildView(p.child, { cwd: p.cwd, agentDir: p.agentDir }),
		probe: nodeFileProbe(),
		...extra,
		runner: extra.runner ?? runnerFor(plan, context),
	};
}
