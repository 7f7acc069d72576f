/**
 * Results and themes for the tool-row tests: a task or fork result of any end (PASS, FAIL, stopped,
 * answered), with long paths, ids and deliverables when asked, and two themes — one that tags each
 * colour as text (`<error>…</error>`, for reading what is coloured how) and one that colours with
 * zero-width ANSI codes as Pi's does (for measuring widths).
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import type { ForkSummary } from "../../src/pi/fork-call.ts";
import type { ForkResult, TaskResult } from "../../src/run/outcome/result.ts";
import type { RunProblem } from "../../src/run/outcome/verdict.ts";
import { type ChildUsage, ZERO_USAGE } from "../../src/run/types.ts";

/** Colours as visible tags: `<error>*FAIL*</error>`. */
export const TAG_THEME = {
	fg: (colour: string, text: string) => `<${colour}>${text}</${colour}>`,
	bold: (text: string) => `*${text}*`,
} as unknown as Theme;

const CODES: Record<string, number> = { error: 31, success: 32, warning: 33, accent: 36, muted: 90, dim: 2 };

/** Colours as ANSI codes, which take no columns, as Pi's theme does. */
export const ANSI_THEME = {
	fg: (colour: string, text: string) => `\u001b[${CODES[colour] ?? 37}m${text}\u001b[39m`,
	bold: (text: string) => `\u001b[1m${text}\u001b[22m`,
} as unknown as Theme;

/** The problem a stop by the caller leaves (run/outcome/verdict.ts). */
export const CANCELLED: RunProblem = {
	path: [],
	code: "child",
	value: "cancelled",
	message: "cancelled by the caller before the child finished",
	fix: "run the task again and let it finish",
};

export const problem = (message: string): RunProblem => ({
	path: [],
	code: "boundary",
	value: undefined,
	message,
	fix: "f",
});

export function taskResult(change: Partial<TaskResult> = {}): TaskResult {
	return {
		version: 1,
		kind: "task",
		id: "t",
		verdict: "PASS",
		problems: [],
		warnings: [],
		envelope: { status: "ok", deliverable: "the answer\nmore", evidence: [], unsure: [], did_not_do: [] },
		claims: [],
		delta: [],
		violations: [],
		roots: [],
		metrics: {
			usage: { ...ZERO_USAGE, costUsd: 0.0123 },
			elapsedS: 4.3,
			toolCalls: 1,
			turns: 2,
			model: "p/m",
			effort: "fast",
			runner: "in-process",
		},
		auditDir: "/a",
		startedAt: "",
		finishedAt: "",
		...change,
	};
}

/** What a task of the report tests spent: 100 tokens in, 20 out, half a cent. */
export const REPORT_USAGE: ChildUsage = { ...ZERO_USAGE, input: 100, output: 20, costUsd: 0.005 };

/**
 * A task of a report that tells several apart: its id names its watched root (`/r/<id>`) and its audit
 * directory (`/runs/x-<id>`); it ran 1.2 s over 2 turns and 2 tool calls at the balanced effort, on a
 * fixed date, and spent {@link REPORT_USAGE} with `usage`'s figures changed.
 */
export function namedTask(id: string, change: Partial<TaskResult> = {}, usage: Partial<ChildUsage> = {}): TaskResult {
	const metrics = taskResult().metrics;
	return taskResult({
		id,
		roots: [{ root: `/r/${id}`, writable: false }],
		metrics: { ...metrics, usage: { ...REPORT_USAGE, ...usage }, elapsedS: 1.2, toolCalls: 2, effort: "balanced" },
		auditDir: `/runs/x-${id}`,
		startedAt: "2026-12-01T00:00:00.000Z",
		finishedAt: "2026-12-01T00:00:01.200Z",
		...change,
	});
}

export function forkResult(change: Partial<ForkResult> = {}): ForkResult {
	return {
		version: 1,
		kind: "fork",
		id: "fork-1",
		index: 1,
		of: 1,
		brief: "Which of the two parsers handles empty input?",
		verdict: "PASS",
		problems: [],
		warnings: [],
		text: "The second one.",
		refused: [],
		prefix: { check: "same", detail: "same prefix" },
		delta: [],
		violations: [],
		roots: [{ root: "/w", writable: false }],
		metrics: {
			usage: { ...ZERO_USAGE, costUsd: 0.0042 },
			elapsedS: 2.5,
			toolCalls: 0,
			turns: 1,
			model: "p/m",
			runner: "in-process",
		},
		auditDir: "/a/fork",
		startedAt: "",
		finishedAt: "",
		parentSession: { id: "s" },
		...change,
	};
}

/** A fork's summary as the tool's details carry it (fork-call.ts `summaryOf`). */
export function forkSummary(change: Partial<ForkSummary> = {}): ForkSummary {
	return {
		kind: "fork",
		id: "fork-1",
		index: 1,
		brief: "Which of the two parsers handles empty input?",
		verdict: "PASS",
		auditDir: "/a/fork",
		usage: { ...ZERO_USAGE, costUsd: 0.0042 },
		elapsedS: 2.5,
		...change,
	};
}
