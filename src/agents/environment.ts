/**
 * The launch environment of the command line, built the way a launch builds it: the model runtime
 * from Pi's agent directory plus the provider extensions pi-delegate's settings name (host.ts's
 * createCliHost), the tools a child session registers (Pi's built-ins and `submit_result`, as the
 * launch check renders them: children load no extension tools), and Pi's default model standing in
 * for the parent. The I/O shell behind the LaunchEnvironment port; tests pass the port as data.
 */
import {
	createAgentSession,
	DefaultResourceLoader,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import type { Problem } from "../problems.ts";
import { createCliHost } from "../run/host.ts";
import { readDelegateSettings } from "../settings/read.ts";
import { settingValues } from "../settings/section.ts";
import type { LaunchEnvironment } from "./check.ts";

export interface EnvironmentOptions {
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
}

/** The provider extensions the `providerExtensions` setting names (project over global). */
function providerExtensions(options: EnvironmentOptions): { paths: string[]; problems: Problem[] } {
	const settings = readDelegateSettings(options);
	const value = settingValues(settings, "providerExtensions").at(-1)?.value;
	const paths = Array.isArray(value) ? value.filter((e): e is string => typeof e === "string") : [];
	return { paths, problems: settings.problems };
}

/** The tools a child session registers: a throwaway session with nothing discovered, no model called. */
async function childToolNames(
	options: EnvironmentOptions,
	runtime: Parameters<typeof createAgentSession>[0],
): Promise<string[]> {
	const loader = new DefaultResourceLoader({
		cwd: options.cwd,
		agentDir: options.agentDir,
		settingsManager: SettingsManager.inMemory({}),
		noExtensions: true,
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await loader.reload();
	const { session } = await createAgentSession({
		...runtime,
		cwd: options.cwd,
		agentDir: options.agentDir,
		resourceLoader: loader,
		sessionManager: SessionManager.inMemory(options.cwd),
		settingsManager: SettingsManager.inMemory({}),
	});
	try {
		return [...session.getAllTools().map((tool) => tool.name), SUBMIT_RESULT_TOOL_NAME];
	} finally {
		session.dispose();
	}
}

/** Builds the environment; its problems (a provider extension that fails to load, bad settings) are setup problems. */
export async function loadLaunchEnvironment(
	options: EnvironmentOptions,
): Promise<{ env: LaunchEnvironment; problems: Problem[]; dispose(): void }> {
	const extensions = providerExtensions(options);
	const host = await createCliHost({ cwd: options.cwd, agentDir: options.agentDir, extensions: extensions.paths });
	try {
		const runtime = host.runtime;
		const models = runtime.getModels().map((m) => ({ provider: m.provider, id: m.id, name: m.name }));
		const tools = await childToolNames(options, { modelRuntime: runtime });
		const pi = SettingsManager.create(options.cwd, options.agentDir, { projectTrusted: options.projectTrusted });
		const provider = pi.getDefaultProvider();
		const id = pi.getDefaultModel();
		const thinking = pi.getDefaultThinkingLevel();
		const env: LaunchEnvironment = {
			models,
			tools,
			usable: (p) => runtime.hasConfiguredAuth(p),
			...(provider && id && { parent: { provider, id, ...(thinking && { thinking }) } }),
		};
		return { env, problems: [...extensions.problems, ...host.problems], dispose: () => host.dispose() };
	} catch (error) {
		host.dispose();
		throw error;
	}
}
