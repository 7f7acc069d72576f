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
import { Box, Text } from "@earendil-works/pi-tui";

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
		box.addChild(new Text(expanded ? report.text : report.summary, 0, 0));
		if (!expanded && report.text !== report.summary) {
			box.addChild(new Text(theme.fg("dim", "(expand for the whole report)"), 0, 0));
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
		process.stderr.write(`${report.title}\n\n${report.text.endsWith("\n") ? report.text : `${report.text}\n`}`);
		return;
	}
	if (ctx.mode === "rpc" && ctx.hasUI) {
		ctx.ui.notify(`${report.title}\n\n${report.text}`, report.error ? "error" : "info");
		return;
	}
	pi.appendEntry<Report>(REPORT_ENTRY, report);
}
