/**
 * The parts of an execution every kind of child shares: running the child through the prefix gate
 * and under its budget, its events streamed into the audit record, and watching its roots — a
 * snapshot before, one after, the delta between them. `executeTask` and `executeFork` are built
 * from these, so a task and a fork are stopped, recorded and diffed the same way.
 */
import { diffSnapshots } from "../boundary/diff.ts";
import type { Change, Snapshot } from "../boundary/types.ts";
import type { AuditWriter } from "./audit.ts";
import { budgetGuard } from "./budget-guard.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import type { ChildBudget, ChildLaunch, ChildOutcome, ChildRunner, LaunchRecord, TaskProgress } from "./types.ts";

/** The ports a guarded run uses (a subset of the executor's). */
export interface GuardPorts {
	runner: ChildRunner;
	progress?: (progress: TaskProgress) => void;
	/** Shared by siblings: holds a child until a sibling's identical prompt prefix is cached. */
	prefixGate?: PrefixGate;
	/** Cancels the run (the child is stopped). */
	signal?: AbortSignal;
}

/** The ports watching roots uses. */
export interface WatchPorts {
	snapshot: (roots: readonly string[], previous?: Snapshot) => Promise<Snapshot>;
	progress?: (progress: TaskProgress) => void;
}

async function snapshotOrError(
	ports: Pick<WatchPorts, "snapshot">,
	roots: readonly string[],
	previous?: Snapshot,
): Promise<Snapshot | Error> {
	try {
		return await ports.snapshot(roots, previous);
	} catch (error) {
		return error instanceof Error ? error : new Error(String(error));
	}
}

/** What running a child under its budget needs of the plan it comes from. */
export interface GuardedChild {
	/** Siblings with the same key wait for the first one's prompt to be cached. */
	prefixKey: string;
	budget: ChildBudget;
	/** launch.json once the runner says how it started the child. */
	launchJson: (record: LaunchRecord) => unknown;
}

/**
 * Runs one child: through the prefix gate, under its budget, its events streamed into the audit
 * record as they happen. Shared by tasks and forks.
 */
export async function runGuarded(
	child: GuardedChild,
	launch: ChildLaunch,
	ports: GuardPorts,
	audit: AuditWriter,
): Promise<ChildOutcome> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	if (ports.prefixGate?.wouldWait(child.prefixKey))
		progress({ type: "phase", phase: "waiting", detail: "for a sibling's prompt to be cached" });
	const pass = await ports.prefixGate?.enter(child.prefixKey);
	progress({ type: "phase", phase: "running" });
	const guard = budgetGuard(child.budget, ports.signal);
	try {
		return await ports.runner(launch, {
			signal: guard.signal,
			onProgress: (p) => {
				if (p.type === "responding") pass?.primed();
				guard.watch(p);
				progress(p);
			},
			onEvent: (event) => audit.appendEvent(event),
			onLaunch: (record: LaunchRecord) => audit.writeJson("launch.json", child.launchJson(record)),
			sessionFile: audit.path("session.jsonl"),
		});
	} finally {
		pass?.done();
		guard.dispose();
		audit.closeEvents();
	}
}

/** Snapshots before and after the child, with the delta between them, or why the roots could not be checked. */
export interface Boundary {
	delta: Change[];
	error: string | undefined;
}

/**
 * Runs `run` between two snapshots of the roots, recording both in the audit record, and returns
 * its value with the delta. A root that cannot be snapshotted is an error of the boundary, not a
 * crash: the run still happens and its verdict says the roots were not checked.
 */
export async function watchRoots<T>(
	roots: readonly string[],
	ports: WatchPorts,
	audit: AuditWriter,
	run: () => Promise<T>,
): Promise<{ value: T; boundary: Boundary }> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	progress({ type: "phase", phase: "snapshot", detail: "before" });
	const before = await snapshotOrError(ports, roots);
	if (!(before instanceof Error)) audit.writeJson("boundary-before.json", before);
	const value = await run();
	progress({ type: "phase", phase: "snapshot", detail: "after" });
	const after = before instanceof Error ? before : await snapshotOrError(ports, roots, before);
	if (!(after instanceof Error)) audit.writeJson("boundary-after.json", after);
	const boundary: Boundary =
		before instanceof Error || after instanceof Error
			? { delta: [], error: (before instanceof Error ? before : (after as Error)).message }
			: { delta: diffSnapshots(before, after), error: undefined };
	return { value, boundary };
}
