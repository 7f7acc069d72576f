/**
 * Every frontmatter key an agent file may carry, and what pi-delegate does with it. Files written
 * for Claude Code, OpenCode and other Pi packages carry keys of their own; each is either honoured
 * (translated into a narrower tool list or a thinking level), ignored (it changes nothing about what
 * a child may do, and the listing says so), or refused (honouring it is impossible and ignoring it
 * could let a child do more than its author allowed).
 *
 * Any other key is an error. A key close to a known one is a typo (`tool:`, `modle:`), and a key
 * nobody knows might be a restriction from a tool this list has not met: in both cases ignoring it
 * could widen what the child may do, so the file is refused with the nearest key named.
 */
import { CONTEXT_FIELD_NAMES } from "../request/choices.ts";
import { closest } from "../suggest.ts";

/** pi-delegate's own keys. */
export const NATIVE_KEYS = [
	"name",
	"description",
	"tools",
	"model",
	"thinking",
	...CONTEXT_FIELD_NAMES,
	"inheritPrompt",
	"deliverable",
	"accept",
	"delegate",
] as const;

export type NativeKey = (typeof NATIVE_KEYS)[number];

/** Other tools' keys that are translated; parse.ts and restrict.ts give each its meaning. */
export const HONOURED_KEYS = {
	disallowedTools: "Claude Code: tools withheld from the child",
	excludeTools: "pi-subagents: tools withheld from the child",
	permissionMode: "Claude Code: `plan` withholds edit, write and bash",
	permission: "OpenCode: deny or ask withholds the tool; bash, read and edit maps are held at each call",
	permissions: "OpenCode: deny or ask rules withhold the tool, or hold it at each call",
	effort: "Claude Code: the thinking level",
	variant: "OpenCode: the thinking level, when it names one",
	reasoningEffort: "OpenCode: the thinking level, when it names one",
	skill: "pi-subagents: the skills allowlist",
	disable: "OpenCode: true keeps the agent out of the catalog",
	disabled: "OpenCode 2: true keeps the agent out of the catalog",
	mode: "OpenCode: primary keeps the agent from being offered as a child; subagent and all are offered",
	disallowed_tools: "tintinweb/pi-subagents: tools withheld from the child",
	prompt_mode: "tintinweb/pi-subagents: append or replace, as systemPromptMode",
	inherit_skills: "tintinweb/pi-subagents: the skills allowlist",
	enabled: "tintinweb/pi-subagents: false keeps the agent out of the catalog",
} as const;

export type HonouredKey = keyof typeof HONOURED_KEYS;

/** The values of a file's known keys, before they are interpreted. */
export type KeyValues = Partial<Record<NativeKey | HonouredKey, unknown>>;

const PRESENTATION = "presentation only";
const BUDGET = "the task's budget (turns, wall_s, usd) stops a child instead";
const NO_GRANT = "it could only add to what the child has, so leaving it out is the narrower choice";
const LAUNCH = "pi-delegate decides how a child is launched and what it sees first";

/** Keys accepted without effect, with the reason that is safe. */
export const IGNORED_KEYS: Readonly<Record<string, string>> = {
	// Claude Code
	color: PRESENTATION,
	maxTurns: BUDGET,
	mcpServers: `children get no MCP servers; ${NO_GRANT}`,
	memory: `children keep no memory between runs; ${NO_GRANT}`,
	background: LAUNCH,
	isolation: "the boundary diff of the task's roots contains every change a child makes",
	initialPrompt: LAUNCH,
	// OpenCode
	temperature: "sampling settings are left to the model's defaults",
	top_p: "sampling settings are left to the model's defaults",
	maxSteps: BUDGET,
	steps: BUDGET,
	hidden: PRESENTATION,
	options: "provider options are not passed to a child",
	// Pi subagent packages (pi-subagents and others)
	output: LAUNCH,
	defaultReads: LAUNCH,
	defaultProgress: LAUNCH,
	defaultContext: "the task's context rung decides how much of the parent's conversation a child sees",
	aliases: "an agent is called by its name",
	max_turns: BUDGET,
	async: LAUNCH,
	timeoutMs: BUDGET,
	toolTimeoutMs: BUDGET,
	acceptance: "the result envelope and boundary diff decide whether a task passed",
	acceptanceRole: "the result envelope and boundary diff decide whether a task passed",
	completionGuard: "the result envelope and boundary diff decide whether a task passed",
	mutationTools: "the boundary diff sees every change, whatever tool made it",
	interactive: LAUNCH,
	advertise: PRESENTATION,
	package: PRESENTATION,
	fallbackModels: "a child runs on one model; a failed model call fails the task",
	fallback_models: "a child runs on one model; a failed model call fails the task",
	maxSubagentDepth: "children cannot start children of their own",
	allowNestedSubagents: `children cannot start children of their own; ${NO_GRANT}`,
	allowSubagents: `children cannot start children of their own; ${NO_GRANT}`,
	skillPath: `skills come from Pi's own skill folders; ${NO_GRANT}`,
	inheritGlobalContext: "inheritProjectContext governs the context files",
	extensions: `children load no extensions of the parent; ${NO_GRANT}`,
	subagentOnlyExtensions: NO_GRANT,
	// tintinweb/pi-subagents
	display_name: PRESENTATION,
	inherit_context: "the task's context rung decides how much of the parent's conversation a child sees",
	run_in_background: LAUNCH,
	isolated: `children load no extensions or MCP servers of the parent; ${NO_GRANT}`,
	inherit_extensions: `children load no extensions of the parent; ${NO_GRANT}`,
	exclude_extensions: "children load no extensions of the parent, so there is none to leave out",
	// Metadata that collections add
	id: "an agent is called by its name",
	type: "a collection's label for the agent's kind; every agent here is a child",
	author: PRESENTATION,
	version: PRESENTATION,
	tags: PRESENTATION,
	category: PRESENTATION,
	license: PRESENTATION,
};

/** Keys refused outright: honouring them is impossible and ignoring them could widen authority. */
export const REFUSED_KEYS: Readonly<Record<string, { why: string; fix: string }>> = {
	hooks: {
		why: "hooks (Claude Code) may be what blocks this agent's dangerous commands, and pi-delegate cannot run them",
		fix: "remove hooks: and express the limit as tools: / disallowedTools:, or keep this agent for Claude Code only",
	},
	runner: {
		why: "runner: starts another program (pi-subagents' external CLIs), which pi-delegate does not run; a Pi child in its place would not have that program's limits",
		fix: "remove runner: to run the role as a Pi child, with tools: saying what it may use",
	},
};

/**
 * Keys other tools use for a setting pi-delegate spells differently, so the error names ours.
 * `allowed-tools` matters most: Claude Code skills use it, and ignoring it would grant every tool.
 */
const SYNONYMS: Readonly<Record<string, NativeKey | "body">> = {
	allowedtools: "tools",
	tool: "tools",
	thinkinglevel: "thinking",
	reasoning: "thinking",
	reasoningeffort: "thinking",
	context: "contextMode",
	prompt: "body",
	systemprompt: "body",
	role: "body",
	instructions: "body",
};

/** Words in a key's name that say it is about what a child may do. */
const AUTHORITY_WORDS =
	/deny|disallow|restrict|block|forbid|exclu|permi|sandbox|readonly|read_only|read-only|allow|tool|safe|limit|guard|polic|access|write|edit|bash|shell|exec|command|network|secret|trust|approv|capab/i;

/**
 * An unknown key that can only be metadata (`expertise_level: expert`, `emoji: 🔍`): no known key is
 * near it, its name says nothing of what a child may do, and its value names no tool. Other tools
 * ignore such keys, and so does pi-delegate, listing them. Any other unknown key is refused, since
 * a misspelt restriction that was dropped would let the child do more than its author wrote.
 */
export function isMetadataKey(key: string, value: unknown, namesTool: (value: unknown) => boolean): boolean {
	const kind = classifyKey(key);
	if (kind.kind !== "unknown" || kind.body || kind.near !== undefined) return false;
	return !AUTHORITY_WORDS.test(key) && !namesTool(value);
}

export type KeyKind =
	| { kind: "native"; key: NativeKey }
	| { kind: "honoured"; key: HonouredKey }
	| { kind: "ignored"; why: string }
	| { kind: "refused"; why: string; fix: string }
	| { kind: "unknown"; near?: string; body: boolean };

const squash = (key: string) => key.toLowerCase().replace(/[-_.\s]/g, "");

/** Every key with a meaning, for did-you-mean. */
export const KNOWN_KEYS: readonly string[] = [
	...NATIVE_KEYS,
	...Object.keys(HONOURED_KEYS),
	...Object.keys(IGNORED_KEYS),
	...Object.keys(REFUSED_KEYS),
];

/** What a key is. Only the exact spelling counts: `context-mode` is a near miss, not `contextMode`. */
export function classifyKey(key: string): KeyKind {
	if ((NATIVE_KEYS as readonly string[]).includes(key)) return { kind: "native", key: key as NativeKey };
	if (Object.hasOwn(HONOURED_KEYS, key)) return { kind: "honoured", key: key as HonouredKey };
	if (Object.hasOwn(IGNORED_KEYS, key)) return { kind: "ignored", why: IGNORED_KEYS[key] ?? "" };
	const refused = Object.hasOwn(REFUSED_KEYS, key) ? REFUSED_KEYS[key] : undefined;
	if (refused) return { kind: "refused", ...refused };
	const synonym = Object.hasOwn(SYNONYMS, squash(key)) ? SYNONYMS[squash(key)] : undefined;
	if (synonym === "body") return { kind: "unknown", body: true };
	const near = synonym ?? closest(key, KNOWN_KEYS);
	return near === undefined ? { kind: "unknown", body: false } : { kind: "unknown", near, body: false };
}

/**
 * How frontmatter that is not valid YAML is read a second time (frontmatter-recover.ts): entries
 * start at known keys, and only prose — a description, a deliverable, a key whose value is ignored
 * — may be taken as text.
 */
export const RECOVERY_KEYS = {
	entryKeys: new Set(KNOWN_KEYS),
	textKeys: new Set(["description", "deliverable", ...Object.keys(IGNORED_KEYS)]),
};
