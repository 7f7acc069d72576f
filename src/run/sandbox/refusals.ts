/**
 * Writes the read-only mounts refused, read back from the child's event stream. A bash command
 * that writes outside the writable roots fails inside the command (EROFS), and the kernel tells
 * nobody but the command; what can be recorded is what the command printed about it. So each
 * tool result is scanned for the kernel's words, and every line that has them becomes one
 * prevented attempt. A command that hides its errors (`2>/dev/null`, `|| true`) is not recorded
 * — the write was still prevented, and the boundary diff shows that nothing changed. Pure.
 */
import { isRecord } from "../../values.ts";
import type { PreventedAttempt } from "./types.ts";

/** How the kernel's refusals read in a command's output, and what the report calls them. */
const SIGNS: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
	{ pattern: /read-only file system/i, reason: "the read-only file system refused a write" },
	{ pattern: /network is unreachable/i, reason: "the sandbox has no network" },
];

/** Lines recorded from one tool result at most: a loop of failing writes says the same thing every time. */
const PER_RESULT = 3;

function resultText(result: unknown): string {
	if (!isRecord(result) || !Array.isArray(result.content)) return typeof result === "string" ? result : "";
	return result.content
		.map((block) => (isRecord(block) && typeof block.text === "string" ? block.text : ""))
		.join("\n");
}

/** Attempts seen in one tool's result text. */
export function refusalsIn(tool: string, text: string, args: Record<string, unknown>): PreventedAttempt[] {
	const out: PreventedAttempt[] = [];
	for (const line of text.split("\n")) {
		const sign = SIGNS.find((s) => s.pattern.test(line));
		if (sign === undefined) continue;
		const detail = line.trim().slice(0, 200);
		out.push({
			tool,
			...(typeof args.path === "string" && { path: args.path }),
			...(typeof args.command === "string" && { command: args.command }),
			reason: `${sign.reason}: ${detail}`,
		});
		if (out.length === PER_RESULT) break;
	}
	return out;
}

/** Follows tool calls through the event stream; `push` returns the attempts an event reveals. */
export function createRefusalWatch(): { push(event: unknown): PreventedAttempt[] } {
	const calls = new Map<string, Record<string, unknown>>();
	return {
		push(event) {
			if (!isRecord(event)) return [];
			const id = String(event.toolCallId);
			if (event.type === "tool_execution_start") {
				calls.set(id, isRecord(event.args) ? event.args : {});
				return [];
			}
			if (event.type !== "tool_execution_end") return [];
			const args = calls.get(id) ?? {};
			calls.delete(id);
			return refusalsIn(String(event.toolName), resultText(event.result), args);
		},
	};
}
