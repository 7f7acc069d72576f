/**
 * Agent definitions as child kinds: what `buildChildView` takes from an agent file, and the tools a
 * child of that kind is started with. The `task` tool, the CLI and workflows all go through here,
 * so an agent name means the same child wherever it is used.
 */
import { type AgentDefinition, agentContextLayer } from "../agents/definition.ts";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import type { ChildKind } from "./child-view.ts";

/** Pi's own default selection: a child whose agent file (or caller) names no tools gets these. */
export const DEFAULT_CHILD_TOOLS: readonly string[] = Object.freeze(["read", "bash", "edit", "write"]);

/** The child kind an agent definition describes: its body is the role, its frontmatter the agent layer. */
export function kindFromAgent(definition: AgentDefinition): ChildKind {
	return {
		name: definition.name,
		role: definition.role,
		context: agentContextLayer(definition),
		...(definition.inheritPrompt !== undefined && { inheritPrompt: definition.inheritPrompt }),
		source: definition.source.label,
	};
}

/**
 * The tool names a child starts with: the listed ones (an empty list means none), else Pi's
 * default, and always `submit_result`, through which it hands its result back.
 */
export function childTools(listed: readonly string[] | undefined): string[] {
	const tools = [...(listed ?? DEFAULT_CHILD_TOOLS)];
	return tools.includes(SUBMIT_RESULT_TOOL_NAME) ? tools : [...tools, SUBMIT_RESULT_TOOL_NAME];
}
