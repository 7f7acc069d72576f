/**
 * `planPlainChild`: a child that answers in text, decided from the same pieces as a task child —
 * its view from `planChild` (and so from `buildChildView`), its model and runner by the functions
 * `planTask` uses, its runs directory and prefix key by the same rules. What a plain child does
 * not get is what makes a task checkable: a spec, a boundary, an envelope.
 *
 * Its tools are the one decision of its own. A plain child has no boundary diff, so nothing would
 * catch a change it makes: unless the caller names tools (or the agent file lists them), it gets
 * the reading tools only. Authority is widened by asking for it, never by default.
 */
import type { Problem, ProblemPlace } from "../problems.ts";
import type { Effort } from "../request/choices.ts";
import type { Budget } from "../request/limits.ts";
import { planChild, resolveAgent } from "./child.ts";
import { prefixKey } from "./prefix.ts";
import { decideSettings } from "./settings.ts";
import { decideModel, decideRunner, decideRunsDir, MAX_REJECTIONS, NO_MODEL } from "./task.ts";
import { commandRules, pathRules } from "./tools.ts";
import type { PlainPlan, TaskInputs } from "./types.ts";

/** What a plain child gets when neither the caller nor its agent file names tools. */
export const PLAIN_DEFAULT_TOOLS: readonly string[] = Object.freeze(["read", "grep", "find", "ls"]);

/** The files a plain child's audit directory holds once it has finished. */
export const PLAIN_AUDIT_FILES = [
	"prompt.txt",
	"view.json",
	"launch.json",
	"events.ndjson",
	"session.jsonl",
	"outcome.json",
	"result.json",
] as const;

/** Everything a task's inputs hold except the spec, plus what stands in for it. */
export interface PlainInputs extends Omit<TaskInputs, "spec"> {
	id: string;
	prompt: string;
	effort: Effort;
	budget: Budget;
	/** Tool names the caller asked for; `where` names the option they were given in. */
	childTools?: { names: readonly string[]; where: ProblemPlace };
}

export type PlannedPlain =
	| { ok: true; plan: PlainPlan }
	| { ok: false; what: string; problems: Problem[]; plan?: PlainPlan };

function toolsFor(inputs: PlainInputs): { names: readonly string[]; where: ProblemPlace } | undefined {
	if (inputs.childTools) return inputs.childTools;
	const { agent } = resolveAgent(inputs.agents, inputs.request.agent);
	// The agent's own list (or its explicit "no tools") is its file's decision; planChild applies it.
	if (agent?.tools !== undefined) return undefined;
	return { names: PLAIN_DEFAULT_TOOLS, where: { source: "default tools of a plain child", path: [] } };
}

export function planPlainChild(inputs: PlainInputs): PlannedPlain {
	const settings = decideSettings(inputs.settings);
	if (settings.problems.length > 0) {
		return { ok: false, what: "pi-delegate's settings have problems", problems: settings.problems };
	}
	const { request } = inputs;
	const tools = toolsFor(inputs);
	const planned = planChild({
		agents: inputs.agents,
		...(request.agent && { agent: request.agent }),
		...(tools && { tools }),
		available: inputs.tools,
		registry: settings.registry,
		parent: inputs.parent,
		...(request.call && { call: request.call }),
		...(request.runMode !== undefined && { runMode: request.runMode }),
		firstMessage: inputs.prompt,
	});
	if (!planned.ok) return planned;
	const { view, definition } = planned;
	const model = decideModel({ ...inputs, spec: { effort: inputs.effort } }, settings, definition);
	const commands = commandRules(definition, view.tools);
	const paths = pathRules(definition, view.tools);
	const plan: PlainPlan = {
		version: 1,
		kind: "plain",
		id: inputs.id,
		prompt: inputs.prompt,
		effort: inputs.effort,
		child: view,
		...(definition && { agent: definition.source }),
		cwd: inputs.cwd,
		agentDir: inputs.agentDir,
		model: model.model,
		runner: decideRunner(inputs, settings.runner),
		providerExtensions: [...new Set([...request.extensions, ...settings.providerExtensions])],
		budget: inputs.budget,
		...(commands && { commands }),
		...(paths && { paths }),
		submit: { roots: [inputs.cwd], cwd: inputs.cwd, maxRejections: MAX_REJECTIONS },
		audit: {
			runsDir: decideRunsDir(inputs, settings.runsDir),
			files: [...PLAIN_AUDIT_FILES],
		},
		prefixKey: prefixKey({
			model: model.model,
			tools: view.tools,
			prompt: view.prompt,
			cwd: inputs.cwd,
			piVersion: inputs.piVersion,
		}),
		piVersion: inputs.piVersion,
		...(inputs.parentSession && { parentSession: inputs.parentSession }),
		warnings: [...model.warnings, ...view.warnings],
	};
	if (model.problems.length === 0) return { ok: true, plan };
	const why = model.model === NO_MODEL ? "no model for the child" : "the child's model cannot be used";
	return { ok: false, what: why, problems: model.problems, plan };
}
