/** Small text helpers every report shares. Pure. */
import { visibleWidth } from "./table.ts";

/** Indents every non-empty line. */
export function indent(text: string, by = "  "): string {
	return text
		.split("\n")
		.map((line) => (line === "" ? "" : by + line))
		.join("\n");
}

/**
 * Shortens a text to `width` visible columns with an ellipsis. Code points are counted, so a
 * multi-byte character is never cut in half.
 */
export function truncate(text: string, width: number): string {
	if (visibleWidth(text) <= width) return text;
	if (width <= 1) return "…".slice(0, width);
	return `${[...text].slice(0, width - 1).join("")}…`;
}

/** The first line of a text, shortened to `width`; marked with … when anything was left out. */
export function firstLine(text: string, width = 100): string {
	const trimmed = text.trim();
	const line = trimmed.split("\n")[0] ?? "";
	if (line.length < trimmed.length && visibleWidth(line) < width) return `${line} …`;
	return truncate(line, width);
}

/**
 * `text` after `prefix`, its words wrapped to `width` columns under the first word ("  ✗ " then
 * lines indented by four). A word longer than the room (a path) stays whole on a line of its own;
 * a line break in `text` is kept, the next line indented the same way.
 */
export function hanging(prefix: string, text: string, width: number): string {
	const pad = " ".repeat(visibleWidth(prefix));
	const room = Math.max(20, width - pad.length);
	const lines: string[] = [];
	for (const paragraph of text.split("\n")) {
		let line = "";
		for (const word of paragraph.split(/ +/)) {
			if (line !== "" && visibleWidth(line) + 1 + visibleWidth(word) > room) {
				lines.push(line);
				line = word;
			} else line = line === "" ? word : `${line} ${word}`;
		}
		lines.push(line);
	}
	return lines.map((l, i) => `${i === 0 ? prefix : pad}${l}`.trimEnd()).join("\n");
}
