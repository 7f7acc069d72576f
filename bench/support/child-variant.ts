/**
 * The shape of one way to start a one-turn child, as the overhead benchmark drives it. Each variant
 * opens a runner once (outside the timed part), then starts batches of children; every child
 * reports when it was asked for and when its result was in hand, so the benchmark can set both
 * against the emulator's log of the child's first request.
 */
import type { BenchEnv } from "./bench-env.ts";

export interface ChildTask {
	/** Unique text in the child's first message; finds the child's requests in the emulator log. */
	marker: string;
	task: string;
	/** A directory of its own holding DATA_FILE: a pi-delegate child's watched root (others ignore it). */
	root: string;
}

export interface ChildOutcome {
	/** Wall-clock epoch ms when the child was asked for (the variant says from what: see `startsAt`). */
	startedAt: number;
	/** When the child had finished and its result was in hand. */
	endedAt: number;
	/** The child process's peak RSS (subprocess variants only). */
	peakRssKiB?: number;
	ok: boolean;
	detail?: string;
}

export interface ChildRunner {
	run(task: ChildTask): Promise<ChildOutcome>;
	/**
	 * Starts a whole batch at once, when the variant cannot start its children one by one (a parent
	 * session whose one model turn asks for all of them), or wants its setup outside the measurement.
	 * It calls `ready` once set up, just before the first child is asked for; memory growth is
	 * counted from there. Without it, the batch is `run` per task, started together.
	 */
	runBatch?(tasks: readonly ChildTask[], ready: () => void): Promise<ChildOutcome[]>;
	dispose(): Promise<void>;
}

export interface ChildVariant {
	id: string;
	label: string;
	/** The moment `startedAt` marks, in plain words, for the table's footer. */
	startsAt: string;
	/** Whether this is one of the compared systems or a reference that shows a floor. */
	role: "baseline" | "pi-delegate" | "reference";
	/** Subprocess: memory is the child's own peak RSS; in-process: this process's growth per child. */
	memory: "child-process" | "this-process";
	open(env: BenchEnv): Promise<ChildRunner>;
}

export const wallClock = () => performance.timeOrigin + performance.now();
