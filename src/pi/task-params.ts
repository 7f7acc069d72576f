/**
 * The `task` tool's parameters: the task spec with its `context` lists flattened to the top level
 * (files, facts, commands), as a model writes a call most reliably. The schema is deliberately
 * looser than the spec's (no patterns or bounds): Pi validates a tool call with its own wording
 * before `execute` runs, and we want every problem reported in ours — all at once, each with its
 * path, value and fix — which `loadSpecObject` does inside `execute`.
 */
import Type, { type Static } from "typebox";
import { type ContextFields, ContextFieldsSchema } from "../context/primitives.ts";
import { STRATEGIES, type Strategy } from "../prompt/channels.ts";

const paths = (description: string) => Type.Array(Type.String(), { description });

/** A plain string enum (`{type: "string", enum}`): every provider takes it, where some reject a union of literals. */
const stringEnum = <T extends readonly string[]>(values: T, description: string) =>
	Type.Unsafe<T[number]>({ type: "string", enum: [...values], description });

export const TaskParamsSchema = Type.Object({
	id: Type.String({ description: 'Short slug naming the task and its audit directory, e.g. "fix-readme-typo".' }),
	goal: Type.String({
		description:
			"What the child must do, complete and self-contained: the child sees this spec and nothing of this conversation.",
	}),
	deliverable: Type.String({ description: "The exact shape of the answer wanted back." }),
	effort: Type.Optional(
		stringEnum(
			["fast", "balanced", "deep"] as const,
			"fast: mechanical work and look-ups; balanced (default): most work; deep: architecture, security, hard debugging.",
		),
	),
	read_only: Type.Optional(Type.Boolean({ description: "Default true. Set false for a task that changes files." })),
	roots: paths(
		"Absolute directories the task touches: the WATCHED set. Each is snapshotted before and diffed after; roots must not nest.",
	),
	write_allowed: Type.Optional(
		paths(
			"Only with read_only false: the roots the child may CHANGE, each exactly an entry of roots. Any change outside them fails the task, even an incidental one (build output, caches, __pycache__).",
		),
	),
	files: Type.Optional(paths("Files the child should read itself (names only; it reads them).")),
	facts: Type.Optional(
		Type.Array(Type.String(), {
			description:
				"Facts you vouch for, pasted to the child verbatim and labelled as unverified; it will contradict one a file contradicts.",
		}),
	),
	commands: Type.Optional(
		Type.Array(Type.String(), {
			description: "Exact commands the child may run (a read-only task gets a shell only for these).",
		}),
	),
	budget: Type.Optional(
		Type.Object(
			{
				wall_s: Type.Optional(Type.Number({ description: "Wall-clock seconds before the child is stopped." })),
				usd: Type.Optional(Type.Number({ description: "Dollars the child may spend." })),
				turns: Type.Optional(Type.Number({ description: "Model turns the child may take." })),
			},
			{ description: "Limits that stop the child; each defaults by effort." },
		),
	),
	agent: Type.Optional(
		Type.String({
			description:
				"Run the task as this agent (from .pi/agents/ or ~/.pi/agent/agents/): its role, model and context settings. Its tools can narrow the task's, never widen them.",
		}),
	),
	contextMode: Type.Optional(
		Type.String({
			description:
				"What of this session's prompt the child inherits: focused (default: project context and skills, not main-agent rules), isolated, scoped, legacy, or a project mode.",
		}),
	),
	inheritProjectContext: ContextFieldsSchema.properties.inheritProjectContext,
	inheritMainRules: ContextFieldsSchema.properties.inheritMainRules,
	inheritSkills: ContextFieldsSchema.properties.inheritSkills,
	systemPromptMode: Type.Optional(
		stringEnum(
			["append", "replace"] as const,
			"append keeps the base prompt and adds the child's role under it; replace installs the role as the whole base prompt.",
		),
	),
	skills: ContextFieldsSchema.properties.skills,
	inheritPrompt: Type.Optional(
		stringEnum(
			STRATEGIES,
			"full (default): the child adopts the operator's words, never Pi's own; portable: only the custom and appended prompts.",
		),
	),
});

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

export type TaskParams = Static<typeof TaskParamsSchema>;

/** The spec a call describes, before validation. */
export function specFromParams(params: TaskParams): Record<string, unknown> {
	const {
		files,
		facts,
		commands,
		agent: _agent,
		contextMode: _mode,
		inheritProjectContext: _ipc,
		inheritMainRules: _imr,
		inheritSkills: _is,
		systemPromptMode: _spm,
		skills: _skills,
		inheritPrompt: _strategy,
		...rest
	} = params;
	const context = {
		...(files !== undefined && { files }),
		...(facts !== undefined && { facts }),
		...(commands !== undefined && { commands }),
	};
	return { ...rest, ...(Object.keys(context).length > 0 && { context }) };
}
