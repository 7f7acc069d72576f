/**
 * What a workflow script sees. A workflow is a module whose default export is
 * `async function (wf, args)`: `wf` is the API below, `args` the arguments given after the file
 * (`pi-delegate workflow run FILE -- ARGS…`, or a command's words). A module may also export
 * `limits` (concurrency, dollars, seconds) as its defaults; command-line flags override them.
 *
 * This shape is a promise to the people who write scripts: it only grows.
 */
import type { TaskResult, UncheckedResult } from "../run/outcome/result.ts";
import type { AgentOptions } from "./options.ts";

export type { AgentOptions };

/** Where a result came from in this run. */
export interface CallInfo {
	/** The call's place in the order the script issued its calls, from 1. */
	seq: number;
	hash: string;
	/** True when the result was taken from an earlier run's journal without a model request. */
	replayed: boolean;
	/** The run the result was first recorded in, when replayed. */
	from?: string;
}

/** A checked task's result: its verdict, envelope and evidence, and the deliverable as text (and value). */
export type CheckedResult = TaskResult & {
	/** The envelope's deliverable, or the child's last message when it handed in none. */
	text: string;
	/** The deliverable parsed as JSON, when the call gave a result schema and it was satisfied. */
	value?: unknown;
	call: CallInfo;
};

/** An unchecked child's result: text that nothing checked. */
export type UncheckedAgentResult = UncheckedResult & { call: CallInfo };

export type AgentResult = CheckedResult | UncheckedAgentResult;

export interface ParallelOptions {
	/** At most this many thunks at once (default: the run's concurrency). */
	concurrency?: number;
}

type Step<I, O> = (previous: I) => O | Promise<O>;

export interface Workflow {
	/** One child: a checked task by default; `check: false` for an unchecked child answering in text. */
	agent(prompt: string, options?: AgentOptions & { check?: true }): Promise<CheckedResult>;
	agent(prompt: string, options: AgentOptions & { check: false }): Promise<UncheckedAgentResult>;
	agent(prompt: string, options?: AgentOptions): Promise<AgentResult>;
	/** Runs the thunks at most `concurrency` at a time; the results in the thunks' order. */
	parallel<T>(thunks: ReadonlyArray<() => T | Promise<T>>, options?: ParallelOptions): Promise<T[]>;
	/** Runs the steps one after another, each given the one before's result; the last result. */
	chain<A>(first: () => A | Promise<A>): Promise<A>;
	chain<A, B>(first: () => A | Promise<A>, second: Step<A, B>): Promise<B>;
	chain<A, B, C>(first: () => A | Promise<A>, second: Step<A, B>, third: Step<B, C>): Promise<C>;
	chain<A, B, C, D>(first: () => A | Promise<A>, second: Step<A, B>, third: Step<B, C>, fourth: Step<C, D>): Promise<D>;
	chain(first: () => unknown, ...rest: Array<Step<unknown, unknown>>): Promise<unknown>;
	/** Names a part of the run in its progress and its record. */
	phase<T>(name: string, fn: () => T | Promise<T>): Promise<T>;
	/** A line in the run's progress and record. */
	log(text: string): void;
	/** The run-level context mode (`--mode`), if one was given. */
	readonly mode: string | undefined;
	/** The directory the run was started in: the default root of a checked call. */
	readonly cwd: string;
}

/** The default export of a workflow module. Its return value is the run's report. */
export type WorkflowFunction = (wf: Workflow, args: readonly string[]) => unknown;

/** A run's limits: across all its children. */
export interface WorkflowLimits {
	/** Children running at once. */
	concurrency: number;
	/** Dollars all children together may spend; every child is stopped once it is passed. */
	usd: number;
	/** Seconds the whole run may take; every child is stopped when they are up. */
	wall_s: number;
}

export const DEFAULT_LIMITS: WorkflowLimits = Object.freeze({ concurrency: 4, usd: 10, wall_s: 3600 });

/** How a run ended. */
export type RunStatus = "passed" | "failed" | "stopped" | "error";
