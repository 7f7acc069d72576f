/**
 * What background children add to every request of a parent: the `background` field of the `task`
 * and `fork` tools' parameters and the `children` tool's whole definition, each counted as the
 * provider receives a tool (name, description, input schema as JSON) with the emulator's
 * tokenizer. A field is measured as the difference it makes to its tool's definition.
 */
import { CHILDREN_TOOL_DESCRIPTION, ChildrenParamsSchema } from "../../src/pi/children-tool.ts";
import { ForkParamsSchema } from "../../src/pi/fork-tool.ts";
import { TaskParamsSchema } from "../../src/pi/task-params.ts";
import { countTokens } from "../emulator/index.ts";

interface Schema {
	properties: Record<string, unknown>;
}

const definition = (name: string, description: string, schema: unknown) =>
	countTokens(JSON.stringify({ name, description, input_schema: schema }));

/** Tokens one property adds to a tool's definition (`value` stands in for a field not yet there). */
export function fieldTokens(name: string, schema: Schema, field: string, value?: unknown): number {
	const { [field]: present, ...rest } = schema.properties;
	const withIt = { ...schema, properties: { ...rest, [field]: value ?? present } };
	return definition(name, "", withIt) - definition(name, "", { ...schema, properties: rest });
}

export interface AddedTokens {
	taskBackground: number;
	forkBackground: number;
	childrenTool: number;
	total: number;
	/** What a `resume` field of the same kind (a run id, a few words) would add to both tools. */
	resumeEstimate: number;
}

export function backgroundAddedTokens(): AddedTokens {
	const taskBackground = fieldTokens("task", TaskParamsSchema, "background");
	const forkBackground = fieldTokens("fork", ForkParamsSchema, "background");
	const childrenTool = definition("children", CHILDREN_TOOL_DESCRIPTION, ChildrenParamsSchema);
	const resume = { type: "string", description: "Continue a finished child (its run id) with this goal." };
	const resumeEstimate =
		fieldTokens("task", TaskParamsSchema, "resume", resume) + fieldTokens("fork", ForkParamsSchema, "resume", resume);
	return {
		taskBackground,
		forkBackground,
		childrenTool,
		total: taskBackground + forkBackground + childrenTool,
		resumeEstimate,
	};
}
