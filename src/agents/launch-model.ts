/**
 * The agent's model for a launch that has no runtime at hand yet: the runtime is built from Pi's
 * agent directory (as host.ts builds it) only to read its model list, and the reference resolved
 * with resolveModelRef. A bridge for run/prepare.ts until the planner passes the runtime's model
 * list itself; the rule is the same either way.
 */
import type { Problem } from "../problems.ts";
import { createRuntime } from "../run/host.ts";
import type { AgentDefinition } from "./definition.ts";
import { type ModelRefOptions, resolveModelRef } from "./model-ref.ts";

/**
 * `provider/id` (and the suffix's thinking level) for the agent's model, or the problem. A reference
 * already written as `provider/id` that the directory's models do not know is passed on unchanged:
 * inside Pi it may belong to a provider an extension registered, and the launch's model check
 * (which sees those providers) has the last word.
 */
export async function agentModelForLaunch(
	definition: AgentDefinition,
	options: { agentDir: string; parent?: ModelRefOptions["parent"] },
): Promise<{ model?: string; thinking?: string } | { problems: Problem[] }> {
	if (definition.model === undefined) return {};
	const runtime = await createRuntime(options.agentDir);
	const resolved = resolveModelRef(definition.model, {
		models: runtime.getModels().map((m) => ({ provider: m.provider, id: m.id, name: m.name })),
		usable: (provider) => runtime.hasConfiguredAuth(provider),
		...(options.parent && { parent: options.parent }),
		where: `${definition.source.label}: model`,
	});
	if (resolved.ok) {
		const thinking = definition.thinking ?? resolved.thinking;
		return { model: `${resolved.provider}/${resolved.id}`, ...(thinking && { thinking }) };
	}
	if (/^[^/\s]+\/\S+$/.test(definition.model)) {
		return { model: definition.model, ...(definition.thinking && { thinking: definition.thinking }) };
	}
	return { problems: [resolved.problem] };
}
