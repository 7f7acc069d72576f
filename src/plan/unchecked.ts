/**
 * An unchecked child: a child that answers in text, decided from the same pieces as a task child —
 * its view from `decideView` (and so from `buildChildView`), its model and runner by the functions
 * a task's are decided by, its runs directory and prefix key by the same rules. What an unchecked
 * child does not get is what makes a task checkable: a spec, a boundary, an envelope. The one
 * planner (plan.ts) calls it for an unchecked child.
 *
 * Its tools are the one decision of its own. An unchecked child has no boundary diff, so nothing
 * would catch a change it makes: unless the caller names tools (or the agent file lists them), it
 * gets the entry's default — the reading tools for a workflow's `agent()`; Pi's own selection for a
 * preview, which shows what a child of the agent would be given. Authority is widened by asking
 * for it, never by default.
 */
import { auditFiles } from "./audit-files.ts";
import { decideView, resolveAgent } from "./child.ts";
import { prefixKey } from "./prefix.ts";
import { toolsCanWrite } from "./root-claim.ts";
import { decideRunsDir } from "./runs-dir.ts";
import { decideSettings } from "./settings.ts";
import { decideModel, decideRunner, MAX_REJECTIONS, NO_MODEL } from "./task.ts";
import { commandRules, pathRules } from "./tools.ts";
import type { CommonInputs, LoadedRequest, Planned, UncheckedPlan } from "./types.ts";

/** What an unchecked child gets when neither the caller nor its agent file names tools. */
export const UNCHECKED_DEFAULT_TOOLS: readonly string[] = Object.freeze(["read", "grep", "find", "ls"]);

type UncheckedRequest = Extract<LoadedRequest, { kind: "unchecked" }>;

function toolsFor(inputs: CommonInputs, request: UncheckedRequest) {
	if (request.tools) return request.tools;
	const { agent } = resolveAgent(inputs.agents, request.layer.agent);
	// The agent's own list (or its explicit "no tools") is its file's decision; decideView applies it.
	if (agent?.tools !== undefined) return undefined;
	const given = request.defaultTools ?? { names: UNCHECKED_DEFAULT_TOOLS, reason: "an unchecked child's default" };
	return { names: given.names, where: { source: given.reason, path: [] } };
}

export function planUnchecked(inputs: CommonInputs, unchecked: UncheckedRequest): Planned<UncheckedPlan> {
	const settings = decideSettings(inputs.settings);
	if (settings.problems.length > 0) {
		return { ok: false, what: "pi-delegate's settings have problems", problems: settings.problems };
	}
	const request = unchecked.layer;
	const tools = toolsFor(inputs, unchecked);
	const planned = decideView({
		agents: inputs.agents,
		...(request.agent && { agent: request.agent }),
		...(tools && { tools }),
		available: inputs.tools,
		registry: settings.registry,
		parent: inputs.parent,
		...(request.call && { call: request.call }),
		...(request.runMode !== undefined && { runMode: request.runMode }),
		firstMessage: unchecked.prompt,
	});
	if (!planned.ok) return planned;
	const { view, definition } = planned;
	const model = decideModel({ ...inputs, request, spec: { effort: unchecked.effort } }, settings, definition);
	const commands = commandRules(definition, view.tools);
	const paths = pathRules(definition, view.tools);
	const plan: UncheckedPlan = {
		version: 1,
		kind: "unchecked",
		id: unchecked.id,
		prompt: unchecked.prompt,
		effort: unchecked.effort,
		child: view,
		...(definition && { agent: definition.source }),
		cwd: inputs.cwd,
		agentDir: inputs.agentDir,
		model: model.model,
		runner: decideRunner({ ...inputs, request }, settings.runner),
		providerExtensions: [...new Set([...request.extensions, ...settings.providerExtensions])],
		budget: unchecked.budget,
		...(commands && { commands }),
		...(paths && { paths }),
		submit: { roots: [inputs.cwd], cwd: inputs.cwd, maxRejections: MAX_REJECTIONS },
		audit: { runsDir: decideRunsDir(inputs, settings.runsDir), files: auditFiles("unchecked") },
		prefixKey: prefixKey({ ...inputs, model: model.model, tools: view.tools, prompt: view.prompt }),
		piVersion: inputs.piVersion,
		claim: { roots: [inputs.cwd], write: toolsCanWrite(view.tools) },
		defaults: unchecked.defaults,
		...(inputs.parentSession && { parentSession: inputs.parentSession }),
		warnings: [...model.warnings, ...view.warnings],
	};
	if (model.problems.length === 0) return { ok: true, plan };
	const why = model.model === NO_MODEL ? "no model for the child" : "the child's model cannot be used";
	return { ok: false, what: why, problems: model.problems, plan };
}
