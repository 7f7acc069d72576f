/**
 * One in-process child's run as the runner keeps it (in-process.ts): what it is isolated by, what
 * it shares between its steps, how it starts and what it comes to — built as a subprocess child's
 * outcome is, with the messages that steered it.
 */
import { randomUUID } from "node:crypto";
import type { CommandRun } from "../child/command-record.ts";
import { createEventState, resumeEventState } from "../outcome/child-events.ts";
import { childOutcome } from "../outcome/child-outcome.ts";
import type { SandboxPlan, SandboxSupport } from "../sandbox/types.ts";
import type { ChildLaunch, ChildOutcome, PreventedAttempt, RunnerHooks, SentMessage } from "../types.ts";

export interface Isolation {
	support: SandboxSupport;
	plan: SandboxPlan | undefined;
	tmp: string | undefined;
	/** Why the launch's sandbox cannot be made: the child does not start. */
	refused: string | undefined;
	session?: readonly unknown[];
}

/** What one child's run shares between the steps below. */
export interface Run {
	launch: ChildLaunch;
	hooks: RunnerHooks;
	isolation: Isolation;
	state: ReturnType<typeof createEventState>;
	runId: string;
	prevented: PreventedAttempt[];
	/** The commands its bash executed, with their exit status, as the bash itself recorded them. */
	commands: CommandRun[];
	/** The full-output files its bash commands made, deleted when it ends (child/output-files.ts). */
	outputFiles: Set<string>;
	/** bubblewrap can contain the child's commands. */
	contained: boolean;
	/** The messages handed to the child while it ran (runners/steering.ts). */
	messages: SentMessage[];
}

/** The run's outcome, as a subprocess child's is built: what its events showed, and how it ended. */
export function outcomeOf(
	run: Run,
	started: number,
	end: { spawnError?: string; abortReason: unknown; left: readonly string[] },
): ChildOutcome {
	const outcome = childOutcome(
		run.state,
		{
			code: 0,
			signal: null,
			spawnError: end.spawnError,
			abortReason: end.abortReason,
			reports: [],
			stderrTail: "",
			streamErrors: [...end.left],
			sessionFile: end.spawnError === undefined ? run.hooks.sessionFile : undefined,
			elapsedMs: Math.round(performance.now() - started),
			containment: run.contained ? "namespace" : "partial",
			sandbox: run.isolation.plan ? "enforce" : "off",
			prevented: run.prevented,
			commands: run.commands,
		},
		"in-process",
	);
	return run.messages.length > 0 ? { ...outcome, messages: run.messages } : outcome;
}

/** A run's state before its child starts: nothing seen, recorded or left yet. */
export function newRun(launch: ChildLaunch, hooks: RunnerHooks, isolation: Isolation): Run {
	const contained = isolation.support.containment && isolation.support.bwrap !== undefined;
	const state = createEventState();
	if (isolation.session) resumeEventState(state, isolation.session);
	const base = { launch, hooks, isolation, state, runId: randomUUID() };
	return { ...base, prevented: [], commands: [], outputFiles: new Set(), contained, messages: [] };
}
