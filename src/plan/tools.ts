/**
 * The one place a child's tool list is decided. A task's tools follow its authority; an agent's
 * list can narrow them, never widen them; every name must exist in a child's session (a misspelt
 * tool is an error, never a silent drop); and `submit_result` is added here, once, so no runner,
 * renderer or report adds, strips or re-adds it.
 */
import { checkAgentTools } from "../agents/check.ts";
import type { AgentDefinition } from "../agents/definition.ts";
import type { CommandPolicy } from "../agents/permissions/command-policy.ts";
import { type PathRule, ruleTools } from "../agents/permissions/path-policy.ts";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import { inside, type Problem, type ProblemPlace } from "../problems.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { didYouMean } from "../suggest.ts";

/** Pi's own default selection: a child whose agent file (or caller) names no tools gets these. */
export const DEFAULT_CHILD_TOOLS: readonly string[] = Object.freeze(["read", "bash", "edit", "write"]);

/** Read-only tasks get the reading tools (and bash only when the spec lists commands); write tasks get editing tools and bash. */
export function authorityTools(spec: Pick<TaskSpec, "read_only" | "context">): string[] {
	return spec.read_only
		? ["read", "grep", "find", "ls", ...(spec.context.commands.length > 0 ? ["bash"] : [])]
		: ["read", "edit", "write", "bash", "grep", "find", "ls"];
}

/** A list with `submit_result` last, each name once. */
export function withSubmit(tools: readonly string[]): string[] {
	return [...new Set([...tools.filter((t) => t !== SUBMIT_RESULT_TOOL_NAME), SUBMIT_RESULT_TOOL_NAME])];
}

/** Every listed name a child session does not have, as problems at `where[i]`. */
export function missingTools(listed: readonly string[], available: readonly string[], where: ProblemPlace): Problem[] {
	const have = new Set([...available, SUBMIT_RESULT_TOOL_NAME]);
	return listed.flatMap((name, index): Problem[] =>
		have.has(name)
			? []
			: [
					{
						...inside(where, index),
						code: "not_found",
						value: name,
						message: `the child's session has no tool "${name}"${didYouMean(name, available)}`,
						fix:
							available.length === 0
								? "remove it; no tools are available"
								: `remove it, load the extension that provides it, or use one of: ${[...available].sort().join(", ")}`,
					},
				],
	);
}

export interface TaskTools {
	tools: string[];
	warnings: Problem[];
	problems: Problem[];
}

/** A task child's tools: its authority's, narrowed by the agent's own list. */
export function taskTools(spec: TaskSpec, agent: AgentDefinition | undefined, available: readonly string[]): TaskTools {
	const allowed = authorityTools(spec);
	const listed = agent?.tools;
	if (!agent || listed === undefined) return { tools: withSubmit(allowed), warnings: [], problems: [] };
	const problems = checkAgentTools(agent, available);
	const beyond = listed.filter((tool) => !allowed.includes(tool) && tool !== SUBMIT_RESULT_TOOL_NAME);
	const warnings: Problem[] =
		beyond.length === 0
			? []
			: [
					{
						source: agent.source.label,
						path: ["tools"],
						code: "conflict",
						value: beyond,
						message: `the agent lists ${beyond.join(", ")}, which this task's authority does not allow (${spec.read_only ? "read-only" : "write"} task); left out`,
						fix: spec.read_only
							? "give the task write_allowed roots if it must change files"
							: "nothing to do: a task's tools follow its authority",
					},
				];
	return { tools: withSubmit(allowed.filter((tool) => listed.includes(tool))), warnings, problems };
}

/** A child outside a task (preview without a spec): the given list, else the agent's, else Pi's default. */
export function childTools(
	given: { names: readonly string[]; where: ProblemPlace } | undefined,
	agent: AgentDefinition | undefined,
	available: readonly string[],
): { tools: string[]; problems: Problem[] } {
	if (given) return { tools: withSubmit(given.names), problems: missingTools(given.names, available, given.where) };
	const listed = agent?.tools;
	if (agent && listed !== undefined) {
		return { tools: withSubmit(listed), problems: checkAgentTools(agent, available) };
	}
	return { tools: withSubmit(DEFAULT_CHILD_TOOLS), problems: [] };
}

/**
 * The per-command rules the child's bash is held to: its agent's (Claude Code's `Bash(git diff:*)`,
 * OpenCode's bash map, Claude Code's settings), whenever the child has bash, however it got it.
 */
export function commandRules(
	agent: AgentDefinition | undefined,
	tools: readonly string[],
): CommandPolicy[] | undefined {
	return tools.includes("bash") && agent?.commands !== undefined && agent.commands.length > 0
		? agent.commands
		: undefined;
}

/** The path rules the child's file tools are held to: those of its agent that govern a tool it has. */
export function pathRules(agent: AgentDefinition | undefined, tools: readonly string[]): PathRule[] | undefined {
	const rules = (agent?.paths ?? []).filter((rule) => ruleTools(rule).some((t) => tools.includes(t)));
	return rules.length > 0 ? rules : undefined;
}
