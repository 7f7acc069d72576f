/** What a turn function is told about a request, and the error text for a request nothing scripts. */
import { firstUserText, lastToolResults, lastUserText, type RequestTurn, systemText } from "./conversations.ts";
import type { TurnRequest } from "./script.ts";
import type { MessagesRequest } from "./wire.ts";

export function turnRequest(request: MessagesRequest, at: RequestTurn): TurnRequest {
	const view: TurnRequest = {
		conversation: at.conversation.id,
		turn: at.turn,
		attempt: at.attempt,
		model: request.model,
		system: systemText(request),
		tools: (request.tools ?? []).map((t) => t.name),
		firstUserText: firstUserText(request),
		lastUserText: lastUserText(request),
		toolResults: lastToolResults(request),
		request,
	};
	if (at.conversation.label !== undefined) view.label = at.conversation.label;
	return view;
}

function quote(text: string, max = 160): string {
	const flat = text.replace(/\s+/g, " ").trim();
	// Typographic quotes: the message travels inside JSON, where plain quotes would come back escaped.
	return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`;
}

/** Names what arrived, so whoever wrote the script sees at once why it did not match. */
export function unscriptedMessage(request: MessagesRequest, at: RequestTurn): string {
	const { conversation } = at;
	const why =
		conversation.source === undefined
			? "no script conversation matches it (no marker found in the first user message, none left to take by order, no default)"
			: `the script for it has no turn ${at.turn} (0-based)`;
	const tools = (request.tools ?? []).map((t) => t.name);
	return [
		`emulator: unscripted request — ${why}.`,
		`Received: conversation ${conversation.id}${conversation.label ? ` (${conversation.label})` : ""}, assistant turn ${at.turn}, model ${request.model},`,
		`first user message ${quote(firstUserText(request))},`,
		`last user message ${quote(lastUserText(request) || "(tool results only)")},`,
		`system prompt ${systemText(request).length} chars, tools [${tools.join(", ")}], ${request.messages.length} messages.`,
	].join(" ");
}
