/**
 * The branch a fork inherits, read from the parent's session entries: the path from the root to
 * the branch point, and the prompt state Pi's transcript holds there — the system prompt sections
 * and the declared tools — which a fork must reproduce for its Pi to send the parent's prefix
 * unchanged.
 *
 * It follows Pi's own rules for what a branch sends (session-manager's context entries): the
 * latest compaction on the path stands for everything before it, with the prompt and tool state it
 * recorded, then the entries it kept (their system messages left out, the compaction's snapshot
 * already holds them), then everything after it. System messages replay in order: a section set to
 * null is removed, a removed tool goes before an added one. The run stage checks the outcome on
 * the real request (a fork whose Pi had to re-declare anything says so), and a test holds this
 * replay to Pi's own on real sessions. Pure.
 */
import type { Problem } from "../problems.ts";
import { editDistance } from "../suggest.ts";
import { isRecord } from "../values.ts";
import type { InheritedPrompt, SessionEntryLike, ToolDeclarationLike } from "./fork-types.ts";

/** The entries from the root to `leafId`, in order; empty for a null leaf or an unknown one. */
export function pathTo(entries: readonly SessionEntryLike[], leafId: string | null): SessionEntryLike[] {
	if (leafId === null) return [];
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	const path: SessionEntryLike[] = [];
	const seen = new Set<string>();
	for (let entry = byId.get(leafId); entry && !seen.has(entry.id); ) {
		seen.add(entry.id);
		path.push(entry);
		entry = entry.parentId === null ? undefined : byId.get(entry.parentId);
	}
	return path.reverse();
}

const isSystemMessage = (entry: SessionEntryLike) =>
	entry.type === "message" && isRecord(entry.message) && entry.message.role === "system";

/** What Pi sends of a path: from the latest compaction on, with the entries it kept (Pi's context entries). */
export function contextEntries(path: readonly SessionEntryLike[]): SessionEntryLike[] {
	const at = path.findLastIndex((entry) => entry.type === "compaction");
	if (at < 0) return [...path];
	const compaction = path[at] as SessionEntryLike;
	const firstKept = path.findIndex((entry) => entry.id === compaction.firstKeptEntryId);
	const kept = firstKept < 0 || firstKept > at ? [] : path.slice(firstKept, at).filter((e) => !isSystemMessage(e));
	return [compaction, ...kept, ...path.slice(at + 1)];
}

/** The system messages of a branch's context, in order (the latest compaction's snapshot first). */
function systemMessages(context: readonly SessionEntryLike[]): Record<string, unknown>[] {
	return context.flatMap((entry, index) => {
		if (entry.type === "compaction") return index === 0 && isRecord(entry.systemMessage) ? [entry.systemMessage] : [];
		return isSystemMessage(entry) ? [entry.message as Record<string, unknown>] : [];
	});
}

function declaration(value: unknown): ToolDeclarationLike | undefined {
	if (!isRecord(value) || typeof value.name !== "string") return undefined;
	return {
		name: value.name,
		description: typeof value.description === "string" ? value.description : "",
		parameters: value.parameters,
		...(value.constrainedSampling !== undefined && { constrainedSampling: value.constrainedSampling }),
	};
}

/**
 * The prompt state at the end of a branch's context. `freeText` is system text outside any section
 * (an old transcript's plain prompt): a fork can state sections, not free text, so it warns.
 */
export function promptState(context: readonly SessionEntryLike[]): Omit<InheritedPrompt, "forced"> & {
	freeText: boolean;
} {
	const sections = new Map<string, string>();
	const tools = new Map<string, ToolDeclarationLike>();
	let freeText = false;
	for (const message of systemMessages(context)) {
		const content = message.content;
		if ((typeof content === "string" && content !== "") || (Array.isArray(content) && content.length > 0))
			freeText = true;
		for (const [name, value] of Object.entries(isRecord(message.sections) ? message.sections : {})) {
			if (value === null) sections.delete(name);
			else if (typeof value === "string") sections.set(name, value);
		}
		for (const removed of Array.isArray(message.toolsRemoved) ? message.toolsRemoved : []) {
			if (isRecord(removed) && typeof removed.name === "string") tools.delete(removed.name);
		}
		for (const added of Array.isArray(message.toolsAdded) ? message.toolsAdded : []) {
			const tool = declaration(added);
			if (tool) tools.set(tool.name, tool);
		}
	}
	return { sections: Object.fromEntries(sections), tools: [...tools.values()], freeText };
}

/** How many messages the context sends, and their rough size in tokens (characters ÷ 4). */
export function contextSize(context: readonly SessionEntryLike[]): { messages: number; approxTokens: number } {
	let messages = 0;
	let chars = 0;
	for (const entry of context) {
		const sent =
			(entry.type === "message" && !isSystemMessage(entry)) ||
			entry.type === "custom_message" ||
			entry.type === "branch_summary" ||
			entry.type === "compaction";
		if (!sent) continue;
		messages++;
		chars += JSON.stringify(entry.message ?? entry.content ?? entry.summary ?? "").length;
	}
	return { messages, approxTokens: Math.ceil(chars / 4) };
}

/** A user message's first line, for naming an entry in an error. */
function preview(entry: SessionEntryLike): string {
	const message = isRecord(entry.message) ? entry.message : {};
	const content = message.content;
	const text =
		typeof content === "string"
			? content
			: Array.isArray(content)
				? content.map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : "")).join(" ")
				: "";
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > 48 ? `${line.slice(0, 47)}…` : line;
}

/** Ids spelled closest to `id`, and the latest user messages of the current branch, for the fix. */
function nearest(entries: readonly SessionEntryLike[], id: string, branch: readonly SessionEntryLike[]): string {
	const spelled = [...entries]
		.map((entry) => ({ id: entry.id, distance: editDistance(id.toLowerCase(), entry.id.toLowerCase()) }))
		.filter((c) => c.distance <= Math.max(2, Math.floor(id.length / 2)))
		.sort((a, b) => a.distance - b.distance)
		.slice(0, 3)
		.map((c) => c.id);
	const users = branch
		.filter((e) => e.type === "message" && isRecord(e.message) && e.message.role === "user")
		.slice(-3)
		.map((e) => `${e.id} ("${preview(e)}")`);
	const parts = [
		...(spelled.length > 0 ? [`the nearest ids: ${spelled.join(", ")}`] : []),
		...(users.length > 0 ? [`the latest user messages of this branch: ${users.join(", ")}`] : []),
	];
	return parts.length > 0 ? `use an entry id of this session; ${parts.join("; ")}` : "leave out from";
}

/** Whether `id` is `ancestor` or hangs below it. */
function descendsFrom(entries: readonly SessionEntryLike[], id: string, ancestor: string): boolean {
	return pathTo(entries, id).some((entry) => entry.id === ancestor);
}

/**
 * Where a fork branches: `from` when given and valid, else the entry before the fork call. Every
 * problem of `from` is returned: it is not an entry of this session, or it is the call itself.
 */
export function branchPoint(
	session: { entries: readonly SessionEntryLike[]; leafId: string | null; callEntryId?: string },
	from: unknown,
): { leafId: string | null; problems: Problem[] } {
	if (from === undefined) return { leafId: session.leafId, problems: [] };
	const branch = pathTo(session.entries, session.leafId);
	if (typeof from !== "string" || from.trim() === "") {
		return {
			leafId: session.leafId,
			problems: [
				{
					path: ["from"],
					code: typeof from === "string" ? "too_small" : "invalid_type",
					value: from,
					message: "must be an entry id of this session",
					fix: nearest(session.entries, "", branch),
				},
			],
		};
	}
	if (!session.entries.some((entry) => entry.id === from)) {
		return {
			leafId: session.leafId,
			problems: [
				{
					path: ["from"],
					code: "not_found",
					value: from,
					message: "is not an entry of this session",
					fix: nearest(session.entries, from, branch),
				},
			],
		};
	}
	if (session.callEntryId !== undefined && descendsFrom(session.entries, from, session.callEntryId)) {
		return {
			leafId: session.leafId,
			problems: [
				{
					path: ["from"],
					code: "invalid_value",
					value: from,
					message: "is this fork call itself (or comes after it): a fork branches from an earlier point",
					fix: `leave out from to branch just before this call, or ${nearest(session.entries, from, branch)}`,
				},
			],
		};
	}
	return { leafId: from, problems: [] };
}
