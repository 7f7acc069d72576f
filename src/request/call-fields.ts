/**
 * The rows of the request table that are not a spec's: what chooses the child (an agent, the
 * context fields of the call's layer), how and on what it runs (model, runner, provider
 * extensions, the run-level mode), the kinds of child other than a task (a fork's branch point, an
 * unchecked child's tools) and the list forms of a call (`tasks`, `briefs`).
 */
import { RUNNER_KINDS, STRATEGIES, SYSTEM_PROMPT_MODES } from "./choices.ts";
import type { RequestField } from "./types.ts";

const stringList = (description: string) => ({ type: "array", items: { type: "string" }, description }) as const;

/** The context channels a call may set one by one (the `task` tool's description names them). */
export const CONTEXT_CHANNELS =
	"inheritProjectContext, inheritMainRules, inheritSkills, systemPromptMode, skills, inheritPrompt";

/** The fields that choose the child and shape what it sees (the call's context layer). */
const CHILD_FIELDS: readonly RequestField[] = [
	{
		name: "agent",
		kinds: ["task", "unchecked"],
		schema: { type: "string", description: "Run the child as this agent definition (pi-delegate agents lists them)." },
		entries: {
			task: {},
			workflow: { aliases: ["agentType"], brief: "Run the child as this agent definition." },
			run: {
				value: "<name>",
				usage: [
					"run the task as an agent (pi-delegate agents lists them): its role, model and",
					"context settings; its tools can narrow the task's, never widen them",
				],
			},
		},
	},
	{
		name: "contextMode",
		kinds: ["task", "unchecked"],
		schema: {
			type: "string",
			description:
				"Named setting of the four channels: focused (default), isolated, scoped, legacy (alias inherit), or a project-defined mode.",
		},
		entries: {
			task: { scope: "call" },
			workflow: { brief: "focused (default), isolated, scoped, legacy, or a project mode." },
		},
	},
	{
		name: "inheritProjectContext",
		kinds: ["task", "unchecked"],
		schema: {
			type: "boolean",
			description: "Whether the child loads the project context files (AGENTS.md / CLAUDE.md).",
		},
		entries: { task: { scope: "call" }, workflow: { brief: "AGENTS.md / CLAUDE.md in or out." } },
	},
	{
		name: "inheritMainRules",
		kinds: ["task", "unchecked"],
		schema: {
			type: "boolean",
			description: "Whether the child inherits the main agent's own rules (APPEND_SYSTEM.md / --append-system-prompt).",
		},
		entries: { task: { scope: "call" }, workflow: { brief: "The main agent's appended rules in or out." } },
	},
	{
		name: "inheritSkills",
		kinds: ["task", "unchecked"],
		schema: { type: "boolean", description: "Whether the child sees the skills available to the parent." },
		entries: { task: { scope: "call" }, workflow: { brief: "Skills in or out." } },
	},
	{
		name: "systemPromptMode",
		kinds: ["task", "unchecked"],
		schema: {
			type: "string",
			enum: SYSTEM_PROMPT_MODES,
			description:
				"append keeps the base prompt and adds the child's role under it; replace installs the role instead.",
		},
		entries: { task: { scope: "call" }, workflow: { brief: "Keep the base prompt, or replace it." } },
	},
	{
		name: "skills",
		kinds: ["task", "unchecked"],
		schema: stringList("Load only these skills, whatever inheritSkills says; [] loads none."),
		entries: { task: { scope: "call" }, workflow: { brief: "Only these skills; [] for none." } },
	},
	{
		name: "inheritPrompt",
		kinds: ["task", "unchecked"],
		schema: { type: "string", enum: STRATEGIES, description: "How the child adopts the parent's words." },
		entries: {
			task: { scope: "call" },
			workflow: { brief: "full (default) or portable: how the child adopts the parent's words." },
			run: {
				name: "strategy",
				value: "<s>",
				usage: ["full (default: the operator's words, never Pi's own) or portable"],
			},
		},
	},
];

/** The fields that choose how and on what the child runs: command-line flags. */
const RUN_FIELDS: readonly RequestField[] = [
	{
		name: "runner",
		schema: { type: "string", enum: RUNNER_KINDS, description: "Where the child runs." },
		entries: {
			run: {
				value: "<kind>",
				usage: [
					"subprocess (a `pi --mode json` child in its own process group) or",
					"in-process (an SDK session in this process; starts in milliseconds);",
					"default: the `runner` setting, else subprocess",
				],
			},
			"workflow-cli": {
				value: "<kind>",
				usage: ["subprocess or in-process (default: the setting,", "else subprocess)"],
			},
		},
	},
	{
		name: "model",
		schema: { type: "string", description: "The model, as provider/id[:thinking]." },
		entries: {
			run: {
				value: "<p/id[:lvl]>",
				usage: [
					"the model, e.g. anthropic/claude-sonnet-4-5:medium (default: the effort's",
					"profile in Pi settings, else Pi's default model)",
				],
			},
			"workflow-cli": {
				value: "<p/id[:lvl]>",
				usage: ["the children's model (default: by effort, else Pi's)"],
			},
		},
	},
	{
		name: "runMode",
		schema: { type: "string", description: "The run-level context mode: a layer under the agent's and the call's." },
		entries: {
			run: {
				name: "mode",
				value: "<name>",
				usage: ["run-level context mode (focused, isolated, scoped, legacy, or a project mode)"],
			},
			"workflow-cli": {
				name: "mode",
				value: "<name>",
				usage: ["run-level context mode (an agent() option overrides it)"],
			},
		},
	},
	{
		name: "extensions",
		schema: stringList("Pi extensions the child loads for its model's provider."),
		entries: {
			run: {
				name: "extension",
				value: "<path>",
				multiple: true,
				usage: ["a Pi extension the child needs for its model's provider (repeatable)"],
			},
			"workflow-cli": {
				name: "extension",
				value: "<path>",
				multiple: true,
				usage: ["an extension for the model's provider (repeatable)"],
			},
		},
	},
	{
		name: "session",
		schema: { type: "string", description: "A Pi session file: the conversation a tail quotes, and the delegator." },
		entries: {
			run: {
				value: "<file>",
				usage: [
					"a Pi session file (.jsonl): the conversation a spec's context.tail quotes",
					"from (its current branch); the run is recorded as delegated from it",
				],
			},
		},
	},
];

/** The fields of the kinds of child other than a task, and the list forms of a call. */
const KIND_FIELDS: readonly RequestField[] = [
	{
		name: "check",
		kinds: ["task", "unchecked"],
		schema: { type: "boolean", description: "Whether the child is checked (a task) or not (it answers in text)." },
		entries: {
			workflow: {
				brief:
					"true (default): a checked task with an envelope and a boundary; false: an unchecked child that answers in text.",
			},
		},
	},
	{
		name: "tools",
		kinds: ["unchecked"],
		schema: stringList("An unchecked child's tools (a task's follow its authority)."),
		entries: {
			workflow: { brief: "An unchecked child's tools (default: read, grep, find, ls); a task's follow its authority." },
			preview: {
				value: "<a,b>",
				usage: [
					"the child's tools instead of the agent's (default read,bash,edit,write);",
					"submit_result is always added",
				],
			},
		},
	},
	{
		name: "schema",
		schema: {
			type: "object",
			patternProperties: { "^.*$": {} },
			description: "A JSON schema (a typebox schema is one) the deliverable, parsed as JSON, must satisfy.",
		},
		entries: {
			workflow: { brief: "A JSON schema (a typebox schema is one) the deliverable, parsed as JSON, must satisfy." },
		},
	},
	{
		name: "from",
		kinds: ["fork"],
		schema: { type: "string", description: "A session entry id to branch from instead of the call's place." },
		entries: { fork: { brief: "" } },
	},
	{
		name: "briefs",
		kinds: ["fork"],
		schema: stringList("Several forks at once, one per brief."),
		entries: { fork: { brief: "" } },
	},
	{
		name: "tasks",
		schema: { type: "array", items: { type: "object" }, description: "Several tasks at once." },
		entries: {
			task: {
				scope: "call",
				brief: "Several at once; the fields above are shared.",
				// The item lists only `goal`, the one it needs, rather than every field again: the definition
				// rides on every request of the parent (the full list cost about 350 tokens each time), and
				// the adapter checks each entry's keys against the task's fields, naming a misspelt one.
				schema: {
					type: "array",
					items: { type: "object", required: ["goal"], properties: { goal: { type: "string" } } },
				},
			},
		},
	},
];

export const CALL_FIELDS: readonly RequestField[] = [...CHILD_FIELDS, ...RUN_FIELDS, ...KIND_FIELDS];
