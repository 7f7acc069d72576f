/**
 * What pi-delegate's settings decide for a child, read the same way for every entry point: the mode
 * registry, the runs directory, the runner and the provider extensions. Pure: the settings are
 * already read. A later file (the project's) overrides an earlier one (the global), key by key.
 */
import type { ModeRegistry } from "../context/modes.ts";
import { modeRegistryFromSettings } from "../context/project-modes.ts";
import type { Problem } from "../problems.ts";
import { type DelegateSettings, settingValues } from "../settings/section.ts";
import type { RunnerKind } from "./types.ts";

export interface SettingsDecisions {
	registry: ModeRegistry;
	runsDir: string | undefined;
	runner: RunnerKind | undefined;
	providerExtensions: string[];
	/** Every problem of every settings file and mode; a launch refuses while any remains. */
	problems: Problem[];
}

/** The value of a setting in the last file that sets it (project over global). */
function last(settings: DelegateSettings, key: string): unknown {
	return settingValues(settings, key).at(-1)?.value;
}

export function decideSettings(settings: DelegateSettings): SettingsDecisions {
	const modes = modeRegistryFromSettings(settings);
	const extensions = last(settings, "providerExtensions");
	const runsDir = last(settings, "runsDir");
	const runner = last(settings, "runner");
	return {
		registry: modes.registry,
		runsDir: typeof runsDir === "string" ? runsDir : undefined,
		runner: runner === "in-process" || runner === "subprocess" ? runner : undefined,
		providerExtensions: Array.isArray(extensions) ? extensions.filter((e): e is string => typeof e === "string") : [],
		problems: modes.problems,
	};
}
