/**
 * How pi-delegate's commands print in Pi. A report is plain text (the same text the `pi-delegate`
 * command prints), shown the way each of Pi's modes can show it:
 * - TUI: a custom session entry with its own renderer — it sits in the transcript, survives a
 *   redraw, and is never sent to the model; collapsed it shows a summary, expanded (Pi's expand
 *   key) the whole report;
 * - RPC: a notification, which the client displays;
 * - print (`pi -p "/modes"`): standard error — Pi keeps standard output for the model's answer
 *   and sends whatever else is written there to standard error anyway;
 * - JSON: the custom entry, which reaches the event stream's readers as data.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { Box, type Component, Text } from "@earendil-works/pi-tui";
import { renderTable } from "../../format/table.ts";
import { expandKey } from "../fit.ts";

/** The custom entry type of a report. */
export const REPORT_ENTRY = "pi-delegate-report";

export interface Report {
	title: string;
	/** A few lines shown while the entry is collapsed. */
	summary: string;
	/** The whole report. */
	text: string;
	/** An error report is notified as an error in RPC mode and styled as one in the TUI. */
	error?: boolean;
	/**
	 * The report's table, laid out again for the width the TUI gives it when it draws (its last
	 * column wraps): collapsed it stands for `summary`, expanded it is followed by `rest`. `text`
	 * still holds the whole report, table included, for print and RPC mode and JSON readers.
	 */
	table?: { header: string[]; rows: string[][]; rest: string };
}

/** Draws a report's table at whatever width the row has. */
class FitTable implements Component {
	private readonly table: NonNullable<Report["table"]>;
	constructor(table: NonNullable<Report["table"]>) {
		this.table = table;
	}
	render(width: number): string[] {
		return renderTable(this.table.header, this.table.rows, [], { maxWidth: Math.max(20, width) }).split("\n");
	}
	invalidate(): void {}
}

/** The report as plain text for a stream of a given width (print mode, RPC). */
function plainText(report: Report, width: number): string {
	const table = report.table
		? `${renderTable(report.table.header, report.table.rows, [], { maxWidth: width })}\n\n`
		: "";
	return `${table}${report.text}`;
}

const withRenderer = new WeakSet<ExtensionAPI>();

/** Registers the report's renderer once per extension instance; every command calls it. */
export function registerReportRenderer(pi: ExtensionAPI): void {
	if (withRenderer.has(pi)) return;
	withRenderer.add(pi);
	pi.registerEntryRenderer<Report>(REPORT_ENTRY, (entry, { expanded }, theme) => {
		const report = entry.data;
		if (!report) return undefined;
		const box = new Box(1, 1, (text) => theme.bg("customMessageBg", text));
		const title = theme.bold(theme.fg(report.error ? "error" : "accent", report.title));
		box.addChild(new Text(title, 0, 0));
		if (report.table) {
			box.addChild(new FitTable(report.table));
			if (expanded) box.addChild(new Text(report.table.rest, 0, 0));
		} else box.addChild(new Text(expanded ? report.text : report.summary, 0, 0));
		if (!expanded && report.text !== report.summary) {
			box.addChild(new Text(theme.fg("dim", `(${expandKey()} for the whole report)`), 0, 0));
		}
		return box;
	});
}

/** Shows a report in whatever way the current mode can. */
export function showReport(
	pi: ExtensionAPI,
	ctx: Pick<ExtensionCommandContext, "mode" | "hasUI" | "ui">,
	report: Report,
): void {
	if (ctx.mode === "print") {
		const text = plainText(report, process.stderr.columns || 80);
		process.stderr.write(`${report.title}\n\n${text.endsWith("\n") ? text : `${text}\n`}`);
		return;
	}
	if (ctx.mode === "rpc" && ctx.hasUI) {
		ctx.ui.notify(`${report.title}\n\n${plainText(report, 80)}`, report.error ? "error" : "info");
		return;
	}
	pi.appendEntry<Report>(REPORT_ENTRY, report);
}
