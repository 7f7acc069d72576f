/**
 * What a workflow call's problems say in the call's own words, and the check of its result schema
 * before anything runs. The call itself becomes a request by the planner's one request step
 * (plan/request.ts), as a `task` call does. Pure.
 */
import { Value } from "typebox/value";
import { entryPlace } from "../plan/request.ts";
import { callPlace } from "../plan/request-unchecked.ts";
import { inside, type Problem, type ProblemPlace } from "../problems.ts";
import type { ResultSchema } from "./result-schema.ts";

/** A spec problem's place in the words of the call: `goal` is the prompt, `context.facts` is `facts`. */
export function optionPath(where: ProblemPlace, spec: Pick<Problem, "source" | "path">): ProblemPlace {
	if (spec.source !== undefined) return where;
	if (spec.path.length === 1 && spec.path[0] === "goal") return inside(callPlace(where), "prompt");
	return entryPlace("workflow", where, spec);
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
