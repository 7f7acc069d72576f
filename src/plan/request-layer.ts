/**
 * The layer of a request that chooses the child: the agent it runs as, and the call's context
 * fields (the highest precedence layer of what it sees; `inheritPrompt` is the strategy). Pure.
 */
import { inside, type PathSegment, type ProblemPlace } from "../problems.ts";
import type { RequestLayer } from "./request-types.ts";
import type { CallFields } from "./types.ts";

const CONTEXT_FIELDS = [
	"contextMode",
	"inheritProjectContext",
	"inheritMainRules",
	"inheritSkills",
	"systemPromptMode",
	"skills",
] as const;

/** The call's layer: its agent, and the context fields (inheritPrompt as the strategy). */
export function layerOf(fields: Record<string, unknown>, where: ProblemPlace, agentAt: PathSegment): RequestLayer {
	const call: Record<string, unknown> = {};
	for (const name of CONTEXT_FIELDS) if (fields[name] !== undefined) call[name] = fields[name];
	if (fields.inheritPrompt !== undefined) call.strategy = fields.inheritPrompt;
	return {
		...(typeof fields.agent === "string" && { agent: { name: fields.agent, where: inside(where, agentAt) } }),
		...(Object.keys(call).length > 0 && { call: call as CallFields }),
	};
}
