/**
 * The parts of an execution every kind of child shares: running the child through the prefix gate
 * and under its budget, its events streamed into the audit record, and watching its roots — a
 * snapshot before, one after, the delta between them. `executeTask` and `executeFork` are built
 * from these, so a task and a fork are stopped, recorded and diffed the same way.
 */
import { AFTER_FILE, BEFORE_FILE, encodeSnapshot } from "../boundary/codec.ts";
import { boundaryFindings } from "../boundary/findings.ts";
import type { Snapshot } from "../boundary/types.ts";
import type { AuditWriter } from "./audit/audit.ts";
import { budgetGuard } from "./budget-guard.ts";
import type { ChildInbox } from "./inbox.ts";
import type { NestBroker, NestPort } from "./nest.ts";
import { createEventState } from "./outcome/child-events.ts";
import { childOutcome } from "./outcome/child-outcome.ts";
import type { PrefixGate } from "./prefix-gate.ts";
import type {
	Boundary,
	ChildBudget,
	ChildLaunch,
	ChildOutcome,
	ChildRunner,
	LaunchRecord,
	RunnerHooks,
	TaskProgress,
} from "./types.ts";

/** The ports a guarded run uses (a subset of the executor's). */
export interface GuardPorts {
	runner: ChildRunner;
	/** Messages for the running child, handed to the runner (run/inbox.ts). */
	inbox?: ChildInbox;
	/** The broker of the child's `task` calls, when it may delegate (run/nest.ts). */
	nest?: NestPort;
	progress?: (progress: TaskProgress) => void;
	/** Shared by siblings: holds a child until a sibling's identical prompt prefix is cached. */
	prefixGate?: PrefixGate;
	/** Cancels the run (the child is stopped). */
	signal?: AbortSignal;
}

/** How roots are snapshotted: after the first, with the earlier snapshot (unchanged files are not hashed again). */
export type SnapshotPort = (
	roots: readonly string[],
	options: { previous?: Snapshot; exclude: readonly string[] },
) => Promise<Snapshot>;

/** The ports watching roots uses. */
export interface WatchPorts {
	snapshot: SnapshotPort;
	progress?: (progress: TaskProgress) => void;
}

/** What is watched: the roots, the ones that may change, and the paths left unchecked on purpose. */
export interface Watched {
	roots: readonly string[];
	writeAllowed: readonly string[];
	exclude: readonly string[];
}

async function snapshotOrError(
	ports: Pick<WatchPorts, "snapshot">,
	watched: Watched,
	previous?: Snapshot,
): Promise<Snapshot | Error> {
	try {
		return await ports.snapshot(watched.roots, { ...(previous && { previous }), exclude: watched.exclude });
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
	// A child whose record could not even be begun is not started: what it did would go unrecorded.
	const [unrecorded] = audit.faults();
	if (unrecorded) return notStarted(`its audit record could not be begun (${unrecorded.file} ${unrecorded.reason})`);
	if (ports.prefixGate?.wouldWait(child.prefixKey))
		progress({ type: "phase", phase: "waiting", detail: "for a sibling's prompt to be cached" });
	const pass = await ports.prefixGate?.enter(child.prefixKey);
	progress({ type: "phase", phase: "running" });
	let nested: NestBroker | undefined;
	const guard = budgetGuard(child.budget, ports.signal, () => nested?.spentUsd() ?? 0);
	const used = usedSoFar();
	nested = ports.nest?.({
		auditDir: audit.dir,
		signal: guard.signal,
		copies: launch.sandbox?.copies,
		...used.port(guard),
	});
	try {
		const outcome = await startChild(launch, ports, {
			signal: guard.signal,
			onProgress: (p) => {
				if (p.type === "responding") pass?.primed();
				used.watch(p);
				guard.watch(p);
				progress(p);
			},
			onEvent: (event) => audit.appendEvent(event),
			onLaunch: (record: LaunchRecord) => audit.writeJson("launch.json", child.launchJson(record)),
			sessionFile: audit.path("session.jsonl"),
			writeSession: (text) => audit.writeText("session.jsonl", text),
			...(ports.inbox && { inbox: ports.inbox }),
			...(nested && { delegate: nested.call }),
		});
		const children = nested?.children() ?? [];
		return children.length > 0 ? { ...outcome, children } : outcome;
	} finally {
		pass?.done();
		guard.dispose();
		audit.closeEvents();
	}
}

/** What the child has used so far, from its progress, for the broker of its `task` calls. */
function usedSoFar() {
	const started = performance.now();
	let usd = 0;
	let turns = 0;
	return {
		watch(p: TaskProgress) {
			if (p.type === "usage") usd = p.usage.costUsd;
			else if (p.type === "turn") turns = Math.max(turns, p.turn);
		},
		port: (guard: { recheck(): void }) => ({
			used: () => ({ usd, seconds: (performance.now() - started) / 1000, turns }),
			spent: () => guard.recheck(),
		}),
	};
}

/**
 * Runs the runner; one that throws (its own files could not be written: a full disk, a record
 * directory gone) ends the child as not started, with the reason, instead of the whole run.
 */
async function startChild(launch: ChildLaunch, ports: GuardPorts, hooks: RunnerHooks): Promise<ChildOutcome> {
	try {
		return await ports.runner(launch, hooks);
	} catch (error) {
		return notStarted(`the child could not be started: ${error instanceof Error ? error.message : String(error)}`);
	}
}

export function notStarted(reason: string): ChildOutcome {
	const exit = { code: null, signal: null, spawnError: reason, abortReason: undefined, reports: [], stderrTail: "" };
	return childOutcome(createEventState(), { ...exit, streamErrors: [], sessionFile: undefined, elapsedMs: 0 });
}

const NO_CHANGES = { delta: [], failures: [], violations: [], unchecked: [] };

/**
 * Runs `run` between two snapshots of the roots, recording both in the audit record, and returns
 * its value with the delta. A root that cannot be snapshotted is an error of the boundary, not a
 * crash: the run still happens and its verdict says the roots were not checked.
 */
export async function watchRoots<T>(
	watched: Watched,
	ports: WatchPorts,
	audit: AuditWriter,
	run: () => Promise<T>,
): Promise<{ value: T; boundary: Boundary }> {
	const progress = (p: TaskProgress) => ports.progress?.(p);
	progress({ type: "phase", phase: "snapshot", detail: "before" });
	const before = await snapshotOrError(ports, watched);
	// Compact and complete on its own: written at once, so a crash mid-run still leaves it.
	if (!(before instanceof Error)) audit.writeBytes(BEFORE_FILE, encodeSnapshot(before));
	const value = await run();
	progress({ type: "phase", phase: "snapshot", detail: "after" });
	const after = before instanceof Error ? before : await snapshotOrError(ports, watched, before);
	if (!(after instanceof Error)) audit.writeBytes(AFTER_FILE, encodeSnapshot(after));
	if (before instanceof Error || after instanceof Error) {
		return { value, boundary: { ...NO_CHANGES, error: (before instanceof Error ? before : (after as Error)).message } };
	}
	const found = boundaryFindings(before, after, { writeAllowed: watched.writeAllowed, exclude: watched.exclude });
	return {
		value,
		boundary: {
			delta: found.changes,
			failures: found.failures,
			violations: found.violations,
			unchecked: found.unchecked,
			error: undefined,
		},
	};
}
