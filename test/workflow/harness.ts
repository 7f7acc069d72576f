/**
 * Workflows in tests, run the way a real run runs them — the script loaded from a file, every call
 * planned by the real planner and executed by the real executor with the real ports, the journal
 * and run directory on disk — with Pi's faux provider as the model. The model answers through one
 * responder function, called once per model request with the child's first message, so concurrent
 * children get answers by what they were asked, not by the order they asked in.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AssistantMessage } from "@earendil-works/pi-ai";
import { VERSION } from "@earendil-works/pi-coding-agent";
import { loadAgents } from "../../src/agents/load.ts";
import { availableToolNames } from "../../src/host/render.ts";
import { modelList } from "../../src/host/runtime.ts";
import type { CommonInputs, PlanRequest } from "../../src/plan/types.ts";
import { ChildrenRegistry } from "../../src/run/children.ts";
import type { RootLocks } from "../../src/run/root-lock.ts";
import { sandboxSupport } from "../../src/run/sandbox/support.ts";
import { readSettings } from "../../src/settings/read.ts";
import { launchWorkflow, type WorkflowLaunch, type WorkflowRequest } from "../../src/workflow/launch.ts";
import { workflowShell } from "../../src/workflow/shell.ts";
import {
	type FauxRuntime,
	fauxAssistantMessage,
	fauxRuntime,
	fauxText,
	fauxToolCall,
	priced,
} from "../support/faux-runtime.ts";
import { gitRepo, tempDir } from "../support/task-fixture.ts";

export { fauxAssistantMessage, fauxText, fauxToolCall, priced };

/** The text of a request's first user message: a task child's brief, or a plain child's prompt. */
function firstUserText(messages: ReadonlyArray<{ role: string; content?: unknown }>): string {
	const first = messages.find((m) => m.role === "user");
	const content = first?.content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content.map((b: { type?: string; text?: string }) => (b.type === "text" ? (b.text ?? "") : "")).join("");
}

/** A submit_result call with an envelope (status ok, citing the root itself unless evidence is given). */
export function submit(
	deliverable: string,
	evidence: Array<{ claim: string; pointer: string }> = [{ claim: "the root was looked at", pointer: "." }],
): AssistantMessage {
	return fauxAssistantMessage(
		[fauxToolCall("submit_result", { status: "ok", deliverable, evidence, unsure: [], did_not_do: [] })],
		{ stopReason: "toolUse" },
	);
}

export type Responder = (
	firstMessage: string,
	turn: number,
	signal: AbortSignal | undefined,
) => AssistantMessage | Promise<AssistantMessage>;

/** Waits `ms`, or less when the request is aborted. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve) => {
		const timer = setTimeout(resolve, ms);
		signal?.addEventListener("abort", () => {
			clearTimeout(timer);
			resolve();
		});
	});
}

/** Answers every checked child with its goal's first line as the deliverable, and every plain one in text. */
export const echo: Responder = (brief) => {
	const goal = /## Goal\n([^\n]*)/.exec(brief)?.[1];
	return goal === undefined ? fauxAssistantMessage(`plain: ${brief.split("\n")[0]}`) : submit(`done: ${goal}`);
};

export interface WorkflowHarness {
	faux: FauxRuntime;
	project: string;
	runsDir: string;
	children: ChildrenRegistry;
	logs: string[];
	/** First messages of every model request, in the order they were made. */
	requests: string[];
	respond(responder: Responder): void;
	/** Writes a workflow script into the harness's scripts folder; returns its path. */
	script(name: string, source: string): string;
	launch(
		file: string,
		options?: Partial<Omit<WorkflowRequest, "script" | "sources">> & {
			signal?: AbortSignal;
			mode?: string;
			locks?: RootLocks;
		},
	): Promise<WorkflowLaunch>;
}

export async function workflowHarness(
	options: { request?: Partial<PlanRequest>; files?: Record<string, string> } = {},
): Promise<WorkflowHarness> {
	const faux = await fauxRuntime();
	const project = gitRepo(options.files ?? { "README.md": "hello\n", "src/a.ts": "export const a = 1;\n" });
	const scripts = tempDir("pi-delegate-scripts-");
	const runsDir = join(faux.agentDir, "runs");
	const tools = await availableToolNames({ cwd: project, agentDir: faux.agentDir });
	const located = { cwd: project, home: faux.agentDir, agentDir: faux.agentDir, projectTrusted: false };
	const request: PlanRequest = { model: "faux/faux-1", runner: "in-process", extensions: [], ...options.request };
	const inputs: CommonInputs = {
		entry: "cli",
		...located,
		settings: readSettings(located),
		agents: loadAgents({ ...located, availableTools: tools }),
		parent: { options: { cwd: project, contextFiles: [], skills: [] } },
		models: await modelList(faux.runtime),
		tools,
		piVersion: VERSION,
		sandbox: sandboxSupport(),
		runsDirOverride: runsDir,
	};
	const requests: string[] = [];
	const turns = new Map<string, number>();
	let responder: Responder = echo;
	faux.script(
		Array.from(
			{ length: 500 },
			() =>
				async (
					context: { messages: Array<{ role: string; content?: unknown }> },
					streamOptions?: { signal?: AbortSignal },
				) => {
					const first = firstUserText(context.messages);
					requests.push(first);
					const turn = turns.get(first) ?? 0;
					turns.set(first, turn + 1);
					return responder(first, turn, streamOptions?.signal);
				},
		),
	);
	const children = new ChildrenRegistry({ now: () => performance.now() });
	const logs: string[] = [];
	return {
		faux,
		project,
		runsDir,
		children,
		logs,
		requests,
		respond: (next) => {
			responder = next;
		},
		script(name, source) {
			const file = join(scripts, name);
			writeFileSync(file, source);
			return file;
		},
		launch: (file, more = {}) => {
			const { signal, mode, locks, ...rest } = more;
			const runRequest = { ...request, ...(mode !== undefined && { runMode: mode }) };
			return launchWorkflow(
				{
					script: { file },
					args: [],
					...rest,
					sources: {
						entry: "cli",
						request: runRequest,
						...located,
						env: {},
						parentPrompt: async () => inputs.parent,
					},
				},
				{
					children,
					log: (text) => logs.push(text),
					...(signal && { signal }),
					...(locks && { locks }),
					open: async () => ({
						ok: true,
						shell: workflowShell(inputs, runRequest, faux.runtime, () => {}),
					}),
				},
			);
		},
	};
}
