/**
 * The settings a run uses: every file's validated section merged, the project's over the global
 * one's — per mode name and per effort for the two maps, per key for the rest — each value with the
 * file, line and column it came from, and paths made absolute. Pure: the places (cwd, home, agent
 * directory) are passed in.
 */
import { isAbsolute, join, resolve } from "node:path";
import { formatSegments, sourceAt } from "../problems.ts";
import { checkContextModes } from "./check-modes.ts";
import { checkEffortProfiles } from "./check-profiles.ts";
import type { PlainKey } from "./check-values.ts";
import { expandTilde, SETTINGS_NAMESPACE } from "./paths.ts";
import { plainPlace } from "./place.ts";
import type { FileOrigin, ModeSetting, Setting, ValidatedSection, ValidatedSettings } from "./types.ts";

export interface MergePlaces {
	cwd: string;
	home: string;
	/** Pi's agent directory: where a global file's relative resource paths start. */
	agentDir: string;
}

/** The defaults, as the merged settings report them when no file sets a key. */
export const SETTING_DEFAULTS = {
	providerExtensions: [] as readonly string[],
	sandbox: "enforce",
	delegationRule: true,
	backgroundLimit: 4,
	maxDelegateDepth: 2,
} as const;

function originOf(section: ValidatedSection, ...segments: string[]): FileOrigin {
	const position = section.positions[formatSegments(segments, "name")];
	const place = { source: sourceAt(section.label, position), path: [SETTINGS_NAMESPACE, ...segments] };
	const ref = { scope: section.scope, file: section.file, label: section.label };
	return { kind: "file", ...ref, ...position, place };
}

/** A path as Pi resolves resource paths: `~` expands; relative to the agent dir (global) or `.pi/` (project). */
function resourcePath(path: string, section: ValidatedSection, places: MergePlaces): string {
	const expanded = expandTilde(path, places.home);
	if (isAbsolute(expanded)) return expanded;
	return resolve(section.scope === "global" ? places.agentDir : join(places.cwd, ".pi"), expanded);
}

function mergeModes(sections: readonly ValidatedSection[]): ModeSetting[] {
	const byName = new Map<string, ModeSetting>();
	for (const section of sections) {
		const { modes } = checkContextModes(section.values.contextModes ?? {}, plainPlace(section));
		for (const [name, mode] of Object.entries(modes)) {
			const hidden = byName.get(name);
			const origin = originOf(section, "contextModes", name);
			byName.set(name, { name, ...mode, origin, ...(hidden ? { overrides: hidden.origin } : {}) });
		}
	}
	return [...byName.values()];
}

function mergeProfiles(sections: readonly ValidatedSection[]): ValidatedSettings["effortProfiles"] {
	const out: ValidatedSettings["effortProfiles"] = {};
	for (const section of sections) {
		const { profiles } = checkEffortProfiles(section.values.effortProfiles ?? {}, plainPlace(section));
		for (const [effort, profile] of Object.entries(profiles)) {
			out[effort as keyof typeof out] = { value: profile, origin: originOf(section, "effortProfiles", effort) };
		}
	}
	return out;
}

/** The last section (project over global) that sets a plain key, as a Setting. */

function last<K extends PlainKey, T>(
	sections: readonly ValidatedSection[],
	key: K,
	convert: (value: NonNullable<ValidatedSection["values"][K]>, section: ValidatedSection) => T,
): Setting<T> | undefined {
	for (const section of [...sections].reverse()) {
		const value = section.values[key];
		if (value !== undefined) return { value: convert(value, section), origin: originOf(section, key) };
	}
	return undefined;
}

export function mergeSettings(sections: readonly ValidatedSection[], places: MergePlaces): ValidatedSettings {
	const byDefault = <T>(value: T): Setting<T> => ({ value, origin: { kind: "default" } });
	return {
		contextModes: mergeModes(sections),
		effortProfiles: mergeProfiles(sections),
		runsDir: last(sections, "runsDir", (dir) => resolve(places.cwd, expandTilde(dir, places.home))),
		runner: last(sections, "runner", (runner) => runner),
		providerExtensions:
			last(sections, "providerExtensions", (list, section) => list.map((p) => resourcePath(p, section, places))) ??
			byDefault(SETTING_DEFAULTS.providerExtensions),
		sandbox: last(sections, "sandbox", (mode) => mode) ?? byDefault(SETTING_DEFAULTS.sandbox),
		apply: last(sections, "apply", (mode) => mode),
		delegationRule: last(sections, "delegationRule", (on) => on) ?? byDefault(SETTING_DEFAULTS.delegationRule),
		backgroundLimit: last(sections, "backgroundLimit", (n) => n) ?? byDefault(SETTING_DEFAULTS.backgroundLimit),
		maxDelegateDepth:
			last(sections, "maxDelegateDepth", (depth) => depth) ?? byDefault<number>(SETTING_DEFAULTS.maxDelegateDepth),
	};
}
