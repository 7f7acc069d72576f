/**
 * What a launch from this directory would be decided from, read the way `loadTaskInputs` reads it
 * (the same settings, the same host with the same provider extensions, the same model list, tools
 * and agent catalog), except that the model runtime is read-only (read-only-runtime.ts): doctor
 * looks at the agent dir and never writes to it.
 */
import type { ModelRegistry } from "@earendil-works/pi-coding-agent";
import { SettingsManager } from "@earendil-works/pi-coding-agent";
import { loadAgents } from "../agents/load.ts";
import { availableToolNames } from "../host/render.ts";
import { modelList, openHost } from "../host/runtime.ts";
import { decideSettings } from "../plan/settings.ts";
import type { ModelRef } from "../plan/types.ts";
import type { ReadSettingsResult } from "../settings/read.ts";
import { readOnlyRuntime } from "./read-only-runtime.ts";
import type { SetupFacts } from "./types.ts";

export interface SetupOptions {
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
	settings: ReadSettingsResult;
	/** The environment agents are found with (`$XDG_CONFIG_HOME`). */
	env?: Readonly<Record<string, string | undefined>>;
	/** Inside Pi: the parent's model and its registry of extension-registered providers. */
	parentModel?: ModelRef;
	parentRegistry?: ModelRegistry;
}

/** Pi's own default model settings, which stand in for the parent's model on the command line. */
function piDefault(options: SetupOptions): SetupFacts["piDefault"] {
	const pi = SettingsManager.create(options.cwd, options.agentDir, { projectTrusted: options.projectTrusted });
	const provider = pi.getDefaultProvider();
	const model = pi.getDefaultModel();
	const thinking = pi.getDefaultThinkingLevel();
	return { ...(provider && { provider }), ...(model && { model }), ...(thinking && { thinking }) };
}

export async function gatherSetup(options: SetupOptions): Promise<SetupFacts> {
	const built = await readOnlyRuntime(options.agentDir);
	const host = await openHost({
		cwd: options.cwd,
		agentDir: options.agentDir,
		extensions: decideSettings(options.settings).providerExtensions,
		runtime: built.runtime,
		...(options.parentRegistry && { parent: options.parentRegistry }),
	});
	try {
		const tools = await availableToolNames({ cwd: options.cwd, agentDir: options.agentDir });
		const located = { cwd: options.cwd, home: options.home, agentDir: options.agentDir };
		return {
			models: await modelList(host.runtime),
			tools,
			agents: loadAgents({
				...located,
				projectTrusted: options.projectTrusted,
				availableTools: tools,
				...(options.env && { env: options.env }),
			}),
			...(options.parentModel ? { parent: options.parentModel } : { piDefault: piDefault(options) }),
			hostProblems: [...built.problems, ...host.problems],
		};
	} finally {
		host.dispose();
	}
}
