/**
 * The structure of the JSON grammar: values, objects and lists, read in one pass that builds the
 * value, the position tree, the duplicate keys and the accepted trailing commas together.
 */
import { type Cursor, found, readLiteral, readNumber, readString, skipSpace, stop } from "./tokens.ts";
import type { JsonNode, JsonSegment } from "./types.ts";

/**
 * Deeper than this is refused rather than risking the call stack; no spec, settings file or
 * envelope comes near it.
 */
export const MAX_DEPTH = 512;

interface Scan extends Cursor {
	readonly allowTrailingCommas: boolean;
	/** The path of the value being read, kept as one stack so paths are copied only for duplicates. */
	readonly path: JsonSegment[];
	readonly duplicates: Array<{ path: JsonSegment[]; first: number; again: number }>;
	readonly commas: number[];
	/** The position node of the value read last; set by readValue so no wrapper is allocated per value. */
	node: JsonNode;
}

export interface ScanResult {
	value: unknown;
	root: JsonNode;
	duplicates: Array<{ path: JsonSegment[]; first: number; again: number }>;
	commas: number[];
}

const VALUE_HINT = "write an object, a list, a string in double quotes, a number, true, false or null";

/** Reads one value and leaves its position node in `scan.node`. */
function readValue(scan: Scan, depth: number): unknown {
	if (depth > MAX_DEPTH) stop(scan.i, `nested deeper than ${MAX_DEPTH} levels`, "flatten the structure");
	skipSpace(scan);
	const start = scan.i;
	const c = scan.text[start];
	if (c === "{") return readObject(scan, depth);
	if (c === "[") return readArray(scan, depth);
	scan.node = { start };
	if (c === '"') return readString(scan);
	if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return readNumber(scan);
	if (c !== undefined && /[A-Za-z_$]/.test(c)) return readLiteral(scan);
	if (c === undefined) return stop(start, "the text ends where a value should be", "complete the JSON");
	if (c === "'") return stop(start, "single-quoted string", "JSON strings and property names take double quotes");
	if (c === "/") return stop(start, "comment, which JSON does not allow", "remove the comment");
	return stop(start, `expected a value but found ${found(scan)}`, VALUE_HINT);
}

/** After a comma: true when a closing bracket follows and trailing commas are allowed (the comma is recorded). */
function trailingComma(scan: Scan, comma: number, close: "}" | "]"): boolean {
	skipSpace(scan);
	if (scan.text[scan.i] !== close) return false;
	if (!scan.allowTrailingCommas) stop(scan.i, `trailing comma before ${close}`, "remove the comma before it");
	scan.commas.push(comma);
	scan.i++;
	return true;
}

function expectName(scan: Scan): void {
	const c = scan.text[scan.i];
	if (c === '"') return;
	if (c === undefined) stop(scan.i, "the text ends before the object is closed", 'close it with "}"');
	if (c === "'") stop(scan.i, "single-quoted property name", "JSON property names take double quotes");
	if (c === "/") stop(scan.i, "comment, which JSON does not allow", "remove the comment");
	const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(scan.text.slice(scan.i, scan.i + 64))?.[0];
	const hint = word !== undefined ? `quote the name, e.g. "${word}"` : 'write "name": value';
	stop(scan.i, `expected a property name in double quotes but found ${found(scan)}`, hint);
}

/** Sets a property the way JSON.parse does: an own data property, even for "__proto__". */
function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
	if (key === "__proto__")
		Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
	else object[key] = value;
}

/** Steps over the ':' after a property name, or stops with what stands there instead. */
function expectColon(scan: Scan, key: string): void {
	skipSpace(scan);
	if (scan.text[scan.i] !== ":") {
		if (scan.i >= scan.text.length) stop(scan.i, "the text ends before the object is closed", 'close it with "}"');
		stop(
			scan.i,
			`expected ':' after the property name "${key}" but found ${found(scan)}`,
			"add a colon after the name",
		);
	}
	scan.i++;
}

function readObject(scan: Scan, depth: number): unknown {
	const start = scan.i++;
	const value: Record<string, unknown> = {};
	const members = new Map<string, JsonNode>();
	const node: JsonNode = { start, members };
	// Only for keys seen three times or more: where the first copy was, once a later one replaced it.
	let firstOf: Map<string, number> | undefined;
	const done = () => {
		scan.node = node;
		return value;
	};
	skipSpace(scan);
	if (scan.text[scan.i] === "}") {
		scan.i++;
		return done();
	}
	for (;;) {
		skipSpace(scan);
		expectName(scan);
		const keyAt = scan.i;
		const key = readString(scan);
		const prior = members.get(key);
		if (prior !== undefined) {
			firstOf ??= new Map();
			const first = firstOf.get(key) ?? prior.key ?? prior.start;
			firstOf.set(key, first);
			scan.duplicates.push({ path: [...scan.path, key], first, again: keyAt });
		}
		expectColon(scan, key);
		scan.path.push(key);
		setMember(value, key, readValue(scan, depth + 1));
		scan.path.pop();
		scan.node.key = keyAt;
		members.set(key, scan.node);
		skipSpace(scan);
		const c = scan.text[scan.i];
		if (c === "}") {
			scan.i++;
			return done();
		}
		if (c === ",") {
			if (trailingComma(scan, scan.i++, "}")) return done();
			continue;
		}
		if (c === undefined) stop(scan.i, "the text ends before the object is closed", 'close it with "}"');
		stop(
			scan.i,
			`expected ',' or '}' after a property value but found ${found(scan)}`,
			"add the missing comma or closing brace",
		);
	}
}

function readArray(scan: Scan, depth: number): unknown {
	const start = scan.i++;
	const value: unknown[] = [];
	const members: JsonNode[] = [];
	const node: JsonNode = { start, members };
	const done = () => {
		scan.node = node;
		return value;
	};
	skipSpace(scan);
	if (scan.text[scan.i] === "]") {
		scan.i++;
		return done();
	}
	for (;;) {
		scan.path.push(value.length);
		value.push(readValue(scan, depth + 1));
		scan.path.pop();
		members.push(scan.node);
		skipSpace(scan);
		const c = scan.text[scan.i];
		if (c === "]") {
			scan.i++;
			return done();
		}
		if (c === ",") {
			if (trailingComma(scan, scan.i++, "]")) return done();
			continue;
		}
		if (c === undefined) stop(scan.i, "the text ends before the list is closed", 'close it with "]"');
		stop(
			scan.i,
			`expected ',' or ']' after a list item but found ${found(scan)}`,
			"add the missing comma or closing bracket",
		);
	}
}

/** Scans a whole text from `from` (past a byte-order mark); throws SyntaxStop at the first error. */
export function scanText(text: string, from: number, allowTrailingCommas: boolean): ScanResult {
	const scan: Scan = {
		text,
		i: from,
		allowTrailingCommas,
		path: [],
		duplicates: [],
		commas: [],
		node: { start: from },
	};
	const value = readValue(scan, 0);
	const node = scan.node;
	skipSpace(scan);
	if (scan.i < text.length) {
		stop(scan.i, "more text after the end of the JSON value", "remove it, or wrap the values in one list or object");
	}
	return { value, root: node, duplicates: scan.duplicates, commas: scan.commas };
}
