/**
 * Conversations for tail and fork tests, written into a real in-memory Pi session so that their
 * projection (compaction summary, kept entries, later ones) is Pi's own. Messages are the shapes Pi
 * persists: user, assistant with text and tool calls, tool results, a compaction.
 */
import { SessionManager } from "@earendil-works/pi-coding-agent";

export const user = (text: string) => ({
	role: "user" as const,
	content: [{ type: "text" as const, text }],
	timestamp: 1,
});

export const userWithImage = (text: string, bytes: number) => ({
	role: "user" as const,
	content: [
		{ type: "text" as const, text },
		{ type: "image" as const, data: "A".repeat(Math.ceil((bytes * 4) / 3)), mimeType: "image/png" },
	],
	timestamp: 1,
});

export interface Call {
	id: string;
	name: string;
	args: Record<string, unknown>;
}

export const assistant = (text: string, calls: readonly Call[] = []) => ({
	role: "assistant" as const,
	content: [
		...(text === "" ? [] : [{ type: "text" as const, text }]),
		...calls.map((c) => ({ type: "toolCall" as const, id: c.id, name: c.name, arguments: c.args })),
	],
	api: "faux",
	provider: "faux",
	model: "faux-1",
	usage: {
		input: 1,
		output: 1,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 2,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	},
	stopReason: calls.length > 0 ? ("toolUse" as const) : ("stop" as const),
	timestamp: 1,
});

export const result = (call: Call, text: string, isError = false) => ({
	role: "toolResult" as const,
	toolCallId: call.id,
	toolName: call.name,
	content: [{ type: "text" as const, text }],
	isError,
	timestamp: 1,
});

export type Step =
	| ReturnType<typeof user>
	| ReturnType<typeof userWithImage>
	| ReturnType<typeof assistant>
	| ReturnType<typeof result>
	| { compaction: string; keepFrom: number };

/**
 * A session holding the steps in order; `{ compaction, keepFrom }` compacts with that summary,
 * keeping the entries from the `keepFrom`-th message step on (0-based over the steps so far).
 */
export function sessionOf(steps: readonly Step[], cwd = "/work/project"): SessionManager {
	const session = SessionManager.inMemory(cwd);
	const ids: string[] = [];
	for (const step of steps) {
		if ("compaction" in step) {
			session.appendCompaction(step.compaction, ids[step.keepFrom] ?? null, 1000);
			continue;
		}
		ids.push(session.appendMessage(step as Parameters<SessionManager["appendMessage"]>[0]));
	}
	return session;
}
