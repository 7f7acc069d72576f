/**
 * A fork's context, read from the parent's Pi session at the moment of the call (loadInputs reads it
 * when a call forks).
 *
 * The branch point is found from the call's id: the assistant message holding the call is already
 * in the session when a tool runs (Pi persists a message before it runs its tools), and a fork
 * branches just before it, where the parent's last request ended. Whether a `before_agent_start`
 * handler forced the parent's prompt is seen by comparing the prompt it sent with Pi's own replay
 * of the transcript at that point.
 */
import { getCurrentSystemPrompt, type Message, toToolDeclaration } from "@earendil-works/pi-ai";
import {
	createBashToolDefinition,
	createFindToolDefinition,
	createGrepToolDefinition,
	createLsToolDefinition,
	createReadToolDefinition,
} from "@earendil-works/pi-coding-agent";
import { createFold, foldEntry } from "../meter/fold.ts";
import type { PrefixHashes } from "../meter/types.ts";
import { pathTo } from "../plan/fork-branch.ts";
import type { ForkContext, SessionEntryLike, ToolDeclarationLike } from "../plan/fork-types.ts";
import { isRecord } from "../values.ts";
import { projectBranch, type SessionReader } from "./branch.ts";

/** The assistant message that holds the call `toolCallId`, searched from the newest entry back. */
export function callEntry(entries: readonly SessionEntryLike[], toolCallId: string): SessionEntryLike | undefined {
	return entries.findLast((entry) => {
		const message = entry.type === "message" && isRecord(entry.message) ? entry.message : undefined;
		if (message?.role !== "assistant" || !Array.isArray(message.content)) return false;
		return message.content.some((b) => isRecord(b) && b.type === "toolCall" && b.id === toolCallId);
	});
}

/** Pi's own read-only tools and bash as this Pi declares them in `cwd`. */
export function builtinDeclarations(cwd: string): ToolDeclarationLike[] {
	const definitions = [
		createReadToolDefinition(cwd),
		createGrepToolDefinition(cwd),
		createFindToolDefinition(cwd),
		createLsToolDefinition(cwd),
		createBashToolDefinition(cwd),
	];
	return definitions.map((d) => toToolDeclaration(d) as ToolDeclarationLike);
}

/** The prefix hashes of the latest request the meter recorded on a path (its entries decode in order). */
export function lastRequest(path: readonly SessionEntryLike[]): PrefixHashes | undefined {
	const fold = createFold("parent");
	let last: PrefixHashes | undefined;
	for (const entry of path) {
		foldEntry(fold, entry);
		if (fold.pending) last = fold.pending.prefix;
	}
	return last;
}

/**
 * What a fork is planned from besides the common inputs: the parent's session at the moment of the
 * call — its entries and where the call sits in them, the prompt its last request sent (forced, when
 * Pi's replay of the transcript differs), the declarations of Pi's own tools for this directory, and
 * the prefix hashes the request meter recorded for the parent's last request.
 */
export function loadForkContext(
	sources: { session: SessionReader; toolCallId: string; systemPrompt: string },
	cwd: string,
): ForkContext {
	const { session } = sources;
	const entries = session.getEntries() as unknown as SessionEntryLike[];
	const call = callEntry(entries, sources.toolCallId);
	const leafId = call ? call.parentId : session.getLeafId();
	const path = pathTo(entries, leafId);
	const replayed = getCurrentSystemPrompt(projectBranch(session.getEntries(), leafId) as unknown as Message[]);
	const file = session.getSessionFile();
	const parentRequest = lastRequest(path);
	return {
		session: {
			id: session.getSessionId(),
			...(file !== undefined && { file }),
			entries,
			...(call && { callEntryId: call.id }),
			leafId,
		},
		...(sources.systemPrompt !== replayed && { forcedPrompt: sources.systemPrompt }),
		builtins: builtinDeclarations(cwd),
		...(parentRequest && { parentRequest }),
	};
}
