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
const number = { type: "number" } as const;

/** A plain string enum (`{type: "string", enum}`): every provider takes it, where some reject a union of literals. */
const stringEnum = <const T extends readonly string[]>(values: T, description: string) =>
	({ type: "string", enum: values, description }) as const;

/** The fields one task of a call may set for itself. */
const TASK_FIELDS = {
	id: text("Slug; default: from the goal."),
	goal: text("What to do, self-contained: the child sees nothing else."),
	deliverable: text("What to hand back; default: the agent's."),
	effort: stringEnum(EFFORT_NAMES, "fast: look-ups; balanced (default); deep: hard problems."),
	read_only: flag("Default true; false for a task that changes files."),
	roots: strings("Directories WATCHED (diffed), relative to the cwd; read-only default: the repository."),
	write_allowed: strings("With read_only false, required: the roots the child may change."),
	exclude: strings("Parts of roots not checked (reported as unchecked)."),
	sandbox: stringEnum(SANDBOX_MODES, "enforce: writes outside write_allowed are prevented; default: the setting."),
	network: flag("Under the sandbox, let bash use the network."),
	git_writes: flag("Under the sandbox, let the child commit in a writable root."),
	files: strings("Files the child should read."),
	facts: strings("Facts you vouch for, passed on as unverified."),
	commands: strings("Exact commands the child may run."),
	tail: amount("Quote this conversation's latest turns, up to this many tokens, as background."),
	agent: text("Run as this agent definition."),
};

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
			description: "Several tasks at once, each a goal and any field above for itself; the fields above apply to all.",
		},
		budget: {
			type: "object",
			properties: { wall_s: number, usd: number, turns: number },
			description: "Limits (seconds, dollars, model turns) that stop a child; defaults by effort.",
		},
		evidence: stringEnum(EVIDENCE_RULES, "required (default), or optional when nothing can be cited."),
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
	Partial<Static<typeof ContextFieldsSchema>> & {
		tasks?: Array<Partial<Static<typeof TaskFieldsSchema>> & { goal: string }>;
	};

/** The per-call context fields' names: the schema the model reads lists none of them. */
export const CONTEXT_FIELD_NAMES = Object.keys(CONTEXT_FIELDS) as ReadonlyArray<keyof typeof CONTEXT_FIELDS>;

/** The context fields as an object schema, for their types in `TaskParams`. */
const ContextFieldsSchema = { type: "object", properties: CONTEXT_FIELDS } as const;

/** The task fields as an object schema, for the type of a `tasks` entry. */
const TaskFieldsSchema = { type: "object", properties: TASK_FIELDS } as const;

/** The fields a task of a call may set for itself, as the adapter reads them. */
export const TASK_FIELD_NAMES = Object.keys(TASK_FIELDS) as ReadonlyArray<keyof typeof TASK_FIELDS>;

/** Every top-level field of a call. */
export const CALL_FIELD_NAMES: readonly string[] = [
	...Object.keys(TaskParamsSchema.properties),
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
