/**
 * How a workflow run reads at its end, on a terminal and in Pi alike: one table of its children
 * (verdict, how it came to be, dollars, cache share, time) in 80 columns, a line of totals, why it
 * stopped or what the script threw, and the script's own report. Pure.
 */
import { inline } from "../format/child-text.ts";
import { formatPercent, formatSeconds, formatUsd, plural } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { terminalSafe, truncate } from "../format/text.ts";
import type { CallLine } from "./journal.ts";
import type { AgentResult, RunStatus } from "./types.ts";

export interface RunSummary {
	runId: string;
	dir: string;
	status: RunStatus;
	stopReason?: string;
	/** What the script threw, in words (never a stack). */
	error?: string;
	/** What went wrong with the run's own record (its journal, result.json): the run failed for it. */
	record?: string[];
	calls: readonly CallLine[];
	spentUsd: number;
	elapsedS: number;
	mostAtOnce: number;
	resumedFrom?: string;
	report: unknown;
}

const WIDTH = 80;

function verdictOf(result: AgentResult): string {
	return result.kind === "unchecked" ? result.status : result.verdict;
}

function cacheShare(result: AgentResult): string {
	const u = result.metrics.usage;
	const prompt = u.input + u.cacheRead + u.cacheWrite;
	return prompt === 0 ? "—" : formatPercent(u.cacheRead / prompt);
}

function how(line: CallLine): string {
	if (line.replayed) return "replayed";
	return line.interrupted ? "stopped" : "ran";
}

/** The children's table, cut to `width` columns by shortening ids, never the figures. */
export function childrenTable(calls: readonly CallLine[], width = WIDTH): string {
	const rows = calls.map((line) => {
		const r = line.result;
		return [
			String(line.seq),
			line.id,
			verdictOf(r),
			how(line),
			line.replayed ? "—" : formatUsd(r.metrics.usage.costUsd),
			line.replayed ? "—" : cacheShare(r),
			line.replayed ? "—" : formatSeconds(r.metrics.elapsedS),
		];
	});
	const header = ["#", "child", "verdict", "how", "dollars", "cache", "time"];
	const fixed = header.reduce(
		(sum, h, i) => (i === 1 ? sum : sum + Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)) + 2),
		0,
	);
	const room = Math.max(12, width - fixed);
	const cut = rows.map((r) => r.map((cell, i) => (i === 1 ? truncate(cell, room) : cell)));
	return renderTable(header, cut, ["right", "left", "left", "left", "right", "right", "right"]);
}

/** Totals: what ran, what was replayed (and what it had cost), what was spent. */
export function totalsLine(summary: RunSummary): string {
	const replayed = summary.calls.filter((c) => c.replayed);
	const recorded = replayed.reduce((sum, c) => sum + c.result.metrics.usage.costUsd, 0);
	const parts = [
		`${plural(summary.calls.length, "child", "children")}`,
		`${formatUsd(summary.spentUsd)} spent`,
		...(replayed.length > 0
			? [`${replayed.length} replayed (${formatUsd(recorded)} when they ran, not spent again)`]
			: []),
		...(summary.mostAtOnce > 0 ? [`at most ${summary.mostAtOnce} at once`] : []),
		formatSeconds(summary.elapsedS),
	];
	return parts.join(" · ");
}

const HEADS: Readonly<Record<RunStatus, string>> = {
	passed: "PASS",
	failed: "FAIL",
	stopped: "STOPPED",
	error: "ERROR",
};

function reportText(report: unknown): string | undefined {
	if (report === undefined || report === null) return undefined;
	if (typeof report === "string") return report.trimEnd();
	try {
		return JSON.stringify(report, null, 2);
	} catch {
		return String(report);
	}
}

/** The whole end-of-run text. */
export function runReport(summary: RunSummary): string {
	const failed = summary.calls.filter((c) => ["FAIL", "failed"].includes(verdictOf(c.result)));
	const head = `${HEADS[summary.status]}  workflow ${summary.runId}`;
	const sections = [
		head,
		summary.stopReason ? `Stopped: ${summary.stopReason}` : undefined,
		summary.error ? `The script stopped with an error:\n${summary.error}` : undefined,
		summary.record ? `The run's record is not whole:\n${summary.record.map((r) => `  ${r}`).join("\n")}` : undefined,
		summary.calls.length > 0 ? childrenTable(summary.calls) : "No children ran.",
		totalsLine(summary),
		failed.length > 0
			? // A problem may quote what the child made (a path): it stays on its child's line.
				`Failed:\n${failed.map((c) => `  ${c.seq} ${c.id}: ${inline(c.result.problems[0]?.message ?? "failed")}`).join("\n")}`
			: undefined,
		reportText(summary.report),
		`${summary.resumedFrom ? `Resumed from ${summary.resumedFrom}\n` : ""}Journal  ${summary.dir}`,
	];
	return terminalSafe(`${sections.filter((s) => s !== undefined).join("\n\n")}\n`);
}

/** What the script threw, for the report: the problems of a refusal, else the message and where. */
export function errorText(error: unknown, location: string | undefined): string {
	const problems = (error as { problems?: unknown }).problems;
	const message = error instanceof Error ? error.message : String(error);
	if (Array.isArray(problems)) return message;
	const at = location ? ` (at ${location})` : "";
	return `  ✗ ${message.split("\n")[0]}${at}`;
}

/** Each child of a run as its record and `--json` list it: what it was, how it ended, what it cost now. */
export function runChildren(summary: Pick<RunSummary, "calls">) {
	return summary.calls.map((c) => ({
		seq: c.seq,
		id: c.id,
		kind: c.kind,
		replayed: c.replayed,
		outcome: c.result.kind === "unchecked" ? c.result.status : c.result.verdict,
		usd: c.replayed ? 0 : c.result.metrics.usage.costUsd,
		auditDir: c.result.auditDir,
	}));
}
