/**
 * `loadInputs`: the one place that reads what children are planned from — pi-delegate's settings,
 * the agent files, the model runtime with its provider extensions, the models and tools a child can
 * have, the parent's prompt, and inside Pi the session a fork branches from — once per call, the
 * same way for every entry point. What differs between entries comes in as `InputSources`; the
 * children themselves come in as requests and are loaded one by one (load-child.ts).
 *
 * Anything that stops a plan from being made at all (a runs directory that cannot take a record, a
 * provider extension that does not load) is refused here with every problem; everything else is the
 * planner's to decide.
 */
import type { ModelRegistry } from "@earendil-works/pi-coding-agent";
import { SettingsManager, VERSION } from "@earendil-works/pi-coding-agent";
import { loadAgents } from "../agents/load.ts";
import { availableToolNames } from "../host/render.ts";
import { type Host, modelList, openHost } from "../host/runtime.ts";
import { decideRunsDir, RUNS_DIR_REFUSED, runsDirPlace } from "../plan/runs-dir.ts";
import { decideSettings } from "../plan/settings.ts";
import type { TaskBranch } from "../plan/tail.ts";
import type { CommonInputs, Entry, ModelRef, PlanRequest } from "../plan/types.ts";
import type { Problem } from "../problems.ts";
import type { ParentPrompt } from "../prompt/channels.ts";
import { type ReadSettingsResult, readSettings } from "../settings/read.ts";
import type { ValidatedSettings } from "../settings/types.ts";
import { runsDirProblems } from "./audit/runs-dir.ts";
import type { SessionReader } from "./branch.ts";
import { loadForkContext } from "./fork-context.ts";
import { realInputPaths, realPathOf } from "./sandbox/real-paths.ts";
import { sandboxSupport } from "./sandbox/support.ts";

export interface InputSources {
	entry: Entry;
	/** The run-level layer every child of the call shares: the command line's model, runner, mode and extensions. */
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
	/** The caller's conversation, read only when a child asks for a tail (L3). */
	branch?: () => TaskBranch | undefined;
	/** Prefix keys this session has run children with before (the cache policy's reuse). */
	seenPrefixes?: () => ReadonlySet<string>;
	/** Nothing will run: a preview shows what a run would decide, and needs no agent directory yet. */
	preview?: boolean;
	/** Inside Pi, for forks: the session, the id of the call that forks, the prompt the parent's last request sent. */
	fork?: { session: SessionReader; toolCallId: string; systemPrompt: string };
}

export type LoadedInputs =
	| {
			ok: true;
			inputs: CommonInputs;
			host: Host;
			/** The run-level `--extension` paths, made real: every child's layer carries these. */
			extensions: string[];
	  }
	| { ok: false; what: string; problems: Problem[] };

/** Pi's own default model settings: what a Pi started here would run on. */
function piDefaultModel(sources: Pick<InputSources, "cwd" | "agentDir" | "projectTrusted">) {
	const pi = SettingsManager.create(sources.cwd, sources.agentDir, { projectTrusted: sources.projectTrusted });
	return { provider: pi.getDefaultProvider(), model: pi.getDefaultModel(), thinking: pi.getDefaultThinkingLevel() };
}

/**
 * The settings with their paths made real (realInputPaths): the provider extensions checked and
 * resolved, the runs directory resolved as far as it exists.
 */
function realSettings(
	read: ReadSettingsResult,
	extensions: ValidatedSettings["providerExtensions"],
): ReadSettingsResult {
	const { runsDir } = read.settings;
	const real = runsDir && { ...runsDir, value: realPathOf(runsDir.value) };
	return { ...read, settings: { ...read.settings, providerExtensions: extensions, ...(real && { runsDir: real }) } };
}

/** The runs directory every child of the call records into, and what chose it (for a problem). */
function runsDirOf(
	where: { cwd: string; home: string; agentDir: string; override: string | undefined },
	settings: ReadSettingsResult,
) {
	const inputs = { ...where, ...(where.override && { runsDirOverride: where.override }) };
	const dir = decideRunsDir(inputs, decideSettings(settings).runsDir);
	return { dir, place: runsDirPlace(inputs, settings.settings.runsDir) };
}

/**
 * Loads what every child of a call is planned from. `needs.branch` asks for the caller's conversation
 * (some child quotes a tail of it). On refusal nothing is left open; on success the caller owns the host.
 */
export async function loadInputs(sources: InputSources, needs: { branch?: boolean } = {}): Promise<LoadedInputs> {
	const given = readSettings({
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		projectTrusted: sources.projectTrusted,
	});
	const real = realInputPaths({
		...sources,
		extensions: sources.request.extensions,
		settingsExtensions: given.settings.providerExtensions,
		runsDirOverride: sources.env.PI_DELEGATE_RUNS_DIR,
	});
	if (!real.ok) return { ok: false, what: "a path the run needs does not exist", problems: real.problems };
	const { cwd, agentDir } = real;
	const located = { cwd, home: sources.home, agentDir, projectTrusted: sources.projectTrusted };
	const settings = realSettings(given, real.settingsExtensions);
	// Before the host loads (seconds, with provider extensions): a runs directory that cannot take a
	// record is refused at once, naming what chose it.
	const runs = runsDirOf({ ...located, override: real.runsDirOverride }, settings);
	const refused = runsDirProblems(runs.dir, runs.place);
	if (refused.length > 0) return { ok: false, what: RUNS_DIR_REFUSED, problems: refused };
	const extensions = [...new Set([...real.extensions, ...decideSettings(settings).providerExtensions])];
	const parent = sources.parentRegistry;
	const host = await openHost({ cwd, agentDir, extensions, ...(parent && { parent }) });
	if (host.problems.length > 0) {
		host.dispose();
		return { ok: false, what: "a provider extension failed to load", problems: host.problems };
	}
	const override = real.runsDirOverride;
	const tools = await availableToolNames({ cwd, agentDir });
	const branch = needs.branch ? sources.branch?.() : undefined;
	const inputs: CommonInputs = {
		entry: sources.entry,
		...located,
		settings,
		agents: loadAgents({ ...located, availableTools: tools, env: sources.env }),
		parent: await sources.parentPrompt(),
		...(sources.parentModel ? { parentModel: sources.parentModel } : { piDefaultModel: piDefaultModel(located) }),
		models: await modelList(host.runtime),
		tools,
		piVersion: VERSION,
		sandbox: sandboxSupport(),
		...(override && { runsDirOverride: override }),
		runsDirReal: realPathOf(runs.dir),
		...(sources.parentSession && { parentSession: sources.parentSession }),
		...(branch && { branch }),
		...(sources.seenPrefixes && { seenPrefixes: sources.seenPrefixes() }),
		...(sources.fork && { fork: loadForkContext(sources.fork, cwd) }),
	};
	return { ok: true, inputs, host, extensions: real.extensions };
}
