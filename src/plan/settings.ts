/**
 * What pi-delegate's settings decide for a child, read the same way for every entry point: the mode
 * registry, the runs directory, the runner, the provider extensions, the effort profiles. Pure: the
 * settings are already read and validated (src/settings/read.ts); a project file overrides the
 * global one key by key, and every problem of either file refuses a launch.
 */
import type { ModeRegistry } from "../context/modes.ts";
import type { Problem } from "../problems.ts";
import { modeRegistryFromValidated } from "../settings/mode-registry.ts";
import type { ReadSettingsResult } from "../settings/read.ts";
import type { ValidatedSettings } from "../settings/types.ts";
import { profilesFromSettings } from "./model.ts";
import type { RunnerKind } from "./types.ts";

export interface SettingsDecisions {
	registry: ModeRegistry;
	/** Absolute, `~` expanded; undefined when no file sets it. */
	runsDir: string | undefined;
	runner: RunnerKind | undefined;
	/** Absolute paths, resolved as Pi resolves a settings file's resource paths. */
	providerExtensions: string[];
	profiles: ReturnType<typeof profilesFromSettings>;
	/** The `sandbox` setting when a file sets it; undefined leaves the default to the sandbox plan. */
	sandbox: ValidatedSettings["sandbox"]["value"] | undefined;
	/** The `apply` setting when a file sets it; undefined leaves the default to the plan (plan/apply.ts). */
	apply: "on-pass" | "direct" | undefined;
	delegationRule: boolean;
	/** The deepest a task's `delegate.depth` may ask for, and where that was set. */
	maxDelegateDepth: ValidatedSettings["maxDelegateDepth"];
	/** Every problem of every settings file; a launch refuses while any remains. */
	problems: Problem[];
}

export function decideSettings(read: Pick<ReadSettingsResult, "settings" | "problems">): SettingsDecisions {
	const { settings } = read;
	return {
		registry: modeRegistryFromValidated(settings),
		runsDir: settings.runsDir?.value,
		runner: settings.runner?.value,
		providerExtensions: [...settings.providerExtensions.value],
		profiles: profilesFromSettings(settings),
		sandbox: settings.sandbox.origin.kind === "file" ? settings.sandbox.value : undefined,
		apply: settings.apply?.value,
		delegationRule: settings.delegationRule.value,
		maxDelegateDepth: settings.maxDelegateDepth,
		problems: [...read.problems],
	};
}
