/**
 * Locates the first syntax error in a JSON text. `JSON.parse` does not always say where it failed
 * (Node 22 reports `Unexpected token '}', "…" is not valid JSON` with no position for some inputs),
 * and a user fixing a settings file needs the line and column, so a small scanner finds it.
 */

export interface JsonSyntaxError {
	/** Zero-based character offset of the error. */
	offset: number;
	/** One-based line and column of the error. */
	line: number;
	column: number;
	/** What the scanner expected or found there, in plain words. */
	message: string;
}

class Stop extends Error {
	readonly at: number;
	readonly reason: string;
	constructor(at: number, reason: string) {
		super(reason);
		this.at = at;
		this.reason = reason;
	}
}

/** Scans `text` as JSON; returns the first error, or undefined when it is valid. */
export function findJsonError(text: string): JsonSyntaxError | undefined {
	let i = 0;
	const fail = (reason: string): never => {
		throw new Stop(i, reason);
	};
	const describe = () => {
		const c = text[i];
		if (c === undefined) return "the end of the file";
		return c === "\n" || c === "\r" ? "a line break" : `'${c}'`;
	};
	const skipSpace = () => {
		while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
	};
	const literal = (word: string) => {
		if (text.startsWith(word, i)) i += word.length;
		else fail(`expected a value but found ${describe()}`);
	};
	const string = () => {
		i++; // opening quote
		while (i < text.length && text[i] !== '"') {
			const c = text.charCodeAt(i);
			if (c < 0x20) fail("a control character (such as a raw line break) inside a string");
			if (text[i] === "\\") {
				i++;
				if (text[i] === "u") {
					if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail("a \\u escape needs four hex digits");
					i += 4;
				} else if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail(`an invalid escape \\${text[i] ?? ""}`);
			}
			i++;
		}
		if (i >= text.length) fail("a string that is never closed");
		i++;
	};
	const number = () => {
		const match = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i));
		if (!match || match[0] === "-") fail(`expected a value but found ${describe()}`);
		i += match?.[0].length ?? 0;
	};
	const value = (): void => {
		skipSpace();
		const c = text[i];
		if (c === "{") object();
		else if (c === "[") array();
		else if (c === '"') string();
		else if (c === "t") literal("true");
		else if (c === "f") literal("false");
		else if (c === "n") literal("null");
		else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) number();
		else fail(`expected a value but found ${describe()}`);
	};
	const object = () => {
		i++;
		skipSpace();
		if (text[i] === "}") {
			i++;
			return;
		}
		for (;;) {
			skipSpace();
			if (text[i] !== '"')
				fail(
					text[i] === "}"
						? "a trailing comma before }"
						: `expected a double-quoted property name but found ${describe()}`,
				);
			string();
			skipSpace();
			if (text[i] !== ":") fail(`expected ':' after the property name but found ${describe()}`);
			i++;
			value();
			skipSpace();
			if (text[i] === ",") {
				i++;
				continue;
			}
			if (text[i] === "}") {
				i++;
				return;
			}
			fail(`expected ',' or '}' but found ${describe()}`);
		}
	};
	const array = () => {
		i++;
		skipSpace();
		if (text[i] === "]") {
			i++;
			return;
		}
		for (;;) {
			skipSpace();
			if (text[i] === "]") fail("a trailing comma before ]");
			value();
			skipSpace();
			if (text[i] === ",") {
				i++;
				continue;
			}
			if (text[i] === "]") {
				i++;
				return;
			}
			fail(`expected ',' or ']' but found ${describe()}`);
		}
	};
	try {
		value();
		skipSpace();
		if (i < text.length) fail(`unexpected ${describe()} after the end of the JSON value`);
		return undefined;
	} catch (error) {
		if (!(error instanceof Stop)) throw error;
		return { offset: error.at, ...lineAndColumn(text, error.at), message: error.reason };
	}
}

/** One-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
	const before = text.slice(0, offset);
	const line = before.split("\n").length;
	const column = offset - (before.lastIndexOf("\n") + 1) + 1;
	return { line, column };
}
