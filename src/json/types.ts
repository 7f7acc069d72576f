/**
 * The types of the JSON reader: one file so spec, settings and envelope code name the same things
 * (a position, a syntax error, a duplicate key, a document with positions) the same way.
 */

/** One step of a path into a JSON value: a property name or a list index. */
export type JsonSegment = string | number;

/** A path into a JSON value, outermost first; `[]` is the whole value. */
export type JsonPath = readonly JsonSegment[];

/**
 * A place in the text. `offset` indexes the text exactly as it was passed in (a byte-order mark
 * included), so `text.slice(offset)` starts there. `line` and `column` are what a person looks for
 * in an editor: both 1-based, the column counted in UTF-16 code units (see position.ts).
 */
export interface TextPosition {
	offset: number;
	line: number;
	column: number;
}

/** Why and where a text is not JSON: the first error only, since everything after it is guesswork. */
export interface JsonSyntaxError extends TextPosition {
	/** What is wrong there, in plain words: "expected ',' or '}' after a property value but found '\"'". */
	reason: string;
	/** What to do about it: "add the missing comma or closing brace". */
	hint: string;
}

/**
 * A property name that appears more than once in one object. JSON.parse keeps the last value
 * without a word; the reader does too, and says so.
 */
export interface DuplicateKey {
	/** The path of the property (the object's path plus the name). */
	path: JsonSegment[];
	/** Where the name is written first, and where again (the copy whose value is kept, when there are two). */
	first: TextPosition;
	again: TextPosition;
}

export interface JsonReadOptions {
	/**
	 * `allow` accepts a comma right before `}` or `]` and reports where each was; `refuse` (the
	 * default) makes it a syntax error. Allow it only for text written by models, where the slip is
	 * common and dropping the comma cannot change the meaning; never for files that grant authority.
	 */
	trailingCommas?: "allow" | "refuse";
}

/**
 * Where one value sits in the text: the offset of the value itself, the offset of the property name
 * that holds it (for an object member), and its members by name or index.
 */
export interface JsonNode {
	start: number;
	key?: number;
	members?: ReadonlyMap<string, JsonNode> | readonly JsonNode[];
}

/** A parsed text, with everything needed to point back into it. */
export interface JsonDocument {
	/** The value, equal to what JSON.parse returns for the same text (the last of duplicate keys wins). */
	value: unknown;
	duplicates: DuplicateKey[];
	/** Where the commas accepted under `trailingCommas: "allow"` are; empty otherwise. */
	trailingCommas: TextPosition[];
	/** The position tree of the value, for locate(). */
	root: JsonNode;
	/** Turns an offset into a position, with this text's line breaks. */
	positionAt: (offset: number) => TextPosition;
}

export type JsonRead = ({ ok: true } & JsonDocument) | { ok: false; error: JsonSyntaxError };

/** The result of looking a path up: where it is written, or where its nearest existing parent is. */
export interface JsonLocation {
	/** The property name's position for an object member, the value's for a list item or the root. */
	position: TextPosition;
	/** False when only a prefix of the path exists (a missing key): `position` is then that prefix's. */
	exact: boolean;
	/** The part of the path that was found. */
	found: JsonSegment[];
}
