/**
 * The spend view for machines: one row per run (the parent's own requests are a row of kind
 * `parent`), the grouping's rows when it is not by task, the total, and every counted miss. Exact
 * figures; times as ISO strings; absent things as null, so every row has every field.
 */
import type { SpendReport, SpendRow } from "./rollup.ts";
import type { Miss } from "./types.ts";
import { cacheWrite } from "./usage.ts";

const iso = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? null : new Date(ms).toISOString());

function figures(row: SpendRow) {
	const t = row.totals.tokens;
	const d = row.totals.dollars;
	return {
		dollars: { total: d.total, input: d.input, cacheWrite: d.cacheWrite, cacheRead: d.cacheRead, output: d.output },
		tokens: { input: t.input, output: t.output },
		cache: { read: t.cacheRead, write: cacheWrite(t), write5m: t.cacheWrite5m, write1h: t.cacheWrite1h },
		hitRatio: row.totals.hitRatio ?? null,
		rebilled: { ...row.rebilled },
		requests: row.totals.requests,
		complete: row.complete,
	};
}

function runJson(row: SpendRow) {
	const s = row.source!;
	return {
		id: s.id,
		kind: s.kind,
		auditDir: s.auditDir ?? null,
		session: s.session?.file ?? s.session?.id ?? null,
		startedAt: iso(s.startedAt),
		model: s.model ?? null,
		source: s.source,
		...figures(row),
		skippedLines: s.skippedLines,
		error: s.error ?? null,
	};
}

function missJson(m: Miss, report: SpendReport) {
	const run = report.runs.find((r) => r.source?.key === m.lineage)?.source;
	return {
		run: run?.id ?? m.lineage,
		kind: run?.kind ?? null,
		auditDir: run?.auditDir ?? null,
		at: iso(m.at),
		model: m.model,
		tokens: m.tokens,
		dollars: m.dollars,
		idleMs: m.idleMs,
		against: m.against,
		cause: m.cause,
		causes: m.causes,
	};
}

export function spendJson(
	report: SpendReport,
	extra: { since: number | undefined; runsDir: string; sessionFile?: string },
) {
	return {
		by: report.by,
		since: iso(extra.since),
		runsDir: extra.runsDir,
		sessionFile: extra.sessionFile ?? null,
		runs: report.runs.map(runJson),
		...(report.by === "task"
			? {}
			: { groups: report.rows.map((row) => ({ [report.by]: row.label, ...figures(row) })) }),
		total: figures(report.total),
		misses: report.misses.map((m) => missJson(m, report)),
	};
}
