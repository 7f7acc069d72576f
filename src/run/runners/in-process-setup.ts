/**
 * What an in-process child's session is made of, and the default: a task child's view. The runner
 * owns the model, containment, budgets and the record; a setup owns only the session's parts, so a
 * fork (the parent's branch, tools and prompt) runs through the very same loop as a task.
 */
import type { ResourceLoader, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";
import { SUBMIT_RESULT_TOOL_NAME } from "../../envelope/schema.ts";
import { nestedTaskTool } from "../../host/nested-task-tool.ts";
import { viewSessionParts } from "../../host/render.ts";
import { createSubmitTool } from "../../host/submit-tool.ts";
import { NESTED_TASK_TOOL } from "../../plan/delegate.ts";
import type { CommandRun } from "../child/command-record.ts";
import { copyPlace } from "../child/tools.ts";
import { lastTurnNotice } from "../outcome/turn-budget.ts";
import type { ChildLaunch, RunnerHooks } from "../types.ts";

/** The `task` tool, its calls going straight to the broker; without one, each is refused. */
const nestedTool = (delegate: RunnerHooks["delegate"]) =>
	nestedTaskTool(
		delegate ?? (async () => ({ ok: false, text: "no broker for task calls here" })),
	) as unknown as ToolDefinition;

/** The parts of a child session a setup decides; the model, cwd, containment and run loop are the runner's. */
export interface InProcessSetup {
	resourceLoader: ResourceLoader;
	sessionManager: SessionManager;
	settingsManager: SettingsManager;
	tools: string[];
	customTools: ToolDefinition[];
	/** A result was handed in: the child stops on its own, and is not warned or cut off. */
	submitted: () => boolean;
	/** What the child reads before its last turn. */
	lastTurnNotice: (budget: number) => string;
	/** The loader carries extensions of its own (a fork's hooks), which start only once bound. */
	bindExtensions: boolean;
	/** How the session was built, for launch.json. */
	describe: Record<string, unknown>;
}

/** What the runner hands a setup: the commands its bash executed so far, and bash (write and edit under the sandbox) built to contain. */
export interface SetupContext {
	commandsRun: () => readonly CommandRun[];
	containedTools: ToolDefinition[];
	/** Where the child's `task` calls go, when it may delegate (run/nest.ts). */
	delegate?: RunnerHooks["delegate"];
}

/** Builds the session parts of one child. */
export type SetupChild = (launch: ChildLaunch, context: SetupContext) => Promise<InProcessSetup>;

/** A task child: exactly the view's session parts, with the live `submit_result` and the contained tools, in memory. */
export const viewSetup: SetupChild = (launch, context) => viewSetupFrom(undefined)(launch, context);

/**
 * The view's session parts, the session holding `entries` when the child resumes a finished run's
 * (a fresh session id; the entries copied, so the session never shares objects with the caller's).
 */
export const viewSetupFrom =
	(entries: readonly unknown[] | undefined): SetupChild =>
	async (launch, context) => {
		const copies = launch.sandbox?.copies;
		const place = copies && copies.length > 0 ? copyPlace(copies) : undefined;
		const submit = createSubmitTool(launch.submit, context.commandsRun, undefined, place);
		const nested = launch.tools.includes(NESTED_TASK_TOOL) ? [nestedTool(context.delegate)] : [];
		const parts = viewSessionParts(
			{ prompt: launch.prompt, tools: [...launch.tools, SUBMIT_RESULT_TOOL_NAME] },
			{ cwd: launch.cwd, customTools: [submit.tool, ...nested, ...context.containedTools] },
		);
		return {
			resourceLoader: parts.resourceLoader,
			sessionManager: entries
				? SessionManager.inMemory(launch.cwd, undefined, structuredClone(entries) as never)
				: SessionManager.inMemory(launch.cwd),
			settingsManager: SettingsManager.inMemory({ compaction: { enabled: false } }),
			tools: parts.tools,
			customTools: parts.customTools,
			submitted: () => submit.state.accepted !== undefined,
			lastTurnNotice,
			bindExtensions: false,
			describe: {
				resourceLoader: "the view's prompt inputs only (view.json): no discovery, extensions or packages",
				sessionManager: entries
					? `in memory, holding the resumed run's ${entries.length} entries (written to session.jsonl at the end)`
					: "in memory (written to session.jsonl at the end)",
				settingsManager: "in memory, compaction off",
			},
		};
	};
