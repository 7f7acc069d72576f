/**
 * One line of a report wrapped to a width the way a reader can follow it: its continuation lines
 * hang under its first word (two columns in from the line's own indent), and a word wider than the
 * room — a path, an id — breaks after a separator (`/`, `-`, `_`, `.`, `:`), never mid-name with a
 * letter left alone on the next line. A line that fits is returned exactly as written. Pure.
 */
import { visibleWidth } from "./width.ts";

const SEPARATORS = new Set(["/", "\\", "-", "_", ".", ":", ",", "="]);

/** The shortest piece a cut leaves behind: a word is never cut so that fewer characters than this stand alone. */
const SHORTEST = 3;

/** Just after the last character within `room` that `isBreak` accepts, if that keeps a third of the room; else -1. */
function lastBreak(chars: readonly string[], room: number, isBreak: (c: string) => boolean): number {
	for (let i = Math.min(room, chars.length) - 1; i >= Math.floor(room / 3); i--) {
		if (isBreak(chars[i] ?? "")) return i + 1;
	}
	return -1;
}

/**
 * `word` in pieces, the first at most `first` columns, the others at most `rest`: each ends just after
 * the last separator that fits (when that keeps at least a third of the room), else it is cut so that
 * no piece is shorter than three characters.
 */
export function breakWord(word: string, first: number, rest = first): string[] {
	const pieces: string[] = [];
	let chars = [...word];
	let room = Math.max(1, first);
	while (chars.length > room) {
		// After a `/` when one is in reach (a path reads by its directories), else after another separator.
		let at = lastBreak(chars, room, (c) => c === "/");
		if (at < 0) at = lastBreak(chars, room, (c) => SEPARATORS.has(c));
		if (at < 0) at = chars.length - room < SHORTEST ? Math.max(1, chars.length - SHORTEST) : room;
		pieces.push(chars.slice(0, at).join(""));
		chars = chars.slice(at);
		room = Math.max(1, rest);
	}
	pieces.push(chars.join(""));
	return pieces;
}

/** `line` wrapped to `width`: continuation lines indented two more than the line, long words broken at separators. */
export function wrapLine(line: string, width: number, measure: (text: string) => number = visibleWidth): string[] {
	if (measure(line) <= width) return [line];
	const lead = line.length - line.trimStart().length;
	const hang = " ".repeat(Math.min(lead + 2, Math.max(0, Math.floor(width / 2))));
	const room = Math.max(1, width - hang.length);
	const out: string[] = [];
	let current = line.slice(0, lead);
	const blank = () => current.trim() === "";
	for (const [, word = "", gap = ""] of line.slice(lead).matchAll(/(\S+)(\s*)/g)) {
		if (measure(current + word) <= width) {
			current += word + gap;
			continue;
		}
		const left = width - measure(current);
		// A word wider than a whole line starts on this one when a fair piece of it fits here.
		if (measure(word) > room && (left >= Math.min(12, room) || blank())) {
			const pieces = breakWord(word, Math.max(1, left), room);
			out.push((current + (pieces.shift() ?? "")).trimEnd());
			while (pieces.length > 1) out.push(hang + pieces.shift());
			current = `${hang}${pieces[0] ?? ""}${gap}`;
			continue;
		}
		if (!blank()) out.push(current.trimEnd());
		const pieces = measure(word) > room ? breakWord(word, room) : [word];
		while (pieces.length > 1) out.push(hang + pieces.shift());
		current = `${hang}${pieces[0] ?? ""}${gap}`;
	}
	if (!blank() || out.length === 0) out.push(current.trimEnd());
	return out;
}
