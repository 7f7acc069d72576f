/**
 * The real `plan` and `execute` of a workflow's calls. The run's inputs — settings, agent files,
 * the model runtime with its provider extensions, the models and tools a child can have, the
 * parent's prompt — are read once, by the same `loadInputs` every call uses. Then every `agent()`
 * call becomes a request by the one request step, is planned by the one planner (`planChild`) and
 * carried out by the one execution (`executeChild`) with the real ports: never a hand-built launch.
 *
 * A result schema is applied to the task's result before its record is finished (the audit port's
 * `finish` is wrapped), so result.json and the script see the same verdict.
 */
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { unknownRunMode } from "../context/resolve.ts";
import { planChild } from "../plan/plan.ts";
import { requestChildren } from "../plan/request.ts";
import { decideRunsDir, refuseByRunsDir } from "../plan/runs-dir.ts";
import { decideSettings } from "../plan/settings.ts";
import type { CommonInputs, PlanRequest } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { AuditWriter } from "../run/audit/audit.ts";
import { type ExecutionPorts, executeChild } from "../run/execute.ts";
import { type InputSources, loadInputs } from "../run/inputs.ts";
import { loadChild } from "../run/load-child.ts";
import type { ChildResult, TaskResult } from "../run/outcome/result.ts";
import { realPorts } from "../run/ports.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import { RootLocks } from "../run/root-lock.ts";
import type { CallInput, EnginePorts, Executed, PlannedCall } from "./calls.ts";
import { optionPath } from "./request.ts";
import { applyResultSchema, type ResultSchema } from "./result-schema.ts";

export type WorkflowSources = InputSources;

export type ShellOpening = { ok: true; shell: WorkflowShell } | { ok: false; what: string; problems: Problem[] };

export interface WorkflowShell {
	/** What every call of the run is planned from, loaded once. */
	inputs: CommonInputs;
	/** The run-level layer every call shares: the command line's model, runner, mode and extensions. */
	layer: PlanRequest;
	/** Where the run and its children are recorded. */
	runsDir: string;
	ports(extra?: { prefixGate?: PrefixGate; locks?: RootLocks }): Pick<EnginePorts, "plan" | "execute">;
	dispose(): void;
}

/** The audit writer with the result schema applied before result.json is written, so the record and the script agree. */
function withSchema(open: ExecutionPorts["audit"], schema: ResultSchema): ExecutionPorts["audit"] {
	return (runsDir, id, at) => {
		const inner = open(runsDir, id, at);
		const writer: AuditWriter = {
			dir: inner.dir,
			path: (name) => inner.path(name),
			writeJson: (name, value) => inner.writeJson(name, value),
			writeText: (name, text) => inner.writeText(name, text),
			writeBytes: (name, bytes) => inner.writeBytes(name, bytes),
			appendEvent: (event) => inner.appendEvent(event),
			closeEvents: () => inner.closeEvents(),
			faults: () => inner.faults(),
			seal: () => inner.seal(),
			finish: (result) =>
				inner.finish(
					(result as ChildResult).kind === "task" ? applyResultSchema(result as TaskResult, schema) : result,
				),
		};
		return writer;
	};
}

function textOf(result: TaskResult): string {
	return result.envelope?.deliverable ?? result.finalText ?? "";
}

/** One call's child, in the call's words: its request made, its spec checked, planned by the one planner. */
async function planCall(shell: Pick<WorkflowShell, "inputs" | "layer">, call: CallInput): Promise<PlannedCall> {
	const { inputs } = shell;
	const { options, prompt, where } = call;
	const place = {
		cwd: inputs.cwd,
		repoRoot: () => inputs.cwd,
		deliverableOf: (agent: string) => inputs.agents.agents.get(agent)?.deliverable,
	};
	const requested = requestChildren("workflow", options, place, { where, prompt });
	if (!requested.ok) return { ok: false, what: "its options are invalid", problems: requested.problems };
	const [child] = requested.children;
	if (!child || child.kind === "fork") return { ok: false, what: "its options are invalid", problems: [] };
	const inWords = (ps: readonly Problem[]) =>
		ps.map(({ source, path, ...p }): Problem => ({ ...p, ...optionPath(where, { source, path }) }));
	const loaded = await loadChild(child, shell.layer, { cwd: inputs.cwd, home: inputs.home });
	if (!loaded.ok) return { ok: false, what: "its task spec is invalid", problems: inWords(loaded.problems) };
	const planned = refuseByRunsDir(planChild({ ...inputs, request: loaded.request }), inputs);
	if (!planned.ok) return planned;
	if (planned.plan.kind === "fork") return { ok: false, what: "a workflow cannot fork", problems: [] };
	return {
		ok: true,
		plan: planned.plan,
		...(child.kind === "task" && child.schema !== undefined && { schema: child.schema as ResultSchema }),
		warnings: inWords(loaded.warnings),
	};
}

/** Runs a planned call with the real ports; a task's result has the call's result schema applied. */
async function executeCall(
	planned: Extract<PlannedCall, { ok: true }>,
	shared: Pick<ExecutionPorts, "progress" | "signal" | "prefixGate" | "locks">,
	runtime: ModelRuntime | undefined,
): Promise<Executed> {
	const { plan } = planned;
	const real = realPorts(plan, { runtime }, shared);
	const ports = planned.schema ? { ...real, audit: withSchema(real.audit, planned.schema) } : real;
	const result = await executeChild(plan, ports);
	if (result.kind === "unchecked") return result;
	if (result.kind !== "task") throw new Error("a workflow call came back as a fork");
	const checked = applyResultSchema(result, planned.schema);
	return { ...checked, text: textOf(checked) };
}

/**
 * The shell over inputs already loaded: `openWorkflowShell` loads them; a test passes its own (a
 * faux model runtime). `layer` is the run's request (model, runner, mode, extensions).
 */
export function workflowShell(
	inputs: CommonInputs,
	layer: PlanRequest,
	runtime: ModelRuntime | undefined,
	dispose: () => void,
): WorkflowShell {
	const ownLocks = new RootLocks();
	const shell = { inputs, layer };
	return {
		inputs,
		layer,
		runsDir: decideRunsDir(inputs, decideSettings(inputs.settings).runsDir),
		ports: (extra = {}) => ({
			plan: (call) => planCall(shell, call),
			execute: (planned, hooks) =>
				executeCall(
					planned,
					{
						progress: hooks.progress,
						signal: hooks.signal,
						locks: extra.locks ?? ownLocks,
						...(extra.prefixGate && { prefixGate: extra.prefixGate }),
					},
					runtime,
				),
		}),
		dispose,
	};
}

/** Loads the run's inputs once; on refusal nothing has run and nothing is left open. */
export async function openWorkflowShell(sources: WorkflowSources): Promise<ShellOpening> {
	const loaded = await loadInputs(sources, { branch: true });
	if (!loaded.ok) return { ok: false, what: loaded.what, problems: loaded.problems };
	const { inputs, host } = loaded;
	const settings = decideSettings(inputs.settings);
	if (settings.problems.length > 0) {
		host.dispose();
		return { ok: false, what: "pi-delegate's settings have problems", problems: settings.problems };
	}
	// Refused before the run starts, not once per step.
	const mode = unknownRunMode(settings.registry, sources.request.runMode);
	if (mode) {
		host.dispose();
		return { ok: false, what: "the run-level context mode does not exist", problems: [mode] };
	}
	const layer = { ...sources.request, extensions: loaded.extensions };
	return { ok: true, shell: workflowShell(inputs, layer, host.runtime, () => host.dispose()) };
}
