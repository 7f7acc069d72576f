/**
 * Launch-time checks of a definition against the session that will run it: the checks a launch
 * makes, so that `pi-delegate agents` never calls an agent fine that would then fail to start.
 *
 * A listed tool that does not exist is an error, not a silent drop: an agent written for `read,
 * grep, lint` that started without `lint` would do a different job than its author meant. (Tools
 * of other agent formats with no Pi counterpart were already dropped, with a note, by the parser.)
 */

import type { Problem } from "../problems.ts";
import { didYouMean } from "../suggest.ts";
import type { AgentDefinition } from "./definition.ts";
import {
	type ModelInfo,
	type ModelRefOptions,
	type ModelRefResult,
	resolveModelRef,
	unservedAlias,
} from "./model-ref.ts";

/** Every tool the definition lists that the session does not offer. */
export function checkAgentTools(definition: AgentDefinition, availableToolNames: Iterable<string>): Problem[] {
	const available = new Set(availableToolNames);
	const problems: Problem[] = [];
	for (const [index, tool] of (definition.tools ?? []).entries()) {
		if (available.has(tool)) continue;
		problems.push({
			source: definition.source.label,
			path: ["tools", index],
			code: "not_found",
			value: tool,
			message: `agent "${definition.name}" lists the tool "${tool}", which this session does not have${didYouMean(tool, available)}`,
			fix:
				available.size === 0
					? "remove it; no tools are available"
					: `remove it, load the extension that provides it, or use one of: ${[...available].sort().join(", ")}`,
		});
	}
	return problems;
}

/** What a launch knows: the runtime's models, the tools a child could have, the parent's model. */
export interface LaunchEnvironment {
	models: readonly ModelInfo[];
	tools: readonly string[];
	parent?: ModelRefOptions["parent"];
	/** Where `parent` comes from, for the listing: Pi's default model on the command line. Absent: the parent's model. */
	parentReason?: string;
	usable?: ModelRefOptions["usable"];
}

export interface AgentLaunchCheck {
	/** The agent's own model, resolved; undefined when it names none (the launcher decides). */
	model?: Extract<ModelRefResult, { ok: true }>;
	/** Why the agent's model stands aside for the launcher's (a family alias nobody here can serve). */
	standsAside?: string;
	problems: Problem[];
}

/** Resolves the agent's model and checks its tools, as a launch would. */
export function checkAgentLaunch(definition: AgentDefinition, env: LaunchEnvironment): AgentLaunchCheck {
	const problems = checkAgentTools(definition, env.tools);
	if (definition.model === undefined) return { problems };
	const aside = env.usable && unservedAlias(definition.model, env.models, env.usable, env.parent?.provider);
	if (aside) return { problems, standsAside: aside };
	const resolved = resolveModelRef(definition.model, {
		models: env.models,
		...(env.parent && { parent: env.parent }),
		...(env.usable && { usable: env.usable }),
		where: { source: definition.source.label, path: ["model"] },
	});
	if (!resolved.ok) return { problems: [...problems, resolved.problem] };
	// The launch refuses a model whose provider has no credentials (host.ts checkModel); so does the listing.
	if (env.usable && !env.usable(resolved.provider)) {
		problems.push({
			source: definition.source.label,
			path: ["model"],
			code: "unavailable",
			value: definition.model,
			message: `resolves to ${resolved.provider}/${resolved.id}, but provider "${resolved.provider}" has no credentials`,
			fix: "log in with pi (/login), or set the provider's API key environment variable",
		});
	}
	return { model: resolved, problems };
}

/**
 * The agents whose launch in `env` would start: the roster lists only these, since a call of any
 * other is refused (its model has no credentials or is unknown here, or it lists a tool nobody has).
 */
export function launchable(agents: Iterable<AgentDefinition>, env: LaunchEnvironment): AgentDefinition[] {
	return [...agents].filter((agent) => checkAgentLaunch(agent, env).problems.length === 0);
}
