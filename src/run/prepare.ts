/**
 * Everything a task needs settled before its child may start, the same for the command line and
 * the Pi `task` tool: pi-delegate's settings and context modes, the agent the task runs as (found,
 * and its tools checked), and the model. Each failure names what could not be settled and every
 * problem, so the caller can refuse with exit 2 (or an error result) before anything runs.
 */
import type { AgentDefinition } from "../agents/definition.ts";
import { agentModelForLaunch } from "../agents/launch-model.ts";
import { loadAgents } from "../agents/load.ts";
import type { ModeRegistry } from "../context/modes.ts";
import { modeRegistryFromSettings } from "../context/project-modes.ts";
import type { Problem } from "../problems.ts";
import { agentToolProblems, findAgent } from "../prompt/preview.ts";
import { readDelegateSettings } from "../settings/read.ts";
import { type DelegateSettings, settingValues } from "../settings/section.ts";
import type { TaskSpec } from "../spec/schema.ts";
import { chooseModel, type ModelRequest } from "./model.ts";
import type { ModelChoice, RunnerKind } from "./types.ts";

export interface PrepareInput {
	spec: TaskSpec;
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
	/** An agent name, and where it was given (`--agent`, `agent`) for problem paths. */
	agent?: { name: string; where: string };
	model: Pick<ModelRequest, "explicit" | "parent" | "piDefault">;
}

export interface PreparedTask {
	settings: DelegateSettings;
	registry: ModeRegistry;
	agent: AgentDefinition | undefined;
	model: ModelChoice;
	/** Provider extensions the `providerExtensions` setting names. */
	providerExtensions: string[];
	/** The `runsDir` setting, when set. */
	runsDir: string | undefined;
	/** The `runner` setting, when it names a runner. */
	runner: RunnerKind | undefined;
}

export type Preparation = { ok: true; task: PreparedTask } | { ok: false; what: string; problems: Problem[] };

/** The value of a setting in the last file that sets it (project over global). */
function last(settings: DelegateSettings, key: string): unknown {
	return settingValues(settings, key).at(-1)?.value;
}

export async function prepareTask(input: PrepareInput): Promise<Preparation> {
	const settings = readDelegateSettings(input);
	const modes = modeRegistryFromSettings(settings);
	if (settings.problems.length + modes.problems.length > 0) {
		return {
			ok: false,
			what: "pi-delegate's settings have problems",
			problems: [...settings.problems, ...modes.problems],
		};
	}
	let agent: AgentDefinition | undefined;
	if (input.agent !== undefined) {
		const found = findAgent(loadAgents(input), input.agent.name, input.agent.where);
		if ("problems" in found) return { ok: false, what: `no agent "${input.agent.name}"`, problems: found.problems };
		agent = found.agent;
		const problems = await agentToolProblems(agent, input);
		if (problems.length > 0)
			return { ok: false, what: `the agent "${agent.name}" names tools that do not exist`, problems };
	}
	// An agent's model may be an alias or a bare id (`sonnet`, `claude-haiku-4-5`): resolved as Pi's --model would.
	const agentModel =
		agent && input.model.explicit === undefined
			? await agentModelForLaunch(agent, {
					agentDir: input.agentDir,
					...(input.model.parent && { parent: input.model.parent }),
				})
			: {};
	if ("problems" in agentModel)
		return {
			ok: false,
			what: `the agent "${agent?.name}" names a model that cannot be found`,
			problems: agentModel.problems,
		};
	const chosen = chooseModel({
		effort: input.spec.effort,
		settings,
		...input.model,
		...(agent && {
			agent: {
				model: agentModel.model ?? agent.model,
				thinking: agentModel.thinking ?? agent.thinking,
				where: `${agent.source.label}: model`,
			},
		}),
	});
	if ("problems" in chosen) return { ok: false, what: "no model for the child", problems: chosen.problems };
	const extensions = last(settings, "providerExtensions");
	const runsDir = last(settings, "runsDir");
	const runner = last(settings, "runner");
	return {
		ok: true,
		task: {
			settings,
			registry: modes.registry,
			agent,
			model: chosen.choice,
			providerExtensions: Array.isArray(extensions) ? extensions.filter((e): e is string => typeof e === "string") : [],
			runsDir: typeof runsDir === "string" ? runsDir : undefined,
			runner: runner === "in-process" || runner === "subprocess" ? runner : undefined,
		},
	};
}
