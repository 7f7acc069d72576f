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
import { didYouMean } from "../context/suggest.ts";
import type { Problem } from "../problems.ts";
import type { ParentPrompt, Strategy } from "./channels.ts";
import { childTools, kindFromAgent } from "./child-kind.ts";
import { buildChildView, type ChildView } from "./child-view.ts";
import { type RenderedPrompt, renderChildView } from "./render.ts";
import { TASK_WORKER } from "./task-worker.ts";

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
	firstMessage: string;
	/** Where the agent name and tools were given, for problem paths (`--agent`, `agent`). */
	where?: { agent: string; tools: string };
}

export type PreviewResult =
	| { ok: true; view: ChildView; child: RenderedPrompt; definition?: AgentDefinition }
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
	const tools = childTools(request.tools ?? definition?.tools);
	const view = buildChildView({
		kind: definition ? kindFromAgent(definition) : TASK_WORKER,
		...(request.strategy !== undefined && { call: { strategy: request.strategy } }),
		...(request.runMode !== undefined && { runMode: request.runMode }),
		registry: request.registry,
		parent: request.parent,
		tools,
		firstMessage: request.firstMessage,
	});
	const child = await renderChildView(view, { cwd: request.cwd, agentDir: request.agentDir });
	const problems =
		request.tools === undefined && definition
			? checkAgentTools(definition, child.availableTools)
			: toolProblems(tools, child.missingTools, where.tools, child.availableTools);
	if (problems.length > 0) return { ok: false, problems };
	return { ok: true, view, child, ...(definition && { definition }) };
}
