/**
 * How a task call looks in Pi's terminal UI. A FAIL must be impossible to miss: the verdict is the
 * first word of the row in the error colour, with its problems, in both the collapsed and the
 * expanded view; a PASS is one quiet line until expanded. What the child wrote never drives the
 * terminal, and never reads as the row's own: its deliverable's line is quoted (`│ `), and a
 * problem that quotes a path it made stays on its line.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import { type Component, Text } from "@earendil-works/pi-tui";
import { inline } from "../format/child-text.ts";
import { formatUsd, plural } from "../format/numbers.ts";
import { terminalSafe } from "../format/text.ts";
import { slugFromBrief } from "../gate/slug.ts";
import { summaryLine } from "../report/progress.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import type { BackgroundDetails } from "./background-launch.ts";
import { cut, expandKey, FitLines, whole, wholeLines } from "./fit.ts";
import type { TaskParams } from "./task-params.ts";

/** What the tool keeps in `details`: progress while running, the result (or a call's results) when done. */
export type TaskDetails =
	| { kind: "progress"; line: string }
	| { kind: "result"; result: TaskResult; report: string }
	| { kind: "results"; results: TaskResult[]; report: string }
	| { kind: "invalid"; problems: string }
	| BackgroundDetails;

/** Text others wrote (a problem quoting a path the child made), on one line and safe for the terminal. */
const oneLine = (text: string, max = 100) => {
	const line = terminalSafe(inline(text));
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

const firstLine = (text: string, max = 100) => oneLine(text.split("\n")[0] ?? "", max);

export function renderTaskCall(args: Partial<TaskParams>, theme: Theme): Component {
	if (Array.isArray(args.tasks)) return renderTasksCall(args.tasks, theme);
	const writes =
		args.read_only === false
			? `writes ${args.write_allowed?.length ?? 0} of ${args.roots?.length ?? 0} roots`
			: "read-only";
	const head = `${theme.fg("toolTitle", theme.bold("task "))}${theme.fg("accent", args.id ?? (args.goal ? slugFromBrief(args.goal) : "…"))} ${theme.fg("muted", `· ${args.effort ?? "balanced"} · ${writes}`)}`;
	// The goal's first line follows the terminal's width instead of a fixed cut.
	return new FitLines([cut(head), ...(args.goal ? [cut(theme.fg("dim", args.goal.trim().split("\n")[0] ?? ""))] : [])]);
}

/** A call with several tasks: how many, then the first line of each goal, cut to the width. */
function renderTasksCall(tasks: ReadonlyArray<{ id?: unknown; goal?: unknown }>, theme: Theme): Component {
	const head = `${theme.fg("toolTitle", theme.bold("task "))}${theme.fg("accent", plural(tasks.length, "task"))}`;
	const lines = tasks.map((t) => {
		const name = typeof t.id === "string" ? `${t.id}: ` : "";
		const goal = typeof t.goal === "string" ? (t.goal.trim().split("\n")[0] ?? "") : "…";
		return cut(theme.fg("dim", `${name}${goal}`));
	});
	return new FitLines([cut(head), ...lines]);
}

/** The combined row of a call's results: a tally, then one verdict line per task, a FAIL's first problem under it. */
function renderResults(results: readonly TaskResult[], theme: Theme): Component {
	const failed = results.filter((r) => r.verdict === "FAIL").length;
	const usd = results.reduce((sum, r) => sum + r.metrics.usage.costUsd, 0);
	const tally =
		failed > 0
			? theme.fg("error", theme.bold(`${failed} of ${results.length} FAIL`))
			: theme.fg("success", theme.bold(`${results.length} PASS`));
	const lines = [cut(`${tally} ${theme.fg("muted", formatUsd(usd))}`)];
	for (const r of results) {
		const verdict = r.verdict === "PASS" ? theme.fg("success", "PASS") : theme.fg("error", theme.bold("FAIL"));
		lines.push(cut(`${verdict} ${theme.fg("accent", r.id)} ${theme.fg("muted", summary(r))}`));
		const first = r.problems[0];
		if (first) {
			const more = r.problems.length > 1 ? ` (+${r.problems.length - 1})` : "";
			lines.push(cut(theme.fg("error", `  ✗ ${oneLine(first.message, 10_000)}${more}`)));
		}
	}
	return new FitLines(lines);
}

function summary(result: TaskResult): string {
	return summaryLine(result.metrics);
}

/** The row of a finished or running task call. `text` is the result's content, shown when there are no details. */
export function renderTaskResult(
	details: TaskDetails | undefined,
	fallback: { text: string; isError: boolean },
	expanded: boolean,
	theme: Theme,
): Component {
	// A thrown result (a rejected spec, or a FAIL on a Pi older than 0.99) carries no details: show its text,
	// with the verdict line in the error colour; a background call's run ids are its text too.
	if (!details || !("kind" in details) || details.kind === "background") {
		const [head = "", ...rest] = fallback.text.split("\n");
		const first = fallback.isError ? theme.fg("error", theme.bold(head)) : head;
		if (expanded || rest.length === 0) return new FitLines(wholeLines([first, ...rest].join("\n")));
		// Collapsed, a refused call still says what is wrong first: its first problem, and how to see the rest.
		const problem = rest.find((line) => line.trimStart().startsWith("✗"));
		return new FitLines([
			cut(first),
			...(problem ? [cut(theme.fg("error", problem))] : []),
			cut(theme.fg("dim", `(${expandKey()} for all of it)`)),
		]);
	}
	if (details.kind === "progress") return new Text(theme.fg("muted", details.line), 0, 0);
	if (details.kind === "invalid") {
		return new Text(
			`${theme.fg("error", theme.bold("INVALID SPEC"))} ${theme.fg("muted", "nothing ran")}\n${details.problems}`,
			0,
			0,
		);
	}
	if (details.kind === "results") {
		if (!expanded) return renderResults(details.results, theme);
		const failed = details.results.some((r) => r.verdict === "FAIL");
		const [head, ...rest] = details.report.split("\n");
		return new FitLines(
			wholeLines([theme.fg(failed ? "error" : "success", theme.bold(head ?? "")), ...rest].join("\n")),
		);
	}
	const { result } = details;
	if (expanded) {
		const [head, ...rest] = details.report.split("\n");
		const colour = result.verdict === "PASS" ? "success" : "error";
		return new FitLines(wholeLines([theme.fg(colour, theme.bold(head ?? "")), ...rest].join("\n")));
	}
	// The audit path is only useful whole: its own line, wrapped rather than cut.
	const audit = whole(theme.fg("dim", result.auditDir));
	if (result.verdict === "PASS") {
		// Quoted, so a deliverable that opens with "FAIL" or a problem's mark cannot pass for the row's own line.
		const deliverable = result.envelope
			? [cut(theme.fg("dim", `│ ${firstLine(result.envelope.deliverable, 10_000)}`))]
			: [];
		return new FitLines([
			cut(`${theme.fg("success", theme.bold("PASS"))} ${theme.fg("muted", summary(result))}`),
			...deliverable,
			audit,
		]);
	}
	const shown = result.problems.slice(0, 3).map((p) => theme.fg("error", `  ✗ ${oneLine(p.message, 140)}`));
	const more = result.problems.length > 3 ? [theme.fg("muted", `  …and ${result.problems.length - 3} more`)] : [];
	const head = `${theme.fg("error", theme.bold(`FAIL · ${plural(result.problems.length, "problem")}`))} ${theme.fg("muted", summary(result))}`;
	return new FitLines([cut(head), ...shown.map(cut), ...more.map(cut), audit]);
}
