/**
 * Rendering a child view exactly as the child's Pi will: the view holds Pi's inputs, and Pi itself
 * turns them into the text the model receives. A throwaway in-process session is created from the
 * view — a ResourceLoader that hands over the view's channels and nothing else (no discovery of
 * files, no extensions, no packages, no network), an in-memory session and settings manager, the
 * child's tools — and its `systemPrompt` and tool declarations are read back. No model is needed
 * and none is called. test/prompt/render.test.ts checks the result against what a faux provider
 * receives from a real child session built from the same view.
 *
 * The in-process runner can build its child from `viewResourceLoader` so that what it runs and what
 * the audit record's prompt.txt says are the same thing by construction.
 */
import { dirname } from "node:path";
import {
	InMemoryCredentialStore,
	InMemoryModelsStore,
	type Tool as ToolDeclaration,
	toToolDeclaration,
} from "@earendil-works/pi-ai";
import {
	type AgentSession,
	createAgentSession,
	createExtensionRuntime,
	ModelRuntime,
	type ResourceLoader,
	SessionManager,
	SettingsManager,
	type Skill,
	type ToolDefinition,
} from "@earendil-works/pi-coding-agent";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import { NESTED_TASK_TOOL } from "../plan/delegate.ts";
import type { ChildPromptInputs, SkillEntry } from "../prompt/channels.ts";
import { nestedTaskStandIn } from "./nested-task-tool.ts";
import { createSubmitTool } from "./submit-tool.ts";

export type { ToolDeclaration };

/** What a child session sends: its system prompt and tool declarations, as Pi produced them. */
export interface RenderedPrompt {
	systemPrompt: string;
	/** The declarations the provider receives (name, description, parameters), in Pi's order. */
	tools: ToolDeclaration[];
	/**
	 * The tools the session registered; when a name is missing, every tool it could have enabled
	 * (Pi's built-ins and the custom tools given), for the "use one of" of the error.
	 */
	availableTools: string[];
	/** Names asked for that the session does not have; Pi itself ignores them without a word. */
	missingTools: string[];
}

export interface RenderOptions {
	/** The child's working directory: Pi writes it into the prompt's `<cwd>` section. */
	cwd: string;
	/** Pi's agent directory (only read for tools' own settings; nothing is discovered from it). */
	agentDir: string;
	/**
	 * Definitions of tools Pi does not build in, by name. `submit_result` is supplied when the
	 * view names it and no definition is given: its text is static, so any instance renders alike.
	 */
	customTools?: ToolDefinition[];
}

/** Pi's Skill from the view's entry; fields Pi does not print are filled the way Pi fills them. */
function toSkill(entry: SkillEntry): Skill {
	return {
		name: entry.name,
		description: entry.description,
		filePath: entry.filePath,
		baseDir: entry.baseDir ?? dirname(entry.filePath),
		disableModelInvocation: entry.disableModelInvocation,
		sourceInfo: {
			path: entry.filePath,
			source: "pi-delegate",
			scope: "temporary",
			origin: "top-level",
			...(entry.sourceInfo as Partial<Skill["sourceInfo"]> | undefined),
		},
	};
}

/**
 * A ResourceLoader that hands Pi exactly the view's channels. `reload` does nothing: there is
 * nothing to discover, and a child must never reload (it resets process-wide provider state).
 */
export function viewResourceLoader(prompt: ChildPromptInputs): ResourceLoader {
	const skills = prompt.skills.map(toSkill);
	const contextFiles = prompt.contextFiles.map(({ path, content }) => ({ path, content }));
	const extensions = { extensions: [], errors: [], runtime: createExtensionRuntime() };
	return {
		getExtensions: () => extensions,
		getSkills: () => ({ skills, diagnostics: [] }),
		getPrompts: () => ({ prompts: [], diagnostics: [] }),
		getThemes: () => ({ themes: [], diagnostics: [] }),
		getAgentsFiles: () => ({ agentsFiles: contextFiles }),
		getSystemPrompt: () => prompt.customPrompt,
		getSystemPromptSource: () => undefined,
		getAppendSystemPrompt: () => [...prompt.appendSystemPrompt],
		getAppendSystemPromptSources: () => [],
		extendResources: () => {},
		reload: async () => {},
	};
}

let runtime: Promise<ModelRuntime> | undefined;

/**
 * One model runtime for every render in the process: no credentials, no model catalogue, no
 * network. Rendering calls no model, so an empty runtime is all a session needs to be built.
 */
function renderRuntime(): Promise<ModelRuntime> {
	runtime ??= ModelRuntime.create({
		credentials: new InMemoryCredentialStore(),
		modelsPath: null,
		modelsStore: new InMemoryModelsStore(),
		allowModelNetwork: false,
		refreshOnCreate: false,
	});
	return runtime;
}

function customToolsFor(
	tools: readonly string[],
	options: Pick<RenderOptions, "cwd" | "customTools">,
): ToolDefinition[] {
	const given = options.customTools ?? [];
	const named = given.filter((tool) => tools.includes(tool.name));
	if (tools.includes(SUBMIT_RESULT_TOOL_NAME) && !named.some((tool) => tool.name === SUBMIT_RESULT_TOOL_NAME)) {
		const { tool } = createSubmitTool({ roots: [], cwd: options.cwd, maxRejections: 0 }, () => []);
		named.push(tool);
	}
	if (tools.includes(NESTED_TASK_TOOL) && !named.some((tool) => tool.name === NESTED_TASK_TOOL)) {
		named.push(nestedTaskStandIn() as unknown as ToolDefinition);
	}
	return named;
}

/** What a built session would send, and the tools it registered; the session is disposed. */
function readSession(session: AgentSession): {
	prompt: Omit<RenderedPrompt, "missingTools" | "availableTools">;
	registered: string[];
} {
	try {
		return {
			prompt: {
				systemPrompt: session.systemPrompt,
				tools: session.agent.state.tools.map((tool) => toToolDeclaration(tool)),
			},
			registered: session.getAllTools().map((tool) => tool.name),
		};
	} finally {
		session.dispose();
	}
}

type RenderSessionOptions = RenderOptions & { settingsManager?: SettingsManager };

async function openSession(
	resourceLoader: ResourceLoader,
	tools: readonly string[] | undefined,
	options: RenderSessionOptions,
): Promise<AgentSession> {
	const { session } = await createAgentSession({
		cwd: options.cwd,
		agentDir: options.agentDir,
		modelRuntime: await renderRuntime(),
		resourceLoader,
		sessionManager: SessionManager.inMemory(options.cwd),
		settingsManager: options.settingsManager ?? SettingsManager.inMemory(),
		...(tools !== undefined && { tools: [...tools] }),
		customTools: tools === undefined ? (options.customTools ?? []) : customToolsFor(tools, options),
	});
	return session;
}

/**
 * Renders a session built on any ResourceLoader. `tools` undefined lets Pi choose its default
 * selection (the `defaultTools` setting, else read, bash, edit, write), as for a parent session.
 */
export async function renderWithLoader(
	resourceLoader: ResourceLoader,
	tools: readonly string[] | undefined,
	options: RenderSessionOptions,
): Promise<RenderedPrompt> {
	const { prompt, registered } = readSession(await openSession(resourceLoader, tools, options));
	const missingTools = (tools ?? []).filter((name) => !registered.includes(name));
	// An allowlist hides the tools it does not name, so the full list needs a session without one.
	const availableTools =
		missingTools.length === 0
			? registered
			: readSession(
					await openSession(resourceLoader, undefined, {
						...options,
						customTools: customToolsFor(tools ?? [], options),
					}),
				).registered;
	return { ...prompt, availableTools, missingTools };
}

/** The parts of a child session that come from its view: the resource loader, the tools, their definitions. */
export interface ViewSessionParts {
	resourceLoader: ResourceLoader;
	tools: string[];
	customTools: ToolDefinition[];
}

/**
 * What `createAgentSession` needs from a view (the rest — model, session manager, cwd — is the
 * runner's). A runner that builds its child from these parts runs exactly what `renderChildView`
 * rendered; pass `customTools` to use a live `submit_result` instead of the render's stand-in.
 */
export function viewSessionParts(
	view: { prompt: ChildPromptInputs; tools: readonly string[] },
	options: Pick<RenderOptions, "cwd" | "customTools">,
): ViewSessionParts {
	return {
		resourceLoader: viewResourceLoader(view.prompt),
		tools: [...view.tools],
		customTools: customToolsFor(view.tools, options),
	};
}

/** Renders a child view's system prompt and tool declarations exactly as the child's Pi sends them. */
export async function renderChildView(
	view: { prompt: ChildPromptInputs; tools: readonly string[] },
	options: RenderOptions,
): Promise<RenderedPrompt> {
	const parts = viewSessionParts(view, options);
	return renderWithLoader(parts.resourceLoader, parts.tools, { ...options, customTools: parts.customTools });
}

/**
 * The tool names a child session can have: Pi's built-ins (and `submit_result`), asked of Pi itself
 * so a new built-in is known without a release of this package. PowerShell is Pi's tool for
 * Windows; elsewhere it would only be a confusing suggestion.
 */
export async function availableToolNames(options: RenderOptions & { platform?: string }): Promise<string[]> {
	const empty = { customPrompt: "", appendSystemPrompt: [], contextFiles: [], skills: [] };
	const parts = viewSessionParts({ prompt: empty, tools: [SUBMIT_RESULT_TOOL_NAME] }, options);
	const rendered = await renderWithLoader(parts.resourceLoader, ["nosuch-tool"], {
		...options,
		customTools: parts.customTools,
	});
	const platform = options.platform ?? process.platform;
	return rendered.availableTools.filter((name) => platform === "win32" || name !== "powershell");
}
