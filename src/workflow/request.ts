/**
 * From one `agent(prompt, options)` call to what the planner takes: for a checked task, the spec
 * object (validated later by the spec's own validator, like any spec) and the request's per-call
 * layer; for a plain child, its id, prompt, effort, budget and tools. Pure.
 *
 * The id, when the script gives none, is derived from the prompt alone — a few of its words and a
 * digest — so a rerun derives the same id, the child's brief (which names it) is the same, and so
 * is the call hash.
 */
import { createHash } from "node:crypto";
import { Value } from "typebox/value";
import type { CallFields, PlanRequest } from "../plan/types.ts";
import { inside, keywordCode, type Problem, type ProblemPlace, pointerSegments } from "../problems.ts";
import {
	type Budget,
	BudgetSchema,
	DEFAULT_BUDGETS,
	DEFAULT_EFFORT,
	type Effort,
	ID_MAX_LENGTH,
	ID_PATTERN,
	ID_RULE,
} from "../spec/schema.ts";
import type { AgentOptions } from "./options.ts";
import { type ResultSchema, schemaDeliverable } from "./result-schema.ts";

/** The deliverable of a call that names none. */
export const DEFAULT_DELIVERABLE =
	"What you found or did, in plain words, with every claim backed by a pointer to where it can be checked.";

/** `review-the-auth-module-3fa9c1`: the prompt's first words and a digest of the whole prompt. */
export function deriveId(prompt: string): string {
	const digest = createHash("sha256").update(prompt).digest("hex").slice(0, 6);
	const words = prompt.toLowerCase().match(/[a-z0-9]+/g) ?? [];
	let slug = "";
	for (const word of words.slice(0, 5)) {
		const next = slug === "" ? word.slice(0, 24) : `${slug}-${word.slice(0, 24)}`;
		if (next.length > ID_MAX_LENGTH - 8) break;
		slug = next;
	}
	return `${slug === "" ? "agent" : slug}-${digest}`;
}

/** The per-call context layer the options give, if any. */
export function callLayer(options: AgentOptions): CallFields | undefined {
	const call: CallFields = {
		...(options.contextMode !== undefined && { contextMode: options.contextMode }),
		...(options.inheritProjectContext !== undefined && { inheritProjectContext: options.inheritProjectContext }),
		...(options.inheritMainRules !== undefined && { inheritMainRules: options.inheritMainRules }),
		...(options.inheritSkills !== undefined && { inheritSkills: options.inheritSkills }),
		...(options.systemPromptMode !== undefined && { systemPromptMode: options.systemPromptMode }),
		...(options.skills !== undefined && { skills: options.skills }),
		...(options.inheritPrompt !== undefined && { strategy: options.inheritPrompt }),
	};
	return Object.keys(call).length > 0 ? call : undefined;
}

/** The run's request with this call's layer: its agent and context fields. */
export function callRequest(base: PlanRequest, options: AgentOptions): PlanRequest {
	const call = callLayer(options);
	return {
		...base,
		...(options.agentType !== undefined && {
			agent: { name: options.agentType, where: { source: "agent() option agentType", path: [] } },
		}),
		...(call && { call }),
	};
}

/** The spec a checked call describes, before validation; roots default to the run's directory. */
export function specInput(prompt: string, options: AgentOptions, cwd: string): Record<string, unknown> {
	const context = {
		...(options.facts !== undefined && { facts: options.facts }),
		...(options.files !== undefined && { files: options.files }),
		...(options.commands !== undefined && { commands: options.commands }),
	};
	const schema = options.schema as ResultSchema | undefined;
	return {
		id: options.id ?? deriveId(prompt),
		goal: prompt,
		deliverable: schema ? schemaDeliverable(options.deliverable, schema) : (options.deliverable ?? DEFAULT_DELIVERABLE),
		...(options.effort !== undefined && { effort: options.effort }),
		...(options.read_only !== undefined && { read_only: options.read_only }),
		roots: options.roots ?? [cwd],
		...(options.write_allowed !== undefined && { write_allowed: options.write_allowed }),
		...(Object.keys(context).length > 0 && { context }),
		...(options.budget !== undefined && { budget: options.budget }),
	};
}

/** The call itself, from the place of its options: `agent(3)` from `agent(3).options`. */
export function callPlace(where: ProblemPlace): ProblemPlace {
	return { ...where, path: where.path.at(-1) === "options" ? where.path.slice(0, -1) : where.path };
}

/** A spec problem's place in the words of the call: `goal` is the prompt, `context.facts` is `facts`. */
export function optionPath(where: ProblemPlace, spec: Pick<Problem, "source" | "path">): ProblemPlace {
	if (spec.source !== undefined || spec.path.length === 0) return where;
	if (spec.path.length === 1 && spec.path[0] === "goal") return inside(callPlace(where), "prompt");
	return inside(where, ...(spec.path[0] === "context" ? spec.path.slice(1) : spec.path));
}

/** A schema that typebox cannot check with is refused before anything runs. */
export function schemaProblems(where: ProblemPlace, schema: unknown): Problem[] {
	if (schema === undefined) return [];
	try {
		Value.Check(schema as ResultSchema, null);
		return [];
	} catch (error) {
		return [
			{
				...inside(where, "schema"),
				code: "invalid_value",
				value: schema,
				message: `is not a usable JSON schema: ${(error as Error).message}`,
				fix: "give a JSON schema object, e.g. a typebox Type.Object({…})",
			},
		];
	}
}

export interface PlainRequest {
	id: string;
	prompt: string;
	effort: Effort;
	budget: Budget;
	childTools?: { names: readonly string[]; where: ProblemPlace };
}

/** A plain child's own inputs; its budget is checked as a spec's budget is. */
export function plainRequest(
	prompt: string,
	options: AgentOptions,
	where: ProblemPlace,
): { ok: true; plain: PlainRequest } | { ok: false; problems: Problem[] } {
	const effort = options.effort ?? DEFAULT_EFFORT;
	const budget = { ...DEFAULT_BUDGETS[effort], ...options.budget };
	const problems: Problem[] = [...Value.Errors(BudgetSchema, budget)].map((e) => ({
		...inside(where, "budget", ...pointerSegments(e.instancePath)),
		code: keywordCode(e.keyword),
		value: budget,
		message: e.message,
		fix: "give positive numbers (turns a whole number), or leave the budget out for the effort's defaults",
	}));
	if (prompt.trim() === "") {
		problems.push({
			...inside(callPlace(where), "prompt"),
			code: "too_small",
			value: prompt,
			message: "is empty",
			fix: "say what the child should do",
		});
	}
	const id = options.id ?? deriveId(prompt);
	if (id.length > ID_MAX_LENGTH || !new RegExp(ID_PATTERN).test(id)) {
		const fix = `use ${ID_RULE}`;
		problems.push({ ...inside(where, "id"), code: "invalid_value", value: id, message: "is not a usable id", fix });
	}
	if (problems.length > 0) return { ok: false, problems };
	return {
		ok: true,
		plain: {
			id,
			prompt,
			effort,
			budget,
			...(options.tools !== undefined && { childTools: { names: options.tools, where: inside(where, "tools") } }),
		},
	};
}
