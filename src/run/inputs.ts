/**
 * `loadTaskInputs`: the one place that reads what a plan is decided from — the spec, pi-delegate's
 * settings, the agent files, the model runtime with its provider extensions, the models and tools a
 * child can have, the parent's prompt — the same way for the `task` tool and for `pi-delegate run`.
 * What differs between them comes in as `InputSources` (where the spec and the parent's prompt come
 * from, the parent's model and registry inside Pi); everything else is resolved here, once.
 *
 * Anything that stops a plan from being made at all (an invalid spec, a provider extension that does
 * not load) is refused here with every problem; everything else is the planner's to decide.
 */

import type { ModelRegistry } from "@earendil-works/pi-coding-agent";
import { SettingsManager, VERSION } from "@earendil-works/pi-coding-agent";
import { loadAgents } from "../agents/load.ts";
import { availableToolNames } from "../host/render.ts";
import { type Host, modelList, openHost } from "../host/runtime.ts";
import { decideSettings } from "../plan/settings.ts";
import type { TaskBranch } from "../plan/tail.ts";
import { decideRunsDir, runsDirPlace } from "../plan/task.ts";
import type { Entry, ModelRef, PlanRequest, TaskInputs } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import { readSettings } from "../settings/read.ts";
import { loadSpecFile, loadSpecObject, loadSpecText } from "../spec/load.ts";
import type { SpecResult } from "../spec/validate.ts";
import { RUNS_DIR_REFUSED, runsDirProblems } from "./runs-dir.ts";
import { sandboxSupport } from "./sandbox/support.ts";

/** Where the spec comes from: a tool call's arguments, a file, or text read from standard input. */
export type SpecSource = { value: unknown } | { file: string } | { text: string; label: string };

export interface InputSources {
	entry: Entry;
	spec: SpecSource;
	request: PlanRequest;
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
	/** The environment, for PI_DELEGATE_RUNS_DIR. */
	env: Readonly<Record<string, string | undefined>>;
	/** The parent's prompt channels: captured from the session inside Pi, loaded from disk on the command line. */
	parentPrompt: () => Promise<ParentPrompt>;
	/** Inside Pi: the parent's model and its registry of extension-registered providers. */
	parentModel?: ModelRef;
	parentRegistry?: ModelRegistry;
	parentSession?: { id: string; file?: string };
	/** The caller's conversation, read only when the spec asks for a tail (L3). */
	branch?: () => TaskBranch | undefined;
	/**
	 * The spec stands in for the calls of a workflow, each with roots of its own: the runs directory
	 * is checked here without roots, and against each call's when it is planned.
	 */
	standIn?: boolean;
}

export type LoadedInputs =
	| { ok: true; inputs: TaskInputs; host: Host; specWarnings: Problem[] }
	| { ok: false; what: string; problems: Problem[]; spec?: SpecResult };

async function loadSpec(source: SpecSource, where: { cwd: string; home: string }): Promise<SpecResult> {
	if ("value" in source) return loadSpecObject(source.value, where);
	if ("file" in source) return loadSpecFile(source.file, where);
	return loadSpecText(source.text, where);
}

/** Why the runs directory a plan would get cannot take its record (runs-dir.ts); nothing when it can. */
function runsDirRefusal(sources: InputSources, settings: ReturnType<typeof readSettings>, roots: readonly string[]) {
	const override = sources.env.PI_DELEGATE_RUNS_DIR;
	const inputs = { ...(override && { runsDirOverride: override }), ...sources };
	const dir = decideRunsDir(inputs, decideSettings(settings).runsDir);
	return runsDirProblems(dir, runsDirPlace(inputs, settings.settings.runsDir), roots);
}

/** Pi's own default model settings: what a Pi started here would run on. */
function piDefaultModel(sources: InputSources) {
	const pi = SettingsManager.create(sources.cwd, sources.agentDir, { projectTrusted: sources.projectTrusted });
	return { provider: pi.getDefaultProvider(), model: pi.getDefaultModel(), thinking: pi.getDefaultThinkingLevel() };
}

export async function loadTaskInputs(sources: InputSources): Promise<LoadedInputs> {
	const where = { cwd: sources.cwd, home: sources.home };
	const spec = await loadSpec(sources.spec, where);
	if (!spec.ok) return { ok: false, what: "the task spec is invalid", problems: [...spec.problems], spec };
	const located = { ...where, agentDir: sources.agentDir, projectTrusted: sources.projectTrusted };
	const settings = readSettings(located);
	// Before the host loads (seconds, with provider extensions): a runs directory that cannot take
	// the record is refused at once.
	const refused = runsDirRefusal(sources, settings, sources.standIn ? [] : spec.spec.resolved.roots);
	if (refused.length > 0) return { ok: false, what: RUNS_DIR_REFUSED, problems: refused, spec };
	const extensions = [...new Set([...sources.request.extensions, ...decideSettings(settings).providerExtensions])];
	const host = await openHost({
		cwd: sources.cwd,
		agentDir: sources.agentDir,
		extensions,
		...(sources.parentRegistry && { parent: sources.parentRegistry }),
	});
	if (host.problems.length > 0) {
		host.dispose();
		return { ok: false, what: "a provider extension failed to load", problems: host.problems };
	}
	const override = sources.env.PI_DELEGATE_RUNS_DIR;
	const tools = await availableToolNames({ cwd: sources.cwd, agentDir: sources.agentDir });
	const inputs: TaskInputs = {
		spec: spec.spec,
		request: sources.request,
		entry: sources.entry,
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		settings,
		agents: loadAgents({ ...located, availableTools: tools, env: sources.env }),
		parent: await sources.parentPrompt(),
		...(sources.parentModel ? { parentModel: sources.parentModel } : { piDefaultModel: piDefaultModel(sources) }),
		models: await modelList(host.runtime),
		tools,
		piVersion: VERSION,
		sandbox: sandboxSupport(),
		...(override && { runsDirOverride: override }),
		...(sources.parentSession && { parentSession: sources.parentSession }),
	};
	const branch = spec.spec.context.tail ? sources.branch?.() : undefined;
	if (branch) inputs.branch = branch;
	return { ok: true, inputs, host, specWarnings: [...spec.warnings] };
}
