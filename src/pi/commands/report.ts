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
import { renderTable } from "../../format/table.ts";
import { truncate } from "../../format/text.ts";
import { deferredComponent, onDemand } from "../on-demand.ts";
import type { Report } from "./report-types.ts";

/** The custom entry type of a report. */
export const REPORT_ENTRY = "pi-delegate-report";

export type { Report };

/**
 * The width a report's text is laid out for: the TUI draws a report in a box padded by one column
 * on each side, so text laid out for an 80-column terminal would wrap a line of 79 or 80.
 */
export const REPORT_TEXT_WIDTH = 78;

/**
 * The report as plain text for a stream of a given width (print mode, RPC): a table laid out for
 * the width, then the rest — `text` holds the table too, laid out for no width, and is not repeated.
 */
function plainText(report: Report, width: number): string {
	if (!report.table) return report.text;
	const table = renderTable(report.table.header, report.table.rows, [], { maxWidth: width });
	return `${table}\n\n${report.table.rest}`;
}

const withRenderer = new WeakSet<ExtensionAPI>();

/** The entry's renderer (and pi-tui), loaded by the first report drawn; `showReport` starts it early. */
export const reportRenderer = onDemand(() => import("./report-render.ts"));

/**
 * Registers the report's renderer once per extension instance; every command calls it. Until its
 * code has loaded (a resumed session drawing old reports at start), an entry shows its title.
 */
export function registerReportRenderer(pi: ExtensionAPI): void {
	if (withRenderer.has(pi)) return;
	withRenderer.add(pi);
	pi.registerEntryRenderer<Report>(REPORT_ENTRY, (entry, { expanded }, theme) => {
		const report = entry.data;
		if (!report) return undefined;
		return deferredComponent(
			reportRenderer,
			(r) => r.renderReportEntry(report, expanded, theme),
			(width) => [` ${truncate(report.title, Math.max(0, width - 2))}`],
		);
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
	// The TUI draws the entry as soon as it is appended: have its renderer on the way.
	if (ctx.mode === "tui") void reportRenderer.get().catch(() => undefined);
	pi.appendEntry<Report>(REPORT_ENTRY, report);
}
