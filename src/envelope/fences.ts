/**
 * Fenced code blocks in a Markdown message, found nearly the CommonMark way: a fence is three or
 * more backticks or tildes; it closes on a line of the same character at least as long, with nothing
 * after it; an unclosed fence runs to the end of the text (a model cut off mid-envelope leaves exactly
 * that). One leniency: a fence may be indented any amount, because models nest the envelope inside a
 * list item often enough, and a message quoting a four-space-indented fence is rarer still.
 */

export interface FencedBlock {
	/** The first word of the info string, lower-cased ("" when untagged). */
	lang: string;
	/** The block's content, without the fence lines. */
	content: string;
	/** 1-based line of the opening fence in the message. */
	line: number;
	/** False when the text ended before a closing fence. */
	closed: boolean;
}

const OPEN = /^[ \t]*(`{3,}|~{3,})(.*)$/;

export function fencedBlocks(text: string): FencedBlock[] {
	const lines = text.split(/\r?\n/);
	const blocks: FencedBlock[] = [];
	let i = 0;
	while (i < lines.length) {
		const open = OPEN.exec(lines[i] ?? "");
		const fence = open?.[1];
		const info = open?.[2] ?? "";
		// A backtick fence's info string may not contain a backtick (that is inline code).
		if (!fence || (fence.startsWith("`") && info.includes("`"))) {
			i++;
			continue;
		}
		const close = new RegExp(`^[ \\t]*${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`);
		const body: string[] = [];
		let j = i + 1;
		while (j < lines.length && !close.test(lines[j] ?? "")) body.push(lines[j++] ?? "");
		blocks.push({
			lang: (info.trim().split(/\s+/)[0] ?? "").toLowerCase(),
			content: body.join("\n"),
			line: i + 1,
			closed: j < lines.length,
		});
		i = j + 1;
	}
	return blocks;
}
