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

/**
 * Where and why a text is not JSON. JSON.parse says why but not always where (V8 gives no position
 * for "Unexpected token"), so this small scanner walks the grammar and stops at the first error.
 * It is only ever called on text JSON.parse rejected.
 */
class JsonStop extends Error {
	offset: number;
	constructor(offset: number, message: string) {
		super(message);
		this.offset = offset;
	}
}

function firstError(text: string): { offset: number; message: string } {
	let i = 0;
	const fail = (message: string): never => {
		throw new JsonStop(i, message);
	};
	/** A missing piece of grammar: at the end of the text, say so rather than what was expected. */
	const expected = (message: string): never => fail(i >= text.length ? "unexpected end of input" : message);
	const space = () => {
		while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
	};
	const string = () => {
		const start = i++;
		while (i < text.length && text[i] !== '"') {
			const c = text.charCodeAt(i);
			if (c < 0x20) fail("control character in a string (write it escaped, e.g. \\n)");
			if (text[i] === "\\") {
				const esc = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(text.slice(i, i + 6));
				if (!esc) fail("invalid escape in a string");
				i += esc![0].length;
			} else i++;
		}
		if (i >= text.length) throw new JsonStop(start, "unterminated string");
		i++;
	};
	const value = (): void => {
		space();
		const c = text[i];
		if (c === "{") container("}", true);
		else if (c === "[") container("]", false);
		else if (c === '"') string();
		else literal(c);
	};
	const literal = (c: string | undefined) => {
		const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
		if (!m) expected(c === "'" ? "strings and keys take double quotes" : "expected a value");
		i += m![0].length;
	};
	const container = (close: string, isObject: boolean) => {
		i++;
		space();
		if (text[i] === close) {
			i++;
			return;
		}
		for (;;) {
			if (isObject) {
				space();
				if (text[i] !== '"')
					expected(text[i] === "'" ? "strings and keys take double quotes" : "expected a double-quoted property name");
				string();
				space();
				if (text[i] !== ":") expected("expected ':' after a property name");
				i++;
			}
			value();
			space();
			if (text[i] === ",") i++;
			else if (text[i] === close) {
				i++;
				return;
			} else expected(`expected ',' or '${close}' after ${isObject ? "a property value" : "a list item"}`);
		}
	};
	try {
		value();
		space();
		if (i < text.length) fail("unexpected text after the JSON value");
		return { offset: i, message: "not valid JSON" };
	} catch (error) {
		if (error instanceof JsonStop) return { offset: error.offset, message: error.message };
		throw error;
	}
}

function failure(text: string): JsonText {
	const { offset, message } = firstError(text);
	return { ok: false, message, ...lineColumn(text, offset) };
}

export function parseJsonText(text: string): JsonText {
	try {
		return { ok: true, value: JSON.parse(text), trailingCommas: [] };
	} catch {
		const commas = trailingCommaOffsets(text);
		if (commas.length === 0) return failure(text);
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
		} catch {
			return failure(repaired);
		}
	}
}
