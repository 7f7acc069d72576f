/**
 * A report entry as the TUI draws it: a box with the title, the summary while collapsed and the
 * whole report expanded, and a table laid out again for the width it gets. Loaded on the first
 * render (with pi-tui), not when Pi loads the extension.
 */
import type { Theme } from "@earendil-works/pi-coding-agent";
import { Box, type Component, Text } from "@earendil-works/pi-tui";
import { renderTable } from "../../format/table.ts";
import { expandKey } from "../fit.ts";
import { fitText } from "./fit-text.ts";
import type { Report } from "./report-types.ts";

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

/** Draws a report's text at whatever width the row has, each line keeping its indent (fit-text.ts). */
class FitText implements Component {
	private readonly text: string;
	constructor(text: string) {
		this.text = text;
	}
	render(width: number): string[] {
		return fitText(this.text, width);
	}
	invalidate(): void {}
}

export function renderReportEntry(report: Report, expanded: boolean, theme: Theme): Component {
	const box = new Box(1, 1, (text) => theme.bg("customMessageBg", text));
	const title = theme.bold(theme.fg(report.error ? "error" : "accent", report.title));
	box.addChild(new Text(title, 0, 0));
	if (report.table) {
		box.addChild(new FitTable(report.table));
		if (expanded) box.addChild(new FitText(report.table.rest));
	} else box.addChild(new FitText(expanded ? report.text : report.summary));
	if (!expanded && report.text !== report.summary) {
		box.addChild(new Text(theme.fg("dim", `(${expandKey()} for the whole report)`), 0, 0));
	}
	return box;
}
