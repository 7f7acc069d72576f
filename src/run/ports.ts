/**
 * The real ports of an execution: Pi renders the prompt, the boundary snapshots the roots, the audit
 * record goes to disk, the runner the plan chose starts the child. Entry points add their own
 * progress sink, cancel signal, root locks and prefix gate.
 */
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { snapshotRoots } from "../boundary/snapshot.ts";
import { nodeFileProbe } from "../envelope/probe.ts";
import { renderChildView } from "../host/render.ts";
import type { TaskPlan } from "../plan/types.ts";
import { AuditRecord } from "./audit.ts";
import type { ExecutePorts } from "./execute.ts";
import { inProcessRunner } from "./in-process.ts";
import { runSubprocess } from "./subprocess.ts";
import type { ChildRunner } from "./types.ts";

/** The runner a plan names, bound to the shared model runtime when it runs in this process. */
export function runnerFor(plan: Pick<TaskPlan, "runner">, runtime: ModelRuntime | undefined): ChildRunner {
	if (plan.runner.value === "subprocess") return runSubprocess;
	if (!runtime) throw new Error("an in-process child needs the model runtime it shares");
	return inProcessRunner(runtime);
}

export function executionPorts(
	plan: TaskPlan,
	runtime: ModelRuntime | undefined,
	extra: Pick<ExecutePorts, "progress" | "signal" | "locks" | "prefixGate"> & Partial<ExecutePorts> = {},
): ExecutePorts {
	return {
		now: () => new Date(),
		audit: (runsDir, id, at) => AuditRecord.create(runsDir, id, at),
		snapshot: (roots, options) =>
			snapshotRoots(roots, { ...(options.previous && { previous: options.previous }), exclude: [...options.exclude] }),
		render: (p) => renderChildView(p.child, { cwd: p.cwd, agentDir: p.agentDir }),
		probe: nodeFileProbe(),
		...extra,
		runner: extra.runner ?? runnerFor(plan, runtime),
	};
}
