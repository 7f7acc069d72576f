/** Aligned plain-text tables for terminal output, for the CLI and Pi alike. Pure. */

export type Align = "left" | "right";

/** Visible width of a string: counts code points, ignores ANSI colour sequences. */
export function visibleWidth(text: string): number {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping ANSI escapes is the point
	return [...text.replace(/\u001b\[[0-9;]*m/g, "")].length;
}

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

/**
 * Renders rows under a header, each column as wide as its widest cell, two spaces apart.
 * The last left-aligned column is not padded, so lines carry no trailing spaces. With `maxWidth`,
 * a table wider than that gives the last column what room is left and wraps its cells onto lines
 * of their own under it — a description column never pushes a table past the terminal's edge.
 * When the room left is too narrow to read, each row's last cell goes on the lines below the row,
 * indented, across the whole width.
 */
export function renderTable(
	header: readonly string[],
	rows: ReadonlyArray<readonly string[]>,
	align: Align[] = [],
	options: { maxWidth?: number } = {},
): string {
	const widths = header.map((h, i) => Math.max(visibleWidth(h), ...rows.map((r) => visibleWidth(r[i] ?? ""))));
	const last = header.length - 1;
	const before = widths.slice(0, last).reduce((n, w) => n + w + 2, 0);
	const max = options.maxWidth ?? Number.POSITIVE_INFINITY;
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
	const row = (cells: readonly string[]): string[] => {
		if (!wraps) return [line(cells)];
		const words = wrapWords(cells[last] ?? "", room);
		if (under) return [line(cells.slice(0, last)), ...(cells[last] ? words.map((m) => `    ${m}`) : [])];
		const [first = "", ...more] = words;
		const indent = " ".repeat(before);
		return [line([...cells.slice(0, last), first]), ...more.map((m) => `${indent}${m}`)];
	};
	const head = under ? line(header.slice(0, last)) : line(header);
	const rule = shown.map((w) => "─".repeat(w)).join("  ");
	return [head, rule, ...rows.flatMap(row)].join("\n");
}
