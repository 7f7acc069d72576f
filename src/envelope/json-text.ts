/**
 * JSON text as models write it. One leniency only: trailing commas before `}` or `]` are dropped,
 * because they are the commonest slip in hand-written JSON and removing them cannot change what the
 * text means. Everything else that is not JSON (comments, single quotes, bare keys) stays an error:
 * guessing there could change the meaning, and the fix is for the writer to make.
 */

export type JsonText =
	| { ok: true; value: unknown; trailingCommas: number[] }
	| { ok: false; message: string; line: number; column: number };

/** Offsets of commas that only precede a closing bracket, outside strings. */
function trailingCommaOffsets(text: string): number[] {
	const found: number[] = [];
	let inString = false;
	let pending = -1;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (inString) {
			if (c === "\\") i++;
			else if (c === '"') inString = false;
			continue;
		}
		if (c === '"') {
			inString = true;
			pending = -1;
		} else if (c === ",") pending = i;
		else if (c === "}" || c === "]") {
			if (pending >= 0) found.push(pending);
			pending = -1;
		} else if (c !== undefined && !/\s/.test(c)) pending = -1;
	}
	return found;
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
	const before = text.slice(0, offset).split("\n");
	return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function failure(text: string, error: unknown): JsonText {
	const raw = error instanceof Error ? error.message : String(error);
	const at = /at position (\d+)/.exec(raw);
	const where = lineColumn(text, at ? Number(at[1]) : text.length);
	// V8 appends its own position ("in JSON at position 40 (line 3 column 5)"); we report ours, relative to the block.
	const message = raw
		.replace(/\s*in JSON at position \d+.*$/, "")
		.replace(/^Unexpected end of JSON input$/, "Unexpected end of input");
	return { ok: false, message, ...where };
}

export function parseJsonText(text: string): JsonText {
	try {
		return { ok: true, value: JSON.parse(text), trailingCommas: [] };
	} catch (error) {
		const commas = trailingCommaOffsets(text);
		if (commas.length === 0) return failure(text, error);
		// Each comma becomes a space, so offsets in an error about the repaired text still fit the original.
		let repaired = "";
		let from = 0;
		for (const offset of commas) {
			repaired += `${text.slice(from, offset)} `;
			from = offset + 1;
		}
		repaired += text.slice(from);
		try {
			return { ok: true, value: JSON.parse(repaired), trailingCommas: commas.map((o) => lineColumn(text, o).line) };
		} catch (second) {
			return failure(text, second);
		}
	}
}
