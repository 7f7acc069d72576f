/**
 * One delegation, from any entry point: load the inputs, plan, then execute — the same three calls
 * for the `task` tool, `pi-delegate run` and `preview --spec`, so the two doors cannot drift. An
 * entry point supplies only what is its own (where the spec and the parent's prompt come from, its
 * progress sink and cancel signal) and renders the outcome.
 */
import type { Host } from "../host/runtime.ts";
import { planTask } from "../plan/task.ts";
import type { TaskPlan } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { SpecResult } from "../spec/validate.ts";
import { oneTaskCachePolicy } from "./cache-policy.ts";
import { type ExecutePorts, executeTask } from "./execute.ts";
import { type InputSources, loadTaskInputs } from "./inputs.ts";
import { executionPorts } from "./ports.ts";
import type { TaskResult } from "./result.ts";

export type Delegation =
	| { ok: true; plan: TaskPlan; host: Host; specWarnings: Problem[] }
	| { ok: false; what: string; problems: Problem[]; plan?: TaskPlan; spec?: SpecResult };

/**
 * Loads and plans. On refusal nothing has run and the host is closed; on success the caller owns
 * the host until `runDelegation` (or `dispose`) closes it.
 */
export async function planDelegation(sources: InputSources): Promise<Delegation> {
	const loaded = await loadTaskInputs(sources);
	if (!loaded.ok) return loaded;
	const planned = planTask(loaded.inputs);
	if (!planned.ok) {
		loaded.host.dispose();
		return planned;
	}
	return { ok: true, plan: planned.plan, host: loaded.host, specWarnings: loaded.specWarnings };
}

/** Executes a planned delegation with the real ports plus the entry point's own, then closes its host. */
export async function runDelegation(
	delegation: Extract<Delegation, { ok: true }>,
	extra: Partial<ExecutePorts> = {},
): Promise<TaskResult> {
	try {
		const ports = { cachePolicy: oneTaskCachePolicy, ...extra };
		return await executeTask(delegation.plan, executionPorts(delegation.plan, delegation.host.runtime, ports));
	} finally {
		delegation.host.dispose();
	}
}
