/**
 * `loadForkInputs`: what a fork is planned from, read from the parent's Pi session at the moment
 * of the call — its entries and where the call sits in them, the system prompt its last request
 * sent, its model, pi-delegate's settings (for the runs directory), the declarations of Pi's own
 * tools for this directory, and the prefix hashes the request meter recorded for the parent's last
 * request. It also opens the model runtime the forks share, with the parent's providers.
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
	type ModelRegistry,
	VERSION,
} from "@earendil-works/pi-coding-agent";
import { type Host, openHost } from "../host/runtime.ts";
import { createFold, foldEntry } from "../meter/fold.ts";
import type { PrefixHashes } from "../meter/types.ts";
import { pathTo } from "../plan/fork-branch.ts";
import type { ForkInputs, ForkRequest, SessionEntryLike, ToolDeclarationLike } from "../plan/fork-types.ts";
import type { ModelRef } from "../plan/types.ts";
import { readSettings } from "../settings/read.ts";
import { isRecord } from "../values.ts";
import { projectBranch, type SessionReader } from "./branch.ts";

export interface ForkSources {
	/** The id of the fork call: the message holding it marks the branch point. */
	toolCallId: string;
	request: ForkRequest;
	cwd: string;
	home: string;
	agentDir: string;
	projectTrusted: boolean;
	env: Readonly<Record<string, string | undefined>>;
	session: SessionReader;
	/** The system prompt the parent's last request sent (`ctx.getSystemPrompt()` while the call runs). */
	systemPrompt: string;
	parentModel?: ModelRef;
	parentRegistry?: ModelRegistry;
}

/** The inputs, and the host whose model runtime the forks share (the caller disposes of it). */
export interface LoadedFork {
	inputs: ForkInputs;
	host: Host;
}

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

export async function loadForkInputs(sources: ForkSources): Promise<LoadedFork> {
	const { session } = sources;
	const entries = session.getEntries() as unknown as SessionEntryLike[];
	const call = callEntry(entries, sources.toolCallId);
	const leafId = call ? call.parentId : session.getLeafId();
	const path = pathTo(entries, leafId);
	const replayed = getCurrentSystemPrompt(projectBranch(session.getEntries(), leafId) as unknown as Message[]);
	const located = {
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		projectTrusted: sources.projectTrusted,
	};
	const host = await openHost({
		cwd: sources.cwd,
		agentDir: sources.agentDir,
		extensions: [],
		...(sources.parentRegistry && { parent: sources.parentRegistry }),
	});
	const file = session.getSessionFile();
	const override = sources.env.PI_DELEGATE_RUNS_DIR;
	const parentRequest = lastRequest(path);
	const inputs: ForkInputs = {
		request: sources.request,
		session: {
			id: session.getSessionId(),
			...(file !== undefined && { file }),
			entries,
			...(call && { callEntryId: call.id }),
			leafId,
		},
		cwd: sources.cwd,
		home: sources.home,
		agentDir: sources.agentDir,
		settings: readSettings(located),
		...(override && { runsDirOverride: override }),
		...(sources.parentModel && { model: sources.parentModel }),
		...(sources.systemPrompt !== replayed && { forcedPrompt: sources.systemPrompt }),
		builtins: builtinDeclarations(sources.cwd),
		...(parentRequest && { parentRequest }),
		piVersion: VERSION,
	};
	return { inputs, host };
}
