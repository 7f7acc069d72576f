/**
 * The `task` tool's parameters: the task spec with its `context` fields flattened to the top level
 * (files, facts, commands, and tail as a number of tokens), as a model writes a call most reliably. The schema is deliberately
 * looser than the spec's (no patterns or bounds): Pi validates a tool call with its own wording
 * before `execute` runs, and we want every problem reported in ours — all at once, each with its
 * path, value and fix — which `loadSpecObject` does inside `execute`.
 */
import Type, { type Static } from "typebox";
import type { ContextFields } from "../context/primitives.ts";
import { EVIDENCE_RULES } from "../envelope/proof.ts";
import { STRATEGIES, type Strategy } from "../prompt/channels.ts";
import { EFFORTS as EFFORT_NAMES } from "../spec/schema.ts";

const paths = (description: string) => Type.Array(Type.String(), { description });

/** A plain string enum (`{type: "string", enum}`): every provider takes it, where some reject a union of literals. */
const stringEnum = <T extends readonly string[]>(values: T, description: string) =>
	Type.Unsafe<T[number]>({ type: "string", enum: [...values], description });

export const TaskParamsSchema = Type.Object({
	id: Type.String({ description: 'Slug naming the task, e.g. "fix-readme-typo".' }),
	goal: Type.String({ description: "What to do, self-contained: the child sees nothing of this conversation." }),
	deliverable: Type.String({ description: "The shape of the answer wanted back." }),
	effort: Type.Optional(
		stringEnum(EFFORT_NAMES, "fast: look-ups, mechanical work; balanced (default); deep: hard problems."),
	),
	read_only: Type.Optional(Type.Boolean({ description: "Default true; false for a task that changes files." })),
	roots: paths("Absolute directories the task touches (WATCHED); they must not nest."),
	write_allowed: Type.Optional(
		paths("With read_only false: the roots the child may change, each exactly one of roots."),
	),
	files: Type.Optional(paths("Files the child should read.")),
	facts: Type.Optional(Type.Array(Type.String(), { description: "Facts you vouch for, passed on as unverified." })),
	commands: Type.Optional(Type.Array(Type.String(), { description: "Exact commands the child may run." })),
	tail: Type.Optional(
		Type.Number({
			description:
				"Quote the end of this conversation to the child as background: at most this many tokens of its latest whole turns. Default none.",
		}),
	),
	budget: Type.Optional(
		Type.Object(
			{
				wall_s: Type.Optional(Type.Number({ description: "Seconds." })),
				usd: Type.Optional(Type.Number({ description: "Dollars." })),
				turns: Type.Optional(Type.Number({ description: "Model turns." })),
			},
			{ description: "Limits that stop the child; defaults by effort." },
		),
	),
	evidence: Type.Optional(
		stringEnum(EVIDENCE_RULES, "required (default): an ok result must cite a pointer; optional when none can exist."),
	),
	agent: Type.Optional(Type.String({ description: "Run as this agent definition (role, model, context settings)." })),
	contextMode: Type.Optional(
		Type.String({ description: "focused (default), isolated, scoped, legacy, or a project mode." }),
	),
	inheritProjectContext: Type.Optional(Type.Boolean({ description: "Override: AGENTS.md/CLAUDE.md in or out." })),
	inheritMainRules: Type.Optional(Type.Boolean({ description: "Override: this session's appended rules in or out." })),
	inheritSkills: Type.Optional(Type.Boolean({ description: "Override: skills in or out." })),
	systemPromptMode: Type.Optional(
		stringEnum(["append", "replace"] as const, "Override: keep the base prompt, or replace it."),
	),
	skills: Type.Optional(Type.Array(Type.String(), { description: "Only these skills; [] for none." })),
	inheritPrompt: Type.Optional(stringEnum(STRATEGIES, "full (default) or portable.")),
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
		tail,
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
		...(tail !== undefined && { tail: { tokens: tail } }),
	};
	return { ...rest, ...(Object.keys(context).length > 0 && { context }) };
}
