/**
 * JSON parsing for spec files, with two things JSON.parse does not give: the line and column of a
 * syntax error in every case (V8 omits them for some errors), and the keys that appear twice in one
 * object. JSON.parse keeps the last of two equal keys without a word, so `"read_only": true` followed
 * later by `"read_only": false` would silently turn a read-only task into a write task.
 */
import type { Problem } from "../problems.ts";
import { joinPath } from "../problems.ts";

type Segment = string | number;

export interface JsonPosition {
	line: number;
	column: number;
}

export type JsonParse = { ok: true; value: unknown; problems: Problem[] } | { ok: false; problems: Problem[] };

class SyntaxProblem extends Error {
	readonly offset: number;
	readonly hint: string;
	constructor(offset: number, reason: string, hint: string) {
		super(reason);
		this.offset = offset;
		this.hint = hint;
	}
}

/** 1-based line and column of an offset. */
export function positionOf(text: string, offset: number): JsonPosition {
	const before = text.slice(0, offset);
	const line = before.split("\n").length;
	return { line, column: offset - before.lastIndexOf("\n") };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const MAX_DEPTH = 512;

interface Duplicate {
	path: Segment[];
	first: number;
	again: number;
}

/** Walks valid-or-not JSON text, throwing a SyntaxProblem at the first error, collecting duplicate keys. */
function scan(text: string): Duplicate[] {
	let i = 0;
	const duplicates: Duplicate[] = [];
	const fail = (reason: string, hint = "correct the JSON there"): never => {
		throw new SyntaxProblem(i, reason, hint);
	};
	const skipSpace = () => {
		while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
	};
	const string = (): string => {
		const start = i++;
		for (;;) {
			const c = text[i];
			if (c === undefined) fail("unterminated string", "close the string with a double quote");
			if (c === '"') break;
			if (c === "\\") {
				const e = text[i + 1] ?? "";
				const ok = e === "u" ? /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : e !== "" && '"\\/bfnrt'.includes(e);
				if (!ok) fail("invalid escape in a string", 'write a backslash as "\\\\"');
				i += e === "u" ? 6 : 2;
				continue;
			}
			if ((c as string) < " ")
				fail("raw control character (such as a line break) inside a string", 'write it as "\\n"');
			i++;
		}
		i++;
		return JSON.parse(text.slice(start, i)) as string;
	};
	const literal = (): boolean => {
		const word = ["true", "false", "null"].find((w) => text.startsWith(w, i));
		if (word) i += word.length;
		return word !== undefined;
	};
	const number = (): void => {
		NUMBER.lastIndex = i;
		if (!NUMBER.test(text)) fail("malformed number");
		i = NUMBER.lastIndex;
	};
	const value = (path: Segment[], depth: number): void => {
		if (depth > MAX_DEPTH) fail("nested too deeply");
		skipSpace();
		const c = text[i];
		if (c === "{") object(path, depth);
		else if (c === "[") array(path, depth);
		else if (c === '"') string();
		else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
		else if (literal()) return;
		else if (c === undefined) fail("the text ends where a value should be", "complete the JSON");
		else if (c === "'") fail("single-quoted string", "JSON strings take double quotes");
		else fail(`unexpected character ${JSON.stringify(c)} where a value should be`);
	};
	const object = (path: Segment[], depth: number): void => {
		i++;
		const keys = new Map<string, number>();
		skipSpace();
		if (text[i] === "}") {
			i++;
			return;
		}
		for (;;) {
			skipSpace();
			if (text[i] !== '"') {
				if (text[i] === "}") fail("trailing comma before }", "remove the comma");
				fail("expected a property name in double quotes", 'quote the name, e.g. "roots"');
			}
			const at = i;
			const key = string();
			const first = keys.get(key);
			if (first === undefined) keys.set(key, at);
			else duplicates.push({ path: [...path, key], first, again: at });
			skipSpace();
			if (text[i] !== ":") fail(`expected ":" after the property name ${JSON.stringify(key)}`);
			i++;
			value([...path, key], depth + 1);
			skipSpace();
			if (text[i] === "}") {
				i++;
				return;
			}
			if (text[i] === ",") i++;
			else if (text[i] === undefined) fail("the text ends before the object is closed", 'close it with "}"');
			else fail('expected "," or "}" after a property value', "add the missing comma or closing brace");
		}
	};
	const array = (path: Segment[], depth: number): void => {
		i++;
		skipSpace();
		if (text[i] === "]") {
			i++;
			return;
		}
		for (let index = 0; ; index++) {
			value([...path, index], depth + 1);
			skipSpace();
			if (text[i] === ",") {
				i++;
				skipSpace();
				if (text[i] === "]") fail("trailing comma before ]", "remove the comma");
			} else if (text[i] === "]") {
				i++;
				return;
			} else if (text[i] === undefined) fail("the text ends before the list is closed", 'close it with "]"');
			else fail('expected "," or "]" after a list item', "add the missing comma or closing bracket");
		}
	};
	value([], 0);
	skipSpace();
	if (i < text.length) fail("more text after the end of the JSON value", "remove it, or wrap both in one object");
	return duplicates;
}

function lineText(text: string, line: number): string {
	return (text.split("\n")[line - 1] ?? "").trim();
}

/** Parses spec text; every failure and every duplicate key comes back as a Problem. */
export function parseJson(text: string): JsonParse {
	const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
	let duplicates: Duplicate[];
	try {
		duplicates = scan(body);
	} catch (error) {
		if (!(error instanceof SyntaxProblem)) throw error;
		const { line, column } = positionOf(body, error.offset);
		return {
			ok: false,
			problems: [
				{
					path: "(json)",
					value: lineText(body, line),
					message: `not valid JSON at line ${line}, column ${column}: ${error.message}`,
					fix: error.hint,
				},
			],
		};
	}
	const value = JSON.parse(body) as unknown;
	const at = (path: readonly Segment[]) =>
		path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
	const problems = duplicates.map((d): Problem => {
		const first = positionOf(body, d.first).line;
		const again = positionOf(body, d.again).line;
		return {
			path: joinPath(...d.path),
			value: at(d.path),
			message:
				`appears twice in one object (lines ${first} and ${again}); JSON keeps only the last, so one copy ` +
				"would silently override the other",
			fix: "keep exactly one of them",
		};
	});
	return { ok: true, value, problems };
}
