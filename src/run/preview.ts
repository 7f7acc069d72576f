/**
 * What a child would receive, without running one: the shared composition behind `pi-delegate
 * preview` and `/delegate-preview`. It is the same load and the same plan a run uses (planCall), so
 * what preview shows is what a run sends: with a spec, the task's own plan; without one, an unchecked
 * child of the agent (or the task worker) with the tools it would be given. Either way Pi renders the
 * prompt. Needs no model and no API key: a model that could not be used is a note ("a run would
 * refuse"), not an error.
 */

import type { CommandPolicy } from "../agents/permissions/command-policy.ts";
import type { PathRule } from "../agents/permissions/path-policy.ts";
import { type RenderedPrompt, renderChildView } from "../host/render.ts";
import type { ChildRequest, ResumeRequest, SpecSource } from "../plan/request-types.ts";
import type { TaskBranch } from "../plan/tail.ts";
import { DEFAULT_CHILD_TOOLS } from "../plan/tools.ts";
import type { CallFields, ModelChoice, RunnerKind, TaskPlan } from "../plan/types.ts";
import type { Problem, ProblemPlace } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import type { ChildView } from "../prompt/child-view.ts";
import type { RequestFlags } from "../request/flags.ts";
import { DEFAULT_BUDGETS, DEFAULT_EFFORT } from "../request/limits.ts";
import { planCall } from "./delegate.ts";
import type { InputSources } from "./inputs.ts";

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
	/** With a spec: the finished run it resumes (`--resume`). */
	resume?: ResumeRequest;
	/** With a spec: the conversation its `context.tail` quotes from (`--session FILE`). */
	branch?: () => TaskBranch | undefined;
}

/** The preview flags' part of the sources, read alike by `pi-delegate preview` and `/delegate-preview`; a problem names the flag. */
export function previewFlagSources(
	flags: Omit<RequestFlags, "session" | "resume"> & { spec?: string | undefined },
): Pick<PreviewSources, "agent" | "runMode" | "model" | "runner" | "extensions" | "call" | "tools" | "spec"> {
	return {
		...(flags.agent !== undefined && { agent: { name: flags.agent, where: { source: "--agent", path: [] } } }),
		...(flags.mode !== undefined && { runMode: flags.mode }),
		...(flags.model !== undefined && { model: flags.model }),
		...(flags.runner !== undefined && { runner: flags.runner }),
		extensions: flags.extensions,
		...(flags.strategy !== undefined && { call: { strategy: flags.strategy } }),
		...(flags.tools !== undefined && { tools: { names: flags.tools, where: { source: "--tools", path: [] } } }),
		...(flags.spec !== undefined && { spec: { file: flags.spec } }),
	};
}

export type Preview =
	| {
			ok: true;
			view: ChildView;
			child: RenderedPrompt;
			parent: ParentPrompt;
			/** The task's plan, when a spec was given. */
			plan?: TaskPlan;
			/** The model a child started without a spec would run on, and why (a task's is in its plan). */
			model?: ModelChoice;
			warnings: Problem[];
			/** What would stop a run of this plan although the child could be shown (a model without credentials). */
			wouldRefuse: Problem[];
			/** The commands the child's bash may run, when its agent limits them. */
			commands?: CommandPolicy[];
			/** The paths the child's file tools are refused, when its agent has such rules. */
			paths?: PathRule[];
	  }
	| { ok: false; what: string; problems: Problem[] };

/** What a preview plans: the task a spec describes, or an unchecked child of the agent (what it would be given). */
function previewRequest(sources: PreviewSources): ChildRequest {
	const layer = {
		...(sources.agent && { agent: sources.agent }),
		...(sources.call && { call: sources.call }),
	};
	if (sources.spec)
		return {
			kind: "task",
			where: { path: [] },
			spec: {},
			source: sources.spec,
			layer,
			defaults: [],
			...(sources.resume && { resume: sources.resume }),
		};
	return {
		kind: "unchecked",
		where: { path: [] },
		id: "preview",
		prompt: "",
		effort: DEFAULT_EFFORT,
		budget: DEFAULT_BUDGETS[DEFAULT_EFFORT],
		layer,
		defaults: [],
		...(sources.tools && { tools: sources.tools }),
		defaultTools: { names: DEFAULT_CHILD_TOOLS, reason: "Pi's own selection, as a child of the agent would have" },
	};
}

/** `--tools` with a spec: a task's tools follow its authority. */
function toolsWithSpec(tools: NonNullable<PreviewSources["tools"]>): Preview {
	return {
		ok: false,
		what: "--tools does not apply with --spec",
		problems: [
			{
				...tools.where,
				code: "conflict",
				value: tools.names,
				message: "a task's tools follow its authority (read_only, commands)",
				fix: "leave out --tools, or preview without --spec",
			},
		],
	};
}

/** The one plan a preview shows, or why there is none; a plan a run would refuse is shown with why. */
async function previewPlan(sources: PreviewSources) {
	let parent: ParentPrompt | undefined;
	const called = await planCall(
		{
			...sources,
			preview: true,
			request: {
				...(sources.runMode !== undefined && { runMode: sources.runMode }),
				...(sources.model !== undefined && { model: sources.model }),
				...(sources.runner !== undefined && { runner: sources.runner }),
				extensions: sources.extensions ?? [],
			},
			parentPrompt: async () => {
				parent = await sources.parentPrompt();
				return parent;
			},
		},
		[previewRequest(sources)],
	);
	if (called.ok) called.host.dispose();
	const refusal = called.ok ? undefined : called.refused[0];
	const plan = called.ok ? called.plans[0] : refusal?.plan;
	return { called, refusal, plan, parent, warnings: called.ok ? (called.warnings[0] ?? []) : [] };
}

export async function previewDelegation(sources: PreviewSources): Promise<Preview> {
	if (sources.spec && sources.tools) return toolsWithSpec(sources.tools);
	const { called, refusal, plan, parent, warnings } = await previewPlan(sources);
	if (!plan || plan.kind === "fork" || !parent) {
		const what = refusal?.what ?? (called.ok ? "no child would start" : called.what);
		const problems = refusal?.problems ?? (called.ok ? [] : called.problems);
		return { ok: false, what: sources.spec ? what : `no child would start: ${what}`, problems };
	}
	const child = await renderChildView(plan.child, { cwd: plan.cwd, agentDir: plan.agentDir });
	return {
		ok: true,
		view: plan.child,
		child,
		parent,
		...(plan.kind === "task" ? { plan } : { model: plan.model }),
		warnings: [...warnings, ...plan.warnings],
		wouldRefuse: refusal?.problems ?? [],
		...(plan.commands && { commands: plan.commands }),
		...(plan.paths && { paths: plan.paths }),
	};
}
