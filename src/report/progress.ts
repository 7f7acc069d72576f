/**
 * The live state of a running task, folded from its progress events, and the one status line both
 * the CLI's stderr and Pi's tool row draw from it. Pure: the callers own the clock and the redraw.
 */

import { inline } from "../format/child-text.ts";
import { compactCount, formatSeconds, formatUsd, plural } from "../format/numbers.ts";
import { terminalSafe, truncate } from "../format/text.ts";
import type { ChildUsage, TaskProgress } from "../run/types.ts";

export interface ProgressState {
	/** The phase around the child (`starting`, `snapshot before`, `running`, `checking`, …). */
	phase: string;
	/** What the child is doing now (`bash: npm test`), or "" between tool calls. */
	tool: string;
	turn: number;
	usage: ChildUsage | undefined;
	/** The latest warning, kept until the next tool call so a redraw does not hide it at once. */
	warning: string | undefined;
}

export const INITIAL_PROGRESS: ProgressState = Object.freeze({
	phase: "starting",
	tool: "",
	turn: 0,
	usage: undefined,
	warning: undefined,
});

/** The state after one more event. Events that change nothing visible return the same state. */
export function foldProgress(state: ProgressState, event: TaskProgress): ProgressState {
	switch (event.type) {
		case "phase":
			return { ...state, phase: event.detail ? `${event.phase} ${event.detail}` : event.phase, tool: "" };
		case "tool_start":
			return { ...state, tool: event.summary, warning: undefined };
		case "tool_end":
			return { ...state, tool: "" };
		case "turn":
			return { ...state, turn: event.turn };
		case "usage":
			return { ...state, usage: event.usage };
		case "warning":
		case "budget_warning":
			return { ...state, warning: event.message };
		default:
			return state;
	}
}

const tokens = (u: ChildUsage) => u.input + u.output + u.cacheRead + u.cacheWrite;

/**
 * `review-add · bash: npm test · turn 2 · 1,948 tok · $0.0123 · 6.0 s`, cut to `width` columns by
 * shortening what the child is doing, never the figures.
 */
export function statusLine(
	id: string,
	state: ProgressState,
	elapsedMs: number,
	width = Number.POSITIVE_INFINITY,
): string {
	const figures: string[] = [];
	if (state.turn > 0) figures.push(`turn ${state.turn}`);
	if (state.usage) figures.push(`${compactCount(tokens(state.usage))} tok`, formatUsd(state.usage.costUsd));
	figures.push(formatSeconds(elapsedMs / 1000));
	// What the child is doing quotes its tool calls (a path, a command): one line, terminal-safe before it is cut.
	const doing = terminalSafe(inline(state.warning !== undefined ? `! ${state.warning}` : state.tool || state.phase));
	const fixed = [id, ...figures].join(" · ").length + 3;
	const room = Math.max(8, width - fixed);
	return [id, truncate(doing, room), ...figures].join(" · ");
}

/** How a finished task reads in one line: `PASS 5.2 s · 2 turns · $0.0123 · provider/model`. */
export function summaryLine(metrics: { elapsedS: number; turns: number; usage: ChildUsage; model: string }): string {
	return [
		formatSeconds(metrics.elapsedS),
		plural(metrics.turns, "turn"),
		formatUsd(metrics.usage.costUsd),
		metrics.model,
	].join(" · ");
}
