/**
 * An in-process parent session on the provider emulator's models: in memory, compaction off, with
 * nothing of the machine loaded (no extensions, skills, templates or themes from disk) but the one
 * extension given. Benchmarks and tests that drive a parent through the emulator start it here.
 */
import {
	type AgentSession,
	createAgentSession,
	DefaultResourceLoader,
	type ExtensionFactory,
	type ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";

export interface EmulatorSessionOptions {
	cwd: string;
	agentDir: string;
	runtime: ModelRuntime;
	model: NonNullable<ReturnType<ModelRuntime["getModel"]>>;
	extension: ExtensionFactory;
	/** Leave the project's AGENTS.md out of the parent's prompt. */
	noContextFiles?: boolean;
	/** The session's history; an empty in-memory session without it. */
	sessionManager?: SessionManager;
	/** How much of the recent conversation a compaction keeps (Pi's default without it). */
	keepRecentTokens?: number;
}

export async function emulatorSession(options: EmulatorSessionOptions): Promise<AgentSession> {
	const { cwd, agentDir } = options;
	const keep = options.keepRecentTokens;
	const settingsManager = SettingsManager.inMemory({
		compaction: { enabled: false, ...(keep !== undefined && { keepRecentTokens: keep }) },
	});
	const resourceLoader = new DefaultResourceLoader({
		cwd,
		agentDir,
		settingsManager,
		noExtensions: true,
		extensionFactories: [options.extension],
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		...(options.noContextFiles && { noContextFiles: true }),
	});
	await resourceLoader.reload();
	const { session } = await createAgentSession({
		cwd,
		agentDir,
		modelRuntime: options.runtime,
		model: options.model,
		thinkingLevel: "off",
		resourceLoader,
		sessionManager: options.sessionManager ?? SessionManager.inMemory(cwd),
		settingsManager,
	});
	await session.bindExtensions({});
	return session;
}
