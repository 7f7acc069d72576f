/** Small questions about values that came from JSON or from a caller, asked by every validator. */

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Own property only: a key such as "constructor" must not read through to Object.prototype. */
export function own(object: Record<string, unknown>, key: string): unknown {
	return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** "a string", "a list", "the boolean false", "an integer", … — for "must be X, not Y". */
export function kindOf(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "a list";
	if (typeof value === "boolean") return `the boolean ${value}`;
	if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a number";
	if (typeof value === "string") return "a string";
	if (typeof value === "object") return "an object";
	return `a ${typeof value}`;
}

/**
 * The value at a path of keys and indices (undefined when any step is absent). Only own keys of
 * records and indices of lists are followed: a key such as "constructor" reads nothing.
 */
export function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
	let here: unknown = value;
	for (const step of path) {
		if (Array.isArray(here) && typeof step === "number") here = here[step];
		else if (isRecord(here) && typeof step === "string") here = own(here, step);
		else return undefined;
	}
	return here;
}
