/**
 * What a child would receive, without running one: the shared composition behind `pi-delegate
 * preview` and `/delegate-preview`. With a spec it is the task's own plan — the same load and plan
 * a run uses, so what preview shows is what a run sends; without one it plans a child of the agent
 * (or the task worker) with the same pieces. Either way Pi renders the prompt. Needs no model and
 * no API key: a model that could not be used is a note ("a run would refuse"), not an error.
 */

import type { CommandPolicy } from "../agents/command-policy.ts";
import { loadAgents } from "../agents/load.ts";
import type { PathRule } from "../agents/path-policy.ts";
import { availableToolNames, type RenderedPrompt, renderChildView } from "../host/render.ts";
import { planChild } from "../plan/child.ts";
import { decideSettings } from "../plan/settings.ts";
import type { TaskBranch } from "../plan/tail.ts";
import { commandRules, pathRules } from "../plan/tools.ts";
import type { CallFields, RunnerKind, TaskPlan } from "../plan/types.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import type { ChildView } from "../prompt/child-view.ts";
import { readSettings } from "../settings/read.ts";
import { planDelegation } from "./delegate.ts";
import type { InputSources, SpecSource } from "./inputs.ts";

/** What a run loads from, less the spec and request a run must have; and what a preview without a spec plans from. */
export interface PreviewSources
	extends Pick<
		InputSources,
		"entry" | "cwd" | "home" | "agentDir" | "projectTrusted" | "env" | "parentPrompt" | "parentModel" | "parentRegistry"
	> {
	agent?: { name: string; where: ProblemPlace };
	runMode?: string;
	/** What `run` takes besides: the model, the runner, the provider extensions (a preview decides as a run would). */
	model?: string;
	runner?: RunnerKind;
	extensions?: readonly string[];
	call?: CallFields;
	tools?: { names: readonly string[]; where: ProblemPlace };
	spec?: SpecSource;
	/** With a spec: the conversation its `context.tail` quotes from (`--session FILE`). */
	branch?: () => TaskBranch | undefined;
}

export type Preview =
	| {
			ok: true;
			view: ChildView;
			child: RenderedPrompt;
			parent: ParentPrompt;
			/** The task's plan, when a spec was given. */
			plan?: TaskPlan;
			warnings: Problem[];
			/** What would stop a run of this plan although the child could be shown (a model without credentials). */
			wouldRefuse: Problem[];
			/** The commands the child's bash may run, when its agent limits them. */
			commands?: CommandPolicy[];
			/** The paths the child's file tools are refused, when its agent has such rules. */
			paths?: PathRule[];
	  }
	| { ok: false; what: string; problems: Problem[] };

async function previewSpec(sources: PreviewSources, spec: SpecSource): Promise<Preview> {
	if (sources.tools !== undefined) {
		return {
			ok: false,
			what: "--tools does not apply with --spec",
			problems: [
				{
					...sources.tools.where,
					code: "conflict",
					value: sources.tools.names,
					message: "a task's tools follow its authority (read_only, commands)",
					fix: "leave out --tools, or preview without --spec",
				},
			],
		};
	}
	let parent: ParentPrompt | undefined;
	const delegation = await planDelegation({
		...sources,
		spec,
		request: {
			...(sources.agent && { agent: sources.agent }),
			...(sources.call && { call: sources.call }),
			...(sources.runMode !== undefined && { runMode: sources.runMode }),
			...(sources.model !== undefined && { model: sources.model }),
			...(sources.runner !== undefined && { runner: sources.runner }),
			extensions: sources.extensions ?? [],
		},
		parentPrompt: async () => {
			parent = await sources.parentPrompt();
			return parent;
		},
	});
	const plan = delegation.plan;
	if (!delegation.ok && !plan) return { ok: false, what: delegation.what, problems: delegation.problems };
	if (delegation.ok) delegation.host.dispose();
	if (!plan || !parent) throw new Error("a plan without its parent prompt");
	const child = await renderChildView(plan.child, { cwd: plan.cwd, agentDir: plan.agentDir });
	const specWarnings = delegation.ok ? delegation.specWarnings : [];
	return {
		ok: true,
		view: plan.child,
		child,
		parent,
		plan,
		warnings: [...specWarnings, ...plan.warnings],
		wouldRefuse: delegation.ok ? [] : delegation.problems,
		...(plan.commands && { commands: plan.commands }),
		...(plan.paths && { paths: plan.paths }),
	};
}

export async function previewDelegation(sources: PreviewSources): Promise<Preview> {
	if (sources.spec) return previewSpec(sources, sources.spec);
	const located = {
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		projectTrusted: sources.projectTrusted,
	};
	const settings = decideSettings(readSettings(located));
	if (settings.problems.length > 0) {
		return { ok: false, what: "the settings have problems, so no child would start", problems: settings.problems };
	}
	const parent = await sources.parentPrompt();
	const available = await availableToolNames({ cwd: sources.cwd, agentDir: sources.agentDir });
	const planned = planChild({
		agents: loadAgents({ ...located, availableTools: available, env: sources.env }),
		...(sources.agent && { agent: sources.agent }),
		...(sources.tools && { tools: sources.tools }),
		available,
		registry: settings.registry,
		parent,
		...(sources.call && { call: sources.call }),
		...(sources.runMode !== undefined && { runMode: sources.runMode }),
		firstMessage: "",
	});
	if (!planned.ok) return { ok: false, what: `no child would start: ${planned.what}`, problems: planned.problems };
	const child = await renderChildView(planned.view, { cwd: sources.cwd, agentDir: sources.agentDir });
	const commands = commandRules(planned.definition, planned.view.tools);
	const paths = pathRules(planned.definition, planned.view.tools);
	return {
		ok: true,
		view: planned.view,
		child,
		parent,
		warnings: planned.view.warnings,
		wouldRefuse: [],
		...(commands && { commands }),
		...(paths && { paths }),
	};
}
