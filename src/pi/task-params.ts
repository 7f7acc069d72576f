/**
 * The `task` tool's parameters: one task spec with its `context` lists flattened to the top level
 * (files, facts, commands), as a model writes a call most reliably — or several, in `tasks`, with
 * the top-level fields as what they share. The schema is deliberately looser than the spec's (no
 * patterns or bounds, nothing required): Pi validates a tool call with its own wording before
 * `execute` runs, and we want every problem reported in ours — all at once, each with its path,
 * value and fix — which the call's adapter does inside `execute`.
 *
 * The definition is sent on every request of the parent's conversation, so every description is as
 * short as it can be while still saying the one thing a model gets wrong without it.
 */
import type { Static } from "typebox";
import type { ContextFields } from "../context/primitives.ts";
import { STRATEGIES, type Strategy } from "../context/strategies.ts";
import { EFFORTS as EFFORT_NAMES, SANDBOX_MODES } from "../spec/choices.ts";
import { EVIDENCE_RULES } from "../spec/evidence.ts";

// Plain JSON Schema, not typebox builders: the tool is registered when Pi starts, and loading
// typebox then would cost more than the whole rest of the extension. Pi validates a call against
// any JSON Schema, and typebox's `Static` still types it.
const text = (description: string) => ({ type: "string", description }) as const;
const strings = (description: string) => ({ type: "array", items: { type: "string" }, description }) as const;
const flag = (description: string) => ({ type: "boolean", description }) as const;
const amount = (description: string) => ({ type: "number", description }) as const;

/** A plain string enum (`{type: "string", enum}`): every provider takes it, where some reject a union of literals. */
const stringEnum = <const T extends readonly string[]>(values: T, description: string) =>
	({ type: "string", enum: values, description }) as const;

/** The fields one task of a call may set for itself. */
const TASK_FIELDS = {
	id: text("Slug; default: from the goal."),
	goal: text("What to do, self-contained."),
	deliverable: text("What to hand back; default: the agent's."),
	effort: stringEnum(EFFORT_NAMES, "fast: look-ups; balanced (default); deep: hard problems."),
	read_only: flag("Default true; false for a task that changes files."),
	roots: strings("Directories diffed, relative to the cwd; read-only default: the repository."),
	write_allowed: strings("With read_only false, required: the roots the child may change."),
	sandbox: stringEnum(SANDBOX_MODES, "enforce: writes outside write_allowed are prevented; default: the setting."),
	files: strings("Files the child should read."),
	facts: strings("Facts you vouch for, passed on as unverified."),
	commands: strings("Exact commands the child may run."),
	tail: amount("Tokens of this conversation's latest turns to quote as background."),
	agent: text("Run as this agent definition."),
};

/**
 * Task fields a call may set that the schema sent to the model does not define: standing choices
 * (what a root leaves unchecked, what a sandboxed child may reach) that belong in an agent file or
 * the settings more than in a call, named once in the tool's description instead. Their own
 * definitions cost about 75 tokens on every request of the parent. The adapter reads and checks
 * them as any other field, and the spec's check refuses a value of the wrong kind (Pi does not
 * coerce what the schema does not define, so a quoted "true" is refused, never read as true).
 */
const UNLISTED_TASK_FIELDS = {
	exclude: { type: "array", items: { type: "string" } },
	network: { type: "boolean" },
	git_writes: { type: "boolean" },
} as const;

/** The call-level field the schema does not define, for the same reason: the evidence rule. */
const UNLISTED_CALL_FIELDS = { evidence: { type: "string", enum: EVIDENCE_RULES } } as const;

/**
 * One entry of `tasks`: any of the fields above, each defaulting to the call's top-level one. The
 * item lists only `goal`, the one it needs, rather than every field again: the definition rides on
 * every request of the parent (the full list cost about 350 tokens each time), and the adapter checks
 * each entry's keys against the fields above, naming a misspelt one.
 */
const TaskItemSchema = {
	type: "object",
	required: ["goal"],
	properties: { goal: { type: "string" } },
} as const;

export const TaskParamsSchema = {
	type: "object",
	properties: {
		...TASK_FIELDS,
		tasks: {
			type: "array",
			items: TaskItemSchema,
			description: "Several at once: each a goal and any field above; the fields above apply to all.",
		},
		// Its keys are named in the description, not defined (21 tokens less on every request); the
		// spec's check refuses a key or a value it does not know, as for any field.
		budget: { type: "object", description: "{wall_s, usd, turns}: limits that stop a child; default by effort." },
		contextMode: text(
			"focused (default), isolated, scoped, legacy, or a project mode; one channel: inheritProjectContext, inheritMainRules, inheritSkills, systemPromptMode, skills, inheritPrompt.",
		),
	},
} as const;

/**
 * The per-call context fields. A call may set each (the adapter reads and checks them, naming a
 * misspelt one), but the schema sent to the model only names them in `contextMode`'s description:
 * they are the rarest overrides, their own definitions cost about 140 tokens on every request of the
 * parent, and an agent file or a project mode is where a standing choice belongs.
 */
const CONTEXT_FIELDS = {
	inheritProjectContext: { type: "boolean" },
	inheritMainRules: { type: "boolean" },
	inheritSkills: { type: "boolean" },
	systemPromptMode: { type: "string", enum: ["append", "replace"] },
	skills: { type: "array", items: { type: "string" } },
	inheritPrompt: { type: "string", enum: STRATEGIES },
} as const;

/**
 * The call's parameters as the adapter reads them. `tasks` entries are typed with every task field:
 * the schema sent to the model names only `goal` (see TaskItemSchema), the adapter reads them all.
 */
export type TaskParams = Omit<Static<typeof TaskParamsSchema>, "tasks"> &
	Partial<Static<typeof UnlistedFieldsSchema>> &
	Partial<Static<typeof ContextFieldsSchema>> & {
		tasks?: Array<Partial<Static<typeof TaskFieldsSchema>> & { goal: string }>;
	};

/** The per-call context fields' names: the schema the model reads lists none of them. */
export const CONTEXT_FIELD_NAMES = Object.keys(CONTEXT_FIELDS) as ReadonlyArray<keyof typeof CONTEXT_FIELDS>;

/** The context fields as an object schema, for their types in `TaskParams`. */
const ContextFieldsSchema = { type: "object", properties: CONTEXT_FIELDS } as const;

/** The fields the schema leaves out, as an object schema, for their types in `TaskParams`. */
const UnlistedFieldsSchema = {
	type: "object",
	properties: { ...UNLISTED_TASK_FIELDS, ...UNLISTED_CALL_FIELDS },
} as const;

/** Every task field, listed or not, as an object schema, for the type of a `tasks` entry. */
const TaskFieldsSchema = { type: "object", properties: { ...TASK_FIELDS, ...UNLISTED_TASK_FIELDS } } as const;

/** The fields a task of a call may set for itself, as the adapter reads them. */
export const TASK_FIELD_NAMES = Object.keys(TaskFieldsSchema.properties) as ReadonlyArray<
	keyof typeof TaskFieldsSchema.properties
>;

/** The fields a call may set that its schema does not define (the tool's description names them). */
export const UNLISTED_FIELD_NAMES = Object.keys(UnlistedFieldsSchema.properties);

/** Every top-level field of a call. */
export const CALL_FIELD_NAMES: readonly string[] = [
	...Object.keys(TaskParamsSchema.properties),
	...UNLISTED_FIELD_NAMES,
	...CONTEXT_FIELD_NAMES,
];

/** The per-call context fields of a call: the highest precedence layer of what the child sees. */
export function callFromParams(params: TaskParams): (ContextFields & { strategy?: Strategy }) | undefined {
	const call: ContextFields & { strategy?: Strategy } = {
		...(params.contextMode !== undefined && { contextMode: params.contextMode }),
		...(params.inheritProjectContext !== undefined && { inheritProjectContext: params.inheritProjectContext }),
		...(params.inheritMainRules !== undefined && { inheritMainRules: params.inheritMainRules }),
		...(params.inheritSkills !== undefined && { inheritSkills: params.inheritSkills }),
		...(params.systemPromptMode !== undefined && { systemPromptMode: params.systemPromptMode }),
		...(params.skills !== undefined && { skills: params.skills }),
		...(params.inheritPrompt !== undefined && { strategy: params.inheritPrompt }),
	};
	return Object.keys(call).length > 0 ? call : undefined;
}
