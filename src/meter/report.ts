/**
 * The spend view for a terminal: one table of the parent and every child (or of models, days,
 * sessions), the totals, and below it what the cache re-billed, by cause and miss by miss. Fits 80
 * columns: counts are abbreviated, numbers right-aligned, and the first column is shortened to the
 * room the others leave.
 */
import { formatInt } from "../format/numbers.ts";
import { type Align, renderTable, visibleWidth } from "../format/table.ts";
import { terminalSafe } from "../format/text.ts";
import type { SpendReport, SpendRow } from "./rollup.ts";
import type { Miss } from "./types.ts";
import { cacheWrite } from "./usage.ts";
import { causeDetail, causeHeading, dollars, percent, shortCount } from "./words.ts";

export const WIDTH = 80;
/** Misses listed one by one; the rest are only in the summary by cause (and in the JSON form). */
const LISTED_MISSES = 12;

const FIRST_COLUMN = { task: "run", model: "model", day: "day (UTC)", session: "parent session" } as const;

/** Shortens to `max` visible characters with an ellipsis, keeping the start or the end. */
export function clip(text: string, max: number, keep: "start" | "end" = "start"): string {
	const chars = [...text];
	if (chars.length <= max) return text;
	if (max <= 1) return "…";
	return keep === "start" ? `${chars.slice(0, max - 1).join("")}…` : `…${chars.slice(chars.length - max + 1).join("")}`;
}

function numbers(row: SpendRow): string[] {
	const t = row.totals.tokens;
	const rebilled = row.rebilled.misses > 0 ? dollars(row.rebilled.dollars) : "—";
	return [
		shortCount(t.input),
		shortCount(cacheWrite(t)),
		shortCount(t.cacheRead),
		shortCount(t.output),
		dollars(row.totals.dollars.total),
		percent(row.totals.hitRatio),
		rebilled,
	];
}

function rowLabel(report: SpendReport, row: SpendRow): string {
	const mark = row.complete ? "" : "*";
	if (report.by === "task" && row.source?.kind === "parent") return `${row.source.id}${mark}`;
	if (report.by === "session") return `${row.label.split("/").pop() ?? row.label}${mark}`;
	return `${row.label}${mark}`;
}

/** Lays the table out in `columns`, shortening the first column to what is left. */
function table(report: SpendReport, columns: number): string {
	const task = report.by === "task";
	const header = [
		FIRST_COLUMN[report.by],
		...(task ? ["kind"] : []),
		"in",
		"write",
		"read",
		"out",
		"cost",
		"hit",
		"re-billed",
	];
	const body = [...report.rows, report.total].map((row) => {
		const kind = row === report.total ? "" : (row.source?.kind ?? "");
		return [rowLabel(report, row), ...(task ? [kind] : []), ...numbers(row)];
	});
	body[body.length - 1]![0] = "total";
	const rest = header
		.slice(1)
		.map((h, i) => Math.max(visibleWidth(h), ...body.map((r) => visibleWidth(r[i + 1] ?? ""))));
	const room = columns - rest.reduce((a, b) => a + b, 0) - 2 * rest.length;
	const keep = report.by === "session" ? "end" : "start";
	for (const r of body) r[0] = clip(r[0]!, Math.max(8, room), keep);
	const align: Align[] = header.map((_, i) => (i === 0 || (task && i === 1) ? "left" : "right"));
	const lines = renderTable(header, body, align).split("\n");
	// A rule above the total, as wide as the table.
	const rule = lines[1]!;
	return [...lines.slice(0, -1), rule, lines.at(-1)!].join("\n");
}

function labelOf(report: SpendReport): (lineage: string) => string {
	const byKey = new Map(report.runs.map((r) => [r.source!.key, r.source!.kind === "parent" ? "parent" : r.source!.id]));
	return (lineage) => byKey.get(lineage) ?? lineage.split("/").pop() ?? lineage;
}

function causeSummary(misses: readonly Miss[]): string {
	const byCause = new Map<string, { misses: number; tokens: number; dollars: number }>();
	for (const m of misses) {
		const key = causeHeading(m.cause);
		const s = byCause.get(key) ?? { misses: 0, tokens: 0, dollars: 0 };
		byCause.set(key, { misses: s.misses + 1, tokens: s.tokens + m.tokens, dollars: s.dollars + m.dollars });
	}
	const rows = [...byCause]
		.sort((a, b) => b[1].dollars - a[1].dollars)
		.map(([cause, s]) => [cause, String(s.misses), formatInt(s.tokens), dollars(s.dollars)]);
	return renderTable(["cause", "misses", "tokens", "dollars"], rows, ["left", "right", "right", "right"]);
}

/** `12-01 14:02`: the year is in the title's date range, the room is needed for the cause. */
function when(ms: number): string {
	return new Date(ms).toISOString().slice(5, 16).replace("T", " ");
}

/**
 * Where the whole list of misses is: the CLI's `--json` flag by default; inside Pi, where no flag
 * can be given, the command that prints it from the shell (see renderSpend's `more`).
 */
const MORE_IN_JSON = "see --json";

function missList(report: SpendReport, moreHint: string): string {
	const label = labelOf(report);
	const shown = report.misses.slice(0, LISTED_MISSES);
	const rows = shown.map((m) => [
		when(m.at),
		label(m.lineage),
		shortCount(m.tokens),
		dollars(m.dollars),
		causeDetail(m.cause, label),
	]);
	const lines = renderTable(["when (UTC)", "run", "tokens", "dollars", "cause"], rows, [
		"left",
		"left",
		"right",
		"right",
		"left",
	]);
	const more = report.misses.length - shown.length;
	const fitted = lines.split("\n").map((l) => clip(l, WIDTH));
	return [...fitted, ...(more > 0 ? [`… and ${more} more (${moreHint})`] : [])].join("\n");
}

function notes(report: SpendReport): string[] {
	const out: string[] = [];
	if (report.runs.some((r) => !r.complete))
		out.push("* a run that never finished (no result.json): counted from its event log");
	const skipped = report.runs.filter((r) => (r.source?.skippedLines ?? 0) > 0);
	for (const r of skipped) {
		const n = r.source!.skippedLines;
		const where = r.source!.auditDir ?? r.source!.session?.file ?? r.label;
		out.push(`! ${n} unreadable ${n === 1 ? "line" : "lines"} skipped in ${where}`);
	}
	for (const r of report.runs.filter((row) => row.source?.error)) {
		out.push(`! ${r.source!.auditDir ?? r.label}: ${r.source!.error}`);
	}
	return out;
}

/**
 * The whole view: `title` names what it covers; `moreHint` says where the misses it does not list
 * are (the CLI's `--json` unless the caller, like Pi's command, has a better route).
 */
export function renderSpend(report: SpendReport, title: string, columns = WIDTH, moreHint = MORE_IN_JSON): string {
	if (report.runs.length === 0) return `${title}\nNothing recorded.`;
	const parts = [title, "", table(report, columns), ...notes(report), ""];
	const r = report.total.rebilled;
	if (r.misses === 0) parts.push("Cache re-billed: nothing (no cache misses)");
	else {
		const misses = r.misses === 1 ? "1 miss" : `${r.misses} misses`;
		parts.push(
			`Cache re-billed: ${dollars(r.dollars)} (${formatInt(r.tokens)} tokens, ${misses})`,
			causeSummary(report.misses),
			"",
			missList(report, moreHint),
		);
	}
	return terminalSafe(parts.join("\n"));
}
