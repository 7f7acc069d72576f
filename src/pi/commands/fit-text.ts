/**
 * A report's text laid out again for the width the TUI gives it. The text is laid out for 78
 * columns, but some of its lines are not prose it wrapped — a prompt's lines in a diff, a table's
 * row — and a narrower row, or a line longer than that, made Pi's text component wrap them to
 * column 1. Here a line too long keeps its indent (and a diff's `-`/`+` marker's column): its words
 * wrap under its own start, and a word longer than the room is cut where the room ends. Pure.
 */
import { visibleWidth } from "../../format/table.ts";
import { hanging } from "../../format/text.ts";

/** The leading spaces of a line, a diff's `-`/`+` marker, and a list item's own `- ` or `* ` after it. */
const INDENT = /^ *[-+]? *(?:[-*] )?/;

/** Splits a word with no room left (a path) into pieces of at most `room`, after a `/` where one is near the end. */
function cut(word: string, room: number): string[] {
	const out: string[] = [];
	let rest = [...word];
	while (rest.length > room) {
		const slash = rest.slice(0, room).lastIndexOf("/");
		const at = slash > room / 3 ? slash + 1 : room;
		out.push(rest.slice(0, at).join(""));
		rest = rest.slice(at);
	}
	return [...out, rest.join("")];
}

/** One line within `width`: as it is when it fits, else wrapped under its own indent. */
function fitLine(line: string, width: number): string[] {
	if (visibleWidth(line) <= width) return [line];
	const indent = (INDENT.exec(line)?.[0] ?? "").slice(0, Math.floor(width / 2));
	const pad = " ".repeat(indent.length);
	const room = width - pad.length;
	return hanging(indent, line.slice(indent.length), width)
		.split("\n")
		.flatMap((wrapped, i) => {
			const head = i === 0 ? indent : pad;
			const body = wrapped.slice(head.length);
			return visibleWidth(wrapped) <= width
				? [wrapped]
				: cut(body, room).map((piece, j) => (j === 0 ? head : pad) + piece);
		});
}

/** Every line of `text` within `width` columns, indents kept. */
export function fitText(text: string, width: number): string[] {
	return text.split("\n").flatMap((line) => fitLine(line, Math.max(20, width)));
}
