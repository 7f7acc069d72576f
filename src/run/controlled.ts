/**
 * A run under its control endpoint: what the one execution adds around a child once its audit
 * record is open. The endpoint's `send` goes into a mailbox merged with the entry point's inbox
 * (one inbox for the runner), its `stop` aborts the run as a user's stop does (the result says it
 * was cancelled), its `status` is kept from the run's own progress, and its `wait` is answered once
 * result.json is written; then the endpoint closes. A run without the port runs as before.
 */

import { currentPid } from "./control/open.ts";
import type { RunStatus } from "./control/protocol.ts";
import type { ControlEndpoint, ControlHandlers } from "./control/server.ts";
import { endOf } from "./control/state.ts";
import { type ChildInbox, createMailbox, mergeInboxes } from "./inbox.ts";
import type { ChildResult } from "./outcome/result.ts";
import type { TaskProgress } from "./types.ts";

/** Opens a run's control endpoint (the execution's port; control/open.ts is the real one). */
export type OpenControl = (auditDir: string, handlers: ControlHandlers) => ControlEndpoint & { why?: string };

/** What a controlled run hands the rest of the execution instead of the entry point's own. */
export interface Controlled {
	progress: (progress: TaskProgress) => void;
	signal: AbortSignal;
	inbox: ChildInbox;
	/** Resolves once the endpoint listens (or could not be opened). */
	ready: Promise<boolean>;
	/** The run's result is written: every `wait` is answered with it. */
	ended(result: ChildResult): void;
	/** Closes the endpoint (after `ended`, or when the execution failed). */
	close(): void;
}

interface Entry {
	progress?: ((progress: TaskProgress) => void) | undefined;
	signal?: AbortSignal | undefined;
	inbox?: ChildInbox | undefined;
	control?: OpenControl | undefined;
}

/** Keeps the status a run answers with, from its progress. */
function tracker(status: RunStatus) {
	return (p: TaskProgress) => {
		if (p.type === "phase") status.state = p.phase === "running" || p.phase === "checking" ? "running" : status.state;
		else if (p.type === "turn") {
			status.turn = p.turn;
			delete status.tool;
		} else if (p.type === "tool_start") status.tool = p.tool;
		else if (p.type === "tool_end") delete status.tool;
		else if (p.type === "usage") status.usd = p.usage.costUsd;
	};
}

/** Opens the run's endpoint, or returns undefined when the entry point gave no control port. */
export function controlRun(
	run: { id: string; kind: string; startedAt: Date; auditDir: string },
	entry: Entry,
): Controlled | undefined {
	if (entry.control === undefined) return undefined;
	const status: RunStatus = {
		id: run.id,
		kind: run.kind,
		state: "queued",
		turn: 0,
		usd: 0,
		startedAt: run.startedAt.toISOString(),
		auditDir: run.auditDir,
		pid: currentPid(),
	};
	const track = tracker(status);
	const mailbox = createMailbox();
	const stopper = new AbortController();
	let over = false;
	const endpoint = entry.control(run.auditDir, {
		status: () => ({ ...status }),
		send: (message) => mailbox.send(message),
		stop: () => {
			if (over || stopper.signal.aborted) return !over;
			stopper.abort("cancelled");
			return true;
		},
	});
	if (endpoint.why !== undefined)
		entry.progress?.({ type: "warning", message: `the run cannot be asked or stopped from a shell: ${endpoint.why}` });
	return {
		progress: (p) => {
			track(p);
			entry.progress?.(p);
		},
		signal: entry.signal ? AbortSignal.any([entry.signal, stopper.signal]) : stopper.signal,
		inbox: mergeInboxes(entry.inbox, mailbox),
		ready: endpoint.ready,
		ended(result) {
			over = true;
			mailbox.close();
			const end = endOf(result as unknown as Record<string, unknown>);
			if (end) endpoint.ended(end);
		},
		close() {
			over = true;
			mailbox.close();
			endpoint.close();
		},
	};
}
