/**
 * Our section of one Pi settings file, parsed from its text. Pure: the shell (read.ts) does the file
 * reading and hands the text here, so every error message is testable without a file system.
 */
import type { Problem } from "../problems.ts";
import { findJsonError } from "./json-error.ts";
import { SETTINGS_NAMESPACE } from "./paths.ts";

export type SettingsScope = "global" | "project";

/** Which settings file a section came from. */
export interface SettingsFileRef {
	scope: SettingsScope;
	/** Absolute path. */
	file: string;
	/** The path as messages show it (`~/.pi/agent/settings.json`, `.pi/settings.json`). */
	label: string;
}

export interface SettingsSection extends SettingsFileRef {
	/**
	 * read: parsed (the section may still be empty); missing: no such file; untrusted: a project file
	 * left unread because Pi does not trust the project; invalid: the file or the section is unusable.
	 */
	status: "read" | "missing" | "untrusted" | "invalid";
	/** The keys under `"pi-delegate"`; empty unless status is read and the section exists. */
	values: Readonly<Record<string, unknown>>;
}

/**
 * The path of a key inside a settings file, as a user would write it:
 * `pi-delegate.contextModes.lean.inheritSkills` (dashes are fine in a dotted settings key).
 */
export function settingsKeyPath(...segments: Array<string | number>): string {
	let out = "";
	for (const segment of segments) {
		if (typeof segment === "number") out += `[${segment}]`;
		else if (/^[A-Za-z0-9_-]+$/.test(segment)) out += out === "" ? segment : `.${segment}`;
		else out += `[${JSON.stringify(segment)}]`;
	}
	return out;
}

/** A problem's path inside a settings file: `~/.pi/agent/settings.json: pi-delegate.contextModes.lean`. */
export function settingsProblemPath(ref: SettingsFileRef, ...segments: Array<string | number>): string {
	return `${ref.label}: ${settingsKeyPath(SETTINGS_NAMESPACE, ...segments)}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
	if (value === null) return "null";
	if (Array.isArray(value)) return "a list";
	return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Parses a settings file's text and returns our section of it, with every problem found. */
export function parseSettingsText(
	text: string,
	ref: SettingsFileRef,
): { section: SettingsSection; problems: Problem[] } {
	const invalid = (problem: Problem) => ({
		section: { ...ref, status: "invalid" as const, values: {} },
		problems: [problem],
	});
	const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
	if (body.trim() === "") return { section: { ...ref, status: "read", values: {} }, problems: [] };
	let parsed: unknown;
	try {
		parsed = JSON.parse(body);
	} catch (error) {
		const located = findJsonError(body);
		const where = located ? ` at line ${located.line}, column ${located.column}` : "";
		return invalid({
			path: located ? `${ref.label}:${located.line}:${located.column}` : ref.label,
			value: undefined,
			message: `not valid JSON${where}: ${located?.message ?? (error instanceof Error ? error.message : String(error))}`,
			fix: `correct the JSON${where}; Pi cannot read this file either until it parses`,
		});
	}
	if (!isPlainObject(parsed)) {
		return invalid({
			path: ref.label,
			value: parsed,
			message: `a settings file must hold a JSON object, but this one holds ${kindOf(parsed)}`,
			fix: 'wrap the settings in { … }, e.g. { "pi-delegate": { … } }',
		});
	}
	const section = parsed[SETTINGS_NAMESPACE];
	if (section === undefined) return { section: { ...ref, status: "read", values: {} }, problems: [] };
	if (!isPlainObject(section)) {
		return invalid({
			path: settingsProblemPath(ref),
			value: section,
			message: `"${SETTINGS_NAMESPACE}" must be an object of pi-delegate settings, but it is ${kindOf(section)}`,
			fix: `write "${SETTINGS_NAMESPACE}": { "contextModes": { … } }`,
		});
	}
	return { section: { ...ref, status: "read", values: section }, problems: [] };
}

/** Every settings file, in override order. */
export interface DelegateSettings {
	/** Global first, then project: a later section overrides an earlier one. */
	sections: SettingsSection[];
	/** Every problem in every file: unreadable, malformed, or a section that is not an object. */
	problems: Problem[];
}

/** One key of our section as each file sets it, in override order (global first, then project). */
export function settingValues(
	settings: DelegateSettings,
	key: string,
): Array<{ section: SettingsSection; value: unknown }> {
	return settings.sections
		.filter((section) => Object.hasOwn(section.values, key))
		.map((section) => ({ section, value: section.values[key] }));
}
