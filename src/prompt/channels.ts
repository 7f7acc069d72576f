/**
 * The shapes prompt inheritance works with: what a parent session offers (Pi's structured prompt
 * inputs, its rendered prompt, or both) and what a child may adopt from it, channel by channel.
 *
 * The channels are kept apart rather than joined into one text because a later stage (the
 * context mode) decides per channel what a child gets, and because a child's own Pi renders them
 * into its own prompt: handing it the parent's rendered text would hand it the parent's layout.
 */

import type { Strategy } from "../request/choices.ts";

export type { Strategy };

/** Where a channel's content came from: Pi's structured inputs (exact) or the rendered text. */
export type Provenance = "structured" | "narrowed";

/** The channels a child can inherit, named as the context modes name them. */
export type ChannelName = "base" | "mainRules" | "projectContext" | "skills";

/** One context file (AGENTS.md / CLAUDE.md) as Pi loaded it. */
export interface ContextFile {
	path: string;
	content: string;
}

/**
 * A skill as the parent's Pi knew it. From structured inputs every field Pi had is kept, so a
 * child's resource loader can be given the same skills; from rendered text only what Pi printed
 * (name, description, location) is known, and only for skills the model was shown.
 */
export interface SkillEntry {
	name: string;
	description: string;
	/** The skill file (SKILL.md or a lone .md file). */
	filePath: string;
	/** True for skills Pi keeps out of the prompt (`disable-model-invocation`). */
	disableModelInvocation: boolean;
	/** The skill's directory; known from structured inputs only. */
	baseDir?: string;
	/** Pi's record of where the skill was loaded from; known from structured inputs only. */
	sourceInfo?: Readonly<Record<string, unknown>>;
}

/**
 * The part of Pi's `BuildSystemPromptOptions` that inheritance reads. Pi's own type (from any
 * version since 0.86.1, as `before_agent_start` hands it over) is assignable to it.
 */
export interface PromptInputs {
	/** The operator's custom prompt (SYSTEM.md or `--system-prompt`); Pi ignores an empty one. */
	customPrompt?: string;
	/** Set when an extension replaced the whole prompt; the other fields then do not describe it. */
	forceSystemPrompt?: string;
	/** The appended prompt (APPEND_SYSTEM.md or `--append-system-prompt`). */
	appendSystemPrompt?: string;
	contextFiles?: ReadonlyArray<Readonly<ContextFile>>;
	skills?: ReadonlyArray<SkillInput>;
	/** The parent's tools; Pi's default when absent. Only named in the record of what was left out. */
	selectedTools?: readonly string[];
	/** Sections extensions added to the parent's prompt, keyed by tag name. */
	sections?: Readonly<Record<string, string>>;
	cwd?: string;
}

/** A skill as Pi's structured inputs carry it (Pi's `Skill` is assignable). */
export interface SkillInput {
	name: string;
	description: string;
	filePath: string;
	baseDir?: string;
	disableModelInvocation?: boolean;
	sourceInfo?: object;
}

/**
 * What the parent has to offer. At least one of the two is required.
 *
 * Where an extension finds them (Pi 0.86.1, 1.4.0 and 1.6.0 alike): the `before_agent_start` event
 * carries both `systemPrompt` and `systemPromptOptions`; a command handler's context has
 * `getSystemPromptOptions()` and `getSystemPrompt()`; a tool's context has only `getSystemPrompt()`,
 * so a tool that delegates should keep the options from the latest `before_agent_start`.
 */
export type ParentPrompt =
	| {
			/** Pi's structured prompt inputs: `before_agent_start`'s `systemPromptOptions`. */
			options: PromptInputs;
			/** The rendered prompt, when known as well: used to cross-check and to show what was removed. */
			rendered?: string;
	  }
	| { options?: undefined; rendered: string };

export interface TextChannel {
	provenance: Provenance;
	/** The operator's text, byte for byte. */
	text: string;
}

export interface ProjectContextChannel {
	provenance: Provenance;
	files: ContextFile[];
}

export interface SkillsChannel {
	provenance: Provenance;
	skills: SkillEntry[];
}

/** The operator's words, per channel; an absent channel had nothing to adopt. */
export interface InheritedChannels {
	/** The operator's custom prompt. Absent when the parent runs Pi's own prompt. */
	base?: TextChannel;
	/** The appended prompt: main-agent rules. */
	mainRules?: TextChannel;
	projectContext?: ProjectContextChannel;
	skills?: SkillsChannel;
}

/** A part of the parent's prompt that a child does not adopt. */
export type OmittedPart =
	| "identity"
	| "tools"
	| "rules"
	| "docs"
	| "cwd"
	| "extensionSection"
	| "projectContext"
	| "skills";

export interface Omission {
	part: OmittedPart;
	/** Why the child does not get it, in words `preview` can print. */
	reason: string;
	/** The tag name, for an extension's section. */
	name?: string;
	/** The exact text left out, when the rendered prompt was available. */
	text?: string;
	/** A short description when the text itself is not known (e.g. the parent's tool names). */
	detail?: string;
}

export interface InheritedPrompt {
	strategy: Strategy;
	/** How the channels were obtained. */
	provenance: Provenance;
	channels: InheritedChannels;
	/** Everything of the parent's prompt the child does not adopt, and why. */
	omitted: Omission[];
	/**
	 * Channels whose structured content and rendered text disagree, when both were given: a sign
	 * that something outside Pi's inputs shaped the prompt. Empty when they agree; absent when
	 * there was nothing to compare.
	 */
	mismatches?: ChannelName[];
	/** Anything a reader of `preview` should know about how the result was reached. */
	notes: string[];
}

/** The structured prompt inputs Pi renders into a child's system prompt: what a child is given, channel by channel. */
export interface ChildPromptInputs {
	/** Replaces Pi's default preamble (and with it Pi's tool surface, rules and docs pointer). Undefined keeps Pi's own. */
	customPrompt: string | undefined;
	/** Appended-prompt channel (main-agent rules), in order. */
	appendSystemPrompt: string[];
	/** Project context files (AGENTS.md / CLAUDE.md), as Pi loaded them. */
	contextFiles: Array<{ path: string; content: string }>;
	/** Skills to load, as the parent's Pi knew them. */
	skills: SkillEntry[];
}
