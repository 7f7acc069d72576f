/**
 * An unchecked child from `agent(prompt, { check: false, … })`: a child that answers in text, with
 * no spec, no boundary and no envelope. Its options are held to what such a child can use — one that
 * only means something for a checked task (roots, write_allowed, a result schema …) is refused, not
 * dropped, since its author meant it to hold — and its budget and id are checked as a spec's are.
 * Pure.
 */
import { Value } from "typebox/value";
import {
	inside,
	keywordCode,
	type PathSegment,
	type Problem,
	type ProblemPlace,
	pointerSegments,
} from "../problems.ts";
import { EFFORTS, type Effort } from "../request/choices.ts";
import { DEFAULT_BUDGETS, DEFAULT_EFFORT, ID_MAX_LENGTH, ID_PATTERN, ID_RULE } from "../request/limits.ts";
import { BudgetSchema } from "../request/spec-parts.ts";
import { fieldAt } from "../request/table.ts";
import { deriveId } from "./request-defaults.ts";
import { layerOf } from "./request-layer.ts";
import type { Requested, UncheckedRequest } from "./request-types.ts";

type Values = Record<string, unknown>;

/** The options given that mean something only for a checked task, each refused. */
function taskOnly(fields: Values, where: ProblemPlace): Problem[] {
	return Object.entries(fields).flatMap(([name, value]): Problem[] => {
		const kinds = fieldAt("workflow", name)?.field.kinds ?? ["task"];
		if (name === "goal" || value === undefined || kinds.includes("unchecked")) return [];
		return [
			{
				...inside(where, name),
				code: "conflict",
				value,
				message: "applies to a checked task only; an unchecked child (check: false) has no boundary and no envelope",
				fix: `remove ${name}, or leave out check: false`,
			},
		];
	});
}

/** The call itself, from the place of its options: `agent(3)` from `agent(3).options`. */
export function callPlace(where: ProblemPlace): ProblemPlace {
	return { ...where, path: where.path.at(-1) === "options" ? where.path.slice(0, -1) : where.path };
}

function budgetProblems(budget: Values, where: ProblemPlace): Problem[] {
	return [...Value.Errors(BudgetSchema as Parameters<typeof Value.Errors>[0], budget)].map((e) => ({
		...inside(where, "budget", ...pointerSegments(e.instancePath)),
		code: keywordCode(e.keyword),
		value: budget,
		message: e.message,
		fix: "give positive numbers (turns a whole number), or leave the budget out for the effort's defaults",
	}));
}

export function uncheckedRequest(fields: Values, where: ProblemPlace, agentAt: PathSegment): Requested {
	const conflicts = taskOnly(fields, where);
	if (conflicts.length > 0) return { ok: false, problems: conflicts };
	const prompt = typeof fields.goal === "string" ? fields.goal : "";
	const effort: Effort = (EFFORTS as readonly unknown[]).includes(fields.effort)
		? (fields.effort as Effort)
		: DEFAULT_EFFORT;
	const budget = { ...DEFAULT_BUDGETS[effort], ...(fields.budget as Values | undefined) };
	const problems = budgetProblems(budget, where);
	if (prompt.trim() === "") {
		problems.push({
			...inside(callPlace(where), "prompt"),
			code: "too_small",
			value: prompt,
			message: "is empty",
			fix: "say what the child should do",
		});
	}
	const given = typeof fields.id === "string" ? fields.id : undefined;
	const id = given ?? deriveId(prompt);
	if (id.length > ID_MAX_LENGTH || !new RegExp(ID_PATTERN).test(id)) {
		const fix = `use ${ID_RULE}`;
		problems.push({ ...inside(where, "id"), code: "invalid_value", value: id, message: "is not a usable id", fix });
	}
	if (problems.length > 0) return { ok: false, problems };
	const tools = fields.tools as string[] | undefined;
	const child: UncheckedRequest = {
		kind: "unchecked",
		where,
		id,
		prompt,
		effort,
		budget,
		layer: layerOf(fields, where, agentAt),
		defaults:
			given === undefined ? [{ field: "id", value: id, reason: "made from the prompt's words and digest" }] : [],
		...(tools !== undefined && { tools: { names: tools, where: inside(where, "tools") } }),
	};
	return { ok: true, children: [child] };
}
