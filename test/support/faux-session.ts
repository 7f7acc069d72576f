/**
 * Real in-process Pi sessions answered by Pi's faux provider, recording exactly what the model
 * received: the system prompt and tool declarations as the provider got them (replayed from the
 * request's system messages, as every provider reads them) and the user messages. No network, no
 * API key.
 */
import {
	fauxAssistantMessage,
	fauxProvider,
	getCurrentSystemPrompt,
	getCurrentTools,
	InMemoryCredentialStore,
	InMemoryModelsStore,
	toToolDeclaration,
} from "@earendil-works/pi-ai";
import {
	createAgentSession,
	ModelRuntime,
	type ResourceLoader,
	SessionManager,
	SettingsManager,
	type ToolDefinition,
} from "@earendil-works/pi-coding-agent";

/** What one request to the model carried. */
export interface Received {
	systemPrompt: string;
	/** The tool declarations, serialised: equal strings mean byte-identical definitions. */
	tools: string;
	toolNames: string[];
	/** Text of every user message, in order. */
	userMessages: string[];
}

const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1", name: "Faux" }] });
let runtime: Promise<ModelRuntime> | undefined;

function fauxRuntime(): Promise<ModelRuntime> {
	runtime ??= ModelRuntime.create({
		credentials: new InMemoryCredentialStore(),
		modelsPath: null,
		modelsStore: new InMemoryModelsStore(),
		allowModelNetwork: false,
		refreshOnCreate: false,
	}).then((created) => {
		created.registerNativeProvider(faux.provider);
		return created;
	});
	return runtime;
}

export interface SessionSetup {
	cwd: string;
	agentDir: string;
	/** Omitted: Pi builds its DefaultResourceLoader for cwd and agentDir, as any plain session. */
	resourceLoader?: ResourceLoader;
	settingsManager?: SettingsManager;
	tools?: string[];
	customTools?: ToolDefinition[];
	/** A directory for a session file, as a runner keeps one per child; in memory when omitted. */
	sessionDir?: string;
}

/** Starts a session, sends `message`, and returns what the model received for it. */
export async function sendOnce(setup: SessionSetup, message: string): Promise<Received> {
	const modelRuntime = await fauxRuntime();
	let received: Received | undefined;
	faux.setResponses([
		(context) => {
			const tools = getCurrentTools(context.messages).map((tool) => toToolDeclaration(tool));
			received = {
				systemPrompt: getCurrentSystemPrompt(context.messages),
				tools: JSON.stringify(tools),
				toolNames: tools.map((tool) => tool.name),
				userMessages: context.messages.flatMap((m) =>
					m.role === "user"
						? [
								typeof m.content === "string"
									? m.content
									: m.content.map((c) => (c.type === "text" ? c.text : "")).join(""),
							]
						: [],
				),
			};
			return fauxAssistantMessage("done");
		},
	]);
	const { session } = await createAgentSession({
		cwd: setup.cwd,
		agentDir: setup.agentDir,
		modelRuntime,
		model: faux.getModel(),
		sessionManager: setup.sessionDir
			? SessionManager.create(setup.cwd, setup.sessionDir)
			: SessionManager.inMemory(setup.cwd),
		settingsManager:
			setup.settingsManager ?? SettingsManager.create(setup.cwd, setup.agentDir, { projectTrusted: true }),
		...(setup.resourceLoader && { resourceLoader: setup.resourceLoader }),
		...(setup.tools && { tools: setup.tools }),
		...(setup.customTools && { customTools: setup.customTools }),
	});
	try {
		await session.prompt(message);
	} finally {
		session.dispose();
	}
	if (!received) throw new Error("the model was never called");
	return received;
}
