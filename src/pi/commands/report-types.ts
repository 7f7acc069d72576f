/**
 * A command's report, in a module of its own: the report's code (report.ts) loads its renderer
 * (report-render.ts) on first draw, and both read this shape, which neither may take from the other.
 */

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
