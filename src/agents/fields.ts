/**
 * Validators for the values of an agent file's frontmatter keys. Each returns the typed value or a
 * problem; the parser collects them so one pass over a file reports everything wrong with it.
 */
import { isPrimitiveValue, type PrimitiveName, primitiveValueFix } from "../context/primitives.ts";
import type { Problem } from "../problems.ts";

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Omit<Problem, "path"> };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const bad = <T>(value: unknown, message: string, fix: string): Checked<T> => ({
	ok: false,
	problem: { value, message, fix },
});

export function checkString(value: unknown, what: string, fix: string): Checked<string> {
	if (typeof value !== "string") return bad(value, `${what} must be text`, fix);
	if (value.trim() === "") return bad(value, `${what} is empty`, fix);
	return ok(value.trim());
}

export function checkPattern(value: unknown, pattern: RegExp, what: string, fix: string): Checked<string> {
	const text = checkString(value, what, fix);
	if (!text.ok) return text;
	return pattern.test(text.value) ? text : bad(value, `${what} "${text.value}" is not a valid name`, fix);
}

export function checkChoice<T extends string>(value: unknown, choices: readonly T[], what: string): Checked<T> {
	if (typeof value === "string" && (choices as readonly string[]).includes(value)) return ok(value as T);
	return bad(value, `${what} must be one of ${choices.join(", ")}`, `use one of: ${choices.join(", ")}`);
}

export function checkPrimitive<K extends PrimitiveName>(name: K, value: unknown): Checked<boolean | string> {
	if (isPrimitiveValue(name, value)) return ok(value as boolean | string);
	return bad(value, `not a valid ${name}`, primitiveValueFix(name));
}

/**
 * A list of names, written either as a YAML list or as one comma-separated string (`read, grep`),
 * the form Pi's example agents use. An empty list is kept as empty: for tools it means none, for
 * skills it is a fence. Blank and repeated entries are problems, not silently dropped.
 */
export function checkNameList(value: unknown, what: string): Checked<string[]> {
	let entries: unknown[];
	if (typeof value === "string") entries = value.trim() === "" ? [] : value.split(",").map((entry) => entry.trim());
	else if (Array.isArray(value)) entries = value;
	else {
		return bad(
			value,
			`${what} must be a list of names or a comma-separated string`,
			`write ${what}: [a, b] or ${what}: a, b (or [] for none)`,
		);
	}
	const names: string[] = [];
	for (const [index, entry] of entries.entries()) {
		if (typeof entry !== "string" || entry.trim() === "" || /[\s,]/.test(entry.trim())) {
			return bad(
				value,
				`${what} entry ${index + 1} (${JSON.stringify(entry)}) is not a name`,
				`list plain names without spaces, e.g. ${what}: [read, grep]`,
			);
		}
		const name = entry.trim();
		if (names.includes(name)) return bad(value, `${what} lists "${name}" twice`, "list each name once");
		names.push(name);
	}
	return ok(names);
}
