/**
 * The model runtime children share. Pi (1.6) offers an extension no public way to reach its own
 * runtime, so pi-delegate builds one the way Pi does — from the same agent directory's auth.json and
 * models.json — and then adds the providers that are registered outside those files:
 *
 * - inside Pi, the parent's extension-registered providers are copied from `ctx.modelRegistry`
 *   (getRegisteredProviderIds / getRegisteredNativeProvider / getRegisteredProviderConfig are public);
 * - on the command line, provider extensions named by `--extension` (or the `providerExtensions`
 *   setting) are loaded by Pi's own extension loader into a host session that stays open for the
 *   process's lifetime, so their providers stay registered in the shared runtime.
 *
 * One runtime serves every child: a fresh runtime per child costs time and memory for nothing.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InMemoryCredentialStore, InMemoryModelsStore } from "@earendil-works/pi-ai";
import {
	type AgentSession,
	createAgentSession,
	DefaultResourceLoader,
	type ModelRegistry,
	ModelRuntime,
	SessionManager,
	SettingsManager,
} from "@earendil-works/pi-coding-agent";
import type { ModelInfo } from "../plan/types.ts";
import type { Problem } from "../problems.ts";

export interface Host {
	runtime: ModelRuntime;
	/** Load errors of provider extensions, as problems. */
	problems: Problem[];
	dispose(): void;
}

/**
 * The runtime of an agent directory, as Pi builds it from auth.json and models.json. Reading must
 * not write: Pi creates auth.json and models-store.json when they are missing, so a missing file is
 * replaced by an empty in-memory store — a refused `--model` leaves the directory as it found it.
 */
export async function createRuntime(agentDir: string): Promise<ModelRuntime> {
	const authPath = join(agentDir, "auth.json");
	const storePath = join(agentDir, "models-store.json");
	return ModelRuntime.create({
		...(existsSync(authPath) ? { authPath } : { credentials: new InMemoryCredentialStore() }),
		...(existsSync(storePath) ? { modelsStorePath: storePath } : { modelsStore: new InMemoryModelsStore() }),
		modelsPath: join(agentDir, "models.json"),
		allowModelNetwork: false,
	});
}

export interface HostOptions {
	cwd: string;
	agentDir: string;
	/** Provider extensions to load (`--extension`, the `providerExtensions` setting). */
	extensions: readonly string[];
	/** Inside Pi: the parent's registry, whose extension-registered providers children share. */
	parent?: ModelRegistry;
	/** A runtime built elsewhere instead of the agent dir's (doctor's, which never writes a file). */
	runtime?: ModelRuntime;
}

/** Copies the parent's extension-registered providers into a runtime. */
function shareParentProviders(runtime: ModelRuntime, parent: ModelRegistry): void {
	for (const id of parent.getRegisteredProviderIds()) {
		const native = parent.getRegisteredNativeProvider(id);
		if (native) runtime.registerNativeProvider(native);
		else {
			const config = parent.getRegisteredProviderConfig(id);
			if (config) runtime.registerProvider(id, config);
		}
	}
}

/**
 * The runtime children share, the same way from Pi and from a shell: the agent dir's providers, the
 * parent's (inside Pi), and the provider extensions, loaded by Pi's own loader into a host session
 * that stays open while the host lives. A provider extension that fails to load is a problem on
 * either side, reported before anything runs.
 */
export async function openHost(options: HostOptions): Promise<Host> {
	const runtime = options.runtime ?? (await createRuntime(options.agentDir));
	if (options.parent) shareParentProviders(runtime, options.parent);
	if (options.extensions.length === 0) return { runtime, problems: [], dispose() {} };
	const loader = new DefaultResourceLoader({
		cwd: options.cwd,
		agentDir: options.agentDir,
		settingsManager: SettingsManager.inMemory({}),
		noExtensions: true,
		additionalExtensionPaths: [...options.extensions],
		noSkills: true,
		noPromptTemplates: true,
		noThemes: true,
		noContextFiles: true,
	});
	await loader.reload();
	const problems: Problem[] = loader.getExtensions().errors.map((e) => ({
		path: ["extension"],
		code: "unavailable" as const,
		value: e.path,
		message: `the provider extension failed to load: ${e.error}`,
		fix: "fix the extension, or leave it out (--extension, or the providerExtensions setting)",
	}));
	const { session }: { session: AgentSession } = await createAgentSession({
		cwd: options.cwd,
		agentDir: options.agentDir,
		modelRuntime: runtime,
		resourceLoader: loader,
		sessionManager: SessionManager.inMemory(options.cwd),
		settingsManager: SettingsManager.inMemory({}),
		noTools: "all",
	});
	await session.bindExtensions({});
	return { runtime, problems, dispose: () => session.dispose() };
}

/**
 * Every model the runtime knows, and whether its provider has credentials: configured ones (auth.json,
 * an API key variable), or a provider that says it needs none (read from the agent dir, no network).
 */
export async function modelList(runtime: ModelRuntime): Promise<ModelInfo[]> {
	const models = runtime.getModels();
	const providers = [...new Set(models.map((m) => m.provider))];
	const authenticated = new Map<string, boolean>();
	for (const provider of providers) {
		const ok =
			runtime.hasConfiguredAuth(provider) || (await runtime.checkAuth(provider).catch(() => undefined)) !== undefined;
		authenticated.set(provider, ok);
	}
	return models.map((m) => ({
		provider: m.provider,
		id: m.id,
		...(m.name !== undefined && { name: m.name }),
		authenticated: authenticated.get(m.provider) === true,
	}));
}
