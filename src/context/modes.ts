/**
 * Modes: named settings of the four primitives. Four are built in; a project adds its own in Pi
 * settings (see project-modes.ts). The registry is plain data so the resolver, `/modes` and
 * `preview` all read the same table.
 */
import type { ContextPrimitives } from "./primitives.ts";

export const BUILTIN_MODE_NAMES = ["focused", "isolated", "scoped", "legacy"] as const;

export type BuiltinModeName = (typeof BUILTIN_MODE_NAMES)[number];

/**
 * The mode a child gets when nobody chose one. `focused` keeps the project's shared context and
 * skills but not the main agent's own rules: those rules are written for the orchestrator (spawn
 * waves of children, use this workflow) and confuse a child that is meant to do one job.
 */
export const DEFAULT_MODE: BuiltinModeName = "focused";

/** Other names for built-in modes. `inherit` is the older name of `legacy`. */
export const MODE_ALIASES: Readonly<Record<string, BuiltinModeName>> = { inherit: "legacy" };

const BUILTIN_PRIMITIVES: Readonly<Record<BuiltinModeName, ContextPrimitives>> = {
	focused: { inheritProjectContext: true, inheritMainRules: false, inheritSkills: true, systemPromptMode: "append" },
	isolated: {
		inheritProjectContext: false,
		inheritMainRules: false,
		inheritSkills: false,
		systemPromptMode: "replace",
	},
	scoped: { inheritProjectContext: true, inheritMainRules: false, inheritSkills: false, systemPromptMode: "replace" },
	legacy: { inheritProjectContext: true, inheritMainRules: true, inheritSkills: true, systemPromptMode: "append" },
};

const BUILTIN_DESCRIPTIONS: Readonly<Record<BuiltinModeName, string>> = {
	focused: "Shared project context and skills under the base prompt; the main agent's own rules stay out.",
	isolated: "Clean room: the role replaces the base prompt and nothing of the parent's is inherited.",
	scoped: "Project facts in, own persona (the role replaces the base prompt), no skills, no main rules.",
	legacy: "Everything the parent has, under the base prompt, as a plain Pi session would get it.",
};

/** Where a mode was defined. */
export type ModeSource =
	| { kind: "built-in" }
	| {
			kind: "settings";
			/** Which settings file: the agent directory's (global) or the project's. */
			scope: "global" | "project";
			/** Absolute path of the settings file. */
			file: string;
			/** The path as messages show it (`~/.pi/agent/settings.json`, `.pi/settings.json`). */
			label: string;
	  };

export interface ContextMode {
	name: string;
	primitives: ContextPrimitives;
	/** One line for `/modes`; empty when a project mode gave none. */
	description: string;
	source: ModeSource;
	/** A global mode of the same name that this project mode hides. */
	overrides?: ModeSource;
}

export interface ModeRegistry {
	/** Every mode by name: the built-ins first, then settings modes in name order. */
	readonly modes: ReadonlyMap<string, ContextMode>;
	/** Alias name → the mode name it stands for. */
	readonly aliases: ReadonlyMap<string, string>;
	readonly defaultMode: string;
}

/** The built-in modes as registry entries. */
export function builtinModes(): ContextMode[] {
	return BUILTIN_MODE_NAMES.map((name) => ({
		name,
		primitives: { ...BUILTIN_PRIMITIVES[name] },
		description: BUILTIN_DESCRIPTIONS[name],
		source: { kind: "built-in" },
	}));
}

/**
 * Whether a name is taken by a built-in mode or alias. Compared without regard to case so a project
 * cannot define `Focused` next to `focused` and leave readers guessing which one a file meant.
 */
export function isReservedModeName(name: string): boolean {
	const lower = name.toLowerCase();
	return (BUILTIN_MODE_NAMES as readonly string[]).includes(lower) || Object.hasOwn(MODE_ALIASES, lower);
}

/** The reserved names, for messages. */
export function reservedModeNames(): string[] {
	return [...BUILTIN_MODE_NAMES, ...Object.keys(MODE_ALIASES)];
}

/**
 * Builds the registry from the built-ins and the modes read from settings. A settings mode with a
 * reserved name is dropped here as a last guard; the settings parser has already reported it.
 */
export function createModeRegistry(settingsModes: readonly ContextMode[] = []): ModeRegistry {
	const modes = new Map<string, ContextMode>();
	for (const mode of builtinModes()) modes.set(mode.name, mode);
	const extra = settingsModes.filter((m) => !isReservedModeName(m.name)).sort((a, b) => a.name.localeCompare(b.name));
	for (const mode of extra) modes.set(mode.name, mode);
	return { modes, aliases: new Map(Object.entries(MODE_ALIASES)), defaultMode: DEFAULT_MODE };
}

/** A mode found by name, and the alias it was asked for by, if any. */
export interface ModeLookup {
	mode: ContextMode;
	alias?: string;
}

/** Finds a mode by its name or an alias; names are matched exactly. */
export function lookupMode(registry: ModeRegistry, name: string): ModeLookup | undefined {
	const direct = registry.modes.get(name);
	if (direct) return { mode: direct };
	const target = registry.aliases.get(name);
	const aliased = target === undefined ? undefined : registry.modes.get(target);
	return aliased ? { mode: aliased, alias: name } : undefined;
}

/** Every name a caller may use: modes and aliases. */
export function modeNames(registry: ModeRegistry): string[] {
	return [...registry.modes.keys(), ...registry.aliases.keys()];
}

/** The default mode's entry (always present: it is built in). */
export function defaultMode(registry: ModeRegistry): ContextMode {
	const mode = registry.modes.get(registry.defaultMode);
	if (!mode) throw new Error(`mode registry lacks its default mode "${registry.defaultMode}"`);
	return mode;
}
