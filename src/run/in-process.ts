/**
 * The in-process runner: the child is an AgentSession of Pi's SDK in this very process, with
 * in-memory session and settings managers, the caller's model runtime (so providers registered by
 * extensions work), and exactly the view's session parts — the same ones `preview` renders — with
 * the live `submit_result` tool. No ambient extension is loaded into it: its capabilities are its
 * tool list and nothing else.
 *
 * Starting a child this way costs milliseconds. The child reads the same events as a subprocess
 * child (child-events.ts folds both), and is held to its turn budget the same way, from this side:
 * warned with the same message before its last turn, aborted once the budget is spent.
 */
import { writeFileSync } from "node:fs";
import type { AgentSessionEvent, ModelRuntime } from "@earendil-works/pi-coding-agent";
import { createAgentSession, SessionManager, SettingsManager } from "@earendil-works/pi-coding-agent";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import { viewSessionParts } from "../host/render.ts";
import { createSubmitTool } from "../host/submit-tool.ts";
import { installCachePolicy } from "./cache-hook.ts";
import { createEventState, foldEvent } from "./child-events.ts";
import { childOutcome } from "./child-outcome.ts";
import { afterTurn, LAST_TURN_MESSAGE_TYPE, lastTurnNotice, warnAtStart } from "./turn-budget.ts";
import type { ChildLaunch, ChildOutcome, ChildRunner, RunnerHooks } from "./types.ts";

/** Builds an in-process runner bound to a model runtime shared by all its children. */
export function inProcessRunner(runtime: ModelRuntime): ChildRunner {
	return (launch, hooks) => runInProcess(runtime, launch, hooks);
}

/** The SDK's message_update carries cumulative snapshots; the audit keeps the delta, as JSON mode does. */
export function auditForm(event: AgentSessionEvent): unknown {
	if (event.type !== "message_update") return event;
	const { message: _message, assistantMessageEvent, ...rest } = event;
	const { partial: _partial, ...delta } = assistantMessageEvent as typeof assistantMessageEvent & { partial?: unknown };
	return { ...rest, assistantMessageEvent: delta };
}

async function runInProcess(runtime: ModelRuntime, launch: ChildLaunch, hooks: RunnerHooks): Promise<ChildOutcome> {
	const started = performance.now();
	const state = createEventState();
	const exit = (spawnError?: string) =>
		childOutcome(
			state,
			{
				code: 0,
				signal: null,
				spawnError,
				abortReason: stopReason,
				reports: [],
				stderrTail: "",
				streamErrors: [],
				sessionFile: spawnError === undefined ? hooks.sessionFile : undefined,
				elapsedMs: Math.round(performance.now() - started),
			},
			"in-process",
		);
	let stopReason: unknown;
	const model = runtime.getModel(launch.model.provider, launch.model.id);
	if (!model) return exit(`model ${launch.model.provider}/${launch.model.id} is not known to the model runtime`);
	const submit = createSubmitTool(launch.submit, () => state.commandsRun);
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
	installCachePolicy(session, launch.cache);
	hooks.onLaunch?.({
		runner: "in-process",
		session: {
			cwd: launch.cwd,
			agentDir: launch.agentDir,
			model: `${launch.model.provider}/${launch.model.id}`,
			thinkingLevel: launch.model.thinking ?? "off",
			tools: parts.tools,
			customTools: parts.customTools.map((tool) => tool.name),
			resourceLoader: "the view's prompt inputs only (view.json): no discovery, extensions or packages",
			sessionManager: "in memory (written to session.jsonl at the end)",
			settingsManager: "in memory, compaction off",
		},
	});
	let aborting: Promise<void> | undefined;
	const stop = (reason: unknown) => {
		stopReason ??= reason;
		aborting ??= session.abort();
	};
	const budget = launch.budget.turns;
	const notice = { customType: LAST_TURN_MESSAGE_TYPE, content: lastTurnNotice(budget), display: true };
	let turnsDone = 0;
	const unsubscribe = session.subscribe((event) => {
		hooks.onEvent(auditForm(event));
		for (const progress of foldEvent(state, event)) hooks.onProgress(progress);
		if (event.type !== "turn_end" || (event.message as { role?: string }).role !== "assistant") return;
		turnsDone++;
		const action = afterTurn({
			turnsDone,
			budget,
			submitted: submit.state.accepted !== undefined,
			continuing: event.toolResults.length > 0,
		});
		if (action === "warn") void session.sendCustomMessage(notice, { deliverAs: "steer" });
		else if (action === "stop") stop("turns");
	});
	const onAbort = () => stop(hooks.signal.reason);
	hooks.signal.addEventListener("abort", onAbort, { once: true });
	let failure: string | undefined;
	try {
		if (hooks.signal.aborted) onAbort();
		else {
			hooks.onProgress({ type: "started", runner: "in-process", model: `${launch.model.provider}/${launch.model.id}` });
			if (warnAtStart(budget)) await session.sendCustomMessage(notice, { deliverAs: "nextTurn" });
			await session.prompt(launch.firstMessage);
		}
	} catch (error) {
		failure = `the child session failed: ${error instanceof Error ? error.message : String(error)}`;
	} finally {
		await aborting;
		hooks.signal.removeEventListener("abort", onAbort);
		unsubscribe();
		writeSessionFile(hooks.sessionFile, sessionManager);
		session.dispose();
	}
	return exit(failure);
}

/** Writes the in-memory session as a JSONL file (header, then entries), the format Pi writes itself. */
function writeSessionFile(file: string, manager: SessionManager): void {
	const lines = [manager.getHeader(), ...manager.getEntries()].filter((entry) => entry !== undefined && entry !== null);
	writeFileSync(file, lines.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
}
