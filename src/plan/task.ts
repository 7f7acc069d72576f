/**
 * `planTask`: everything a task child gets, decided in one pure function from already-loaded
 * inputs — its view (system prompt inputs, tools, first message, and why), the model and runner,
 * budgets, the roots to watch and the ones it may write, what the audit record will hold, the key
 * siblings share a cached prefix by, and every warning. `preview --spec` prints a plan; a run
 * executes one; `launch.json` records it.
 *
 * Every refusal names what could not be settled and every problem, so an entry point can refuse with
 * exit 2 (or an error result) before anything runs.
 */
import type { AgentDefinition } from "../agents/definition.ts";
import { unknownRunMode } from "../context/resolve.ts";
import type { Problem } from "../problems.ts";
import { buildChildView } from "../prompt/child-view.ts";
import { taskBrief, taskRung } from "../prompt/task-brief.ts";
import { TASK_WORKER } from "../prompt/task-worker.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { decideAccept } from "./accept.ts";
import { applyClaim, decideApply } from "./apply.ts";
import { auditFiles } from "./audit-files.ts";
import { type ChildCachePolicy, type PrefixReuse, prefixReuse, taskCachePolicy } from "./cache-policy.ts";
import { kindFromAgent, resolveAgent } from "./child.ts";
import { decideDelegate, withNestedTask } from "./delegate.ts";
import { choosePlacedModel, modelProblems } from "./model.ts";
import { prefixKey } from "./prefix.ts";
import type { DefaultDecision } from "./request-types.ts";
import { taskClaim } from "./root-claim.ts";
import { decideRunsDir } from "./runs-dir.ts";
import { decideSandbox, type SandboxPlan } from "./sandbox.ts";
import { decideSettings, type SettingsDecisions } from "./settings.ts";
import { chooseTail, tailSummary } from "./tail.ts";
import { commandRules, pathRules, taskTools } from "./tools.ts";
import type { Decided, ModelChoice, Planned, RunnerKind, TaskInputs, TaskPlan } from "./types.ts";

/** Rejected submissions answered with the problems before one is accepted as it is. */
export const MAX_REJECTIONS = 2;

/** Explicit `--runner`, else the `runner` setting, else the entry point's default. */
export function decideRunner(
	inputs: Pick<TaskInputs, "request" | "entry">,
	setting: RunnerKind | undefined,
): Decided<RunnerKind> {
	if (inputs.request.runner) return { value: inputs.request.runner, reason: "--runner" };
	if (setting) return { value: setting, reason: 'the "runner" setting' };
	// Inside Pi a child shares the parent's providers in milliseconds; from a shell a process of its own
	// isolates it from the command that started it.
	return inputs.entry === "tool"
		? { value: "in-process", reason: "default inside Pi" }
		: { value: "subprocess", reason: "default on the command line" };
}

/** When no model can be chosen the child is still decided (preview shows it); this stands in. */
export const NO_MODEL: ModelChoice = { provider: "(none)", id: "(none)", reason: "no model could be chosen" };

/** The model, and every reason it cannot run here: none chosen, unknown, or without credentials. */
export function decideModel(
	inputs: Pick<TaskInputs, "request" | "parentModel" | "piDefaultModel" | "models"> & {
		spec: Pick<TaskInputs["spec"], "effort">;
	},
	settings: Pick<SettingsDecisions, "profiles">,
	agent: AgentDefinition | undefined,
): { model: ModelChoice; problems: Problem[]; warnings: Problem[] } {
	const { request, spec } = inputs;
	const chosen = choosePlacedModel({
		effort: spec.effort,
		profiles: settings.profiles,
		...(request.model !== undefined && { explicit: request.model }),
		...(agent && {
			agent: { model: agent.model, thinking: agent.thinking, where: { source: agent.source.label, path: ["model"] } },
		}),
		...(inputs.parentModel && { parent: inputs.parentModel }),
		...(inputs.piDefaultModel && { piDefault: inputs.piDefaultModel }),
		models: inputs.models,
	});
	if ("problems" in chosen) return { model: NO_MODEL, problems: chosen.problems, warnings: [] };
	return {
		model: chosen.choice,
		problems: modelProblems(chosen.choice, inputs.models, chosen.place),
		warnings: chosen.warning ? [chosen.warning] : [],
	};
}

/** The roots watched, the ones that may change, and the parts left unchecked, as real paths. */
function boundaryOf(spec: TaskSpec): TaskPlan["boundary"] {
	const { roots, write_allowed, watched_only, exclude } = spec.resolved;
	return { roots: [...roots], writeAllowed: [...write_allowed], watchedOnly: [...watched_only], exclude: [...exclude] };
}

/** What the brief carries beside the spec: the caller's conversation tail (L3) and the acceptance commands. */
function briefParts(inputs: Pick<TaskInputs, "spec" | "branch">, agent: AgentDefinition | undefined) {
	const { spec } = inputs;
	return {
		tail: spec.context.tail ? chooseTail(inputs.branch, spec.context.tail.tokens) : undefined,
		accept: decideAccept(spec, agent),
	};
}

/** How `submit_result` checks what the child hands in: pointers from the first root. */
function submitOf(spec: TaskSpec, cwd: string): TaskPlan["submit"] {
	const { roots } = spec.resolved;
	return { roots: [...roots], cwd: roots[0] ?? cwd, maxRejections: MAX_REJECTIONS, evidence: spec.evidence };
}

/** Where the child's changes go (plan/apply.ts), and what it holds while it runs. */
function changesPlace(
	{ spec, sandbox: available }: Pick<TaskInputs, "spec" | "sandbox">,
	settings: SettingsDecisions,
	sandbox: SandboxPlan,
	view: { tools: string[] },
) {
	const apply = decideApply({ spec, setting: settings.apply, sandbox, available });
	const claim = taskClaim({ spec, boundary: { roots: spec.resolved.roots }, sandbox, child: view });
	return { claim: applyClaim(claim, apply), apply };
}

function assemble(
	inputs: TaskInputs,
	defaults: DefaultDecision[],
	settings: SettingsDecisions,
	agent: AgentDefinition | undefined,
	tools: { tools: string[]; warnings: Problem[] },
	model: ModelChoice,
	sandbox: SandboxPlan,
): TaskPlan {
	const { spec, request } = inputs;
	const { tail, accept } = briefParts(inputs, agent);
	const view = buildChildView({
		kind: agent ? kindFromAgent(agent) : TASK_WORKER,
		...(request.call !== undefined && { call: request.call }),
		...(request.runMode !== undefined && { runMode: request.runMode }),
		registry: settings.registry,
		parent: inputs.parent,
		tools: tools.tools,
		firstMessage: taskBrief(spec, tail, accept),
	});
	const commands = commandRules(agent, view.tools);
	const paths = pathRules(agent, view.tools);
	const key = prefixKey({
		model,
		tools: view.tools,
		prompt: view.prompt,
		cwd: inputs.cwd,
		piVersion: inputs.piVersion,
	});
	return {
		version: 1,
		kind: "task",
		id: spec.id,
		spec,
		rung: taskRung(spec, tail),
		child: view,
		...(agent && { agent: agent.source }),
		cwd: inputs.cwd,
		agentDir: inputs.agentDir,
		model,
		runner: decideRunner(inputs, settings.runner),
		providerExtensions: [...new Set([...request.extensions, ...settings.providerExtensions])],
		budget: spec.budget,
		...(commands && { commands }),
		...(paths && { paths }),
		boundary: boundaryOf(spec),
		sandbox,
		submit: submitOf(spec, inputs.cwd),
		audit: { runsDir: decideRunsDir(inputs, settings.runsDir), files: auditFiles("task") },
		prefixKey: key,
		piVersion: inputs.piVersion,
		...changesPlace(inputs, settings, sandbox, view),
		defaults,
		...(inputs.parentSession && { parentSession: inputs.parentSession }),
		...(tail && { tail: tailSummary(tail, inputs.branch?.source ?? "none") }),
		cache: decideCache(inputs, { budget: spec.budget, child: view, prefixKey: key }),
		...(accept && { accept }),
		warnings: [...tools.warnings, ...view.warnings, ...(tail?.warnings ?? [])],
	};
}

/** Why a prefix is written for as long as it is, in words for the plan. */
const REUSE_REASONS: Readonly<Record<PrefixReuse, string>> = {
	session: "this session has run a child with this prefix before, and will again after gaps: written for an hour",
	siblings: "a prefix new to this session: its siblings read it within seconds, so five minutes",
	none: "a run from the command line: read by its own later requests, so five minutes",
};

/** The cache lifetimes a task's requests follow, from who else will read its prefix. */
function decideCache(
	inputs: Pick<TaskInputs, "entry" | "seenPrefixes">,
	child: Pick<TaskPlan, "budget" | "child" | "prefixKey">,
): Decided<ChildCachePolicy> {
	const reuse = prefixReuse({ entry: inputs.entry, seenBefore: inputs.seenPrefixes?.has(child.prefixKey) ?? false });
	return { value: taskCachePolicy(child, reuse), reason: REUSE_REASONS[reuse] };
}

/** A task child: its spec's authority, its agent's role, its brief as the first message. The one planner (plan.ts) calls it for a task. */
export function planTask(inputs: TaskInputs, defaults: DefaultDecision[] = []): Planned<TaskPlan> {
	const settings = decideSettings(inputs.settings);
	if (settings.problems.length > 0) {
		return { ok: false, what: "pi-delegate's settings have problems", problems: settings.problems };
	}
	const mode = unknownRunMode(settings.registry, inputs.request.runMode);
	if (mode) return { ok: false, what: "the run-level context mode does not exist", problems: [mode] };
	const { agent, what, problems } = resolveAgent(inputs.agents, inputs.request.agent);
	if (problems.length > 0) return { ok: false, what, problems };
	const sandbox = decideSandbox({ spec: inputs.spec, setting: settings.sandbox, available: inputs.sandbox });
	if (sandbox.problem) return { ok: false, what: "the sandbox cannot be made here", problems: [sandbox.problem] };
	const tools = taskTools(inputs.spec, agent, inputs.tools);
	if (tools.problems.length > 0) {
		return { ok: false, what: `the agent "${agent?.name}" names tools that do not exist`, problems: tools.problems };
	}
	const delegate = decideDelegate(inputs.spec, settings.maxDelegateDepth, agent);
	if (delegate.problems.length > 0) {
		return { ok: false, what: "the task asks to delegate deeper than allowed", problems: delegate.problems };
	}
	const model = decideModel(inputs, settings, agent);
	const assembled = assemble(
		inputs,
		defaults,
		settings,
		agent,
		{
			...tools,
			tools: withNestedTask(tools.tools, delegate.delegate),
			warnings: [...model.warnings, ...tools.warnings],
		},
		model.model,
		sandbox,
	);
	const plan = delegate.delegate ? { ...assembled, delegate: delegate.delegate } : assembled;
	if (model.problems.length === 0) return { ok: true, plan };
	const why = model.model === NO_MODEL ? "no model for the child" : "the child's model cannot be used";
	return { ok: false, what: why, problems: model.problems, plan };
}
