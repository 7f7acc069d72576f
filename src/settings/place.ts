/**
 * How a settings problem says where it is: the file, the line and column of the key when the file's
 * text is at hand, and the key path as a user would write it:
 * `.pi/settings.json:3:5: pi-delegate.contextModes.lean.inheritSkills`. The `file:line:column`
 * prefix is what terminals and editors turn into a link.
 */
import { locate } from "../json/locate.ts";
import type { JsonDocument } from "../json/types.ts";
import { SETTINGS_NAMESPACE } from "./paths.ts";
import type { SettingsFileRef } from "./types.ts";

type Segment = string | number;

/** The problem path of a key inside our section, given the segments after `"pi-delegate"`. */
export type KeyPlace = (...segments: Segment[]) => string;

/**
 * The path of a key inside a settings file, as a user would write it:
 * `pi-delegate.contextModes.lean.inheritSkills` (dashes are fine in a dotted settings key).
 */
export function settingsKeyPath(...segments: Segment[]): string {
	let out = "";
	for (const segment of segments) {
		if (typeof segment === "number") out += `[${segment}]`;
		else if (/^[A-Za-z0-9_-]+$/.test(segment)) out += out === "" ? segment : `.${segment}`;
		else out += `[${JSON.stringify(segment)}]`;
	}
	return out;
}

/** A problem's path inside a settings file: `~/.pi/agent/settings.json: pi-delegate.contextModes.lean`. */
export function settingsProblemPath(ref: SettingsFileRef, ...segments: Segment[]): string {
	return `${ref.label}: ${settingsKeyPath(SETTINGS_NAMESPACE, ...segments)}`;
}

/** Paths without positions, for a section whose text is not at hand (built in code, or in a test). */
export function plainPlace(ref: SettingsFileRef): KeyPlace {
	return (...segments) => settingsProblemPath(ref, ...segments);
}

/** Where a key is written: its own position, or its nearest parent's when it is missing. */
export function keyPosition(
	document: Pick<JsonDocument, "root" | "positionAt">,
	...segments: Segment[]
): { line: number; column: number } {
	const { line, column } = locate(document, [SETTINGS_NAMESPACE, ...segments]).position;
	return { line, column };
}

/** Paths with the line and column of each key, looked up in the file's parsed text. */
export function textPlace(ref: SettingsFileRef, document: Pick<JsonDocument, "root" | "positionAt">): KeyPlace {
	return (...segments) => {
		const { line, column } = keyPosition(document, ...segments);
		return `${ref.label}:${line}:${column}: ${settingsKeyPath(SETTINGS_NAMESPACE, ...segments)}`;
	};
}
