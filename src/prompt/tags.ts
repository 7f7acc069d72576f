/**
 * The lexical rules of Pi's tagged prompt layout (0.86.1 and later): a section is `<name>` on a
 * line of its own, its body, and `</name>` on a line of its own; sections are joined by exactly one
 * blank line. Pi wraps bodies without escaping them, so a body may itself contain tag lines; these
 * helpers only find candidates, and the callers decide by position which candidate is Pi's.
 */

const TAG_LINE = /^<\/?[a-z][a-z0-9_-]*>$/;
const OPENING_TAG_AHEAD = /\n\n<[a-z][a-z0-9_-]*>\n/y;

/** The offset of the first line that is a bare section tag, or -1. */
export function firstTagLine(text: string): number {
	let start = 0;
	while (start <= text.length) {
		const newline = text.indexOf("\n", start);
		const end = newline === -1 ? text.length : newline;
		if (TAG_LINE.test(text.slice(start, end))) return start;
		if (newline === -1) return -1;
		start = newline + 1;
	}
	return -1;
}

/**
 * The offset of the newline that ends a section body at or after `from`: the first `\n</name>`
 * that is a whole line. A body is what lies between `<name>\n` and that newline (possibly empty).
 */
export function closingAt(text: string, name: string, from: number): number {
	const marker = `\n</${name}>`;
	let at = text.indexOf(marker, from);
	while (at !== -1) {
		const end = at + marker.length;
		if (end === text.length || text[end] === "\n") return at;
		at = text.indexOf(marker, at + 1);
	}
	return -1;
}

/** True when a section ending at `end` is followed the way Pi joins sections: a blank line and a tag, or nothing. */
export function endsSection(text: string, end: number): boolean {
	if (end === text.length) return true;
	OPENING_TAG_AHEAD.lastIndex = end;
	return OPENING_TAG_AHEAD.test(text);
}

/** The end offset of the section `name` whose opening line starts at `start`, or -1 when it is not well formed. */
export function sectionEnd(text: string, name: string, start: number): number {
	const open = `<${name}>\n`;
	if (!text.startsWith(open, start)) return -1;
	const close = closingAt(text, name, start + open.length);
	return close === -1 ? -1 : close + name.length + 4;
}
