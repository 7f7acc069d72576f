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

/**
 * Renders rows under a header, each column as wide as its widest cell, two spaces apart.
 * The last left-aligned column is not padded, so lines carry no trailing spaces.
 */
export function renderTable(
	header: readonly string[],
	rows: ReadonlyArray<readonly string[]>,
	align: Align[] = [],
): string {
	const widths = header.map((h, i) => Math.max(visibleWidth(h), ...rows.map((r) => visibleWidth(r[i] ?? ""))));
	const line = (cells: readonly string[]) =>
		cells
			.map((cell, i) =>
				i === cells.length - 1 && align[i] !== "right" ? cell : pad(cell, widths[i] ?? 0, align[i] ?? "left"),
			)
			.join("  ")
			.trimEnd();
	const rule = widths.map((w) => "─".repeat(w)).join("  ");
	return [line(header), rule, ...rows.map(line)].join("\n");
}
