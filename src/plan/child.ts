/**
 * Deciding the view of a child that is not a task: which kind it is (an agent definition, or the
 * task worker), its tools, and its view from the one function that decides what a child sees. An
 * unchecked child is planned this way (unchecked.ts); a task plans its child through the same
 * pieces, with the tools its authority allows and its brief as the first message.
 */
import { type AgentCatalog, lookupAgent } from "../agents/catalog.ts";
import { type AgentDefinition, agentContextLayer } from "../agents/definition.ts";
import type { ModeRegistry } from "../context/modes.ts";
import { unknownRunMode } from "../context/resolve.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import { buildChildView, type ChildKind, type ChildView } from "../prompt/child-view.ts";
import { TASK_WORKER } from "../prompt/task-worker.ts";
import { childTools } from "./tools.ts";
import type { CallFields } from "./types.ts";

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
 * The agent a request names, or every reason it cannot be used. A broken file's own problems come
 * with it — "has problems" alone does not say what to fix.
 */
export function resolveAgent(
	catalog: AgentCatalog,
	request: { name: string; where: ProblemPlace } | undefined,
): { agent?: AgentDefinition; what: string; problems: Problem[] } {
	if (request === undefined) return { what: "", problems: [] };
	const found = lookupAgent(catalog, request.name, request.where);
	if (found.kind === "found") return { agent: found.agent, what: "", problems: [] };
	if (found.kind === "unknown") return { what: `no agent "${request.name}"`, problems: [found.problem] };
	const files = new Set(found.files.map((f) => f.label));
	const inFile = (source: string | undefined, label: string) => source === label || source?.startsWith(`${label}:`);
	const own = catalog.problems.filter((p) => [...files].some((label) => inFile(p.source, label)));
	return { what: `the agent "${request.name}" has problems`, problems: [found.problem, ...own] };
}

export interface ViewInputs {
	agents: AgentCatalog;
	agent?: { name: string; where: ProblemPlace };
	/** Tool names instead of the agent's (or Pi's default); `submit_result` is added. */
	tools?: { names: readonly string[]; where: ProblemPlace };
	available: readonly string[];
	registry: ModeRegistry;
	parent: ParentPrompt;
	call?: CallFields;
	runMode?: string;
	firstMessage: string;
}

export type DecidedView =
	| { ok: true; view: ChildView; definition?: AgentDefinition }
	| { ok: false; what: string; problems: Problem[] };

export function decideView(inputs: ViewInputs): DecidedView {
	const mode = unknownRunMode(inputs.registry, inputs.runMode);
	if (mode) return { ok: false, what: "the run-level context mode does not exist", problems: [mode] };
	const { agent, what, problems } = resolveAgent(inputs.agents, inputs.agent);
	if (problems.length > 0) return { ok: false, what, problems };
	const tools = childTools(inputs.tools, agent, inputs.available);
	if (tools.problems.length > 0) return { ok: false, what: "the child's tools do not exist", problems: tools.problems };
	const view = buildChildView({
		kind: agent ? kindFromAgent(agent) : TASK_WORKER,
		...(inputs.call !== undefined && { call: inputs.call }),
		...(inputs.runMode !== undefined && { runMode: inputs.runMode }),
		registry: inputs.registry,
		parent: inputs.parent,
		tools: tools.tools,
		firstMessage: inputs.firstMessage,
	});
	return { ok: true, view, ...(agent && { definition: agent }) };
}
