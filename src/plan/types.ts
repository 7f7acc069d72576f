/**
 * Types of the plan stage. `TaskInputs` is everything already read (no port, no I/O left to do);
 * `TaskPlan` is everything decided about one child — plain, JSON-serialisable data that `preview`
 * prints, `launch.json` records and `executeTask` carries out. Nothing downstream decides anything
 * a plan could have decided: if two entry points disagree about a child, their plans differ.
 */
import type { AgentCatalog } from "../agents/catalog.ts";
import type { CommandPolicy } from "../agents/command-policy.ts";
import type { AgentSource } from "../agents/definition.ts";
import type { PathRule } from "../agents/path-policy.ts";
import type { ContextFields } from "../context/primitives.ts";
import type { EvidenceRule } from "../envelope/proof.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import type { ParentPrompt, Strategy } from "../prompt/channels.ts";
import type { ChildView } from "../prompt/child-view.ts";
import type { TaskRung } from "../prompt/task-brief.ts";
import type { ReadSettingsResult } from "../settings/read.ts";
import type { RunnerKind } from "../settings/types.ts";
import type { SandboxAvailability, SandboxPlan } from "./sandbox.ts";
import type { TaskBranch } from "./tail.ts";

export type { RunnerKind };

import type { Budget } from "../request/limits.ts";
import type { Thinking } from "../spec/model-ref.ts";
import type { TaskSpec } from "../spec/schema.ts";

/** A model as `provider/id`, with the thinking level to use. */
export interface ModelChoice {
	provider: string;
	id: string;
	thinking?: Thinking;
	/** Why this model was chosen (effort profile, --model, parent's model, settings default). */
	reason: string;
}

/** Wall seconds (a hard stop), dollars (stopped once exceeded) and assistant turns (told to submit on the last). */
export type ChildBudget = Budget;

/** What the submit tool needs to pre-check evidence pointers and give the child a chance to fix them. */
export interface SubmitCheckConfig {
	roots: readonly string[];
	/** Base directory for relative pointers. */
	cwd: string;
	/** How many rejected submissions are answered with the problems before one is accepted as is. */
	maxRejections: number;
	/** The spec's evidence rule (envelope/proof.ts); undefined means the default, "required". */
	evidence?: EvidenceRule;
}

/** Per-call context fields: the highest precedence layer of what a child sees. */
export type CallFields = ContextFields & { strategy?: Strategy };

/** Which door the request came through; it decides only defaults, and says so in the plan. */
export type Entry = "tool" | "cli";

/** What the caller asks for beyond the spec: the flags of `run`, the extra fields of a `task` call. */
export interface PlanRequest {
	/** Run the task as this agent; `where` names the field it was given in (`--agent`, `agent`). */
	agent?: { name: string; where: ProblemPlace };
	call?: CallFields;
	/** Run-level context mode (`--mode`). */
	runMode?: string;
	/** `--model provider/id[:thinking]`. */
	model?: string;
	/** `--runner`. */
	runner?: RunnerKind;
	/** `--extension`: extensions the child loads for its model's provider. */
	extensions: readonly string[];
}

/** A model the runtime knows, and whether it has credentials here. */
export interface ModelInfo {
	provider: string;
	id: string;
	name?: string;
	authenticated: boolean;
}

/** A model as the parent runs it, or as Pi's settings name it. */
export interface ModelRef {
	provider: string;
	id: string;
	thinking?: string;
}

/** Everything the planner needs, already loaded. Built by `loadTaskInputs`, or by hand in tests. */
export interface TaskInputs {
	spec: TaskSpec;
	request: PlanRequest;
	entry: Entry;
	/** The caller's working directory: the child works there. */
	cwd: string;
	home: string;
	/** Pi's agent directory: credentials, models, the default runs directory. */
	agentDir: string;
	/** pi-delegate's settings, read and validated (readSettings). */
	settings: ReadSettingsResult;
	agents: AgentCatalog;
	parent: ParentPrompt;
	/** The parent session's model (inside Pi). */
	parentModel?: ModelRef;
	/** Pi's defaultProvider / defaultModel / defaultThinkingLevel settings (on the command line). */
	piDefaultModel?: { provider?: string; model?: string; thinking?: string };
	models: readonly ModelInfo[];
	/** Tool names a child session can have. */
	tools: readonly string[];
	piVersion: string;
	/** Whether this machine can make the sandbox (run/sandbox/support.ts probes it). */
	sandbox: SandboxAvailability;
	/** `PI_DELEGATE_RUNS_DIR`, when set. */
	runsDirOverride?: string;
	/** The session that delegates, so spend can be asked per session. */
	parentSession?: { id: string; file?: string };
	/** The caller's conversation, for a spec with `context.tail` (L3): the session's branch, or `--session FILE`. */
	branch?: TaskBranch;
}

/** A decision and who made it, in words a report can print. */
export interface Decided<T> {
	value: T;
	reason: string;
}

/** What every planned child has, whatever checks it: who it is, what it sees, where and on what it runs. */
export interface ChildPlanBase {
	version: 1;
	id: string;
	/** What the child sees: prompt inputs, tools (`submit_result` included), first message, and why. */
	child: ChildView;
	/** The agent definition the child runs as, when it runs as one. */
	agent?: AgentSource;
	cwd: string;
	agentDir: string;
	model: ModelChoice;
	runner: Decided<RunnerKind>;
	providerExtensions: string[];
	budget: ChildBudget;
	/** The commands the child's bash may run, checked at each call (every policy must allow); absent: any. */
	commands?: CommandPolicy[];
	/** The paths the child's file tools are refused, checked at each call; absent: none. */
	paths?: PathRule[];
}

/** The one plan of one task child. */
export interface TaskPlan extends ChildPlanBase {
	kind: "task";
	spec: TaskSpec;
	rung: TaskRung;
	/** Roots watched, the ones that may change, and paths inside them left unchecked on purpose. */
	boundary: { roots: string[]; writeAllowed: string[]; watchedOnly: string[]; exclude: string[] };
	/** What the child's commands may reach: prevention, on top of the boundary's detection. */
	sandbox: SandboxPlan;
	submit: SubmitCheckConfig;
	audit: { runsDir: string; files: string[] };
	/** Equal for siblings that send the same model, tools and system prompt inputs. */
	prefixKey: string;
	piVersion: string;
	parentSession?: { id: string; file?: string };
	/** What the brief quotes of the caller's conversation (L3), when the spec asks for a tail. */
	tail?: TailSummary;
	warnings: Problem[];
}

/** The tail a plan chose, in figures: the quoted text itself is in the first message. */
export interface TailSummary {
	/** The spec's budget, in estimated tokens. */
	budget: number;
	/** Estimated tokens quoted. */
	tokens: number;
	/** Entries (messages, turns with their tool results, summaries) quoted, and left out before them. */
	entries: number;
	omitted: number;
	/** Images in the quoted entries, each replaced by a placeholder. */
	images: number;
	/** Where the conversation came from; "none" without one. */
	source: string;
}

/**
 * A plan, or why there is none. `plan` is kept when the child could be decided but may not start
 * (a model without credentials): preview shows it; a run refuses it.
 */
export type Planned = { ok: true; plan: TaskPlan } | { ok: false; what: string; problems: Problem[]; plan?: TaskPlan };

/**
 * The plan of a plain child: a child that answers in text and is not checked — no spec, no
 * envelope, no boundary. Decided by the same pieces as a task's (the view from `buildChildView`
 * through `planChild`, the model and the runner as `planTask` decides them), so a plain child and a
 * task child of the same kind, mode and model send the same system prompt.
 */
export interface PlainPlan extends ChildPlanBase {
	kind: "plain";
	/** The child's first message, as the caller wrote it. */
	prompt: string;
	effort: TaskSpec["effort"];
	/** The runners always give a child `submit_result`; a plain child is not asked to use it. */
	submit: SubmitCheckConfig;
	audit: { runsDir: string; files: string[] };
	prefixKey: string;
	piVersion: string;
	parentSession?: { id: string; file?: string };
	warnings: Problem[];
}
