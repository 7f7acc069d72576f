/** A Markdown table whose columns line up in the source too, so the README reads well unrendered. Pure. */

const width = (text: string) => [...text].length;

export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
	const widths = header.map((h, i) => Math.max(3, width(h), ...rows.map((r) => width(r[i] ?? ""))));
	const line = (cells: readonly string[]) =>
		`| ${cells.map((c, i) => c + " ".repeat((widths[i] ?? 0) - width(c))).join(" | ")} |`;
	return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** A fenced block of terminal output. */
export function fenced(text: string, lang = ""): string {
	return `\`\`\`${lang}\n${text}\n\`\`\``;
}
