/**
 * Which scripted conversation a request belongs to, and which turn it asks for. Requests carry no
 * conversation id, so a conversation is recognised by its opening: the system prompt plus the first
 * user message. The turn is the number of assistant messages already in the request, so a retried
 * request asks for the same turn again (and counts as its next attempt).
 */
import { createHash } from "node:crypto";
import { type Script, type ScriptConversation, type ToolResultView, type Turn, turnAt } from "./script.ts";
import type { MessagesRequest, WireBlock } from "./wire.ts";

export interface Conversation {
	/** `c1`, `c2`, … in order of first arrival. */
	id: string;
	label?: string;
	/** Index into the script's conversations; -1 for `default`, undefined when unscripted. */
	source?: number;
	firstUserText: string;
}

export interface RequestTurn {
	conversation: Conversation;
	turn: number;
	attempt: number;
	/** The scripted turn, or undefined when the script has none for this request. */
	scripted: Turn | undefined;
}

function texts(content: string | WireBlock[]): string {
	if (typeof content === "string") return content;
	return content
		.filter((b) => b.type === "text" && typeof b.text === "string")
		.map((b) => b.text as string)
		.join("\n");
}

/** The system prompt as plain text. */
export function systemText(request: MessagesRequest): string {
	return request.system === undefined ? "" : texts(request.system);
}

export function firstUserText(request: MessagesRequest): string {
	const first = request.messages.find((m) => m.role === "user");
	return first ? texts(first.content) : "";
}

export function lastUserText(request: MessagesRequest): string {
	const last = request.messages.at(-1);
	return last?.role === "user" ? texts(last.content) : "";
}

/** Tool results in the last user message, named after the tool_use blocks they answer. */
export function lastToolResults(request: MessagesRequest): ToolResultView[] {
	const last = request.messages.at(-1);
	if (last?.role !== "user" || typeof last.content === "string") return [];
	const names = new Map<string, string>();
	for (const message of request.messages) {
		if (typeof message.content === "string") continue;
		for (const b of message.content) if (b.type === "tool_use") names.set(String(b.id), String(b.name));
	}
	return last.content
		.filter((b) => b.type === "tool_result")
		.map((b) => {
			const id = String(b.tool_use_id);
			const content = b.content as string | WireBlock[] | undefined;
			const view: ToolResultView = {
				toolUseId: id,
				text: content === undefined ? "" : texts(content),
				isError: b.is_error === true,
			};
			const name = names.get(id);
			if (name !== undefined) view.name = name;
			return view;
		});
}

function matches(entry: ScriptConversation, text: string): boolean {
	if (entry.match === undefined) return false;
	return typeof entry.match === "string" ? text.includes(entry.match) : entry.match(text);
}

export class ConversationBook {
	#script: Script;
	readonly #byKey = new Map<string, Conversation>();
	readonly #claimed = new Set<number>();
	readonly #attempts = new Map<string, number>();

	constructor(script: Script) {
		this.#script = script;
	}

	/** Replaces the script; conversations already seen keep their assignment. */
	setScript(script: Script): void {
		this.#script = script;
	}

	/** Every conversation seen so far, in order of arrival. */
	all(): Conversation[] {
		return [...this.#byKey.values()];
	}

	/** Picks the script entry for a new conversation: first marker match, else the next unclaimed entry. */
	#assign(text: string): Pick<Conversation, "source" | "label"> {
		const entries = this.#script.conversations ?? [];
		let index = entries.findIndex((e) => matches(e, text));
		if (index < 0) {
			index = entries.findIndex((e, i) => e.match === undefined && !this.#claimed.has(i));
			if (index >= 0) this.#claimed.add(index);
		}
		if (index < 0) return this.#script.default ? { source: -1, label: "default" } : {};
		const entry = entries[index]!;
		const label = entry.label ?? (typeof entry.match === "string" ? entry.match : undefined);
		return label === undefined ? { source: index } : { source: index, label };
	}

	/** Finds or registers the request's conversation and counts this attempt at its turn. */
	identify(request: MessagesRequest): RequestTurn {
		const first = firstUserText(request);
		const key = createHash("sha256").update(systemText(request)).update("\u0000").update(first).digest("hex");
		let conversation = this.#byKey.get(key);
		if (!conversation) {
			conversation = { id: `c${this.#byKey.size + 1}`, firstUserText: first, ...this.#assign(first) };
			this.#byKey.set(key, conversation);
		}
		const turn = request.messages.filter((m) => m.role === "assistant").length;
		const attemptKey = `${conversation.id}:${turn}`;
		const attempt = (this.#attempts.get(attemptKey) ?? 0) + 1;
		this.#attempts.set(attemptKey, attempt);
		return { conversation, turn, attempt, scripted: this.#scripted(conversation, turn) };
	}

	#scripted(conversation: Conversation, turn: number): Turn | undefined {
		if (conversation.source === undefined) return undefined;
		const turns =
			conversation.source === -1 ? this.#script.default : this.#script.conversations?.[conversation.source]?.turns;
		return turns === undefined ? undefined : turnAt(turns, turn);
	}
}
