/**
 * The body of `/delegate-spend`: where the session's children were recorded and the spend report
 * of its file. Loaded when the command first runs (registering it loads nothing of this).
 */
import { existsSync } from "node:fs";
import { plural } from "../../format/numbers.ts";
import { collectSpend } from "../../meter/collect.ts";
import { renderSpend } from "../../meter/report.ts";
import { rollup } from "../../meter/rollup.ts";
import { dollars } from "../../meter/words.ts";
import { decideRunsDir, runsDirPlace } from "../../plan/runs-dir.ts";
import { decideSettings } from "../../plan/settings.ts";
import { formatProblems } from "../../problems.ts";
import { runsDirReadProblems } from "../../run/audit/runs-dir.ts";
import { readSettings } from "../../settings/read.ts";
import { REPORT_TEXT_WIDTH, type Report } from "./report.ts";

/** Where the command looks: passed in, so a test points it at its own directories. */
export interface SpendPlace {
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
	env: Readonly<Record<string, string | undefined>>;
}

/** The runs directory a run started here records into. (@internal: exported for its tests) */
export function runsDirOf(place: SpendPlace): string {
	return runsDirWithPlace(place).dir;
}

/** The runs directory, with what chose it (the variable, the setting, or the default) for a problem. */
function runsDirWithPlace(place: SpendPlace) {
	const read = readSettings(place);
	const override = place.env.PI_DELEGATE_RUNS_DIR;
	const inputs = { ...(override && { runsDirOverride: override }), ...place };
	return {
		dir: decideRunsDir(inputs, decideSettings(read).runsDir),
		chosen: runsDirPlace(inputs, read.settings.runsDir),
	};
}

const TITLE = "Spend of this session";

/** A collapsed report shows at most this many of the table's runs; the total row always shows. */
const SUMMARY_RUNS = 6;

/**
 * The report for one session file: the total in the title, the table (its long middle elided) as the
 * collapsed summary, and the whole view expanded. A session that has made no request yet has no file
 * (Pi writes it with the first message): nothing is spent, which is an answer, not an error.
 */
export function spendReport(sessionFile: string | undefined, place: SpendPlace): Report {
	if (sessionFile === undefined) {
		const text = "This session is not saved to a file (--no-session), so there is nothing to add up.";
		return { title: TITLE, summary: text, text, error: true };
	}
	if (!existsSync(sessionFile)) {
		const text = "Nothing spent yet: this session has made no request, and no child has run.";
		return { title: `${TITLE}: $0`, summary: text, text };
	}
	const { dir: runsDir, chosen } = runsDirWithPlace(place);
	const refused = runsDirReadProblems(runsDir, chosen);
	if (refused.length > 0) {
		const text = `The runs directory cannot be read:\n${formatProblems(refused)}`;
		return { title: TITLE, summary: text, text, error: true };
	}
	const report = rollup(collectSpend({ runsDir, sessionFile }), { by: "task" });
	const children = report.runs.filter((r) => r.source?.kind !== "parent").length;
	const more = `type !pi-delegate spend --session ${sessionFile} --json for all`;
	const head = `Its own requests and ${children} child run(s), from ${sessionFile}`;
	const text = renderSpend(report, head, REPORT_TEXT_WIDTH, more);
	const title = `${TITLE}: ${dollars(report.total.totals.dollars.total)} · ${plural(children, "child run")}`;
	return { title, summary: tableSummary(text), text };
}

/** The table of a rendered spend view, runs beyond the first few elided, the total row kept. */
function tableSummary(text: string): string {
	const lines = text.split("\n");
	const start = lines.findIndex((l) => l.startsWith("─"));
	const total = lines.findIndex((l) => l.startsWith("total"));
	if (start < 1 || total < 0) return lines.slice(0, 12).join("\n");
	const runs = lines.slice(start + 1, total - 1);
	const shown =
		runs.length > SUMMARY_RUNS + 1 ? [...runs.slice(0, SUMMARY_RUNS), `… ${runs.length - SUMMARY_RUNS} more`] : runs;
	return [lines[start - 1], lines[start], ...shown, lines[total - 1], lines[total]].join("\n");
}
