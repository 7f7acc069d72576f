/**
 * The in-process runner: the child is an AgentSession of Pi's SDK in this very process, with
 * in-memory session and settings managers, the caller's model runtime (so providers registered by
 * extensions work), and a resource loader that hands it exactly the view's prompt inputs. No ambient
 * extension is loaded into it: its capabilities are its tool list and nothing else.
 *
 * Starting a child this way costs milliseconds; the price is that a child shares the process with
 * its parent, so the wall budget can only abort the session, not kill a process tree (a grandchild
 * a bash command left behind is killed by Pi's bash tool on abort).
 */
import { writeFileSync } from "node:fs";
import type { AgentSessionEvent, ModelRuntime } from "@earendil-works/pi-coding-agent";
import { createAgentSession, SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import { viewSessionParts } from "../prompt/render.ts";
import { createSubmitTool } from "./submit-tool.ts";
import { ChildTracker } from "./tracker.ts";
import { lastTurnMessage } from "./turns.ts";
import type { ChildLaunch, ChildOutcome, RunnerHooks } from "./types.ts";

/** Builds an in-process runner bound to a model runtime shared by all its children. */
export function inProcessRunner(runtime: ModelRuntime) {
	return (launch: ChildLaunch, hooks: RunnerHooks): Promise<ChildOutcome> => runInProcess(runtime, launch, hooks);
}

async function runInProcess(runtime: ModelRuntime, launch: ChildLaunch, hooks: RunnerHooks): Promise<ChildOutcome> {
	const tracker = new ChildTracker("in-process", hooks);
	const model = runtime.getModel(launch.model.provider, launch.model.id);
	if (!model) {
		tracker.error(`model ${launch.model.provider}/${launch.model.id} is not known to the model runtime`);
		return tracker.outcome(undefined);
	}
	const submit = createSubmitTool(launch.submit, () => tracker.commandsRun);
	// The same parts the preview renders from, with the live submit tool: what runs is what was shown.
	const parts = viewSessionParts(
		{ prompt: launch.prompt, tools: [...launch.tools, SUBMIT_RESULT_TOOL_NAME] },
		{ cwd: launch.cwd, customTools: [submit.tool] },
	);
	const sessionManager = SessionManager.inMemory(launch.cwd);
	const { session } = await createAgentSession({
		cwd: launch.cwd,
		agentDir: launch.agentDir,
		modelRuntime: runtime,
		model,
		thinkingLevel: launch.model.thinking ?? "off",
		resourceLoader: parts.resourceLoader,
		sessionManager,
		settingsManager: SettingsManager.inMemory({ compaction: { enabled: false } }),
		tools: parts.tools,
		customTools: parts.customTools,
	});
	const maxTurns = launch.budget.turns;
	const unsubscribe = session.subscribe((event: AgentSessionEvent) => {
		tracker.event(event as unknown as { type: string; [key: string]: unknown });
		// Steer at the end of the second-to-last turn: a steering message is delivered before the
		// next model request, so the child reads it at the start of its last turn.
		if (event.type === "turn_end" && tracker.turns === maxTurns - 1) session.steer(lastTurnMessage(maxTurns));
		if (event.type === "turn_start" && tracker.turns > maxTurns) abortFor("turns");
	});
	let aborting: Promise<void> | undefined;
	const abortFor = (reason: unknown) => {
		tracker.stop(reason);
		aborting ??= session.abort();
	};
	const onAbort = () => abortFor(hooks.signal.reason);
	if (hooks.signal.aborted) onAbort();
	hooks.signal.addEventListener("abort", onAbort, { once: true });
	tracker.started(`${launch.model.provider}/${launch.model.id}`);
	try {
		if (!aborting) await session.prompt(launch.firstMessage);
	} catch (error) {
		tracker.error(error instanceof Error ? error.message : String(error));
	} finally {
		await aborting;
		hooks.signal.removeEventListener("abort", onAbort);
		unsubscribe();
		writeSessionFile(hooks.sessionFile, sessionManager);
		session.dispose();
	}
	return tracker.outcome(hooks.sessionFile);
}

/** Writes the in-memory session as a JSONL file (header, then entries), the format Pi writes itself. */
function writeSessionFile(file: string, manager: SessionManager): void {
	const header = manager.getHeader();
	const lines = [header, ...manager.getEntries()].filter((x) => x !== undefined && x !== null);
	writeFileSync(file, lines.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
}
