/** Reads the settings files and builds the mode registry: the I/O shell around mode-registry.ts. */

import type { ModeRegistry } from "../context/modes.ts";
import type { Problem } from "../problems.ts";
import { type ReadSettingsOptions, readDelegateSettings } from "../settings/read.ts";
import type { DelegateSettings } from "../settings/section.ts";
import { modeRegistryFromSettings } from "./mode-registry.ts";

export interface LoadedModes {
	registry: ModeRegistry;
	/** The settings as read, so a caller can say which files were used (or left unread). */
	settings: DelegateSettings;
	/** Every problem; a caller refuses to launch while any remains. */
	problems: Problem[];
}

export function loadModes(options: ReadSettingsOptions): LoadedModes {
	const settings = readDelegateSettings(options);
	return { settings, ...modeRegistryFromSettings(settings) };
}
