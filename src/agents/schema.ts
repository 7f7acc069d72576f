/**
 * The shape of every frontmatter key that means something, as typebox schemas: one per key, since
 * a frontmatter is a flat set of keys and each is checked on its own so that every bad value in a
 * file is reported at once. What a value means (a tool name that exists, a model that resolves, a
 * permission that can be honoured) is the semantic layer's business, in parse.ts and its helpers.
 */
import Type, { type TSchema } from "typebox";
import { Value } from "typebox/value";
import { STRATEGIES } from "../request/choices.ts";
import { AGENT_NAME, THINKING_LEVELS } from "./definition.ts";
import type { HonouredKey, NativeKey } from "./keys.ts";
import type { KeyProblem } from "./restrict.ts";

const literals = <T extends string>(values: readonly T[], description: string) =>
	Type.Union(
		values.map((v) => Type.Literal(v)),
		{ description },
	);

const nameList = (description: string) =>
	Type.Union([Type.String(), Type.Array(Type.String())], {
		description: `${description}, as a YAML list or one comma-separated string`,
	});

interface Field {
	schema: TSchema;
	/** What a valid value is, for "must be …". */
	expects: string;
	fix: string;
}

const field = (schema: TSchema, expects: string, fix: string): Field => ({ schema, expects, fix });

const THINKING = THINKING_LEVELS.join(", ");

export const FIELDS: Readonly<Record<NativeKey | HonouredKey, Field>> = {
	name: field(
		Type.String({ pattern: AGENT_NAME.source, description: "What a caller types to pick the agent." }),
		"a name of letters, digits, '.', '_' or '-' (at most 64)",
		"use e.g. name: code-reviewer",
	),
	description: field(
		Type.String({ minLength: 1, description: "What the agent is for; the parent chooses agents by it." }),
		"one line of text saying what the agent is for",
		"write e.g. description: Reviews a diff for bugs",
	),
	tools: field(
		Type.Union([Type.String(), Type.Array(Type.String()), Type.Record(Type.String(), Type.Unknown())], {
			description:
				"The tools the child gets: a list or comma string of names (Claude Code's names are mapped), or OpenCode's map of names to true/false.",
		}),
		"a list of tool names, a comma-separated string, or a map of names to true/false",
		"write tools: read, grep (or [] for none)",
	),
	model: field(
		Type.String({ minLength: 1, description: "A model reference as Pi's --model takes it, an alias, or inherit." }),
		"a model reference such as anthropic/claude-sonnet-4-5, sonnet or inherit",
		"write e.g. model: claude-sonnet-4-5 (quote it if YAML reads it as a number)",
	),
	thinking: field(
		literals(THINKING_LEVELS, "Pi's thinking level for the child."),
		`one of ${THINKING}`,
		`use one of: ${THINKING}`,
	),
	contextMode: field(
		Type.String({ pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$", description: "A context mode's name." }),
		"a mode name",
		"name a mode: focused, isolated, scoped, legacy, or one defined in settings",
	),
	inheritProjectContext: field(
		Type.Boolean({ description: "Load AGENTS.md / CLAUDE.md." }),
		"true or false",
		"use true or false (unquoted)",
	),
	inheritMainRules: field(
		Type.Boolean({ description: "Inherit APPEND_SYSTEM.md." }),
		"true or false",
		"use true or false (unquoted)",
	),
	inheritSkills: field(
		Type.Boolean({ description: "See the parent's skills." }),
		"true or false",
		"use true or false (unquoted)",
	),
	systemPromptMode: field(
		literals(["append", "replace"], "append keeps the base prompt; replace installs the role in its place."),
		"append or replace",
		'use "append" or "replace"',
	),
	skills: field(
		nameList("The skills allowlist; [] loads none"),
		"a list of skill names",
		"write skills: [a, b] or [] for none",
	),
	inheritPrompt: field(
		literals(STRATEGIES, "How the child adopts the parent's prompt."),
		STRATEGIES.join(" or "),
		`use one of: ${STRATEGIES.join(", ")}`,
	),
	deliverable: field(
		Type.String({ minLength: 1, description: "What a task run as this agent hands back when its call names nothing." }),
		"one line of text saying what to hand back",
		"write e.g. deliverable: Findings as a list, each with the file and line",
	),
	accept: field(
		Type.Array(Type.String({ minLength: 1 }), {
			minItems: 1,
			description: "Acceptance commands run after a task as this agent ends, when its call names none.",
		}),
		"a non-empty list of command lines (strings)",
		"write e.g. accept: [npm test], one command line per entry",
	),
	delegate: field(
		Type.Object(
			{ depth: Type.Integer({ minimum: 0, maximum: 8, description: "Levels of children below the child." }) },
			{
				additionalProperties: false,
				description: "Lets a task run as this agent start children of its own, when its spec says nothing.",
			},
		),
		"{ depth: N }, N a whole number from 0 to 8",
		"write e.g. delegate: { depth: 1 } (at most the maxDelegateDepth setting)",
	),
	disallowedTools: field(
		nameList("Tools withheld from the child"),
		"a list of tool names",
		"write e.g. disallowedTools: Write, Edit",
	),
	excludeTools: field(
		nameList("Tools withheld from the child"),
		"a list of tool names",
		"write e.g. excludeTools: bash",
	),
	permissionMode: field(
		Type.String({ description: "Claude Code's permission mode." }),
		"a permission mode",
		"use plan for a read-only agent",
	),
	permission: field(
		Type.Union([Type.String(), Type.Record(Type.String(), Type.Unknown())], {
			description: "OpenCode's permissions: allow, ask or deny per tool.",
		}),
		"a map of permissions such as { edit: deny }",
		"write e.g. permission: { edit: deny, bash: deny }",
	),
	permissions: field(
		Type.Union([Type.Array(Type.Unknown()), Type.Record(Type.String(), Type.Unknown())], {
			description: "OpenCode's permission rules: { action, resource, effect } (a map is read as a permission: block).",
		}),
		"a list of { action, resource, effect } rules",
		'write e.g. permissions: [{ action: edit, resource: "*", effect: deny }]',
	),
	effort: field(
		literals(THINKING_LEVELS, "Claude Code's effort: the thinking level."),
		`one of ${THINKING}`,
		`use one of: ${THINKING}`,
	),
	variant: field(
		Type.String({ minLength: 1, description: "OpenCode's model variant." }),
		"a variant name",
		"write e.g. variant: high",
	),
	reasoningEffort: field(
		Type.String({ minLength: 1, description: "OpenCode's reasoning effort (OpenAI models)." }),
		"a reasoning effort",
		"write e.g. reasoningEffort: high",
	),
	skill: field(
		nameList("The skills allowlist (pi-subagents' spelling)"),
		"a list of skill names",
		"write skills: [a, b]",
	),
	disable: field(
		Type.Boolean({ description: "OpenCode: true turns the agent off." }),
		"true or false",
		"use true or false (unquoted)",
	),
	disabled: field(
		Type.Boolean({ description: "OpenCode 2: true turns the agent off." }),
		"true or false",
		"use true or false (unquoted)",
	),
	disallowed_tools: field(
		nameList("Tools withheld from the child (tintinweb/pi-subagents' spelling)"),
		"a list of tool names",
		"write e.g. disallowed_tools: write, edit",
	),
	prompt_mode: field(
		literals(["append", "replace"], "tintinweb/pi-subagents: how the role meets the base prompt."),
		"append or replace",
		'use "append" or "replace"',
	),
	inherit_skills: field(
		nameList("The skills allowlist (tintinweb/pi-subagents' spelling)"),
		"a list of skill names",
		"write inherit_skills: a, b",
	),
	enabled: field(
		Type.Boolean({ description: "tintinweb/pi-subagents: false turns the agent off." }),
		"true or false",
		"use true or false (unquoted)",
	),
	mode: field(
		literals(["primary", "subagent", "all"], "OpenCode's agent mode."),
		"primary, subagent or all (OpenCode's agent mode)",
		"remove it, or use contextMode: for a context mode",
	),
};

/** The JSON kinds a schema node accepts, read from its `type` and the members of a union. */
function kindsOf(schema: TSchema): string[] {
	const node = schema as { type?: unknown; anyOf?: TSchema[]; const?: unknown; enum?: unknown[] };
	if (typeof node.type === "string") return [node.type === "integer" ? "number" : node.type];
	if (node.anyOf) return node.anyOf.flatMap(kindsOf);
	if (node.const !== undefined) return [typeof node.const];
	return [];
}

/** Whether the value is of a kind the schema takes, so only its content is wrong. */
function sameKind(schema: TSchema, value: unknown): boolean {
	const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
	return kindsOf(schema).includes(kind);
}

/** The problem with one key's value, if its shape is wrong. */
export function shapeProblem(key: NativeKey | HonouredKey, value: unknown): KeyProblem | undefined {
	const { schema, expects, fix } = FIELDS[key];
	if (Value.Check(schema, value)) return undefined;
	const what = Array.isArray(value)
		? "a list"
		: value === null
			? "nothing"
			: typeof value === "object"
				? "a map"
				: typeof value;
	const found = typeof value === "string" ? `"${value}"` : what;
	const code = sameKind(schema, value) ? "invalid_value" : "invalid_type";
	return { path: [key], code, value, message: `must be ${expects}, not ${found}`, fix };
}
