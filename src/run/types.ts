/**
 * Types of the run stage: what a runner is given to start a child, what it reports while the child
 * works, and what it returns. Both runners (in-process SDK session, `pi` subprocess) take the same
 * launch and return the same outcome, so everything after the run (boundary, envelope, verdict,
 * audit, report) is runner-agnostic.
 */

import type { CommandPolicy } from "../agents/permissions/command-policy.ts";
import type { PathRule } from "../agents/permissions/path-policy.ts";
import type { Change, UncheckedPart } from "../boundary/types.ts";
import type { CommandRun } from "../envelope/command-runs.ts";
import type { RejectedCall } from "../envelope/rejected.ts";
import type { PrefixHashes } from "../meter/types.ts";
import type { ChildCachePolicy } from "../plan/cache-policy.ts";
import type { ChildBudget, ModelChoice, RunnerKind, SubmitCheckConfig } from "../plan/types.ts";
import type { ChildPromptInputs } from "../prompt/channels.ts";
import type { ChildInbox } from "./inbox.ts";
import type { Containment, PreventedAttempt, SandboxMode, SandboxPlan } from "./sandbox/types.ts";

export type {
	ChildBudget,
	ChildPromptInputs,
	Containment,
	ModelChoice,
	PreventedAttempt,
	RunnerKind,
	SandboxMode,
	SandboxPlan,
	SubmitCheckConfig,
};

/** Everything a runner needs to start one child. Nothing in it depends on which runner is used. */
export interface ChildLaunch {
	/** The child's kind, as named in its `<active_agent>` tag. */
	agent: string;
	/** Working directory of the child. */
	cwd: string;
	prompt: ChildPromptInputs;
	/** The system prompt as Pi renders it from `prompt` (for the audit record and preview). */
	systemPrompt: string;
	/** The first (and only) user message: the per-run brief. */
	firstMessage: string;
	/** Built-in tool names the child gets; `submit_result` is always added by the runner. */
	tools: string[];
	model: ModelChoice;
	/** Pi agent dir whose credentials and models the child uses. */
	agentDir: string;
	/** Extensions the child loads besides pi-delegate's own (e.g. the provider of its model). */
	providerExtensions: string[];
	budget: ChildBudget;
	/** What `submit_result` checks before accepting a result. */
	submit: SubmitCheckConfig;
	/**
	 * The sandbox the planner decided (decideSandbox). Absent: no sandbox, as before there was one.
	 * Either way the child is contained (a PID namespace) where this machine allows it.
	 */
	sandbox?: SandboxPlan;
	/** The commands bash may run, checked at each call (every policy must allow); absent: any. */
	commands?: CommandPolicy[];
	/** The paths the file tools are refused, checked at each call (agents/permissions/path-policy.ts); absent: none. */
	paths?: PathRule[];
	/** Cache lifetimes per request kind (cache-policy.ts); absent: the requests go out as Pi builds them. */
	cache?: ChildCachePolicy;
	/** The child may delegate: its `task` tool's calls go to `RunnerHooks.delegate` (run/nest.ts). */
	delegate?: { depth: number };
}

/** Token and dollar totals of one child, summed over its assistant messages. */
export interface ChildUsage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	/** Total billed dollars. */
	costUsd: number;
	/** The dollars split as the provider billed them. */
	cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
}

export const ZERO_USAGE: ChildUsage = Object.freeze({
	input: 0,
	output: 0,
	cacheRead: 0,
	cacheWrite: 0,
	costUsd: 0,
	cost: Object.freeze({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }),
}) as ChildUsage;

/** Adds one assistant message's usage (Pi's Usage shape, any field possibly missing) to a total. */
export function addUsage(
	total: ChildUsage,
	u: {
		input?: number;
		output?: number;
		cacheRead?: number;
		cacheWrite?: number;
		cost?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number; total?: number };
	},
): ChildUsage {
	return {
		input: total.input + (u.input ?? 0),
		output: total.output + (u.output ?? 0),
		cacheRead: total.cacheRead + (u.cacheRead ?? 0),
		cacheWrite: total.cacheWrite + (u.cacheWrite ?? 0),
		costUsd: total.costUsd + (u.cost?.total ?? 0),
		cost: {
			input: total.cost.input + (u.cost?.input ?? 0),
			output: total.cost.output + (u.cost?.output ?? 0),
			cacheRead: total.cost.cacheRead + (u.cost?.cacheRead ?? 0),
			cacheWrite: total.cost.cacheWrite + (u.cost?.cacheWrite ?? 0),
		},
	};
}

/** Progress while a child works; a discriminated union on `type`. */
export type ChildProgress =
	| { type: "started"; runner: RunnerKind; model: string }
	| { type: "turn"; turn: number }
	/** The model's first response began streaming: its prompt prefix is now in the provider's cache. */
	| { type: "responding" }
	| { type: "tool_start"; tool: string; summary: string }
	| { type: "tool_end"; tool: string; isError: boolean }
	| { type: "usage"; usage: ChildUsage }
	| { type: "budget_warning"; message: string };

/** Progress of a whole task: the child's own progress plus the phases around it. */
export type TaskProgress =
	| ChildProgress
	| { type: "warning"; message: string }
	| { type: "phase"; phase: "waiting" | "snapshot" | "running" | "checking"; detail?: string }
	| { type: "audit"; dir: string };

/** Which budget stopped the child, if any. */
export type BudgetStop = "wall" | "usd" | "turns";

/** What a runner returns once the child has stopped, whatever stopped it. */
export interface ChildOutcome {
	runner: RunnerKind;
	/** The child ran to its own end (not stopped by a budget, a crash or an abort). */
	completed: boolean;
	/** Stop reason of the last assistant message (`stop`, `toolUse`, `error`, `aborted`, …). */
	stopReason: string | undefined;
	/** Model or process errors, in the order seen. */
	errors: string[];
	/** What stopped the child from outside: a budget, or the caller cancelling. */
	stoppedBy: AbortReason | undefined;
	/** Arguments of every accepted `submit_result` call, in order. */
	submissions: unknown[];
	/** Every `submit_result` call that ended in an error, numbered among all its calls; undefined when not recorded. */
	rejectedSubmissions?: RejectedCall[];
	/** Text of the last assistant message. */
	finalText: string;
	/** Every bash command the child's bash executed, in order (a call refused or never started is not one). */
	commandsRun: string[];
	/**
	 * The same commands with how each ended, as pi-delegate's own bash recorded them (never read
	 * from the child's events or output); `cmd:` pointers are verified against it. Absent from a
	 * runner that keeps no such record: its `commandsRun` is then all there is.
	 */
	commands?: CommandRun[];
	toolCalls: number;
	turns: number;
	usage: ChildUsage;
	/** The child's session file, when it has one. */
	sessionFile: string | undefined;
	/** What the child actually sent as its system prompt and tool definitions, from its own transcript. */
	sent: SentPrompt | undefined;
	elapsedMs: number;
	/** How the child's processes were held together; set by both runners. */
	containment?: Containment;
	/** The sandbox the child actually ran in: `off` when the launch had none or it could not be made. */
	sandbox?: SandboxMode;
	/** Writes the sandbox refused, in order (the boundary's violations are listed apart). */
	prevented?: PreventedAttempt[];
	/** What a fork's own hooks saw while it ran (run/runners/fork-child.ts). */
	observed?: ForkObservations;
	/** The messages handed to the child while it ran (its inbox), in order; absent when none was. */
	messages?: SentMessage[];
	/** The audit directories of the children its `task` calls started (run/nest.ts); absent when none. */
	children?: string[];
}

/** A message handed to a running child (run/runners/steering.ts): what it said, and when. */
export interface SentMessage {
	text: string;
	/** ISO time it was handed to the child's steering queue or channel. */
	at: string;
}

/** What a fork's hooks and tools observed: the calls its authority refused, its first request's prefix. */
export interface ForkObservations {
	/** The calls it refused, in order. */
	refused: Array<{ tool: string; reason: string }>;
	/** The prefix hashes of its first request. */
	firstRequest?: PrefixHashes;
	/** Whether its first request got the breakpoint at the end of the inherited branch, or why not. */
	breakpoint?: string;
}

/** A child's system prompt and tool definitions exactly as its Pi sent them to the model. */
export interface SentPrompt {
	systemPrompt: string;
	tools: Array<{ name: string; description: string; parameters: unknown }>;
}

/** Why the orchestrator aborted a child; passed as the AbortSignal's reason. */
export type AbortReason = BudgetStop | "cancelled";

/** What the orchestrator gives a runner besides the launch. */
export interface RunnerHooks {
	/**
	 * Aborted by the orchestrator when a budget runs out or the caller cancels; `signal.reason` is an
	 * `AbortReason`. The runner must then stop the child at once (abort the session, or kill the
	 * whole process group), and still return an outcome.
	 */
	signal: AbortSignal;
	/** Progress for the user (and for the orchestrator's live budget checks). */
	onProgress: (progress: ChildProgress) => void;
	/** Every raw child event, JSON-safe and delta-only, for the audit record's events.ndjson, as it happens. */
	onEvent: (event: unknown) => void;
	/** Where the runner may keep the child's session file (the audit directory). */
	sessionFile: string;
	/**
	 * Writes the session file's text through the audit record (never through a link put in its
	 * place; a failure is the record's, not the run's crash). A runner that writes the file itself
	 * (in-process) uses this when given.
	 */
	writeSession?: (text: string) => void;
	/** How the child was started — the argv and environment of a subprocess, the session options in-process — for launch.json. */
	onLaunch?: (launch: LaunchRecord) => void;
	/** Messages sent to the running child; the runner delivers each at the child's next turn. */
	inbox?: ChildInbox;
	/** Where the child's `task` calls go, when it may delegate (run/nest.ts); absent: they are refused. */
	delegate?: (args: unknown) => Promise<NestedAnswer>;
}

/** The answer to a child's `task` call: the grandchild's compact report, or why it was refused. */
export interface NestedAnswer {
	ok: boolean;
	text: string;
}

/** How a child was started, as the audit record keeps it. */
export type LaunchRecord =
	| { runner: "subprocess"; command: string; argv: string[]; cwd: string; env: Record<string, string>; runId: string }
	| { runner: "in-process"; session: Record<string, unknown> };

/** A runner: starts one child, waits for it to stop, and reports what happened. Never throws for child failures. */
export type ChildRunner = (launch: ChildLaunch, hooks: RunnerHooks) => Promise<ChildOutcome>;

/** What the roots' snapshots before and after the child show, or why they could not be taken. */
export interface Boundary {
	/** Every change outside excluded paths. */
	delta: Change[];
	/** What fails the task: changes outside write_allowed, then the parts of watched-only roots that could not be checked. */
	failures: Change[];
	/** The changes outside write_allowed alone (what a sandbox should have made impossible). */
	violations: Change[];
	/** Every part that was not checked: unreadable, or excluded by the spec. */
	unchecked: UncheckedPart[];
	error: string | undefined;
}
