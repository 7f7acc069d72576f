/**
 * What a launch from this directory would have — the runtime's models and which have credentials,
 * the tools a child session registers, Pi's default model standing in for the parent — loaded the
 * way `loadTaskInputs` loads them (the same host with the same provider extensions), so that a
 * listing such as `pi-delegate agents` never calls an agent fine whose launch would then fail.
 */
import { SettingsManager } from "@earendil-works/pi-coding-agent";
import type { LaunchEnvironment } from "../agents/check.ts";
import { availableToolNames } from "../host/render.ts";
import { modelList, openHost } from "../host/runtime.ts";
import { decideSettings } from "../plan/settings.ts";
import type { Problem } from "../problems.ts";
import { readSettings } from "../settings/read.ts";

export interface EnvironmentOptions {
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
}

/** The environment; its problems (a provider extension that fails to load, bad settings) are setup problems. */
export async function loadLaunchEnvironment(
	options: EnvironmentOptions,
): Promise<{ env: LaunchEnvironment; problems: Problem[]; dispose(): void }> {
	const settings = decideSettings(readSettings(options));
	const host = await openHost({
		cwd: options.cwd,
		agentDir: options.agentDir,
		extensions: settings.providerExtensions,
	});
	try {
		const models = await modelList(host.runtime);
		const usable = new Set(models.filter((m) => m.authenticated).map((m) => m.provider));
		const pi = SettingsManager.create(options.cwd, options.agentDir, { projectTrusted: options.projectTrusted });
		const provider = pi.getDefaultProvider();
		const id = pi.getDefaultModel();
		const thinking = pi.getDefaultThinkingLevel();
		const env: LaunchEnvironment = {
			models,
			tools: await availableToolNames({ cwd: options.cwd, agentDir: options.agentDir }),
			usable: (p) => usable.has(p),
			...(provider && id && { parent: { provider, id, ...(thinking && { thinking }) } }),
			parentReason: "Pi's default model; in Pi, the parent's current one",
		};
		return { env, problems: [...settings.problems, ...host.problems], dispose: () => host.dispose() };
	} catch (error) {
		host.dispose();
		throw error;
	}
}
