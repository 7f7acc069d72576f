/**
 * The real ports of an execution, one set for every kind of child: Pi renders the prompt, the
 * boundary snapshots the roots, the audit record goes to disk, the file probe looks at what evidence
 * names, and the runner the plan names starts the child — a fork in this process with its session
 * built from the parent's branch. Entry points add their own progress sink, cancel signal, root
 * locks and prefix gate.
 */

import { basename } from "node:path";
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { snapshotRoots } from "../boundary/snapshot.ts";
import { nodeFileProbe } from "../envelope/probe.ts";
import { renderChildView } from "../host/render.ts";
import type { SessionEntryLike } from "../plan/fork-types.ts";
import type { ChildPlan, CommonInputs, ForkPlan } from "../plan/types.ts";
import { AuditRecord } from "./audit/audit.ts";
import { noteResumedBy } from "./audit/links.ts";
import { openRunControl } from "./control/open.ts";
import type { ExecutionPorts } from "./execute.ts";
import { createForkState, forkSetup } from "./runners/fork-child.ts";
import { inProcessRunner } from "./runners/in-process.ts";
import { createSubprocessRunner, runSubprocess } from "./runners/subprocess.ts";
import type { ChildRunner } from "./types.ts";

/** What the runners need besides the plan: the model runtime children share, and a fork's branch. */
export interface RunnerContext {
	runtime?: ModelRuntime | undefined;
	/** The parent's session entries, which a fork's session is built from (the plan names them by id). */
	entries?: readonly SessionEntryLike[];
	/** What the call's children were planned from: a child that may delegate has its grandchildren planned from it too (run/nest.ts). */
	inputs?: CommonInputs;
	/** The sessions resumed children continue, by the directory of the run each resumes (plan `resumes`). */
	resumed?: ReadonlyMap<string, readonly SessionEntryLike[]>;
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
	// A resumed child starts from the session it continues: its entries, never the record's file again.
	const session = plan.resumes ? context.resumed?.get(plan.resumes.dir) : undefined;
	if (plan.resumes && !session) throw new Error(`the session of ${plan.resumes.run} was not loaded for the run`);
	if (plan.runner.value === "subprocess") return session ? createSubprocessRunner({ session }) : runSubprocess;
	if (!context.runtime) throw new Error("an in-process child needs the model runtime it shares");
	if (plan.kind === "fork") return forkRunner(plan, context.runtime, session ?? context.entries ?? []);
	return inProcessRunner(context.runtime, session ? { session } : {});
}

/** The audit record's port; a resumed run's record, once made, is named in the record of the leg it continues. */
function auditPort(plan: ChildPlan, progress: ExecutionPorts["progress"]): ExecutionPorts["audit"] {
	return (runsDir, id, at) => {
		const audit = AuditRecord.create(runsDir, id, at);
		if (plan.resumes) {
			try {
				noteResumedBy(plan.resumes.dir, { run: basename(audit.dir), dir: audit.dir, at });
			} catch (error) {
				const why = error instanceof Error ? error.message : String(error);
				progress?.({
					type: "warning",
					message: `the record of ${plan.resumes.run} could not be linked to this run: ${why}`,
				});
			}
		}
		return audit;
	};
}

export function realPorts(
	plan: ChildPlan,
	context: RunnerContext,
	extra: Pick<ExecutionPorts, "progress" | "signal" | "locks" | "prefixGate"> & Partial<ExecutionPorts> = {},
): ExecutionPorts {
	return {
		now: () => new Date(),
		audit: auditPort(plan, extra.progress),
		snapshot: (roots, options) =>
			snapshotRoots(roots, { ...(options.previous && { previous: options.previous }), exclude: [...options.exclude] }),
		render: (p) => renderChildView(p.child, { cwd: p.cwd, agentDir: p.agentDir }),
		probe: nodeFileProbe(),
		control: openRunControl,
		...extra,
		runner: extra.runner ?? runnerFor(plan, context),
	};
}
