/**
 * The options of `wf.agent(prompt, options)`: named as the task spec's fields (roots,
 * write_allowed, read_only, effort, budget, facts, files, commands, id, deliverable), plus what
 * chooses the child (agentType, the context fields, inheritPrompt), a result schema, and `check`.
 *
 * Checked strictly, because options carry authority: an unknown key is an error with a
 * did-you-mean (a misspelt `write_allowed` must never leave a task with other rights than meant),
 * a value of the wrong type is an error, and an option that means nothing for the kind of child
 * asked for (roots for a plain child, tools for a checked one) is an error, not silently dropped.
 * Every problem comes back at once; the caller formats them. Pure.
 */
import type { TSchema } from "typebox";
import Type, { type Static } from "typebox";
import { Value } from "typebox/value";
import { inside, keywordCode, type Problem, type ProblemPlace, pointerSegments } from "../problems.ts";
import { STRATEGIES } from "../prompt/channels.ts";
import { EFFORTS } from "../spec/schema.ts";
import { closest } from "../suggest.ts";
import { isRecord } from "../values.ts";

const strings = (description: string, item: string) => Type.Array(Type.String({ description: item }), { description });

const stringEnum = <T extends readonly string[]>(values: T, description: string) =>
	Type.Unsafe<T[number]>({ type: "string", enum: [...values], description });

export const AgentOptionsSchema = Type.Object(
	{
		id: Type.Optional(
			Type.String({ description: "The child's id (its audit directory's name); derived from the prompt when absent." }),
		),
		deliverable: Type.Optional(
			Type.String({ description: "The shape of the answer wanted back; a general one is used when absent." }),
		),
		check: Type.Optional(
			Type.Boolean({
				description:
					"true (default): a checked task with an envelope and a boundary; false: a plain child that answers in text.",
			}),
		),
		schema: Type.Optional(
			Type.Record(Type.String(), Type.Unknown(), {
				description: "A JSON schema (a typebox schema is one) the deliverable, parsed as JSON, must satisfy.",
			}),
		),
		roots: Type.Optional(
			strings("Directories the task watches (default: the run's directory).", "An absolute directory."),
		),
		write_allowed: Type.Optional(strings("The roots the task may change (with read_only false).", "One of roots.")),
		read_only: Type.Optional(Type.Boolean({ description: "Default true; false for a task that changes files." })),
		effort: Type.Optional(stringEnum(EFFORTS, "fast, balanced (default) or deep: picks the model and the budget.")),
		budget: Type.Optional(
			Type.Object(
				{
					wall_s: Type.Optional(Type.Number({ description: "Seconds before the child is stopped." })),
					usd: Type.Optional(Type.Number({ description: "Dollars the child may spend." })),
					turns: Type.Optional(Type.Number({ description: "Model turns the child may take." })),
				},
				{ additionalProperties: false, description: "The child's own limits; defaults by effort." },
			),
		),
		facts: Type.Optional(strings("Facts the script vouches for, passed on as unverified.", "One fact.")),
		files: Type.Optional(strings("Files the child should read.", "A path.")),
		commands: Type.Optional(strings("Exact commands the child may run.", "One command line.")),
		tools: Type.Optional(
			strings("A plain child's tools (default: read, grep, find, ls); a task's follow its authority.", "A tool name."),
		),
		agentType: Type.Optional(Type.String({ description: "Run the child as this agent definition." })),
		contextMode: Type.Optional(
			Type.String({ description: "focused (default), isolated, scoped, legacy, or a project mode." }),
		),
		inheritProjectContext: Type.Optional(Type.Boolean({ description: "AGENTS.md / CLAUDE.md in or out." })),
		inheritMainRules: Type.Optional(Type.Boolean({ description: "The main agent's appended rules in or out." })),
		inheritSkills: Type.Optional(Type.Boolean({ description: "Skills in or out." })),
		systemPromptMode: Type.Optional(stringEnum(["append", "replace"] as const, "Keep the base prompt, or replace it.")),
		skills: Type.Optional(strings("Only these skills; [] for none.", "A skill name.")),
		inheritPrompt: Type.Optional(
			stringEnum(STRATEGIES, "full (default) or portable: how the child adopts the parent's words."),
		),
	},
	{ additionalProperties: false, description: "Options of one agent() call." },
);

export type AgentOptions = Static<typeof AgentOptionsSchema>;
export type OptionName = keyof AgentOptions;

export const OPTION_NAMES = Object.keys(AgentOptionsSchema.properties) as OptionName[];

/** Options that describe a checked task's authority or result: meaningless for a plain child. */
const TASK_ONLY: readonly OptionName[] = [
	"roots",
	"write_allowed",
	"read_only",
	"facts",
	"files",
	"commands",
	"deliverable",
	"schema",
];

function typeProblem(where: ProblemPlace, key: string, schema: TSchema, value: unknown): Problem | undefined {
	if (Value.Check(schema, value)) return undefined;
	const first = [...Value.Errors(schema, value)][0];
	const description = (schema as { description?: string }).description ?? "";
	return {
		...inside(where, key, ...pointerSegments(first?.instancePath ?? "")),
		code: first ? keywordCode(first.keyword) : "invalid_type",
		value,
		message: first ? first.message : "has the wrong type",
		fix: description === "" ? `see the ${key} option` : `${key}: ${description}`,
	};
}

function unknownKey(where: ProblemPlace, key: string, value: unknown): Problem {
	const near = closest(key, OPTION_NAMES);
	return {
		...inside(where, key),
		code: "unknown_key",
		value,
		message: `unknown option "${key}"${near ? ` (did you mean "${near}"?)` : ""}`,
		fix: near ? `rename it to ${near}` : `use one of: ${OPTION_NAMES.join(", ")}`,
	};
}

function conflicts(where: ProblemPlace, options: AgentOptions): Problem[] {
	const out: Problem[] = [];
	if (options.check === false) {
		for (const key of TASK_ONLY) {
			if (options[key] === undefined) continue;
			out.push({
				...inside(where, key),
				code: "conflict",
				value: options[key],
				message: "applies to a checked task only; a plain child (check: false) has no boundary and no envelope",
				fix: `remove ${key}, or leave out check: false`,
			});
		}
	} else if (options.tools !== undefined) {
		out.push({
			...inside(where, "tools"),
			code: "conflict",
			value: options.tools,
			message: "a checked task's tools follow its authority (read_only, commands)",
			fix: "remove tools, or give check: false for a plain child",
		});
	}
	return out;
}

export type CheckedOptions = { ok: true; options: AgentOptions } | { ok: false; problems: Problem[] };

/** Checks one call's options; `where` names the call in problems (`agent(3).options`). */
export function checkAgentOptions(value: unknown, where: ProblemPlace): CheckedOptions {
	if (value === undefined) return { ok: true, options: {} };
	if (!isRecord(value)) {
		const message = "must be an object of options";
		return { ok: false, problems: [{ ...where, code: "invalid_type", value, message, fix: "pass { … } or nothing" }] };
	}
	const problems: Problem[] = [];
	const properties = AgentOptionsSchema.properties as Record<string, TSchema>;
	for (const [key, item] of Object.entries(value)) {
		const schema = Object.hasOwn(properties, key) ? properties[key] : undefined;
		if (!schema) problems.push(unknownKey(where, key, item));
		else if (item !== undefined) {
			const problem = typeProblem(where, key, schema, item);
			if (problem) problems.push(problem);
		}
	}
	if (problems.length > 0) return { ok: false, problems };
	const options = value as AgentOptions;
	const more = conflicts(where, options);
	return more.length > 0 ? { ok: false, problems: more } : { ok: true, options };
}
