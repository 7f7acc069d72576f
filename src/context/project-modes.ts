/**
 * Project-defined modes, read from the `pi-delegate.contextModes` key of Pi's settings files:
 *
 *   { "pi-delegate": { "contextModes": { "lean": { "inheritProjectContext": false,
 *       "inheritMainRules": false, "inheritSkills": true, "systemPromptMode": "append" } } } }
 *
 * A mode must set all four primitives: a partial mode would silently borrow the rest from whatever
 * the default happens to be, and the point of a mode is that its name says exactly what a child sees.
 * The project file overrides the global one per mode name, as Pi's own settings do.
 */
import type { Problem } from "../problems.ts";
import { type DelegateSettings, isPlainObject, settingsProblemPath, settingValues } from "../settings/section.ts";
import { didYouMean } from "../suggest.ts";
import {
	type ContextMode,
	createModeRegistry,
	isReservedModeName,
	type ModeRegistry,
	type ModeSource,
	reservedModeNames,
} from "./modes.ts";
import {
	type ContextPrimitives,
	isPrimitiveValue,
	PRIMITIVE_NAMES,
	type PrimitiveName,
	primitiveValueFix,
} from "./primitives.ts";

/** The settings key holding project-defined modes, under `"pi-delegate"`. */
export const CONTEXT_MODES_KEY = "contextModes";

/** Mode names: what a user can type in a flag or frontmatter without quoting. */
const MODE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const MODE_KEYS: readonly string[] = [...PRIMITIVE_NAMES, "description"];

function parseOne(
	name: string,
	definition: unknown,
	source: Extract<ModeSource, { kind: "settings" }>,
): { mode?: ContextMode; problems: Problem[] } {
	const at = (...keys: string[]) => settingsProblemPath(source, CONTEXT_MODES_KEY, name, ...keys);
	const problems: Problem[] = [];
	if (!MODE_NAME.test(name)) {
		problems.push({
			path: at(),
			value: name,
			message: "a mode name must start with a letter or digit and hold only letters, digits, '.', '_' or '-'",
			fix: 'rename the mode, e.g. "lean-builder"',
		});
	}
	if (isReservedModeName(name)) {
		problems.push({
			path: at(),
			value: name,
			message: `"${name}" is the name of a built-in mode or alias, which a settings file cannot redefine`,
			fix: `pick another name (reserved: ${reservedModeNames().join(", ")})`,
		});
	}
	if (!isPlainObject(definition)) {
		problems.push({
			path: at(),
			value: definition,
			message: "a mode must be an object setting the four primitives",
			fix: `write "${name}": { "inheritProjectContext": true, "inheritMainRules": false, "inheritSkills": true, "systemPromptMode": "append" }`,
		});
		return { problems };
	}
	for (const key of Object.keys(definition)) {
		if (MODE_KEYS.includes(key)) continue;
		problems.push({
			path: at(key),
			value: definition[key],
			message: `unknown key "${key}"${didYouMean(key, MODE_KEYS)}`,
			fix: `remove it; a mode holds only ${MODE_KEYS.join(", ")}`,
		});
	}
	const primitives: Partial<Record<PrimitiveName, unknown>> = {};
	for (const key of PRIMITIVE_NAMES) {
		const value = definition[key];
		if (value === undefined) {
			problems.push({
				path: at(key),
				value,
				message: `missing; a mode must set all four primitives (${PRIMITIVE_NAMES.join(", ")})`,
				fix: `add "${key}": ${key === "systemPromptMode" ? '"append" or "replace"' : "true or false"}`,
			});
		} else if (!isPrimitiveValue(key, value)) {
			problems.push({ path: at(key), value, message: `not a valid ${key}`, fix: primitiveValueFix(key) });
		} else {
			primitives[key] = value;
		}
	}
	const description = definition.description;
	if (description !== undefined && typeof description !== "string") {
		problems.push({
			path: at("description"),
			value: description,
			message: "description must be a string",
			fix: "write one line of text saying what the mode is for",
		});
	}
	if (problems.length > 0) return { problems };
	return {
		mode: {
			name,
			primitives: primitives as ContextPrimitives,
			description: typeof description === "string" ? description : "",
			source,
		},
		problems,
	};
}

/**
 * Reads every mode from the settings, global then project, and reports every problem in every file.
 * Only valid modes are returned; callers refuse to run while any problem remains, so a broken mode
 * never quietly falls back to the default.
 */
export function parseContextModes(settings: DelegateSettings): { modes: ContextMode[]; problems: Problem[] } {
	const byName = new Map<string, ContextMode>();
	const problems: Problem[] = [];
	for (const { section, value } of settingValues(settings, CONTEXT_MODES_KEY)) {
		const source: Extract<ModeSource, { kind: "settings" }> = {
			kind: "settings",
			scope: section.scope,
			file: section.file,
			label: section.label,
		};
		if (!isPlainObject(value)) {
			problems.push({
				path: settingsProblemPath(source, CONTEXT_MODES_KEY),
				value,
				message: "contextModes must be an object of modes by name",
				fix: `write "${CONTEXT_MODES_KEY}": { "<name>": { … four primitives … } }`,
			});
			continue;
		}
		for (const [name, definition] of Object.entries(value)) {
			const parsed = parseOne(name, definition, source);
			problems.push(...parsed.problems);
			if (!parsed.mode) continue;
			const hidden = byName.get(name);
			byName.set(name, hidden ? { ...parsed.mode, overrides: hidden.source } : parsed.mode);
		}
	}
	return { modes: [...byName.values()], problems };
}

/**
 * The registry for a session: built-ins plus the valid settings modes, and every problem in the
 * settings files (unreadable, malformed) and in the modes themselves.
 */
export function modeRegistryFromSettings(settings: DelegateSettings): { registry: ModeRegistry; problems: Problem[] } {
	const parsed = parseContextModes(settings);
	return { registry: createModeRegistry(parsed.modes), problems: [...settings.problems, ...parsed.problems] };
}
