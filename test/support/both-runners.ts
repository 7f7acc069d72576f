/**
 * One scripted child for either runner, so a behaviour is asserted on both with one test: a real
 * `pi` subprocess answered by the scripted provider, or an in-process session answered by Pi's
 * faux provider. Turns are written once, runner-neutrally; each costs what it says.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { inProcessRunner, type SetupChild } from "../../src/run/runners/in-process.ts";
import { createSubprocessRunner } from "../../src/run/runners/subprocess.ts";
import type { SandboxSupport } from "../../src/run/sandbox/types.ts";
import type { ChildLaunch, RunnerKind } from "../../src/run/types.ts";
import { runScripted, type ScriptedChild, type ScriptedRun, type ScriptedRunOptions, scriptedChild } from "./child.ts";
import { fauxAssistantMessage, fauxRuntime, fauxText, fauxToolCall, priced } from "./faux-runtime.ts";
import { fillPlaceholders } from "./scripted-provider.ts";

/** The text of the newest message of `role`, for `{{last_tool_result}}` and `{{last_user_message}}` (as the scripted provider does). */
function lastOf(messages: readonly unknown[], role: string): string {
	for (const message of [...messages].reverse()) {
		const m = message as { role?: string; content?: string | Array<{ type?: string; text?: string }> };
		if (m.role !== role) continue;
		if (typeof m.content === "string") return m.content;
		return (m.content ?? []).map((b) => (b.type === "text" ? (b.text ?? "") : "")).join("");
	}
	return "";
}

export const RUNNERS: readonly RunnerKind[] = ["subprocess", "in-process"];

/** One assistant turn: some text, tool calls, and what the response costs. Strings may hold `{{last_tool_result}}` and `{{last_user_message}}`. */
export interface Turn {
	text?: string;
	tools?: Array<{ name: string; args: Record<string, unknown> }>;
	costUsd?: number;
}

export const bash = (command: string, costUsd?: number): Turn => ({
	tools: [{ name: "bash", args: { command } }],
	...(costUsd !== undefined && { costUsd }),
});

export interface BothChild {
	kind: RunnerKind;
	child: ScriptedChild;
	run(options?: ScriptedRunOptions): Promise<ScriptedRun>;
	/** How many requests the model received. */
	requests(): number;
}

export interface BothOptions {
	launch?: Partial<ChildLaunch>;
	files?: Record<string, string>;
	support?: SandboxSupport;
	/** The in-process session's parts instead of the view's (a subprocess child takes extensions instead). */
	setup?: SetupChild;
}

/** Dollars per million input tokens, so that a turn's tokens are its cost in micro-dollars. */
const PRICES = { input: 1, output: 0 };

export async function bothChild(kind: RunnerKind, turns: Turn[], options: BothOptions = {}): Promise<BothChild> {
	if (kind === "subprocess") {
		const child = scriptedChild({
			prices: PRICES,
			files: options.files,
			launch: options.launch,
			turns: turns.map((t) => ({
				...(t.text !== undefined && { text: t.text }),
				...(t.tools && { tools: t.tools as Array<{ name: string; args: Record<string, never> }> }),
				usage: { input: Math.round((t.costUsd ?? 0) * 1e6), output: 0 },
			})),
		});
		const runner = createSubprocessRunner(options.support ? { support: options.support } : {});
		return { kind, child, run: (o) => runScripted(runner, child, o), requests: () => child.requests().length };
	}
	const faux = await fauxRuntime();
	let requests = 0;
	const steps = [...turns, { text: "(script ended)" }].map((t) => (context: { messages: unknown[] }) => {
		requests++;
		const result = {
			toolResult: lastOf(context.messages, "toolResult"),
			userMessage: lastOf(context.messages, "user"),
		};
		const blocks = [
			...(t.text ? [fauxText(fillPlaceholders(t.text, result))] : []),
			...(t.tools ?? []).map((c) =>
				fauxToolCall(c.name, fillPlaceholders(c.args, result) as Parameters<typeof fauxToolCall>[1]),
			),
		];
		const message = fauxAssistantMessage(blocks, { stopReason: t.tools?.length ? "toolUse" : "stop" });
		return priced(message, t.costUsd ?? 0);
	});
	faux.script(steps);
	const child = scriptedChild({
		files: options.files,
		launch: {
			model: { provider: faux.provider, id: faux.model, reason: "test" },
			agentDir: faux.agentDir,
			providerExtensions: [],
			...options.launch,
		},
	});
	// The in-process runner writes its session file into an audit directory that already exists.
	mkdirSync(dirname(child.sessionFile), { recursive: true });
	const runner = inProcessRunner(faux.runtime, {
		...(options.support && { support: options.support }),
		...(options.setup && { setup: options.setup }),
	});
	return { kind, child, run: (o) => runScripted(runner, child, o), requests: () => requests };
}
