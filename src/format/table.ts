/** Aligned plain-text tables for terminal output, for the CLI and Pi alike. Pure. */
import { visibleWidth } from "./width.ts";
import { breakWord } from "./wrap-line.ts";

export type Align = "left" | "right";

export { visibleWidth } from "./width.ts";

function pad(text: string, width: number, align: Align): string {
	const gap = " ".repeat(Math.max(0, width - visibleWidth(text)));
	return align === "right" ? gap + text : text + gap;
}

/** Words of a cell wrapped to `width` columns (a word longer than the width is cut into pieces). */
export function wrapWords(text: string, width: number): string[] {
	const out: string[] = [];
	let line = "";
	for (const word of text.split(/\s+/).filter((w) => w !== "")) {
		let rest = word;
		while ([...rest].length > width) {
			if (line !== "") out.push(line);
			line = "";
			out.push([...rest].slice(0, width).join(""));
			rest = [...rest].slice(width).join("");
		}
		if (line === "") line = rest;
		else if (visibleWidth(line) + 1 + visibleWidth(rest) <= width) line = `${line} ${rest}`;
		else {
			out.push(line);
			line = rest;
		}
	}
	if (line !== "" || out.length === 0) out.push(line);
	return out;
}

/** Below this many columns, a wrapped last column would read as a word per line: it goes under its row. */
const NARROW = 28;

/** A column is never shrunk below this many columns to make a table fit. */
const SHRINK_FLOOR = 10;

/** Words of a cell wrapped to `width`, a word wider than that broken after a separator (a path at a `/`). */
function wrapCell(text: string, width: number): string[] {
	const out: string[] = [];
	let line = "";
	for (const word of text.split(/\s+/).filter((w) => w !== "")) {
		const pieces = visibleWidth(word) > width ? breakWord(word, width) : [word];
		for (const piece of pieces) {
			if (line === "") line = piece;
			else if (visibleWidth(line) + 1 + visibleWidth(piece) <= width) line = `${line} ${piece}`;
			else {
				out.push(line);
				line = piece;
			}
		}
	}
	if (line !== "" || out.length === 0) out.push(line);
	return out;
}

/**
 * The widths of the columns before the last, narrowed when they alone are wider than `max`, until
 * the last column has its room again: the widest left-aligned one gives a column at a time, down to
 * SHRINK_FLOOR. Their cells then wrap onto more lines.
 */
function narrowed(widths: number[], align: readonly Align[], max: number, lastMin: number): number[] {
	const out = [...widths];
	const last = out.length - 1;
	const before = () => out.slice(0, last).reduce((n, w) => n + w + 2, 0);
	// Columns that fit on their own are left as they are: the last cell goes under its row instead.
	if (before() - 2 <= max) return out;
	while (before() + lastMin > max) {
		let widest = -1;
		for (let i = 0; i < last; i++) {
			if (align[i] === "right" || (out[i] ?? 0) <= SHRINK_FLOOR) continue;
			if (widest < 0 || (out[i] ?? 0) > (out[widest] ?? 0)) widest = i;
		}
		if (widest < 0) break;
		out[widest] = (out[widest] ?? 0) - 1;
	}
	return out;
}

/**
 * Renders rows under a header, each column as wide as its widest cell, two spaces apart.
 * The last left-aligned column is not padded, so lines carry no trailing spaces. With `maxWidth`,
 * a table wider than that gives the last column what room is left and wraps its cells onto lines
 * of their own under it — a description column never pushes a table past the terminal's edge.
 * When the columns before it leave it too little room, the widest of them wrap too (a path breaks
 * after a `/`); when the room left is still too narrow to read, each row's last cell goes on the
 * lines below the row, indented, across the whole width.
 */
export function renderTable(
	header: readonly string[],
	rows: ReadonlyArray<readonly string[]>,
	align: Align[] = [],
	options: { maxWidth?: number } = {},
): string {
	const natural = header.map((h, i) => Math.max(visibleWidth(h), ...rows.map((r) => visibleWidth(r[i] ?? ""))));
	const last = header.length - 1;
	const max = options.maxWidth ?? Number.POSITIVE_INFINITY;
	const lastMin = align[last] === "right" ? (natural[last] ?? 0) : Math.min(natural[last] ?? 0, NARROW);
	const widths = Number.isFinite(max) ? narrowed(natural, align, max, lastMin) : natural;
	const before = widths.slice(0, last).reduce((n, w) => n + w + 2, 0);
	const wraps = align[last] !== "right" && before + (widths[last] ?? 0) > max;
	const under = wraps && last > 0 && max - before < NARROW;
	const room = under ? Math.max(12, max - 4) : Math.max(12, max - before);
	if (wraps && !under) widths[last] = room;
	const shown = under ? widths.slice(0, last) : widths;
	const line = (cells: readonly string[]) =>
		cells
			.map((cell, i) =>
				i === cells.length - 1 && align[i] !== "right" ? cell : pad(cell, shown[i] ?? 0, align[i] ?? "left"),
			)
			.join("  ")
			.trimEnd();
	/** The row's cells before the last, each on as many lines as it wraps to. */
	const stacked = (cells: readonly string[], count: number): string[][] =>
		cells
			.slice(0, count)
			.map((cell, i) => ((natural[i] ?? 0) > (widths[i] ?? 0) ? wrapCell(cell, widths[i] ?? 1) : [cell]));
	const row = (cells: readonly string[]): string[] => {
		const lastLines = wraps ? wrapCell(cells[last] ?? "", room) : [cells[last] ?? ""];
		const columns = under ? stacked(cells, last) : [...stacked(cells, last), lastLines];
		const height = Math.max(...columns.map((c) => c.length));
		const out = Array.from({ length: height }, (_, k) => line(columns.map((c) => c[k] ?? "")));
		if (under && cells[last]) out.push(...lastLines.map((m) => `    ${m}`));
		return out;
	};
	const head = under ? line(header.slice(0, last)) : line(header);
	const rule = shown.map((w) => "─".repeat(w)).join("  ");
	return [head, rule, ...rows.flatMap(row)].join("\n");
}
