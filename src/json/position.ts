/**
 * The one line/column convention of every message that points into JSON text (spec files, settings
 * files, envelopes), so the same text gets the same position whichever reader complains:
 *
 * - lines are 1-based; a line ends at "\n", at "\r\n" (one break, not two) or at a lone "\r", as
 *   editors count them;
 * - columns are 1-based and counted in UTF-16 code units, the unit of JavaScript strings, V8's own
 *   error positions, TypeScript and ESLint diagnostics, and VS Code's cursor: an emoji or any
 *   character outside the Basic Multilingual Plane takes two columns, a tab takes one;
 * - a leading byte-order mark is not a column (editors do not show it), so the first visible
 *   character of a file is line 1, column 1, although offsets still count the mark.
 */
import type { TextPosition } from "./types.ts";

/** The offset where each line starts, and whether the text opens with a byte-order mark. */
export interface LineIndex {
	starts: readonly number[];
	bom: boolean;
}

export function lineIndex(text: string): LineIndex {
	const starts = [0];
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === 10) starts.push(i + 1);
		else if (c === 13) {
			if (text.charCodeAt(i + 1) === 10) i++;
			starts.push(i + 1);
		}
	}
	return { starts, bom: text.charCodeAt(0) === 0xfeff };
}

/** The position of an offset, found by binary search over the line starts. */
export function positionIn(index: LineIndex, offset: number): TextPosition {
	const { starts } = index;
	let low = 0;
	let high = starts.length - 1;
	while (low < high) {
		const mid = (low + high + 1) >> 1;
		if ((starts[mid] ?? 0) <= offset) low = mid;
		else high = mid - 1;
	}
	const start = starts[low] ?? 0;
	const skip = low === 0 && index.bom && offset > 0 ? 1 : 0;
	return { offset, line: low + 1, column: offset - start - skip + 1 };
}

/** The position of one offset; for many offsets in one text, build a lineIndex once. (@internal: exported for its tests) */
export function positionAt(text: string, offset: number): TextPosition {
	return positionIn(lineIndex(text), offset);
}

/** "line 3, column 5", the way every message says it. */
export function describePosition(position: Pick<TextPosition, "line" | "column">): string {
	return `line ${position.line}, column ${position.column}`;
}
