/**
 * The outcome of a subprocess child, from its folded events and how its process ended. Pure.
 *
 * Pi's JSON mode exits 0 even when the model call failed, so the exit code alone says little: a
 * child completed only when it ran to its own end — its run finished (`agent_end`), its last
 * message is not an error or an abort, nothing stopped it, and the process exited cleanly.
 */

import type { CommandRun } from "../../envelope/command-runs.ts";
import type { AbortReason, ChildOutcome, Containment, PreventedAttempt, RunnerKind, SandboxMode } from "../types.ts";
import { type ChildEventState, settleAssistant } from "./child-events.ts";
import { CHILD_REFUSED_EXIT, type ChildReport } from "./child-report.ts";

/** How the child process ended, as the runner observed it. */
export interface ChildExit {
	code: number | null;
	signal: string | null;
	/** The process could not be started (or its I/O failed) — the message. */
	spawnError: string | undefined;
	/** `signal.reason` when the runner stopped the child on the caller's signal. */
	abortReason: unknown;
	reports: ChildReport[];
	/** The end of stderr, without report lines. */
	stderrTail: string;
	/** Defects of the event stream itself (a line that is not JSON, a record cut off). */
	streamErrors: string[];
	sessionFile: string | undefined;
	elapsedMs: number;
	containment?: Containment;
	sandbox?: SandboxMode;
	/** Writes refused by the in-process tools or the read-only mounts (the child's own reports are added). */
	prevented?: PreventedAttempt[];
	/**
	 * The commands the child's bash executed, as pi-delegate's bash recorded them: the in-process
	 * runner's own, a subprocess child's from its extension's reports (ranReports). Without it the
	 * outcome lists the bash calls the events show, and keeps no record to verify `cmd:` against.
	 */
	commands?: CommandRun[];
}

const STOPS: readonly string[] = ["wall", "usd", "turns", "cancelled"] satisfies AbortReason[];

function stopOf(exit: ChildExit): AbortReason | undefined {
	if (typeof exit.abortReason === "string" && STOPS.includes(exit.abortReason)) {
		return exit.abortReason as AbortReason;
	}
	for (const report of exit.reports) if (report.type === "stopped") return report.budget;
	return undefined;
}

function processErrors(state: ChildEventState, exit: ChildExit, refused: boolean): string[] {
	if (exit.signal !== null) return [`pi was killed by ${exit.signal}`];
	if (exit.code !== 0 && !(refused && exit.code === CHILD_REFUSED_EXIT)) return [`pi exited with code ${exit.code}`];
	if (exit.code === 0 && !state.agentEnded) return ["pi exited before its run ended (no agent_end event)"];
	return [];
}

export function childOutcome(state: ChildEventState, exit: ChildExit, runner: RunnerKind = "subprocess"): ChildOutcome {
	const stoppedBy = stopOf(exit);
	const aborted = exit.abortReason !== undefined;
	const settled = settleAssistant(state, stoppedBy !== undefined || aborted);
	const refusals = exit.reports.flatMap((r) => (r.type === "refused" ? r.problems : []));
	const refused = refusals.length > 0;
	const failures = [
		...(exit.spawnError === undefined ? [] : [exit.spawnError]),
		...refusals.map((p) => `the child refused to start: ${p}`),
		...exit.streamErrors,
		...(aborted && stoppedBy === undefined ? [`stopped by the caller (${String(exit.abortReason)})`] : []),
		...(aborted || stoppedBy !== undefined || exit.spawnError !== undefined ? [] : processErrors(state, exit, refused)),
	];
	const stopReason = settled.last?.stopReason;
	// What ran is what pi-delegate's bash recorded, not what the events say was called.
	const commands = exit.commands === undefined ? undefined : [...exit.commands];
	// A model error that Pi retried past is reported but does not undo the child's own end.
	const completed =
		failures.length === 0 &&
		stoppedBy === undefined &&
		state.agentEnded &&
		stopReason !== undefined &&
		stopReason !== "error" &&
		stopReason !== "aborted";
	const errors = [...settled.modelErrors, ...failures];
	if (!completed && stoppedBy === undefined && exit.stderrTail.trim() !== "") {
		errors.push(`stderr: ${exit.stderrTail.trim()}`);
	}
	return {
		runner,
		completed,
		stopReason,
		errors,
		stoppedBy,
		submissions: [...state.submissions],
		rejectedSubmissions: [...state.rejectedSubmissions],
		finalText: settled.last?.text ?? "",
		commandsRun: commands ? commands.map((c) => c.command) : [...state.commandsRun],
		commands,
		toolCalls: state.toolCalls,
		turns: settled.turns,
		usage: { ...state.usage },
		sessionFile: exit.sessionFile,
		sent: state.sent,
		elapsedMs: exit.elapsedMs,
		containment: exit.containment ?? "partial",
		sandbox: exit.sandbox ?? "off",
		prevented: [...exit.reports.flatMap((r) => (r.type === "prevented" ? [r.attempt] : [])), ...(exit.prevented ?? [])],
	};
}

/** The runs a subprocess child's extension reported, in order. */
export function ranReports(reports: readonly ChildReport[]): CommandRun[] {
	return reports.flatMap((r) => (r.type === "ran" ? [r.run] : []));
}
