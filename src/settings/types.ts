/**
 * The types of pi-delegate's settings: where a settings file is, what one file's section holds once
 * validated, and the merged, typed settings a run uses, each value with the place it came from.
 */
import type { ContextPrimitives } from "../context/primitives.ts";
import type { ProblemPlace } from "../problems.ts";
import type { Effort, RunnerKind } from "../request/choices.ts";
import type { Thinking } from "../spec/model-ref.ts";
import type { DelegateSection } from "./schema.ts";

export type SettingsScope = "global" | "project";

/** Which settings file a section came from. */
export interface SettingsFileRef {
	scope: SettingsScope;
	/** Absolute path. */
	file: string;
	/** The path as messages show it (`~/.pi/agent/settings.json`, `.pi/settings.json`). */
	label: string;
}

/**
 * read: parsed (the section may still be empty); missing: no such file; untrusted: a project file
 * left unread because Pi does not trust the project; invalid: the file or the section is unusable.
 */
export type SectionStatus = "read" | "missing" | "untrusted" | "invalid";

/** One file's `"pi-delegate"` section after validation. */
export interface ValidatedSection extends SettingsFileRef {
	status: SectionStatus;
	/** The settings that passed every check; a setting with any problem is left out. */
	values: DelegateSection;
	/**
	 * Where each setting's key is written, by its key path inside the section (`runner`,
	 * `contextModes.lean`, `effortProfiles.fast`): what a merged value's origin points at.
	 */
	positions: Readonly<Record<string, { line: number; column: number }>>;
}

/** Where a value came from: a settings file (and the line and column of its key), or the default. */
export type SettingOrigin =
	| { kind: "default" }
	| (SettingsFileRef & {
			kind: "file";
			line?: number;
			column?: number;
			/** The key's place (formatPath shows it as `.pi/settings.json:3:5: pi-delegate.runner`). */
			place: ProblemPlace;
	  });

export type FileOrigin = Extract<SettingOrigin, { kind: "file" }>;

export interface Setting<T> {
	value: T;
	origin: SettingOrigin;
}

/** A project-defined context mode. */
export interface ModeSetting {
	name: string;
	primitives: ContextPrimitives;
	/** Empty when the mode gave none. */
	description: string;
	origin: FileOrigin;
	/** The global mode of the same name that a project mode hides. */
	overrides?: FileOrigin;
}

/** The model for one effort, and optionally the thinking level to run it at. */
export interface EffortProfile {
	model: string;
	thinking?: Thinking;
}

/** What `"enforce"` / `"off"` mean is decided by the sandbox, which reads this setting. */
export type SandboxSetting = "enforce" | "off";

/**
 * Every pi-delegate setting, validated, the project file's value over the global one's (per mode
 * name and per effort for the two maps, per key for the rest).
 */
export interface ValidatedSettings {
	contextModes: readonly ModeSetting[];
	effortProfiles: Partial<Record<Effort, Setting<EffortProfile>>>;
	/** Absolute: `~` expanded, a relative path resolved from the working directory. Unset: the audit default. */
	runsDir: Setting<string> | undefined;
	/** Unset: the entry point's default. */
	runner: Setting<RunnerKind> | undefined;
	/** Absolute paths (relative ones resolved as Pi resolves resource paths); default none. */
	providerExtensions: Setting<readonly string[]>;
	/** Default "enforce": only the word "off" turns containment off. */
	sandbox: Setting<SandboxSetting>;
	/** Unset: a task's default (plan/apply.ts). */
	apply: Setting<"on-pass" | "direct"> | undefined;
	/** Whether the parent's system prompt gets the delegation section; default true. */
	delegationRule: Setting<boolean>;
	/** How many background children of a session run at once (the rest queue); default 4. */
	backgroundLimit: Setting<number>;
	/** The deepest a task's `delegate.depth` may ask for; default 2. */
	maxDelegateDepth: Setting<number>;
}

/** How a child is run: an SDK session in this process, or a `pi` process of its own. */
export type { RunnerKind };
