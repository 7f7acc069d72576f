/**
 * The real `plan` and `execute` of a workflow's calls. The run's inputs — settings, agent files,
 * the model runtime with its provider extensions, the models and tools a child can have, the
 * parent's prompt — are read once, by the same `loadTaskInputs` every task uses (with a stand-in
 * spec: each call brings its own). Then every call is planned by the planner — `planTask` for a
 * checked task, `planPlainChild` for a plain one — and executed by the executor — `executeTask` or
 * `executePlain` — with the real ports: never a hand-built launch.
 *
 * A result schema is applied to the task's result before its record is finished (the audit port's
 * `finish` is wrapped), so result.json and the script see the same verdict.
 */
import type { ModelRuntime } from "@earendil-works/pi-coding-agent";
import { unknownRunMode } from "../context/resolve.ts";
import type { PlainInputs } from "../plan/plain.ts";
import { planPlainChild } from "../plan/plain.ts";
import { decideSettings } from "../plan/settings.ts";
import { decideRunsDir, planTask, runsDirPlace } from "../plan/task.ts";
import type { PlanRequest, TaskInputs } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { AuditWriter } from "../run/audit.ts";
import { oneTaskCachePolicy } from "../run/cache-policy.ts";
import { type ExecutePorts, executeTask } from "../run/execute.ts";
import type { InputSources } from "../run/inputs.ts";
import { loadTaskInputs } from "../run/inputs.ts";
import { executePlain, plainPorts } from "../run/plain.ts";
import { executionPorts } from "../run/ports.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { TaskResult } from "../run/result.ts";
import { type RootClaim, RootLocks, taskClaim, toolsCanWrite } from "../run/root-lock.ts";
import { RUNS_DIR_REFUSED, runsDirProblems } from "../run/runs-dir.ts";
import { loadSpecObject } from "../spec/load.ts";
import type { EnginePorts, Executed, PlannedCall } from "./calls.ts";
import { callRequest, optionPath, plainRequest, specInput } from "./request.ts";
import { applyResultSchema, type ResultSchema } from "./result-schema.ts";

export type WorkflowSources = Omit<InputSources, "spec">;

export type ShellOpening = { ok: true; shell: WorkflowShell } | { ok: false; what: string; problems: Problem[] };

export interface WorkflowShell {
	/** The run's inputs, with the stand-in spec. */
	inputs: TaskInputs;
	/** Where the run and its children are recorded. */
	runsDir: string;
	ports(extra?: { prefixGate?: PrefixGate; locks?: RootLocks }): Pick<EnginePorts, "plan" | "execute">;
	dispose(): void;
}

/** Stands in for a call's spec while the run's inputs are loaded; no child is ever planned from it. */
export function standInSpec(cwd: string) {
	return { id: "workflow", goal: "(the run's inputs)", deliverable: "(none)", roots: [cwd] };
}

function withSchema(open: ExecutePorts["audit"], schema: ResultSchema): ExecutePorts["audit"] {
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
			finish: (result) => inner.finish(applyResultSchema(result as TaskResult, schema)),
		};
		return writer;
	};
}

function textOf(result: TaskResult): string {
	return result.envelope?.deliverable ?? result.finalText ?? "";
}

function planCall(inputs: TaskInputs, request: PlanRequest, call: Parameters<EnginePorts["plan"]>[0]): PlannedCall {
	const { options, prompt, where } = call;
	const req = callRequest(request, options);
	if (options.check === false) {
		const plain = plainRequest(prompt, options, where);
		if (!plain.ok) return { ok: false, what: "its options are invalid", problems: plain.problems };
		const { spec: _spec, ...rest } = inputs;
		const plainInputs: PlainInputs = { ...rest, request: req, ...plain.plain };
		const planned = planPlainChild(plainInputs);
		return planned.ok ? { ok: true, plan: planned.plan, warnings: [] } : planned;
	}
	const spec = loadSpecObject(specInput(prompt, options, inputs.cwd), { cwd: inputs.cwd, home: inputs.home });
	const inWords = (ps: readonly Problem[]) =>
		ps.map(
			({ source: _source, path: _path, ...p }): Problem => ({
				...p,
				...optionPath(where, { source: _source, path: _path }),
			}),
		);
	if (!spec.ok) return { ok: false, what: "its task spec is invalid", problems: inWords(spec.problems) };
	const planned = planTask({ ...inputs, spec: spec.spec, request: req });
	if (!planned.ok) return planned;
	const place = runsDirPlace(inputs, inputs.settings.settings.runsDir);
	const refused = runsDirProblems(planned.plan.audit.runsDir, place, planned.plan.boundary.roots);
	if (refused.length > 0) return { ok: false, what: RUNS_DIR_REFUSED, problems: refused };
	return {
		ok: true,
		plan: planned.plan,
		...(options.schema !== undefined && { schema: options.schema as ResultSchema }),
		warnings: inWords(spec.warnings),
	};
}

/** The roots a child holds while it runs, and whether it may change files under them. */
function claimOf(plan: Extract<PlannedCall, { ok: true }>["plan"]): RootClaim {
	if (plan.kind === "task") return taskClaim(plan);
	return { roots: [plan.cwd], write: toolsCanWrite(plan.child.tools) };
}

async function executeCall(
	planned: Extract<PlannedCall, { ok: true }>,
	shared: Pick<ExecutePorts, "progress" | "signal" | "prefixGate">,
	roots: RootLocks,
	runtime: ModelRuntime | undefined,
): Promise<Executed> {
	const { plan } = planned;
	const claim = claimOf(plan);
	if (roots.wouldWait(claim)) {
		shared.progress?.({ type: "phase", phase: "waiting", detail: "for a child on overlapping roots" });
	}
	const release = await roots.acquire(claim);
	try {
		if (plan.kind === "plain") return await executePlain(plan, plainPorts(plan, runtime, shared));
		const real = executionPorts(plan, runtime, { cachePolicy: oneTaskCachePolicy, ...shared });
		const ports = planned.schema ? { ...real, audit: withSchema(real.audit, planned.schema) } : real;
		const result = applyResultSchema(await executeTask(plan, ports), planned.schema);
		return { ...result, text: textOf(result) };
	} finally {
		release();
	}
}

/**
 * The shell over inputs already loaded: `openWorkflowShell` loads them; a test passes its own (a
 * faux model runtime). `inputs.request` is the run's request (model, runner, mode, extensions).
 */
export function workflowShell(
	inputs: TaskInputs,
	runtime: ModelRuntime | undefined,
	dispose: () => void,
): WorkflowShell {
	const ownLocks = new RootLocks();
	return {
		inputs,
		runsDir: decideRunsDir(inputs, decideSettings(inputs.settings).runsDir),
		ports: (extra = {}) => ({
			plan: async (call) => planCall(inputs, inputs.request, call),
			execute: (planned, hooks) => {
				const shared = {
					progress: hooks.progress,
					signal: hooks.signal,
					...(extra.prefixGate && { prefixGate: extra.prefixGate }),
				};
				return executeCall(planned, shared, extra.locks ?? ownLocks, runtime);
			},
		}),
		dispose,
	};
}

/** Loads the run's inputs once; on refusal nothing has run and nothing is left open. */
export async function openWorkflowShell(sources: WorkflowSources): Promise<ShellOpening> {
	const loaded = await loadTaskInputs({ ...sources, spec: { value: standInSpec(sources.cwd) }, standIn: true });
	if (!loaded.ok) return { ok: false, what: loaded.what, problems: loaded.problems };
	const { inputs, host } = loaded;
	const settings = decideSettings(inputs.settings);
	if (settings.problems.length > 0) {
		host.dispose();
		return { ok: false, what: "pi-delegate's settings have problems", problems: settings.problems };
	}
	// Refused before the run starts, not once per step.
	const mode = unknownRunMode(settings.registry, inputs.request.runMode);
	if (mode) {
		host.dispose();
		return { ok: false, what: "the run-level context mode does not exist", problems: [mode] };
	}
	return { ok: true, shell: workflowShell(inputs, host.runtime, () => host.dispose()) };
}
