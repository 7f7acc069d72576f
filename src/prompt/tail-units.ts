/**
 * The caller's conversation as units of a tail (context ladder L3): a summary, a message from the
 * user side, or a turn — one assistant message with the results of the tool calls it made. A unit
 * is the smallest thing a tail takes or leaves, so a tool call never reaches a child without its
 * result. Each unit carries its rendered text, and its size is the size of that text: the budget
 * applies to what the child is actually sent.
 *
 * Messages come as Pi projects a session for its model (compaction summary first, then the kept
 * and later messages) and are read tolerantly: an unknown role or block is described, never fatal.
 * Pure.
 */
import { isRecord } from "../values.ts";
import { sizeOf } from "./size.ts";

/** One message of a projected Pi session, as plain JSON (role, content, and role-specific fields). */
export type TranscriptMessage = Readonly<Record<string, unknown>>;

export type TailUnitKind = "summary" | "user" | "turn";

export interface TailUnit {
	kind: TailUnitKind;
	/** The unit as the child reads it, before quoting. */
	text: string;
	/** Estimated tokens of the quoted text (Pi's estimate: characters ÷ 4). */
	tokens: number;
	/** Images replaced by a placeholder. */
	images: number;
	/** A turn whose tool calls do not all have results: the caller's turn still in progress. */
	open?: boolean;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/** A placeholder for an image: its type and rough size, never its bytes. */
function imageNote(block: Record<string, unknown>): string {
	const data = str(block.data);
	const kb = Math.max(1, Math.round((data.length * 3) / 4 / 1024));
	return `[image: ${str(block.mimeType) || "unknown type"}, about ${kb} KB, not included]`;
}

/** Text of a content field (a string or blocks): text kept, images as placeholders, the rest named. */
function contentText(content: unknown): { text: string; images: number } {
	if (typeof content === "string") return { text: content, images: 0 };
	if (!Array.isArray(content)) return { text: "", images: 0 };
	let images = 0;
	const parts = content.map((block): string => {
		if (!isRecord(block)) return "";
		if (block.type === "text") return str(block.text);
		if (block.type === "image") {
			images++;
			return imageNote(block);
		}
		return `[${str(block.type) || "block"} left out]`;
	});
	return { text: parts.filter((p) => p !== "").join("\n"), images };
}

function unit(kind: TailUnitKind, text: string, images: number, open?: boolean): TailUnit {
	return { kind, text, tokens: sizeOf(quote(text)).tokens, images, ...(open && { open }) };
}

/** The text quoted as background: every line behind `> `. */
export function quote(text: string): string {
	return text
		.split("\n")
		.map((line) => (line === "" ? ">" : `> ${line}`))
		.join("\n");
}

/** A user-side message: the user, an extension's message, a command the user ran. */
function userSide(message: TranscriptMessage): TailUnit | undefined {
	switch (message.role) {
		case "user": {
			const { text, images } = contentText(message.content);
			return unit("user", `user:\n${text}`, images);
		}
		case "custom": {
			const { text, images } = contentText(message.content);
			return unit("user", `message from an extension (${str(message.customType) || "custom"}):\n${text}`, images);
		}
		case "bashExecution": {
			if (message.excludeFromContext === true) return undefined;
			return unit("user", `the user ran: ${str(message.command)}\n${str(message.output)}`, 0);
		}
		case "compactionSummary":
			return unit("summary", `summary of the conversation before this point:\n${str(message.summary)}`, 0);
		case "branchSummary":
			return unit("summary", `summary of a branch the conversation came back from:\n${str(message.summary)}`, 0);
		default:
			return undefined;
	}
}

interface OpenTurn {
	lines: string[];
	images: number;
	/** Call ids still waiting for a result. */
	waiting: Set<string>;
	names: Map<string, string>;
}

function startTurn(message: TranscriptMessage): OpenTurn {
	const turn: OpenTurn = { lines: ["assistant:"], images: 0, waiting: new Set(), names: new Map() };
	for (const block of Array.isArray(message.content) ? message.content : []) {
		if (!isRecord(block)) continue;
		if (block.type === "text" && str(block.text) !== "") turn.lines.push(str(block.text));
		else if (block.type === "toolCall") {
			const id = str(block.id);
			turn.waiting.add(id);
			turn.names.set(id, str(block.name));
			turn.lines.push(`→ ${str(block.name)} ${JSON.stringify(block.arguments ?? {})}`);
		}
	}
	if (typeof message.content === "string" && message.content !== "") turn.lines.push(message.content);
	return turn;
}

function addResult(turn: OpenTurn, message: TranscriptMessage): void {
	const id = str(message.toolCallId);
	turn.waiting.delete(id);
	const { text, images } = contentText(message.content);
	turn.images += images;
	const name = turn.names.get(id) ?? (str(message.toolName) || "tool");
	turn.lines.push(`← ${name} ${message.isError === true ? "failed" : "returned"}:`, text);
}

function closeTurn(turn: OpenTurn): TailUnit {
	return unit("turn", turn.lines.join("\n"), turn.images, turn.waiting.size > 0);
}

/**
 * The conversation as units, oldest first. System messages (the caller's prompt, not its
 * conversation) are left out, and so is thinking (the caller's private reasoning).
 */
export function tailUnits(messages: readonly TranscriptMessage[]): TailUnit[] {
	const units: TailUnit[] = [];
	let turn: OpenTurn | undefined;
	const close = () => {
		if (turn) units.push(closeTurn(turn));
		turn = undefined;
	};
	for (const message of messages) {
		if (!isRecord(message)) continue;
		if (message.role === "toolResult" && turn) {
			addResult(turn, message);
			continue;
		}
		close();
		if (message.role === "assistant") turn = startTurn(message);
		else if (message.role === "toolResult")
			units.push(unit("turn", `tool result without its call:\n${contentText(message.content).text}`, 0));
		else {
			const side = userSide(message);
			if (side) units.push(side);
		}
	}
	close();
	return units;
}
