/** Small questions about parsed JSON values, asked by several envelope checks. */

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "a string", "a list", "null"…: the kind of value found, for messages. */
export function typeName(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "a list";
	if (typeof value === "object") return "an object";
	return `a ${typeof value}`;
}
