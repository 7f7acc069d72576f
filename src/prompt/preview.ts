/**
 * The preview pipeline shared by `pi-delegate preview` and `/delegate-preview`: resolve the child's
 * kind (an agent definition, or the task worker), its tools, build its view with the one function,
 * render it with Pi, and check the launch rules a real start would check — an unknown or broken
 * agent, or a listed tool the child's session does not have, is an error, never a silent drop.
 */
import { type AgentCatalog, lookupAgent } from "../agents/catalog.ts";
import { checkAgentTools } from "../agents/check.ts";
import type { AgentDefinition } from "../agents/definition.ts";
import type { ModeRegistry } from "../context/modes.ts";
import type { Problem } from "../problems.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { didYouMean } from "../suggest.ts";
import type { ParentPrompt, Strategy } from "./channels.ts";
import { childTools, kindFromAgent } from "./child-kind.ts";
import { buildChildView, type ChildView } from "./child-view.ts";
import { type RenderedPrompt, renderChildView } from "./render.ts";
import { TASK_WORKER, taskViewRequest } from "./task-worker.ts";

export interface PreviewRequest {
	cwd: string;
	agentDir: string;
	registry: ModeRegistry;
	catalog: AgentCatalog;
	/** An agent's name; the task worker when undefined. */
	agent?: string;
	/** Run-level mode (`--mode`). */
	runMode?: string;
	/** Per-call strategy (`--strategy`). */
	strategy?: Strategy;
	/** Tool names instead of the agent's list (or Pi's default); `submit_result` is added. */
	tools?: readonly string[];
	parent: ParentPrompt;
	/** The first message when no spec is given (a brief is per run). */
	firstMessage: string;
	/** A task spec: the child is that task's child (its tools follow its authority, its brief is the first message). */
	spec?: TaskSpec;
	/** Where the agent name and tools were given, for problem paths (`--agent`, `agent`). */
	where?: { agent: string; tools: string };
}

export type PreviewResult =
	| { ok: true; view: ChildView; child: RenderedPrompt; definition?: AgentDefinition; warnings: Problem[] }
	| { ok: false; problems: Problem[] };

function toolProblems(tools: readonly string[], missing: readonly string[], where: string, available: string[]) {
	return missing.map(
		(name): Problem => ({
			path: `${where}[${tools.indexOf(name)}]`,
			value: name,
			message: `the child's session has no tool "${name}"${didYouMean(name, available)}`,
			fix: `use one of: ${[...available].sort().join(", ")}`,
		}),
	);
}

export async function previewChild(request: PreviewRequest): Promise<PreviewResult> {
	const where = request.where ?? { agent: "agent", tools: "tools" };
	let definition: AgentDefinition | undefined;
	if (request.agent !== undefined) {
		const found = lookupAgent(request.catalog, request.agent, where.agent);
		if (found.kind !== "found") return { ok: false, problems: [found.problem] };
		definition = found.agent;
	}
	const call = request.strategy !== undefined ? { call: { strategy: request.strategy } } : {};
	const runMode = request.runMode !== undefined ? { runMode: request.runMode } : {};
	// A task's view request comes from the same function a run of it uses.
	const task = request.spec
		? taskViewRequest(request.spec, {
				...(definition && { agent: definition }),
				...call,
				...runMode,
				registry: request.registry,
				parent: request.parent,
			})
		: undefined;
	const tools = task ? task.request.tools : childTools(request.tools ?? definition?.tools);
	const view = buildChildView(
		task?.request ?? {
			kind: definition ? kindFromAgent(definition) : TASK_WORKER,
			...call,
			...runMode,
			registry: request.registry,
			parent: request.parent,
			tools,
			firstMessage: request.firstMessage,
		},
	);
	const child = await renderChildView(view, { cwd: request.cwd, agentDir: request.agentDir });
	const problems =
		request.tools === undefined && definition
			? checkAgentTools(definition, child.availableTools)
			: toolProblems(tools, child.missingTools, where.tools, child.availableTools);
	if (problems.length > 0) return { ok: false, problems };
	return { ok: true, view, child, ...(definition && { definition }), warnings: task?.warnings ?? [] };
}

/**
 * The launch check of an agent's own tool list: every tool it names must exist in a child's
 * session (a misspelled tool is an error at launch, never silently dropped). Renders a throwaway
 * session of the agent's tools to ask Pi which exist.
 */
export async function agentToolProblems(
	definition: AgentDefinition,
	options: { cwd: string; agentDir: string },
): Promise<Problem[]> {
	if (definition.tools === undefined) return [];
	const tools = childTools(definition.tools);
	const empty = { customPrompt: "", appendSystemPrompt: [], contextFiles: [], skills: [] };
	const rendered = await renderChildView({ prompt: empty, tools }, options);
	return rendered.missingTools.length === 0 ? [] : checkAgentTools(definition, rendered.availableTools);
}

/** Finds an agent by name for a launch, with the same lookup and problems as preview. */
export function findAgent(
	catalog: AgentCatalog,
	name: string,
	where: string,
): { agent: AgentDefinition } | { problems: Problem[] } {
	const found = lookupAgent(catalog, name, where);
	return found.kind === "found" ? { agent: found.agent } : { problems: [found.problem] };
}
