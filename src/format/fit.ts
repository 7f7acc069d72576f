/**
 * Fits help text to a terminal's width. Usage texts are written as prose paragraphs and option
 * lists with hanging indents; a line wider than the terminal is reflowed with the lines that
 * continue it, keeping its indent and the column its description starts at, so an option's words
 * stay under the option in a narrow terminal instead of wrapping to column 0. Items that already
 * fit are left exactly as written. Pure.
 */
import { visibleWidth, wrapWords } from "./table.ts";

/** One item of a text: its first line and the lines that continue it. */
interface Item {
	lines: string[];
	/** The column continuation lines start at. */
	hang: number;
}

/** A line under this many columns ends its item unless the next line is indented under it: a deliberate break. */
const SHORT = 60;

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** Where a description starts after a label ("  --runner <kind>   subprocess…" → 25), if the line has one. */
function descriptionColumn(line: string): number | undefined {
	const match = /^(\s*\S.*?\S?)( {2,})(\S)/.exec(line);
	if (!match || (match[1]?.length ?? 0) > 40) return undefined;
	return (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
}

/**
 * The column of `next` when it is indented under a word of `first` (a wrapped synopsis or option
 * description); a list under a heading ("Options:") is not, as its indent falls inside a word.
 */
function alignedUnder(first: string, next: string | undefined): number | undefined {
	if (next === undefined) return undefined;
	const column = indentOf(next);
	if (column <= indentOf(first) || column >= first.length) return undefined;
	return first[column - 1] === " " && first[column] !== " " ? column : undefined;
}

/** Where the arguments of a synopsis start ("Usage: pi-delegate spend [--session…" → 25). */
function synopsisColumn(line: string): number | undefined {
	const match = /^(\s*(?:Usage:\s+)?pi-delegate\s(?:[a-z-]+\s)*)[[<]/.exec(line);
	return match?.[1]?.length;
}

function items(paragraph: readonly string[]): Item[] {
	const out: Item[] = [];
	let i = 0;
	while (i < paragraph.length) {
		const first = paragraph[i] ?? "";
		const next = paragraph[i + 1];
		const own = indentOf(first);
		const hang = alignedUnder(first, next) ?? synopsisColumn(first) ?? descriptionColumn(first) ?? own;
		const lines = [first];
		i++;
		while (i < paragraph.length) {
			const line = paragraph[i] ?? "";
			const previous = lines[lines.length - 1] ?? "";
			const continues = indentOf(line) === hang && (hang > own || visibleWidth(previous) >= SHORT);
			if (!continues) break;
			lines.push(line);
			i++;
		}
		out.push({ lines, hang });
	}
	return out;
}

/** A space inside `[--flag VALUE]` or `<file | ->` does not break: a synopsis wraps between its groups. */
const BOUND = "\u0000";
const bind = (text: string): string => text.replace(/\[[^\]]*\]|<[^>]*>/g, (group) => group.replaceAll(" ", BOUND));
const unbind = (text: string): string => text.replaceAll(BOUND, " ");

function reflow(item: Item, width: number): string[] {
	if (item.lines.every((l) => visibleWidth(l) <= width)) return item.lines;
	const first = item.lines[0] ?? "";
	const head = first.slice(0, Math.min(item.hang, indentOf(first) + first.trimStart().length));
	const words = [first.slice(head.length), ...item.lines.slice(1)].map((l) => l.trim()).join(" ");
	const room = Math.max(20, width - item.hang);
	const [top = "", ...rest] = wrapWords(bind(words), room).map(unbind);
	const pad = " ".repeat(item.hang);
	return [`${head.padEnd(item.hang)}${top}`, ...rest.map((l) => `${pad}${l}`)];
}

/** `text` with every line that is wider than `width` reflowed within its paragraph item. */
export function fitText(text: string, width: number): string {
	const out: string[] = [];
	let paragraph: string[] = [];
	const flush = () => {
		for (const item of items(paragraph)) out.push(...reflow(item, width));
		paragraph = [];
	};
	for (const line of text.split("\n")) {
		if (line.trim() === "") {
			flush();
			out.push(line);
		} else paragraph.push(line);
	}
	flush();
	return out.join("\n");
}
