/**
 * Project-defined modes, from the `pi-delegate.contextModes` key of Pi's settings files:
 *
 *   { "pi-delegate": { "contextModes": { "lean": { "inheritProjectContext": false,
 *       "inheritMainRules": false, "inheritSkills": true, "systemPromptMode": "append" } } } }
 *
 * The rules a mode must meet (all four primitives, built-in names reserved) are checked where the
 * settings are read (src/settings/check-modes.ts), so every setting's problems come out together,
 * with the line and column of the key. This file turns validated modes into registry entries; the
 * project file overrides the global one per mode name, as Pi's own settings do.
 */

import { type ContextMode, createModeRegistry, type ModeRegistry, type ModeSource } from "../context/modes.ts";
import type { Problem } from "../problems.ts";
import { CONTEXT_MODES_KEY, checkContextModes } from "../settings/check-modes.ts";
import { plainPlace } from "../settings/place.ts";
import { type DelegateSettings, settingValues } from "../settings/section.ts";
import type { FileOrigin, ValidatedSettings } from "../settings/types.ts";

export { CONTEXT_MODES_KEY };

function sourceOf(origin: Pick<FileOrigin, "scope" | "file" | "label">): Extract<ModeSource, { kind: "settings" }> {
	return { kind: "settings", scope: origin.scope, file: origin.file, label: origin.label };
}

/** The modes of validated settings (readSettings), as registry entries. */
export function modesFromSettings(settings: Pick<ValidatedSettings, "contextModes">): ContextMode[] {
	return settings.contextModes.map((mode) => ({
		name: mode.name,
		primitives: mode.primitives,
		description: mode.description,
		source: sourceOf(mode.origin),
		...(mode.overrides ? { overrides: sourceOf(mode.overrides) } : {}),
	}));
}

/**
 * Reads every mode from sections in the older shape, global then project. Sections read from files
 * hold only modes that passed validation (their problems are in the settings' problems); a section
 * built in code is checked here with the same rules, and its problems returned.
 */
export function parseContextModes(settings: DelegateSettings): { modes: ContextMode[]; problems: Problem[] } {
	const byName = new Map<string, ContextMode>();
	const problems: Problem[] = [];
	for (const { section, value } of settingValues(settings, CONTEXT_MODES_KEY)) {
		const checked = checkContextModes(value, plainPlace(section));
		problems.push(...checked.problems);
		for (const [name, mode] of Object.entries(checked.modes)) {
			const parsed: ContextMode = { name, ...mode, source: sourceOf(section) };
			const hidden = byName.get(name);
			byName.set(name, hidden ? { ...parsed, overrides: hidden.source } : parsed);
		}
	}
	return { modes: [...byName.values()], problems };
}

/**
 * The registry for a session: built-ins plus the valid settings modes, and every problem in the
 * settings files (unreadable, malformed, any bad setting) and in the modes themselves.
 */
export function modeRegistryFromSettings(settings: DelegateSettings): { registry: ModeRegistry; problems: Problem[] } {
	const parsed = parseContextModes(settings);
	return { registry: createModeRegistry(parsed.modes), problems: [...settings.problems, ...parsed.problems] };
}

/** The registry from validated settings: built-ins plus every project-defined mode. */
export function modeRegistryFromValidated(settings: Pick<ValidatedSettings, "contextModes">): ModeRegistry {
	return createModeRegistry(modesFromSettings(settings));
}
