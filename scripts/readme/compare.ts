/**
 * Excerpts of a command's output, and the comparison of a README block with what the command
 * prints now. Pure.
 */

/** One stretch of an excerpt: from the first line matching `from` through the line matching `to`. */
export interface Stretch {
	from: RegExp;
	/** The stretch's last line; without it (and without `lines`), the stretch is the one line. */
	to?: RegExp;
	/** The stretch's length in lines, when it ends after a count rather than at a line. */
	lines?: number;
}

export const ELIDED = "…";

/**
 * The stretches of `text`, in order, each found after the one before; what is left out between
 * (and around) them is one `…` line. A stretch that is no longer there is an error: the output
 * changed under the excerpt, which the check must report.
 */
export function excerpt(text: string, stretches: readonly Stretch[]): string {
	const lines = text.split("\n");
	const out: string[] = [];
	let cursor = 0;
	for (const stretch of stretches) {
		const start = lines.findIndex((line, i) => i >= cursor && stretch.from.test(line));
		if (start < 0) throw new Error(`no line matches ${stretch.from} (after line ${cursor + 1})`);
		let end = start;
		if (stretch.to) {
			end = lines.findIndex((line, i) => i >= start && stretch.to?.test(line));
			if (end < 0) throw new Error(`no line matches ${stretch.to} after ${stretch.from}`);
		} else if (stretch.lines) end = Math.min(lines.length, start + stretch.lines) - 1;
		if (start > cursor) out.push(ELIDED);
		out.push(...lines.slice(start, end + 1));
		cursor = end + 1;
	}
	if (lines.slice(cursor).some((line) => line.trim() !== "")) out.push(ELIDED);
	return out.join("\n");
}

/**
 * How a block is compared. `lines`: line by line, with runs of spaces and of `─` folded, so that a
 * column that is one character wider on another machine compares equal while a changed word, an
 * added or missing line and a missing column do not. `words`: word by word, for text the tool
 * wraps to its width, where a value of another length moves the line breaks.
 */
export type CompareMode = "lines" | "words";

function fold(line: string): string {
	return line.trimEnd().replace(/ {2,}/g, "  ").replace(/─+/g, "─");
}

/** Every difference between the README's block and the fresh one, in words a person can act on. */
export function differences(readme: string, fresh: string, mode: CompareMode): string[] {
	if (mode === "words") {
		const a = readme.split(/\s+/).filter(Boolean);
		const b = fresh.split(/\s+/).filter(Boolean);
		const at = a.findIndex((word, i) => word !== b[i]);
		const first = at < 0 ? (a.length === b.length ? -1 : Math.min(a.length, b.length)) : at;
		if (first < 0) return [];
		const around = (words: string[]) => words.slice(Math.max(0, first - 6), first + 6).join(" ");
		return [`word ${first + 1} differs:\n  README: …${around(a)}…\n  now:    …${around(b)}…`];
	}
	const a = readme.split("\n").map(fold);
	const b = fresh.split("\n").map(fold);
	const out: string[] = [];
	for (let i = 0; i < Math.max(a.length, b.length) && out.length < 5; i++) {
		if (a[i] === b[i]) continue;
		if (a[i] === undefined) out.push(`line ${i + 1} is new:\n  now:    ${b[i]}`);
		else if (b[i] === undefined) out.push(`line ${i + 1} is gone:\n  README: ${a[i]}`);
		else out.push(`line ${i + 1} differs:\n  README: ${a[i]}\n  now:    ${b[i]}`);
	}
	return out;
}
