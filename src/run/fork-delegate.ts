/**
 * One fork call, from the tool's side: load the inputs from the parent's session, plan, then
 * execute with the real ports — the same three steps as a task (delegate.ts), so the pieces can be
 * tested one by one and composed the same way anywhere. The ports are the executor's real ones: the
 * audit record on disk, the boundary's snapshots, the in-process runner with a fork's setup.
 */
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { snapshotRoots } from "../boundary/snapshot.ts";
import type { Host } from "../host/runtime.ts";
import { planFork } from "../plan/fork.ts";
import type { ForkPlan, SessionEntryLike } from "../plan/fork-types.ts";
import { runsDirPlace } from "../plan/task.ts";
import type { Problem } from "../problems.ts";
import { AuditRecord } from "./audit.ts";
import { forkSetup } from "./fork-child.ts";
import { executeFork, type ForkPorts } from "./fork-execute.ts";
import { type ForkSources, loadForkInputs } from "./fork-inputs.ts";
import type { ForkResult } from "./fork-result.ts";
import { inProcessRunner } from "./in-process.ts";
import { RUNS_DIR_REFUSED, runsDirProblems } from "./runs-dir.ts";

export type ForkDelegation =
	| { ok: true; plan: ForkPlan; entries: readonly SessionEntryLike[]; host: Host }
	| { ok: false; what: string; problems: Problem[] };

/** Loads and plans. On refusal nothing has run and the host is closed; on success the caller owns it until `runForks`. */
export async function planForkCall(sources: ForkSources): Promise<ForkDelegation> {
	const { inputs, host } = await loadForkInputs(sources);
	const planned = planFork(inputs);
	if (!planned.ok) {
		host.dispose();
		return planned;
	}
	const { plan } = planned;
	const place = runsDirPlace(inputs, inputs.settings.settings.runsDir);
	const problems = runsDirProblems(plan.audit.runsDir, place, plan.boundary.roots);
	if (problems.length > 0) {
		host.dispose();
		return { ok: false, what: RUNS_DIR_REFUSED, problems };
	}
	return { ok: true, plan, entries: inputs.session.entries, host };
}

/** The real ports of a fork execution, with the entry point's own (progress, signal, gate, hold) added. */
export function forkPorts(
	plan: ForkPlan,
	entries: readonly SessionEntryLike[],
	runtime: ModelRuntime,
	extra: Partial<ForkPorts> = {},
): ForkPorts {
	return {
		now: () => new Date(),
		audit: (runsDir, id, at) => AuditRecord.create(runsDir, id, at),
		snapshot: (roots, options) =>
			snapshotRoots(roots, { ...(options.previous && { previous: options.previous }), exclude: [...options.exclude] }),
		runner: (child, state) =>
			inProcessRunner(runtime, { setup: forkSetup(plan, child, entries, state, () => Date.now()) }),
		...extra,
	};
}

/** Executes a planned fork call with the real ports plus the entry point's own, then closes its host. */
export async function runForks(
	delegation: Extract<ForkDelegation, { ok: true }>,
	extra: Partial<ForkPorts> = {},
): Promise<ForkResult[]> {
	try {
		return await executeFork(
			delegation.plan,
			forkPorts(delegation.plan, delegation.entries, delegation.host.runtime, extra),
		);
	} finally {
		delegation.host.dispose();
	}
}
