/**
 * Turns a child's event stream into progress and, at the end, a ChildOutcome. Both runners feed it
 * the same event shapes (the SDK's session events in-process, their JSON form from `pi --mode json`),
 * so both report the same things the same way.
 */
import { getSystemMessageText, type SystemMessage } from "@earendil-works/pi-ai";
import { SUBMIT_RESULT_TOOL_NAME } from "../envelope/schema.ts";
import {
	type AbortReason,
	addUsage,
	type ChildOutcome,
	type ChildUsage,
	type RunnerHooks,
	type RunnerKind,
	type SentPrompt,
	ZERO_USAGE,
} from "./types.ts";

const STOPS: readonly string[] = ["wall", "usd", "turns", "cancelled"] satisfies AbortReason[];

interface AssistantLike {
	role: "assistant";
	content?: Array<{ type: string; text?: string }>;
	stopReason?: string;
	errorMessage?: string;
	usage?: Parameters<typeof addUsage>[1];
}

type Loose = { type: string; [key: string]: unknown };

function isAssistant(message: unknown): message is AssistantLike {
	return typeof message === "object" && message !== null && (message as { role?: unknown }).role === "assistant";
}

/** A one-line description of a tool call for progress: `bash: npm test`, `read: src/a.ts`. */
export function summarizeToolCall(tool: string, args: unknown): string {
	const a = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
	const first = a.command ?? a.path ?? a.pattern ?? a.status;
	const text = typeof first === "string" ? first.replace(/\s+/g, " ").trim() : "";
	const short = text.length > 80 ? `${text.slice(0, 79)}…` : text;
	return short ? `${tool}: ${short}` : tool;
}

/** Removes the cumulative snapshots an SDK message_update carries (the wire form is delta-only). */
export function auditForm(event: Loose): unknown {
	if (event.type !== "message_update") return event;
	const { message: _message, assistantMessageEvent, ...rest } = event as Loose & { assistantMessageEvent?: Loose };
	if (!assistantMessageEvent) return rest;
	const { partial: _partial, ...delta } = assistantMessageEvent;
	return { ...rest, assistantMessageEvent: delta };
}

export class ChildTracker {
	readonly commandsRun: string[] = [];
	turns = 0;
	private readonly hooks: Pick<RunnerHooks, "onProgress" | "onEvent">;
	private readonly runner: RunnerKind;
	private readonly startedAt = performance.now();
	private toolCalls = 0;
	private usage: ChildUsage = ZERO_USAGE;
	private stopReason: string | undefined;
	private finalText = "";
	private readonly errors: string[] = [];
	private readonly submissions: unknown[] = [];
	private stoppedBy: AbortReason | undefined;
	private aborted = false;
	private sent: SentPrompt | undefined;
	private settled = false;

	constructor(runner: RunnerKind, hooks: Pick<RunnerHooks, "onProgress" | "onEvent">) {
		this.runner = runner;
		this.hooks = hooks;
	}

	started(model: string): void {
		this.hooks.onProgress({ type: "started", runner: this.runner, model });
	}

	error(message: string): void {
		this.errors.push(message);
	}

	/** Records that the child was stopped from outside, and why. */
	stop(reason: unknown): void {
		this.aborted = true;
		if (typeof reason === "string" && STOPS.includes(reason)) this.stoppedBy ??= reason as AbortReason;
	}

	event(event: Loose): void {
		this.hooks.onEvent(auditForm(event));
		switch (event.type) {
			case "turn_start":
				this.turns++;
				this.hooks.onProgress({ type: "turn", turn: this.turns });
				break;
			case "message_end":
				if (isAssistant(event.message)) this.assistant(event.message);
				else if ((event.message as { role?: unknown } | undefined)?.role === "system") {
					this.system(event.message as SystemMessage);
				}
				break;
			case "tool_execution_start": {
				const tool = String(event.toolName);
				this.toolCalls++;
				const args = event.args as { command?: unknown } | undefined;
				if (tool === "bash" && typeof args?.command === "string") this.commandsRun.push(args.command);
				this.hooks.onProgress({ type: "tool_start", tool, summary: summarizeToolCall(tool, event.args) });
				break;
			}
			case "tool_execution_end": {
				const tool = String(event.toolName);
				const isError = event.isError === true;
				const details = (event.result as { details?: { accepted?: boolean; envelope?: unknown } } | undefined)?.details;
				if (tool === SUBMIT_RESULT_TOOL_NAME && !isError && details?.accepted) this.submissions.push(details.envelope);
				this.hooks.onProgress({ type: "tool_end", tool, isError });
				break;
			}
			case "agent_settled":
				this.settled = true;
				break;
		}
	}

	/** Keeps the leading system message: the prompt and tools the child's Pi actually sent. */
	private system(message: SystemMessage): void {
		if (this.sent) return;
		this.sent = {
			systemPrompt: getSystemMessageText(message),
			tools: (message.toolsAdded ?? []).map((tool) => ({
				name: tool.name,
				description: tool.description,
				parameters: tool.parameters,
			})),
		};
	}

	private assistant(message: AssistantLike): void {
		if (message.usage) {
			this.usage = addUsage(this.usage, message.usage);
			this.hooks.onProgress({ type: "usage", usage: this.usage });
		}
		this.stopReason = message.stopReason;
		if (message.errorMessage) this.errors.push(message.errorMessage);
		const text = (message.content ?? []).flatMap((block) => (block.type === "text" && block.text ? [block.text] : []));
		if (text.length > 0 || message.stopReason === "stop") this.finalText = text.join("\n");
	}

	outcome(sessionFile: string | undefined): ChildOutcome {
		const failedStop = this.stopReason === "error" || this.stopReason === "aborted";
		return {
			runner: this.runner,
			completed: !this.aborted && this.settled && !failedStop && this.errors.length === 0,
			stopReason: this.stopReason,
			errors: [...this.errors],
			stoppedBy: this.stoppedBy,
			submissions: [...this.submissions],
			finalText: this.finalText,
			commandsRun: [...this.commandsRun],
			toolCalls: this.toolCalls,
			turns: this.turns,
			usage: this.usage,
			sessionFile,
			sent: this.sent,
			elapsedMs: Math.round(performance.now() - this.startedAt),
		};
	}
}
