/**
 * What the in-process runner keeps of its child's session for the audit record: each event in the
 * form a subprocess child's JSON mode gives it, and the session as the JSONL file Pi writes itself.
 */
import type { AgentSession, AgentSessionEvent, SessionManager } from "@earendil-works/pi-coding-agent";
import { writeFileNoFollow } from "../audit/record-dir.ts";
import type { RunnerHooks, SentMessage } from "../types.ts";
import { steerChild } from "./steering.ts";

/** The SDK's message_update carries cumulative snapshots; the audit keeps the delta, as JSON mode does. */
export function auditForm(event: AgentSessionEvent): unknown {
	if (event.type !== "message_update") return event;
	const { message: _message, assistantMessageEvent, ...rest } = event;
	const { partial: _partial, ...delta } = assistantMessageEvent as typeof assistantMessageEvent & { partial?: unknown };
	return { ...rest, assistantMessageEvent: delta };
}

/**
 * Writes the in-memory session as a JSONL file (header, then entries), the format Pi writes itself:
 * through the audit record when the hooks give it, else never through a link at its name.
 */
export function writeSessionFile(hooks: RunnerHooks, manager: SessionManager): void {
	const lines = [manager.getHeader(), ...manager.getEntries()].filter((entry) => entry !== undefined && entry !== null);
	const text = lines.map((entry) => `${JSON.stringify(entry)}\n`).join("");
	if (hooks.writeSession) {
		hooks.writeSession(text);
		return;
	}
	try {
		writeFileNoFollow(hooks.sessionFile, text);
	} catch {
		// Without the record's port there is nowhere to say so; the session file is simply absent.
	}
}

/**
 * Hands the inbox's messages to the session's steering queue while its run is on: Pi delivers a
 * steering message after the current turn's tool calls, before the next request. Sent as a user
 * message without expanding prompt templates or commands, so its text reaches the model as written.
 * Before the run starts and after it ends the session has nothing to steer: a message is held then.
 */
export function steerSession(session: AgentSession, hooks: RunnerHooks): { end(): SentMessage[] } {
	const steering = steerChild(hooks);
	const deliver = (text: string) => {
		session.sendUserMessage(text, { deliverAs: "steer" }).catch(() => {});
	};
	const unsubscribe = session.subscribe((event) => {
		if (event.type === "agent_start") steering.open(deliver);
		else if (event.type === "agent_end") steering.pause();
	});
	return {
		end() {
			unsubscribe();
			return steering.end();
		},
	};
}
