/**
 * Builds the assistant message for a scripted turn. Ids are derived from the conversation and turn,
 * not random, so a re-run sends byte-identical histories back and the cache sees identical prefixes.
 */
import { createHash } from "node:crypto";
import type { TurnSpec } from "./script.ts";
import type { ReplyBlock, StopReason } from "./wire.ts";

export interface BuiltReply {
	content: ReplyBlock[];
	stopReason: StopReason;
	outputTokens: number;
}

export function buildReply(
	spec: TurnSpec,
	at: { conversation: string; turn: number },
	count: (text: string) => number,
): BuiltReply {
	const content: ReplyBlock[] = [];
	let outputTokens = 0;
	if (spec.thinking !== undefined) {
		const signature = `sig_emu_${createHash("sha256").update(spec.thinking).digest("hex").slice(0, 24)}`;
		content.push({ type: "thinking", thinking: spec.thinking, signature });
		outputTokens += count(spec.thinking);
	}
	if (spec.text !== undefined && spec.text.length > 0) {
		content.push({ type: "text", text: spec.text });
		outputTokens += count(spec.text);
	}
	(spec.tools ?? []).forEach((call, i) => {
		const id = call.id ?? `toolu_emu_${at.conversation}_${at.turn}_${i}`;
		content.push({ type: "tool_use", id, name: call.name, input: call.input });
		outputTokens += count(call.name) + count(JSON.stringify(call.input));
	});
	const stopReason = spec.stop ?? (spec.tools?.length ? "tool_use" : "end_turn");
	return { content, stopReason, outputTokens: Math.max(1, outputTokens) };
}
