/**
 * The body of `/delegate-spend`: where the session's children were recorded and the spend report
 * of its file. Loaded when the command first runs (registering it loads nothing of this).
 */
import { collectSpend } from "../../meter/collect.ts";
import { renderSpend } from "../../meter/report.ts";
import { rollup } from "../../meter/rollup.ts";
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

/** The report for one session file: the spend table, its totals as the collapsed summary. */
export function spendReport(sessionFile: string | undefined, place: SpendPlace): Report {
	if (sessionFile === undefined) {
		const text = "This session is not saved to a file (--no-session), so there is nothing to add up.";
		return { title: "Spend of this session", summary: text, text, error: true };
	}
	const { dir: runsDir, chosen } = runsDirWithPlace(place);
	const refused = runsDirReadProblems(runsDir, chosen);
	if (refused.length > 0) {
		const text = `The runs directory cannot be read:\n${formatProblems(refused)}`;
		return { title: "Spend of this session", summary: text, text, error: true };
	}
	const report = rollup(collectSpend({ runsDir, sessionFile }), { by: "task" });
	const children = report.runs.filter((r) => r.source?.kind !== "parent").length;
	const text = renderSpend(
		report,
		`Spend of this session: its own requests and ${children} child run(s)\n${sessionFile}`,
		REPORT_TEXT_WIDTH,
	);
	const lines = text.split("\n");
	return { title: "Spend of this session", summary: lines.slice(0, 12).join("\n"), text };
}
