/**
 * Reads a child's event stream (Pi's JSON-mode records, in order) into what the outcome reports,
 * and the progress the user sees while it runs. Pure: one event in, progress out; the runner feeds
 * it as lines arrive and never holds the stream whole.
 *
 * Submissions are taken from `submit_result` results, not from the model's call: Pi coerces and
 * validates arguments before a tool runs, and the tool records the envelope it accepted in
 * `details.envelope`. A rejected call ends in an error result and is not a submission; it is kept,
 * numbered among all submit_result calls, with the error the model read.
 */
import {
	getCurrentSystemPrompt,
	getCurrentTools,
	getSystemMessageText,
	type SystemMessage,
} from "@earendil-works/pi-ai";
import type { RejectedCall } from "../../envelope/rejected.ts";
import { SUBMIT_RESULT_TOOL_NAME } from "../../envelope/schema.ts";
import { isRecord } from "../../values.ts";
import type { ChildProgress, ChildUsage, SentPrompt } from "../types.ts";
import { addMessageUsage, bashCommand, emptyUsage, summarizeToolCall } from "./progress.ts";
import { LAST_TURN_MESSAGE_TYPE } from "./turn-budget.ts";

/** One assistant message as the outcome needs it. */
export interface AssistantSummary {
	stopReason: string | undefined;
	errorMessage: string | undefined;
	text: string;
	/** No content and no tokens: the agent noticing an abort, not a model turn. */
	abortEcho: boolean;
}

export interface ChildEventState {
	usage: ChildUsage;
	assistant: AssistantSummary[];
	turnStarts: number;
	toolCalls: number;
	/**
	 * The bash calls the events show ended: what the child asked for, failed or refused included.
	 * Not a record of what ran — the events are the child's stream; the runners keep that record
	 * from their own bash (command-record.ts), and `cmd:` pointers are checked against it.
	 */
	commandsRun: string[];
	submissions: unknown[];
	/** submit_result calls so far, accepted or not. */
	submitCalls: number;
	/** The submit_result calls that ended in an error, with the error text the model read. */
	rejectedSubmissions: RejectedCall[];
	/** Tool calls started and not yet ended: id → tool name and bash command. */
	running: Map<string, { tool: string; command: string | undefined }>;
	agentEnded: boolean;
	lastTurnWarned: boolean;
	/** The first assistant message has started streaming. */
	responding: boolean;
	/** The leading system message: the prompt and tools the child's Pi actually sent. */
	sent: SentPrompt | undefined;
	/**
	 * A resumed child's: the system messages its session carried from the leg before. Its Pi sends
	 * the prompt they make, and a leg whose prompt differs adds a patch, not a whole message.
	 */
	priorSystem?: readonly Record<string, unknown>[];
}

/** The prompt and tools a transcript's system messages make, patches applied, as Pi sends them. */
function currentPrompt(system: readonly Record<string, unknown>[]): SentPrompt {
	const messages = system as unknown as Parameters<typeof getCurrentTools>[0];
	return {
		systemPrompt: getCurrentSystemPrompt(messages),
		tools: getCurrentTools(messages).map((t) => ({
			name: t.name,
			description: t.description,
			parameters: t.parameters,
		})),
	};
}

/**
 * Seeds the state of a resumed child with its session's entries: until its Pi sends a system message
 * of its own, what it sends is the prompt the session already carries.
 */
export function resumeEventState(state: ChildEventState, entries: readonly unknown[]): void {
	const prior = entries.flatMap((entry) => {
		const message = isRecord(entry) && entry.type === "message" && isRecord(entry.message) ? entry.message : undefined;
		return message?.role === "system" ? [message] : [];
	});
	if (prior.length === 0) return;
	state.priorSystem = prior;
	state.sent = currentPrompt(prior);
}

export function createEventState(): ChildEventState {
	return {
		usage: emptyUsage(),
		assistant: [],
		turnStarts: 0,
		toolCalls: 0,
		commandsRun: [],
		submissions: [],
		submitCalls: 0,
		rejectedSubmissions: [],
		running: new Map(),
		agentEnded: false,
		lastTurnWarned: false,
		responding: false,
		sent: undefined,
	};
}

/** The text blocks of a message, joined. */
export function messageText(message: Record<string, unknown>): string {
	const content = message.content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter((block): block is { type: "text"; text: string } => isRecord(block) && block.type === "text")
		.map((block) => block.text)
		.join("");
}

function summarize(message: Record<string, unknown>): AssistantSummary {
	const content = Array.isArray(message.content) ? message.content : [];
	const usage = isRecord(message.usage) ? message.usage : {};
	const tokens = ["input", "output", "cacheRead", "cacheWrite"].reduce((n, k) => n + (Number(usage[k]) || 0), 0);
	const stopReason = typeof message.stopReason === "string" ? message.stopReason : undefined;
	const errorMessage = typeof message.errorMessage === "string" ? message.errorMessage : undefined;
	const aborted = stopReason === "aborted" || (stopReason === "error" && /\babort/i.test(errorMessage ?? ""));
	return {
		stopReason,
		errorMessage,
		text: messageText(message),
		abortEcho: aborted && content.length === 0 && tokens === 0,
	};
}

/** The system prompt text and tool definitions of a leading system message. */
function sentPrompt(message: Record<string, unknown>): SentPrompt {
	const tools = Array.isArray(message.toolsAdded) ? message.toolsAdded.filter(isRecord) : [];
	return {
		systemPrompt: getSystemMessageText(message as unknown as SystemMessage),
		tools: tools.map((t) => ({
			name: String(t.name),
			description: String(t.description ?? ""),
			parameters: t.parameters,
		})),
	};
}

function submission(result: unknown): unknown {
	if (!isRecord(result) || !isRecord(result.details)) return undefined;
	return result.details.accepted === true ? result.details.envelope : undefined;
}

/** An accepted call is a submission; a rejected one is kept with its error, so a missing envelope can say why. */
function recordSubmission(state: ChildEventState, result: unknown, isError: boolean): void {
	state.submitCalls++;
	if (isError) {
		const text = isRecord(result) ? messageText(result) : "";
		state.rejectedSubmissions.push({ call: state.submitCalls, error: text });
		return;
	}
	const envelope = submission(result);
	if (envelope !== undefined) state.submissions.push(envelope);
}

/** Folds one event into the state; returns the progress it makes. */
export function foldEvent(state: ChildEventState, event: unknown): ChildProgress[] {
	if (!isRecord(event)) return [];
	switch (event.type) {
		case "turn_start":
			state.turnStarts++;
			return [{ type: "turn", turn: state.turnStarts }];
		case "message_start": {
			const role = isRecord(event.message) ? event.message.role : undefined;
			if (role !== "assistant" || state.responding) return [];
			state.responding = true;
			return [{ type: "responding" }];
		}
		case "message_end": {
			const message = isRecord(event.message) ? event.message : {};
			if (message.role === "custom" && message.customType === LAST_TURN_MESSAGE_TYPE && !state.lastTurnWarned) {
				state.lastTurnWarned = true;
				return [{ type: "budget_warning", message: "last turn: the child was told to submit its result now" }];
			}
			if (message.role === "system" && state.priorSystem) {
				state.sent = currentPrompt([...state.priorSystem, message]);
				state.priorSystem = undefined;
			} else if (message.role === "system" && state.sent === undefined) state.sent = sentPrompt(message);
			if (message.role !== "assistant") return [];
			state.assistant.push(summarize(message));
			state.usage = addMessageUsage(state.usage, message);
			return [{ type: "usage", usage: { ...state.usage } }];
		}
		case "tool_execution_start": {
			const tool = String(event.toolName);
			state.toolCalls++;
			state.running.set(String(event.toolCallId), { tool, command: bashCommand(tool, event.args) });
			return [{ type: "tool_start", tool, summary: summarizeToolCall(tool, event.args) }];
		}
		case "tool_execution_end": {
			const tool = String(event.toolName);
			const call = state.running.get(String(event.toolCallId));
			state.running.delete(String(event.toolCallId));
			if (call?.command !== undefined) state.commandsRun.push(call.command);
			const isError = event.isError === true;
			if (tool === SUBMIT_RESULT_TOOL_NAME) recordSubmission(state, event.result, isError);
			return [{ type: "tool_end", tool, isError }];
		}
		case "agent_end":
			state.agentEnded = true;
			return [];
		default:
			return [];
	}
}

/**
 * The model turns and the last one's facts. With `stopped` (a budget or the caller stopped the
 * child), trailing abort echoes are the stop itself: they are not turns and their errors are not
 * the model's.
 */
export function settleAssistant(
	state: ChildEventState,
	stopped: boolean,
): {
	turns: number;
	last: AssistantSummary | undefined;
	modelErrors: string[];
} {
	const messages = state.assistant.filter((m) => !(m.abortEcho && stopped));
	const echoed = messages.length < state.assistant.length;
	const last = messages.at(-1);
	return {
		turns: messages.length,
		last: echoed && last ? { ...last, stopReason: "aborted" } : last,
		modelErrors: messages.flatMap((m) => (m.stopReason === "error" && m.errorMessage ? [m.errorMessage] : [])),
	};
}
