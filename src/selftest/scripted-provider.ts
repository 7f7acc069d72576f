/**
 * A Pi extension that registers the provider `scripted` (model `scripted-1`, named as scripted
 * wherever Pi shows it) whose assistant turns are read from a JSON script written in advance (see
 * `Script` and `locate` below). No real model is called and no API key is needed. It ships with the
 * package so that `pi-delegate selftest --e2e` can run real delegations anywhere, and the test suite
 * uses the same code. Load it with `pi -e <this file> --model scripted/scripted-1`; the path of the
 * copy to load is `scriptedProviderPath()` (scripted-path.ts).
 *
 * Pi's faux provider does the streaming; this wrapper adds what a test of cost and budgets needs and
 * faux lacks: per-turn usage with a cost computed from the model's prices (faux estimates tokens and
 * always reports $0), a per-turn delay, error turns, and a record of every request (system prompt,
 * tool names, message texts), so a test can see what the child really sent. It imports only what Pi 0.86.1 … 1.6 all export, so the prompt fixture
 * capture can load it into every version it renders.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
	type AssistantMessage,
	type AssistantMessageEventStream,
	createAssistantMessageEventStream,
	createFauxCore,
	createProvider,
	type FauxContentBlock,
	fauxAssistantMessage,
	fauxText,
	fauxToolCall,
	getCurrentSystemPrompt,
	getCurrentTools,
	type Message,
	type Model,
	type SimpleStreamOptions,
	type TranscriptContext,
} from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

/** Tokens one turn reports; the cost is computed from the script's prices. */
export interface ScriptUsage {
	input: number;
	output: number;
	cacheRead?: number;
	cacheWrite?: number;
}

/** Dollars per million tokens. */
export interface ScriptPrices {
	input: number;
	output: number;
	cacheRead?: number;
	cacheWrite?: number;
}

/**
 * One assistant turn. Text and every string inside tool arguments may contain `{{last_tool_result}}`,
 * replaced by the text of the newest tool result in the conversation, and `{{last_user_message}}`,
 * by the text of the newest user message (a turn cannot be a function in JSON, but it can echo what
 * a tool returned, or act on a message that steered the child).
 */
export interface ScriptTurn {
	text?: string;
	tools?: Array<{ name: string; args: Parameters<typeof fauxToolCall>[1] }>;
	/** Reported usage; without it, faux's estimate is kept (priced the same way). */
	usage?: ScriptUsage;
	/** Wait this long before answering (the request's abort signal ends the wait). */
	delayMs?: number;
	/** Answer with stopReason "error" and this message instead of content. */
	error?: string;
}

export interface Script {
	turns?: Array<string | ScriptTurn>;
	prices?: ScriptPrices;
	/**
	 * Scripts for other conversations: a request whose first user message contains `when` is
	 * answered from `turns` of the first such branch, each branch counting its own turns (a child
	 * and the children it starts, in one process or several, each follow their own script).
	 */
	branches?: Array<{ when: string; turns: Array<string | ScriptTurn> }>;
}

/** One line of the PI_DELEGATE_REQUESTS file. */
export interface RecordedRequest {
	systemPrompt: string;
	tools: string[];
	messages: Array<{ role: string; text: string }>;
}

export const LAST_TOOL_RESULT = "{{last_tool_result}}";
export const LAST_USER_MESSAGE = "{{last_user_message}}";

/**
 * The script: PI_DELEGATE_SCRIPT, else `scripted.json` in Pi's agent dir (PI_CODING_AGENT_DIR), so a
 * runner test can script a child by its agent dir alone. Requests are recorded to
 * PI_DELEGATE_REQUESTS, else, for a script from the agent dir, to `scripted-requests.jsonl` beside it.
 */
function locate(): { script: string | undefined; requests: string | undefined } {
	const env = process.env;
	if (env.PI_DELEGATE_SCRIPT) return { script: env.PI_DELEGATE_SCRIPT, requests: env.PI_DELEGATE_REQUESTS };
	const agentDir = env.PI_CODING_AGENT_DIR;
	const inAgentDir = agentDir ? join(agentDir, "scripted.json") : undefined;
	if (inAgentDir && agentDir && existsSync(inAgentDir)) {
		return { script: inAgentDir, requests: env.PI_DELEGATE_REQUESTS ?? join(agentDir, "scripted-requests.jsonl") };
	}
	return { script: undefined, requests: env.PI_DELEGATE_REQUESTS };
}

/** The script is written by the test or the selftest that starts the child, never by a person. */
function loadScript(file: string | undefined): Script {
	return file ? (JSON.parse(readFileSync(file, "utf8")) as Script) : {};
}

function textOf(message: Message): string {
	const content = (message as { content?: unknown }).content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block: { type?: string; text?: string; name?: string; arguments?: unknown }) =>
			block.type === "text"
				? (block.text ?? "")
				: block.type === "toolCall"
					? `${block.name}:${JSON.stringify(block.arguments)}`
					: "",
		)
		.join("\n");
}

function lastOf(messages: readonly Message[], role: string): string {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i];
		if (message?.role === role) return textOf(message);
	}
	return "";
}

/** What the placeholders of a turn stand for in this conversation. */
export interface Said {
	toolResult: string;
	userMessage: string;
}

/** `value` with every placeholder in its strings, however deep, replaced by what it stands for (both runners' scripts use it). */
export function fillPlaceholders<T>(value: T, said: Said): T {
	if (typeof value === "string")
		return value.split(LAST_TOOL_RESULT).join(said.toolResult).split(LAST_USER_MESSAGE).join(said.userMessage) as T;
	if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, said)) as T;
	if (value !== null && typeof value === "object") {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, said)])) as T;
	}
	return value;
}

function record(file: string | undefined, context: TranscriptContext): void {
	if (!file) return;
	const entry: RecordedRequest = {
		systemPrompt: getCurrentSystemPrompt(context.messages),
		tools: getCurrentTools(context.messages).map((tool) => tool.name),
		messages: context.messages
			.filter((m) => m.role !== "system")
			.map((m) => ({
				role: m.role === "user" && (m as { customType?: string }).customType ? "custom" : m.role,
				text: textOf(m),
			})),
	};
	appendFileSync(file, `${JSON.stringify(entry)}\n`);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve) => {
		if (signal?.aborted) return resolve();
		const timer = setTimeout(resolve, ms);
		signal?.addEventListener("abort", () => {
			clearTimeout(timer);
			resolve();
		});
	});
}

function respond(turn: string | ScriptTurn | undefined, context: TranscriptContext): AssistantMessage {
	if (turn === undefined) return fauxAssistantMessage("(script ended)");
	const result = { toolResult: lastOf(context.messages, "toolResult"), userMessage: lastOf(context.messages, "user") };
	if (typeof turn === "string") return fauxAssistantMessage(fillPlaceholders(turn, result));
	if (turn.error !== undefined) return fauxAssistantMessage([], { stopReason: "error", errorMessage: turn.error });
	const blocks: FauxContentBlock[] = [];
	if (turn.text) blocks.push(fauxText(fillPlaceholders(turn.text, result)));
	for (const call of turn.tools ?? []) blocks.push(fauxToolCall(call.name, fillPlaceholders(call.args, result)));
	return fauxAssistantMessage(blocks, { stopReason: turn.tools?.length ? "toolUse" : "stop" });
}

function priced(message: AssistantMessage, usage: ScriptUsage | undefined, prices: ScriptPrices): void {
	const u = usage
		? { input: usage.input, output: usage.output, cacheRead: usage.cacheRead ?? 0, cacheWrite: usage.cacheWrite ?? 0 }
		: message.usage;
	const cost = {
		input: (u.input * prices.input) / 1e6,
		output: (u.output * prices.output) / 1e6,
		cacheRead: (u.cacheRead * (prices.cacheRead ?? 0)) / 1e6,
		cacheWrite: (u.cacheWrite * (prices.cacheWrite ?? 0)) / 1e6,
		total: 0,
	};
	cost.total = cost.input + cost.output + cost.cacheRead + cost.cacheWrite;
	message.usage = {
		input: u.input,
		output: u.output,
		cacheRead: u.cacheRead,
		cacheWrite: u.cacheWrite,
		totalTokens: u.input + u.output + u.cacheRead + u.cacheWrite,
		cost,
	};
}

/** The provider's name as Pi lists it: a report or a model list never passes it off as a real model. */
export const SCRIPTED_MODEL_NAME = "Scripted (answers written in advance; no real model)";

/**
 * Located each time the extension is loaded, not once per module: an in-process host may load the
 * module once and the extension several times, each with its own script.
 */
export default function scriptedProvider(pi: ExtensionAPI): void {
	const where = locate();
	const script = loadScript(where.script);
	const turns = script.turns ?? [];
	const prices: ScriptPrices = script.prices ?? { input: 0, output: 0 };
	const core = createFauxCore({
		provider: "scripted",
		models: [
			{
				id: "scripted-1",
				name: SCRIPTED_MODEL_NAME,
				cost: {
					input: prices.input,
					output: prices.output,
					cacheRead: prices.cacheRead ?? 0,
					cacheWrite: prices.cacheWrite ?? 0,
				},
			},
		],
	});
	const next = turnPicker(turns, script.branches ?? []);
	// The turn each request is answered with, picked when it is made and taken when faux answers it.
	const picked: Array<string | ScriptTurn | undefined> = [];
	core.setResponses(
		Array.from(
			{ length: turns.length + (script.branches ?? []).reduce((n, b) => n + b.turns.length, 0) + 64 },
			() => async (context: TranscriptContext, options?: SimpleStreamOptions) => {
				const turn = picked.shift();
				if (typeof turn === "object" && turn.delayMs) await sleep(turn.delayMs, options?.signal);
				return respond(turn, context);
			},
		),
	);
	const stream = (model: Model<string>, context: TranscriptContext, options?: SimpleStreamOptions) => {
		record(where.requests, context);
		const turn = next(context);
		picked.push(turn);
		const usage = typeof turn === "object" ? turn.usage : undefined;
		return repriced(core.streamSimple(model, context, options), (message) => priced(message, usage, prices));
	};
	pi.registerProvider(
		createProvider({
			id: core.provider,
			auth: { apiKey: { name: "Scripted", resolve: async () => ({ auth: {} }) } },
			models: core.models,
			api: { stream, streamSimple: stream },
		}),
	);
}

/** The next turn of the script a conversation follows: its branch's when its first user message names one. */
function turnPicker(turns: Array<string | ScriptTurn>, branches: NonNullable<Script["branches"]>) {
	const counts = new Map<number, number>();
	return (context: TranscriptContext): string | ScriptTurn | undefined => {
		const first = context.messages.find((m) => m.role === "user");
		const text = first ? textOf(first) : "";
		const index = branches.findIndex((branch) => text.includes(branch.when));
		const n = counts.get(index) ?? 0;
		counts.set(index, n + 1);
		return (index === -1 ? turns : branches[index]!.turns)[n];
	};
}

/** Passes a stream through, applying `patch` to the final message (in the terminal event and the result). */
function repriced(
	inner: AssistantMessageEventStream,
	patch: (message: AssistantMessage) => void,
): AssistantMessageEventStream {
	const outer = createAssistantMessageEventStream();
	void (async () => {
		for await (const event of inner) {
			if (event.type === "done") patch(event.message);
			else if (event.type === "error") patch(event.error);
			outer.push(event);
		}
		const final = await inner.result();
		patch(final);
		outer.end(final);
	})();
	return outer;
}
