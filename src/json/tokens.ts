/**
 * The leaves of the JSON grammar — strings, numbers, literals — and the words errors use for what
 * was found. Each reader advances `cursor.i` past what it read or throws a SyntaxStop at the first
 * thing that is not JSON.
 */

/** The scanner's state: the text and the offset of the next character to read. */
export interface Cursor {
	readonly text: string;
	i: number;
}

/** Thrown inside the scanner at the first error; readJson turns it into a JsonSyntaxError. */
export class SyntaxStop extends Error {
	readonly offset: number;
	readonly hint: string;
	constructor(offset: number, reason: string, hint: string) {
		super(reason);
		this.offset = offset;
		this.hint = hint;
	}
}

export function stop(offset: number, reason: string, hint: string): never {
	throw new SyntaxStop(offset, reason, hint);
}

/** JSON's four whitespace characters, and nothing else (no BOM, no non-breaking space). */
export function skipSpace(cursor: Cursor): void {
	const { text } = cursor;
	let i = cursor.i;
	for (;;) {
		const c = text.charCodeAt(i);
		if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
		i++;
	}
	cursor.i = i;
}

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;

/** The identifier-like word at an offset, if one starts there. */
function wordAt(text: string, offset: number): string | undefined {
	WORD.lastIndex = offset;
	return WORD.exec(text)?.[0];
}

/** What is at the cursor, for "… but found X": a word, one character, a line break, or the end. */
export function found(cursor: Cursor): string {
	const { text, i } = cursor;
	if (i >= text.length) return "the end of the text";
	const c = text[i] as string;
	if (c === "\n" || c === "\r") return "a line break";
	if (c === '"') return "a double quote";
	if (c === "'") return "a single quote";
	const word = wordAt(text, i);
	if (word !== undefined) return `'${word.length > 24 ? `${word.slice(0, 23)}…` : word}'`;
	return `'${String.fromCodePoint(text.codePointAt(i) ?? 0)}'`;
}

/** Plain characters of a string: anything but a quote, a backslash or a control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON forbids exactly these raw inside a string
const PLAIN = /[^"\\\u0000-\u001f]*/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Reads a string starting at its opening quote. */
export function readString(cursor: Cursor): string {
	const { text } = cursor;
	const open = cursor.i;
	let i = open + 1;
	let escaped = false;
	for (;;) {
		PLAIN.lastIndex = i;
		PLAIN.test(text);
		i = PLAIN.lastIndex;
		const c = text.charCodeAt(i);
		if (c === 34) break;
		if (Number.isNaN(c)) stop(open, "unterminated string", "close the string with a double quote");
		if (c === 92) {
			ESCAPE.lastIndex = i;
			if (!ESCAPE.test(text)) badEscape(text, i);
			i = ESCAPE.lastIndex;
			escaped = true;
			continue;
		}
		stop(
			i,
			"raw control character (such as a line break or a tab) inside a string",
			'write it escaped: "\\n" for a line break, "\\t" for a tab',
		);
	}
	cursor.i = i + 1;
	return escaped ? (JSON.parse(text.slice(open, i + 1)) as string) : text.slice(open + 1, i);
}

function badEscape(text: string, at: number): never {
	const next = text[at + 1];
	if (next === "u") {
		stop(at, "\\u escape without four hex digits", 'write it as "\\u" and four digits 0-9 or a-f, e.g. "\\u00e9"');
	}
	const shown = next === undefined || next < " " ? "\\" : `\\${next}`;
	stop(
		at,
		`invalid escape '${shown}' in a string`,
		'write a backslash itself as "\\\\"; the escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX',
	);
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const NUMBER_HINT = "write a number such as 12, -3.5 or 1e6";

/** Reads a number starting at a digit or a minus sign. */
export function readNumber(cursor: Cursor): number {
	const { text } = cursor;
	const start = cursor.i;
	NUMBER.lastIndex = start;
	if (!NUMBER.test(text)) stop(start, "minus sign without digits after it", NUMBER_HINT);
	const end = NUMBER.lastIndex;
	const next = text[end];
	if (next === "." || next === "e" || next === "E") {
		stop(start, `incomplete number '${text.slice(start, end + 1)}'`, NUMBER_HINT);
	}
	if (text[end - 1] === "0" && end - start <= 2 && next !== undefined && next >= "0" && next <= "9") {
		stop(end, "number with a leading zero", "remove the leading zero (JSON has no octal numbers)");
	}
	cursor.i = end;
	return Number(text.slice(start, end));
}

const LITERALS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };

/** Reads true, false or null; any other word is an error that says what JSON would take instead. */
export function readLiteral(cursor: Cursor): boolean | null {
	const word = wordAt(cursor.text, cursor.i) ?? "";
	const value = LITERALS[word];
	if (value !== undefined) {
		cursor.i += word.length;
		return value;
	}
	const lower = word.toLowerCase();
	const hint =
		lower in LITERALS || lower === "none"
			? "JSON's literals are lower case: true, false and null"
			: ["nan", "infinity", "undefined"].includes(lower)
				? "JSON has no NaN, Infinity or undefined; use null or a number"
				: `put text in double quotes, e.g. "${word}"`;
	return stop(cursor.i, `expected a value but found ${found(cursor)}`, hint);
}
