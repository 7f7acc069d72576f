/**
 * An agent definition: a Markdown file whose YAML frontmatter configures a child and whose body is
 * the child's role. Project definitions live in `.pi/agents/`, the user's in `<agentDir>/agents/`.
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ContextFields } from "../context/primitives.ts";

/** Pi's thinking levels (ThinkingLevel in pi-agent-core), in Pi's order. */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const;

// Fails to compile if Pi adds a level this list lacks, so the validator never rejects a real one.
type MissingLevel = Exclude<ThinkingLevel, (typeof THINKING_LEVELS)[number]>;
const _everyPiLevelListed: [MissingLevel] extends [never] ? true : MissingLevel = true;
void _everyPiLevelListed;

/** How a child adopts the parent's prompt (see the prompt stage): the operator's words, or a portable capture. */
export const INHERIT_PROMPT_STRATEGIES = ["full", "portable"] as const;

export type InheritPromptStrategy = (typeof INHERIT_PROMPT_STRATEGIES)[number];

export type AgentScope = "project" | "user";

/** Where a definition was read from. */
export interface AgentSource {
	scope: AgentScope;
	/** Absolute path of the file. */
	file: string;
	/** The path as messages show it (`.pi/agents/reviewer.md`, `~/.pi/agent/agents/scout.md`). */
	label: string;
}

export interface AgentDefinition {
	name: string;
	/** What the agent is for: the parent reads it to choose an agent. */
	description: string;
	/** The body: the child's role, trimmed. May be empty for an agent that only presets fields. */
	role: string;
	/**
	 * The tool names the child gets, exactly as listed; undefined when the file does not say (the
	 * launcher's default applies). An empty list means no tools at all.
	 */
	tools?: string[];
	/** A model reference as Pi accepts it (`provider/id` or a pattern). */
	model?: string;
	thinking?: ThinkingLevel;
	/** The agent layer of the context resolver: a mode, primitives, and a skills allowlist. */
	context: ContextFields;
	inheritPrompt?: InheritPromptStrategy;
	/** True when the file gave no `name` and its file name stands in. */
	nameFromFile: boolean;
	source: AgentSource;
}

/** The agent's layer for resolveContext: its context fields, labelled with its file for provenance. */
export function agentContextLayer(definition: AgentDefinition): ContextFields & { label: string } {
	return { ...definition.context, label: definition.source.label };
}

/** Every frontmatter key an agent file may use. */
export const AGENT_KEYS = [
	"name",
	"description",
	"tools",
	"model",
	"thinking",
	"contextMode",
	"inheritProjectContext",
	"inheritMainRules",
	"inheritSkills",
	"systemPromptMode",
	"skills",
	"inheritPrompt",
] as const;

export type AgentKey = (typeof AGENT_KEYS)[number];

/**
 * Keys other tools use for the same thing, so an unknown key can name ours. `allowed-tools` matters
 * most: Claude Code skills use it, and refusing it (rather than ignoring it and granting every tool)
 * is why unknown keys are errors at all.
 */
export const FOREIGN_KEYS: Readonly<Record<string, AgentKey | "body">> = {
	allowedtools: "tools",
	tool: "tools",
	thinkinglevel: "thinking",
	reasoning: "thinking",
	reasoningeffort: "thinking",
	effort: "thinking",
	mode: "contextMode",
	context: "contextMode",
	skill: "skills",
	prompt: "body",
	systemprompt: "body",
	role: "body",
	instructions: "body",
};

/** Agent names: what a caller types to pick the agent. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
