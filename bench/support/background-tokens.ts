/**
 * What background children, their control and resuming add to every request of a parent: the
 * `background` field of the `task` and `fork` tools' parameters, the `children` tool's whole
 * definition and the words that name `resume` in both tools' descriptions, each counted as the
 * provider receives a tool (name, description, input schema as JSON) with the emulator's
 * tokenizer. A field is measured as the difference it makes to its tool's definition.
 */
import { FORK_TOOL_DESCRIPTION } from "../../src/gate/rule.ts";
import { CHILDREN_TOOL_DESCRIPTION, ChildrenParamsSchema } from "../../src/pi/children-tool.ts";
import { ForkParamsSchema } from "../../src/pi/fork-tool.ts";
import { TaskParamsSchema } from "../../src/pi/task-params.ts";
import { TASK_TOOL_DESCRIPTION } from "../../src/pi/task-tool.ts";
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
	/** What `resume` adds to both tools: it is named in their descriptions, not defined in their schemas. */
	resume: number;
}

/** Tokens the words naming `resume` add to a description (measured against the text without them). */
function resumeWords(description: string, words: RegExp): number {
	const without = description.replace(words, "");
	if (without === description) throw new Error(`the description no longer names resume as ${words}`);
	return countTokens(description) - countTokens(without);
}

export function backgroundAddedTokens(): AddedTokens {
	const taskBackground = fieldTokens("task", TaskParamsSchema, "background");
	const forkBackground = fieldTokens("fork", ForkParamsSchema, "background");
	const childrenTool = definition("children", CHILDREN_TOOL_DESCRIPTION, ChildrenParamsSchema);
	const resume =
		resumeWords(TASK_TOOL_DESCRIPTION, /, resume \([^)]*\)/) +
		resumeWords(FORK_TOOL_DESCRIPTION, /\nAlso: resume \([^)]*\)\./);
	return {
		taskBackground,
		forkBackground,
		childrenTool,
		resume,
		total: taskBackground + forkBackground + childrenTool + resume,
	};
}
