/**
 * The hunks of a text file's change, exactly as `git apply` wants them: three lines of context,
 * two changes at most six unchanged lines apart in one hunk (xdiff's rule), `-` lines before `+`
 * lines, `\ No newline at end of file` after a last line without one, and the hunk header's
 * counts and starts as xdiff writes them (a count of 1 left out, an empty side starting at the
 * line before). The header ends with git's default function line (the nearest earlier line that
 * starts with a letter, `_` or `$`), so a plain text change reads as `git diff` writes it. Lines
 * are split at `\n` only: a `\r` stays part of its line, so CRLF content comes back byte for
 * byte. Pure.
 */
import { script, type Tag } from "./edit-script.ts";

/** Lines of context around a change, as git's default. */
const CONTEXT = 3;

interface Row {
	tag: Tag;
	line: string;
	/** How many old and new lines come before this row. */
	old: number;
	new: number;
}

/** `text` cut after every `\n`; a last line without one stays as it is. */
export function splitLines(text: string): string[] {
	const lines = text.split("\n").map((line) => `${line}\n`);
	const last = lines.pop() ?? "\n";
	if (last !== "\n") lines.push(last.slice(0, -1));
	return lines;
}

/** Every line of both sides in order, each tagged kept, removed or added; removals before additions. */
function rows(before: string[], after: string[]): Row[] {
	const out: Row[] = [];
	let [old, now] = [0, 0];
	let added: string[] = [];
	const flushAdded = () => {
		for (const line of added) out.push({ tag: "+", line, old, new: now++ });
		added = [];
	};
	for (const { tag, line } of script(before, after)) {
		if (tag === "+") added.push(line);
		else if (tag === "-") out.push({ tag, line, old: old++, new: now });
		else {
			flushAdded();
			out.push({ tag, line, old: old++, new: now++ });
		}
	}
	flushAdded();
	return out;
}

/** The ranges of rows each hunk covers: changes closer than 2 × CONTEXT unchanged lines share one. */
function hunkRanges(all: readonly Row[]): Array<[number, number]> {
	const ranges: Array<[number, number]> = [];
	let previous = -1;
	all.forEach((row, index) => {
		if (row.tag === " ") return;
		const last = ranges.at(-1);
		if (last && index - previous - 1 <= 2 * CONTEXT) last[1] = Math.min(all.length, index + 1 + CONTEXT);
		else ranges.push([Math.max(0, index - CONTEXT), Math.min(all.length, index + 1 + CONTEXT)]);
		previous = index;
	});
	return ranges;
}

/** `-start,count` as xdiff writes it: `,1` left out; an empty side starts at the line before. */
function side(sign: string, start: number, count: number): string {
	return `${sign}${count === 0 ? start : start + 1}${count === 1 ? "" : `,${count}`}`;
}

const FUNC_LINE_BYTES = 80;

/**
 * Git's default function line for a hunk starting at old line `start` (xemit.c's def_ff): the
 * nearest earlier line starting with a letter, `_` or `$`, cut to 80 bytes (at a character
 * boundary here, where git may cut inside one) and trailing white space dropped.
 */
function funcLine(before: readonly string[], start: number): string {
	for (let i = start - 1; i >= 0; i--) {
		const line = before[i] ?? "";
		if (!/^[A-Za-z_$]/.test(line)) continue;
		let cut = "";
		let bytes = 0;
		for (const char of line) {
			bytes += new TextEncoder().encode(char).length;
			if (bytes > FUNC_LINE_BYTES) break;
			cut += char;
		}
		const trimmed = cut.replace(/[ \t\n\v\f\r]+$/, "");
		return trimmed === "" ? "" : ` ${trimmed}`;
	}
	return "";
}

const NO_NEWLINE = "\\ No newline at end of file\n";

/** One hunk: its header, then each row with its tag, and the no-newline marker where one is due. */
function hunk(all: readonly Row[], [from, to]: [number, number], before: readonly string[]): string {
	const range = all.slice(from, to);
	const first = range[0]!;
	const oldCount = range.filter((row) => row.tag !== "+").length;
	const newCount = range.filter((row) => row.tag !== "-").length;
	let out = `@@ ${side("-", first.old, oldCount)} ${side("+", first.new, newCount)} @@${funcLine(before, first.old)}\n`;
	for (const row of range) {
		out += `${row.tag}${row.line}`;
		if (!row.line.endsWith("\n")) out += `\n${NO_NEWLINE}`;
	}
	return out;
}

/** The hunks that turn `before` into `after` (both text), or "" when they are equal. */
export function textHunks(before: string, after: string): string {
	const [old, now] = [splitLines(before), splitLines(after)];
	const all = rows(old, now);
	return hunkRanges(all)
		.map((range) => hunk(all, range, old))
		.join("");
}
