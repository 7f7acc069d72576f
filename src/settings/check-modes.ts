/**
 * The rules for `contextModes` that the schema cannot say. A mode must set all four primitives: a
 * partial mode would silently borrow the rest from whatever the default happens to be, and the point
 * of a mode is that its name says exactly what a child sees. Built-in names are reserved, so a
 * settings file cannot make `focused` mean something else.
 */
import { isReservedModeName, reservedModeNames } from "../context/modes.ts";
import {
	type ContextPrimitives,
	isPrimitiveValue,
	PRIMITIVE_NAMES,
	type PrimitiveName,
	primitiveValueFix,
	SYSTEM_PROMPT_MODES,
} from "../context/primitives.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import { didYouMean } from "../suggest.ts";
import { isRecord } from "../values.ts";
import type { KeyPlace } from "./place.ts";

export const CONTEXT_MODES_KEY = "contextModes";

/** Mode names: what a user can type in a flag or frontmatter without quoting. */
const MODE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const MODE_KEYS: readonly string[] = [...PRIMITIVE_NAMES, "description"];

/** One valid mode as a settings file defines it. */
export interface ModeValue {
	primitives: ContextPrimitives;
	description: string;
}

function nameProblems(name: string, at: KeyPlace): Problem[] {
	const problems: Problem[] = [];
	if (!MODE_NAME.test(name)) {
		problems.push({
			...at(CONTEXT_MODES_KEY, name),
			code: "invalid_value",
			value: name,
			message: "a mode name must start with a letter or digit and hold only letters, digits, '.', '_' or '-'",
			fix: 'rename the mode, e.g. "lean-builder"',
		});
	}
	if (isReservedModeName(name)) {
		problems.push({
			...at(CONTEXT_MODES_KEY, name),
			code: "conflict",
			value: name,
			message: `"${name}" is the name of a built-in mode or alias, which a settings file cannot redefine`,
			fix: `pick another name (reserved: ${reservedModeNames().join(", ")})`,
		});
	}
	return problems;
}

function primitiveProblem(key: PrimitiveName, value: unknown, place: ProblemPlace): Problem | undefined {
	if (value === undefined) {
		return {
			...place,
			code: "required",
			value,
			message: `missing; a mode must set all four primitives (${PRIMITIVE_NAMES.join(", ")})`,
			fix: `add "${key}": ${key === "systemPromptMode" ? '"append" or "replace"' : "true or false"}`,
		};
	}
	if (isPrimitiveValue(key, value)) return undefined;
	const near = key === "systemPromptMode" && typeof value === "string" ? didYouMean(value, SYSTEM_PROMPT_MODES) : "";
	return { ...place, code: "invalid_value", value, message: `not a valid ${key}${near}`, fix: primitiveValueFix(key) };
}

/** Checks one mode; every problem at once, and the mode only when there are none. */
function checkMode(name: string, definition: unknown, at: KeyPlace): { mode?: ModeValue; problems: Problem[] } {
	const path = (...keys: string[]) => at(CONTEXT_MODES_KEY, name, ...keys);
	const problems = nameProblems(name, at);
	if (!isRecord(definition)) {
		problems.push({
			...path(),
			code: "invalid_type",
			value: definition,
			message: "a mode must be an object setting the four primitives",
			fix: `write "${name}": { "inheritProjectContext": true, "inheritMainRules": false, "inheritSkills": true, "systemPromptMode": "append" }`,
		});
		return { problems };
	}
	for (const key of Object.keys(definition)) {
		if (MODE_KEYS.includes(key)) continue;
		problems.push({
			...path(key),
			code: "unknown_key",
			value: definition[key],
			message: `unknown key "${key}"${didYouMean(key, MODE_KEYS)}`,
			fix: `remove it; a mode holds only ${MODE_KEYS.join(", ")}`,
		});
	}
	for (const key of PRIMITIVE_NAMES) {
		const problem = primitiveProblem(key, Object.hasOwn(definition, key) ? definition[key] : undefined, path(key));
		if (problem) problems.push(problem);
	}
	const description = Object.hasOwn(definition, "description") ? definition.description : undefined;
	if (description !== undefined && typeof description !== "string") {
		problems.push({
			...path("description"),
			code: "invalid_type",
			value: description,
			message: "description must be a string",
			fix: "write one line of text saying what the mode is for",
		});
	}
	if (problems.length > 0) return { problems };
	const primitives = Object.fromEntries(PRIMITIVE_NAMES.map((k) => [k, definition[k]])) as ContextPrimitives;
	return { mode: { primitives, description: typeof description === "string" ? description : "" }, problems };
}

/**
 * Checks a `contextModes` value. Valid modes are returned even when others have problems, so a
 * listing can still show them; a caller refuses to run while any problem remains.
 */
export function checkContextModes(
	value: unknown,
	at: KeyPlace,
): { modes: Record<string, ModeValue>; problems: Problem[] } {
	if (!isRecord(value)) {
		return {
			modes: {},
			problems: [
				{
					...at(CONTEXT_MODES_KEY),
					code: "invalid_type",
					value,
					message: "contextModes must be an object of modes by name",
					fix: `write "${CONTEXT_MODES_KEY}": { "<name>": { … four primitives … } }`,
				},
			],
		};
	}
	const modes: Record<string, ModeValue> = {};
	const problems: Problem[] = [];
	for (const [name, definition] of Object.entries(value)) {
		const checked = checkMode(name, definition, at);
		problems.push(...checked.problems);
		if (checked.mode)
			Object.defineProperty(modes, name, { value: checked.mode, enumerable: true, writable: true, configurable: true });
	}
	return { modes, problems };
}
