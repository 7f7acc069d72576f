/**
 * The generated blocks of README.md: each stands between `<!-- block: NAME -->` and `<!-- /block -->`,
 * each on a line of its own. Everything outside the markers is written by hand and left alone. Pure.
 */

const OPEN = /^<!-- block: ([a-z0-9-]+) -->$/;
const CLOSE = "<!-- /block -->";

export interface MarkedBlock {
	name: string;
	/** The text between the marker lines. */
	content: string;
	/** 1-based line of the opening marker. */
	line: number;
}

/** Every block of `text`, in order; a marker without its partner, or a name used twice, is an error. */
export function readBlocks(text: string, doc = "README.md"): MarkedBlock[] {
	const lines = text.split("\n");
	const blocks: MarkedBlock[] = [];
	for (let i = 0; i < lines.length; i++) {
		const open = OPEN.exec(lines[i] ?? "");
		if (!open) {
			if (lines[i] === CLOSE) throw new Error(`${doc}:${i + 1}: ${CLOSE} without an opening marker`);
			continue;
		}
		const name = open[1] ?? "";
		const end = lines.findIndex((line, j) => j > i && (line === CLOSE || OPEN.test(line)));
		if (end < 0 || lines[end] !== CLOSE) throw new Error(`${doc}:${i + 1}: block "${name}" is not closed`);
		if (blocks.some((b) => b.name === name)) throw new Error(`${doc}:${i + 1}: block "${name}" appears twice`);
		blocks.push({ name, content: lines.slice(i + 1, end).join("\n"), line: i + 1 });
		i = end;
	}
	return blocks;
}

/** `text` with each named block's content replaced; a name the text has no block for is an error. */
export function writeBlocks(text: string, contents: ReadonlyMap<string, string>, doc = "README.md"): string {
	const found = new Set(readBlocks(text, doc).map((b) => b.name));
	for (const name of contents.keys()) {
		if (!found.has(name)) throw new Error(`${doc} has no block "${name}" (add <!-- block: ${name} --> … ${CLOSE})`);
	}
	const lines = text.split("\n");
	const out: string[] = [];
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i] ?? "";
		out.push(line);
		const name = OPEN.exec(line)?.[1];
		const content = name === undefined ? undefined : contents.get(name);
		if (content === undefined) continue;
		out.push(content, CLOSE);
		i = lines.indexOf(CLOSE, i + 1);
	}
	return out.join("\n");
}
