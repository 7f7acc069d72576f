/**
 * Types of the plan stage. `ChildInputs` is everything already read (no port, no I/O left to do) and
 * the one child asked for; a `ChildPlan` is everything decided about that child — a checked task, a
 * fork of the conversation, or an unchecked child — as plain, JSON-serialisable data that `preview`
 * prints, `launch.json` records and the one execution (`executeChild`) carries out. Nothing
 * downstream decides anything a plan could have decided: if two entry points disagree about a
 * child, their plans differ.
 */

import type { AgentCatalog } from "../agents/catalog.ts";
import type { AgentSource } from "../agents/definition.ts";
import type { CommandPolicy } from "../agents/permissions/command-policy.ts";
import type { PathRule } from "../agents/permissions/path-policy.ts";
import type { EvidenceRule } from "../envelope/proof.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import type { ChildView } from "../prompt/child-view.ts";
import type { TaskRung } from "../prompt/task-brief.ts";
import type { ReadSettingsResult } from "../settings/read.ts";
import type { RunnerKind } from "../settings/types.ts";
import type { AcceptPlan } from "./accept.ts";
import type { ApplyPlan } from "./apply.ts";
import type { CallFields, ChildBudget, Decided, DefaultDecision, ModelChoice, PlanBase } from "./base.ts";
import type { ChildCachePolicy } from "./cache-policy.ts";

export type { CallFields, ChildBudget, Decided, DefaultDecision, ModelChoice, PlanBase };

import type { ForkContext, ForkPlan } from "./fork-types.ts";
import type { SandboxAvailability, SandboxPlan } from "./sandbox.ts";

export type { ForkPlan };

import type { ResumeSource } from "./resume-types.ts";
import type { TaskBranch } from "./tail.ts";

export type { RunnerKind };

import type { Effort } from "../request/choices.ts";
import type { Budget } from "../request/limits.ts";
import type { TaskSpec } from "../spec/schema.ts";

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

/** What every child is planned from, already loaded once per call. Built by `loadInputs`, or by hand in tests. */
export interface CommonInputs {
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
	/**
	 * The runs directory as the disk has it (every symlink resolved, as far as it exists), for the
	 * check that it lies apart from every root (runs-dir.ts); absent, the decided path stands in.
	 */
	runsDirReal?: string;
	/** The session that delegates, so spend can be asked per session. */
	parentSession?: { id: string; file?: string };
	/** The caller's conversation, for a spec with `context.tail` (L3): the session's branch, or `--session FILE`. */
	branch?: TaskBranch;
	/** Prefix keys this session has run a child with before: such a prefix is read again after gaps (cache-policy.ts). */
	seenPrefixes?: ReadonlySet<string>;
	/** Inside Pi, for a fork: the parent's session as the call finds it. */
	fork?: ForkContext;
}

/** Everything a task's planner needs: the common inputs, its spec and its request's layer. */
export interface TaskInputs extends CommonInputs {
	spec: TaskSpec;
	request: PlanRequest;
}

/** One child asked for, loaded: a task's spec validated, the layer merged with the entry's run-level flags. */
export type LoadedRequest =
	| {
			kind: "task";
			spec: TaskSpec;
			layer: PlanRequest;
			defaults: DefaultDecision[];
			warnings?: Problem[];
			/** The finished run whose session the child continues. */
			resumes?: ResumeSource;
	  }
	| {
			kind: "unchecked";
			id: string;
			prompt: string;
			effort: Effort;
			budget: Budget;
			layer: PlanRequest;
			defaults: DefaultDecision[];
			tools?: { names: readonly string[]; where: ProblemPlace };
			/** What it gets when neither the caller nor its agent names tools, and why. */
			defaultTools?: { names: readonly string[]; reason: string };
	  }
	| {
			kind: "fork";
			id: string;
			brief: string;
			index: number;
			of: number;
			from?: unknown;
			defaults: DefaultDecision[];
			/** The fork's run whose session this one continues, instead of the parent's branch. */
			resumes?: ResumeSource;
	  };

/** The one planner's input: what every child is planned from, and the child asked for. */
export interface ChildInputs extends CommonInputs {
	request: LoadedRequest;
}

/** What a task and an unchecked child have besides: a view built from the parent's prompt, an agent, a runner. */
export interface ChildPlanBase extends PlanBase {
	/** What the child sees: prompt inputs, tools (`submit_result` included), first message, and why. */
	child: ChildView;
	/** The agent definition the child runs as, when it runs as one. */
	agent?: AgentSource;
	runner: Decided<RunnerKind>;
	providerExtensions: string[];
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
	parentSession?: { id: string; file?: string };
	/** What the brief quotes of the caller's conversation (L3), when the spec asks for a tail. */
	tail?: TailSummary;
	/** The cache lifetimes the child's requests follow (cache-policy.ts), decided by who else reads its prefix. */
	cache: Decided<ChildCachePolicy>;
	/** Commands pi-delegate runs in the child's working tree after it ends; absent for none. */
	accept?: AcceptPlan;
	/** Where the child makes its changes: a private copy applied on PASS, or the real root. */
	apply: ApplyPlan;
	/** How many levels of children the child may start (plan/delegate.ts); absent: none, and no `task` tool. */
	delegate?: { depth: number };
	/** The audit directory of the child whose `task` call started this one (run/nest.ts); absent for a top-level task. */
	parentRun?: string;
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
 * The plan of an unchecked child: a child that answers in text and is not checked — no spec, no
 * envelope, no boundary. Decided by the same pieces as a task's (the view from `buildChildView`, the
 * model and the runner as a task's are decided), so an unchecked child and a task child of the same
 * kind, mode and model send the same system prompt.
 */
export interface UncheckedPlan extends ChildPlanBase {
	kind: "unchecked";
	/** The child's first message, as the caller wrote it. */
	prompt: string;
	effort: TaskSpec["effort"];
	/** The runners always give a child `submit_result`; an unchecked child is not asked to use it. */
	submit: SubmitCheckConfig;
	parentSession?: { id: string; file?: string };
}

/** Every kind of child: the one plan the one execution carries out. */
export type ChildPlan = TaskPlan | ForkPlan | UncheckedPlan;

/**
 * A plan, or why there is none. `plan` is kept when the child could be decided but may not start
 * (a model without credentials): preview shows it; a run refuses it.
 */
export type Planned<P extends ChildPlan = ChildPlan> =
	| { ok: true; plan: P }
	| { ok: false; what: string; problems: Problem[]; plan?: P };
