/**
 * An agent definition: a Markdown file whose YAML frontmatter configures a child and whose body is
 * the child's role. Files come from Pi's folders (`.pi/agents/`, `<agentDir>/agents/`), from Claude
 * Code's (`.claude/agents/`, `~/.claude/agents/`) and from the package itself (the bundled agents);
 * they may be written for pi-delegate, for Claude Code, for OpenCode or for another Pi package.
 */
import type { ThinkingLevel } from "@earendil-works/pi-agent-core";
import type { ContextFields } from "../context/primitives.ts";
import type { Strategy } from "../request/choices.ts";
import type { CommandPolicy } from "./permissions/command-policy.ts";
import type { PathRule } from "./permissions/path-policy.ts";

/** Pi's thinking levels (ThinkingLevel in pi-agent-core), in Pi's order. Pi 0.86.1 and 1.6 accept every one. */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const;

// Fails to compile if Pi adds a level this list lacks, so the validator never rejects a real one.
type MissingLevel = Exclude<ThinkingLevel, (typeof THINKING_LEVELS)[number]>;
const _everyPiLevelListed: [MissingLevel] extends [never] ? true : MissingLevel = true;
void _everyPiLevelListed;

export function isThinkingLevel(value: unknown): value is ThinkingLevel {
	return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

/** Who wrote the file: the project, the user, or pi-delegate itself (lowest precedence). */
export type AgentScope = "project" | "user" | "bundled";

/** Where a definition was read from. */
export interface AgentSource {
	scope: AgentScope;
	/** Absolute path of the file. */
	file: string;
	/** The path as messages show it (`.pi/agents/reviewer.md`, `~/.claude/agents/scout.md`). */
	label: string;
	/** The Claude Code plugin the file comes with: the agent is also `<namespace>:<name>`. */
	namespace?: string;
}

/**
 * Something the loader decided about a file that the reader should know but that does not stop it:
 * a tool renamed or dropped, a restriction translated, a reference left to the launcher.
 */
export interface AgentNote {
	/** The frontmatter key the note is about. */
	key: string;
	message: string;
}

/** A key another tool uses that pi-delegate accepts and does nothing with, and why that is safe. */
export interface IgnoredKey {
	key: string;
	value: unknown;
	why: string;
}

export interface AgentDefinition {
	name: string;
	/** What the agent is for: the parent reads it to choose an agent. */
	description: string;
	/** The body: the child's role, trimmed. May be empty for an agent that only presets fields. */
	role: string;
	/**
	 * The Pi tool names the child gets, after mapping other tools' names (Glob → find) and applying
	 * every restriction in the file; undefined when the file says nothing about tools (the launcher's
	 * default applies). An empty list means no tools at all.
	 */
	tools?: string[];
	/**
	 * Per-command rules the child's bash is held to, checked at each call; every policy must allow a
	 * command (the file's own, then Claude Code's settings over it). Absent: bash, when the child has
	 * it, runs any command.
	 */
	commands?: CommandPolicy[];
	/** Paths the child's file tools are refused at each call (Claude Code's `Read(./.env)`); absent: none. */
	paths?: PathRule[];
	/**
	 * The model reference as written (`anthropic/claude-sonnet-4-5`, `sonnet`, `claude-haiku-4-5:high`);
	 * resolve it with resolveModelRef against the runtime's models. Undefined when the file names none
	 * or says `inherit`: the launcher's choice (the parent's model) applies.
	 */
	model?: string;
	thinking?: ThinkingLevel;
	/** The agent layer of the context resolver: a mode, primitives, and a skills allowlist. */
	context: ContextFields;
	inheritPrompt?: Strategy;
	/** What a task run as this agent hands back when the `task` call names no deliverable. */
	deliverable?: string;
	/** Acceptance commands for a task run as this agent whose call names none. */
	accept?: readonly string[];
	/** How many levels of children a task run as this agent may start, when its spec says nothing (plan/delegate.ts). */
	delegate?: { depth: number };
	/** True when the file gave no `name` and its file name stands in. */
	nameFromFile: boolean;
	/** What the loader changed or decided, for `pi-delegate agents`. */
	notes: AgentNote[];
	/** Keys accepted and left without effect. */
	ignoredKeys: IgnoredKey[];
	source: AgentSource;
}

/** The agent's layer for resolveContext: its context fields, labelled with its file for provenance. */
export function agentContextLayer(definition: AgentDefinition): ContextFields & { label: string } {
	return { ...definition.context, label: definition.source.label };
}

/** Agent names: what a caller types to pick the agent. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
