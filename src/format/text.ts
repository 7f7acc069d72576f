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

/** C0 controls but tab and line feed, DEL, and the C1 controls: what can drive a terminal. */
export function isControl(code: number): boolean {
	return (code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code < 0xa0);
}

/**
 * Unicode's explicit bidirectional formatting characters (LRM, RLM, ALM, the embeddings, overrides
 * and isolates): a terminal that honours them draws the rest of the line in another order, so a
 * child's text could turn the report's own words around it.
 */
function isBidiControl(code: number): boolean {
	return (
		code === 0x061c ||
		code === 0x200e ||
		code === 0x200f ||
		(code >= 0x202a && code <= 0x202e) ||
		(code >= 0x2066 && code <= 0x2069)
	);
}

/** How terminalSafe writes a character it escapes: `\xNN`, or `\uNNNN` past U+00FF. */
function escaped(code: number): string {
	return code > 0xff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\x${code.toString(16).padStart(2, "0")}`;
}

/**
 * Text that cannot drive a terminal: every control character but tab and line feed is written as
 * `\xNN`, and every bidirectional formatting character as `\uNNNN`. Reports carry what others
 * wrote — a child's deliverable, pointers and reasons, the keys of a spec, an agent file's
 * description, a session's goals — and a raw ESC or carriage return in them could clear the
 * screen, or paint a PASS over the FAIL a report says. Every plain-text report passes through this
 * at its edge; `--json` output is escaped by JSON itself.
 */
export function terminalSafe(text: string): string {
	const unsafe = (code: number) => isControl(code) || isBidiControl(code);
	let i = 0;
	while (i < text.length && !unsafe(text.charCodeAt(i))) i++;
	if (i === text.length) return text;
	let out = text.slice(0, i);
	for (; i < text.length; i++) {
		const code = text.charCodeAt(i);
		out += unsafe(code) ? escaped(code) : text[i];
	}
	return out;
}

/**
 * Labelled paragraphs: each label padded to the widest, its text wrapped at `width` columns under
 * itself, then any sub-items as a list. Long sentences stay readable in any terminal.
 */
export function describedList(
	rows: ReadonlyArray<{ label: string; text: string; items?: readonly string[] }>,
	width: number,
	gap = 2,
): string {
	const labels = Math.max(...rows.map((r) => r.label.length));
	const indent = " ".repeat(labels + 2 + gap);
	return rows
		.flatMap((row) => {
			const lines: string[] = [];
			let line = `  ${row.label.padEnd(labels)}${" ".repeat(gap)}`;
			let fresh = true;
			for (const word of row.text.split(" ")) {
				if (!fresh && line.length + 1 + word.length > width) {
					lines.push(line);
					line = indent + word;
				} else line = fresh ? line + word : `${line} ${word}`;
				fresh = false;
			}
			lines.push(line);
			return [...lines, ...(row.items ?? []).map((item) => `${indent}- ${item}`)];
		})
		.join("\n");
}
