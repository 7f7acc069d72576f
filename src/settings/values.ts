/** Small value tests shared by the settings checks. */

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** "a string", "a list", "the boolean false", … — for "must be X, not Y". */
export function kindOf(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "a list";
	if (typeof value === "boolean") return `the boolean ${value}`;
	if (typeof value === "number") return "a number";
	if (typeof value === "object") return "an object";
	return `a ${typeof value}`;
}
