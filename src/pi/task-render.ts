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
import { renderCombinedReport, renderReport } from "../report/task-report.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import type { BackgroundDetails } from "./background-launch.ts";
import { cut, expandKey, FitLines, whole, wholeLines } from "./fit.ts";
import { type EndWord, preventedNote, rowProblems, taskWord, WORD_COLOUR } from "./row-words.ts";
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

/** `$0.0509`, or a stopped/FAIL count beside it: the head of a call's combined row. */
function tallyHead(results: readonly TaskResult[], theme: Theme): string {
	const words = results.map(taskWord);
	const count = (w: EndWord) => words.filter((x) => x === w).length;
	const usd = theme.fg("muted", `· ${formatUsd(results.reduce((sum, r) => sum + r.metrics.usage.costUsd, 0))}`);
	const parts: string[] = [];
	if (count("FAIL") > 0) parts.push(theme.fg("error", theme.bold(`${count("FAIL")} of ${results.length} FAIL`)));
	if (count("stopped") > 0)
		parts.push(
			theme.fg(
				"warning",
				theme.bold(
					count("FAIL") > 0 ? `${count("stopped")} stopped` : `${count("stopped")} of ${results.length} stopped`,
				),
			),
		);
	if (parts.length === 0) parts.push(theme.fg("success", theme.bold(`${results.length} PASS`)));
	return `${parts.join(theme.fg("muted", " · "))} ${usd}`;
}

/** The combined row of a call's results: a tally, then one line per task, a FAIL's first problem under it. */
function renderResults(results: readonly TaskResult[], theme: Theme): Component {
	const lines = [cut(tallyHead(results, theme))];
	for (const r of results) {
		const word = taskWord(r);
		const shown = word === "FAIL" ? theme.bold(word) : word;
		const prevented = preventedNote(r);
		// Before the figures, so a narrow terminal cuts the model's name, not the prevented write.
		const note = prevented ? ` ${theme.fg("warning", `· ${prevented}`)}` : "";
		lines.push(
			cut(
				`${theme.fg(WORD_COLOUR[word], shown)} ${theme.fg("accent", r.id)}${note} ${theme.fg("muted", `· ${summary(r)}`)}`,
			),
		);
		const problems = rowProblems(r);
		const first = problems[0];
		if (first) {
			const more = problems.length > 1 ? ` (+${problems.length - 1})` : "";
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
	if (details.kind === "progress") return progressRows(details.line, theme);
	if (details.kind === "invalid") {
		return new Text(
			`${theme.fg("error", theme.bold("INVALID SPEC"))} ${theme.fg("muted", "nothing ran")}\n${details.problems}`,
			0,
			0,
		);
	}
	if (details.kind === "results") {
		if (!expanded) return renderResults(details.results, theme);
		const words = details.results.map(taskWord);
		const colour = words.includes("FAIL") ? "error" : words.includes("stopped") ? "warning" : "success";
		return new ReportRows((width) => renderCombinedReport(details.results, width), details.report, colour, theme);
	}
	const { result } = details;
	const word = taskWord(result);
	if (expanded) return new ReportRows((width) => renderReport(result, width), details.report, WORD_COLOUR[word], theme);
	return collapsedRow(result, word, theme);
}

/** One task's collapsed row: its end word and figures, then its deliverable (PASS) or problems, then its record. */
function collapsedRow(result: TaskResult, word: EndWord, theme: Theme): Component {
	// The audit path is only useful whole: its own line, broken at its separators rather than cut.
	const audit = whole(result.auditDir, (piece) => theme.fg("dim", piece));
	const prevented = preventedNote(result);
	const note = prevented ? ` ${theme.fg("warning", `· ${prevented}`)}` : "";
	if (word === "PASS") {
		// Quoted, so a deliverable that opens with "FAIL" or a problem's mark cannot pass for the row's own line.
		const deliverable = result.envelope
			? [cut(theme.fg("dim", `│ ${firstLine(result.envelope.deliverable, 10_000)}`))]
			: [];
		return new FitLines([
			cut(`${theme.fg("success", theme.bold("PASS"))}${note} ${theme.fg("muted", `· ${summary(result)}`)}`),
			...deliverable,
			audit,
		]);
	}
	const problems = rowProblems(result);
	const shown = problems.slice(0, 3).map((p) => theme.fg("error", `  ✗ ${oneLine(p.message, 140)}`));
	const more = problems.length > 3 ? [theme.fg("muted", `  …and ${problems.length - 3} more`)] : [];
	const title =
		word === "stopped"
			? theme.fg("warning", theme.bold("stopped"))
			: theme.fg("error", theme.bold(`FAIL · ${plural(problems.length, "problem")}`));
	const why = word === "stopped" ? [cut(theme.fg("muted", "  stopped by the caller before it finished"))] : [];
	const head = `${title}${note} ${theme.fg("muted", `· ${summary(result)}`)}`;
	return new FitLines([cut(head), ...why, ...shown.map(cut), ...more.map(cut), audit]);
}

/** The live lines of a running call, one per child, each cut to the width. */
function progressRows(line: string, theme: Theme): Component {
	return new FitLines(line.split("\n").map((l) => cut(theme.fg("muted", l))));
}

/**
 * The full report, laid out for the width Pi gives (its tables and paths fit it), its first line in
 * the colour of how the call ended. `stored` is the report the result was made with, drawn when the
 * result cannot be laid out again (a session written by another version).
 */
class ReportRows implements Component {
	private last: { width: number; lines: string[] } | undefined;
	private readonly layout: (width: number) => string;
	private readonly stored: string;
	private readonly colour: "success" | "error" | "warning" | "accent";
	private readonly theme: Theme;
	constructor(
		layout: (width: number) => string,
		stored: string,
		colour: "success" | "error" | "warning" | "accent",
		theme: Theme,
	) {
		this.layout = layout;
		this.stored = stored;
		this.colour = colour;
		this.theme = theme;
	}
	render(width: number): string[] {
		if (this.last?.width === width) return this.last.lines;
		let text: string;
		try {
			text = this.layout(Math.max(20, width));
		} catch {
			text = this.stored;
		}
		const [head = "", ...rest] = text.replace(/\n+$/, "").split("\n");
		const lines = new FitLines([
			whole(head, (p) => this.theme.fg(this.colour, this.theme.bold(p))),
			...rest.map((l) => whole(l)),
		]).render(width);
		this.last = { width, lines };
		return lines;
	}
	invalidate(): void {
		this.last = undefined;
	}
}

export { spacedAbove } from "./fit.ts";
