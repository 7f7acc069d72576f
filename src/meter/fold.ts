/**
 * Session entries into request records, one entry at a time. A parent's session file and a child's
 * event log carry the same things (assistant messages with usage, cache-warming usage entries,
 * compactions, custom entries), so both readers feed this one fold; it never holds a file whole.
 *
 * Everything a session records as spend is kept: every branch of the tree (a session file lists
 * abandoned branches too, and Pi's /session scans them all in file order), compaction and branch
 * summaries, cache warming, a tool's own usage. A task tool result, each child a fork tool result
 * lists, and a `pi-delegate.child` entry are a child's spend: each becomes a ChildRef, counted once
 * from the child's own record.
 *
 * A `pi-delegate.request` entry is written when a request is sent, before its response arrives; it
 * belongs to the next assistant message of the same model (the latest one wins: a retried request
 * is sent again).
 */

import { isRecord } from "../values.ts";
import { groupKey, hashValue } from "./prefix.ts";
import { decodeRequestEntry, parseRequestEntry, REQUEST_ENTRY_TYPE } from "./request-entry.ts";
import type { ChildRef, PrefixHashes, RequestRecord, ResetKind, SpendKind } from "./types.ts";
import { dollarsFromUsage, tokensFromUsage } from "./usage.ts";

/** The custom entry type a parent session records a fork or task child under. */
export const CHILD_ENTRY_TYPE = "pi-delegate.child";

export interface EntryFold {
	lineage: string;
	records: RequestRecord[];
	children: ChildRef[];
	/** The latest request entry since the last assistant message. */
	pending: { model: string; prefix: PrefixHashes } | undefined;
	/** Message hashes of the latest request entry, to decode the next one against. */
	lastMessages: string[] | undefined;
	reset: ResetKind | undefined;
	/** A sibling key from the first system message, for records without a request entry. */
	sentGroup: string | undefined;
	/** The latest time seen, for entries that carry none. */
	lastAt: number;
}

export function createFold(lineage: string): EntryFold {
	return {
		lineage,
		records: [],
		children: [],
		pending: undefined,
		lastMessages: undefined,
		reset: undefined,
		sentGroup: undefined,
		lastAt: 0,
	};
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

function timeOf(fold: EntryFold, value: unknown): number {
	const at = typeof value === "number" ? value : typeof value === "string" ? Date.parse(value) : Number.NaN;
	if (!Number.isFinite(at)) return fold.lastAt;
	fold.lastAt = Math.max(fold.lastAt, at);
	return at;
}

/** Appends a record, carrying a pending reset marker onto it. */
function push(fold: EntryFold, record: Omit<RequestRecord, "lineage">): void {
	const marked = fold.reset && record.purpose !== "summary" ? { ...record, afterReset: fold.reset } : record;
	if (marked !== record) fold.reset = undefined;
	fold.records.push({ lineage: fold.lineage, ...marked });
}

function usageRecord(
	fold: EntryFold,
	purpose: RequestRecord["purpose"],
	model: string,
	usage: unknown,
	at: number,
): void {
	push(fold, { at, model, purpose, tokens: tokensFromUsage(usage), dollars: dollarsFromUsage(usage) });
}

function assistant(fold: EntryFold, message: Record<string, unknown>): void {
	const model = `${String(message.provider ?? "?")}/${String(message.model ?? "?")}`;
	const pending = fold.pending?.model === model ? fold.pending : undefined;
	fold.pending = undefined;
	const group = pending ? groupKey(model, pending.prefix) : fold.sentGroup ? `${model}#${fold.sentGroup}` : undefined;
	const duration = message.durationMs;
	push(fold, {
		at: timeOf(fold, message.timestamp),
		...(typeof duration === "number" && Number.isFinite(duration) ? { durationMs: duration } : {}),
		model,
		purpose: "turn",
		tokens: tokensFromUsage(message.usage),
		dollars: dollarsFromUsage(message.usage),
		...(pending ? { prefix: pending.prefix } : {}),
		...(group ? { group } : {}),
	});
}

const CHILD_KINDS: readonly string[] = ["task", "fork", "workflow"];

function childKind(value: unknown): Exclude<SpendKind, "parent"> {
	return typeof value === "string" && CHILD_KINDS.includes(value) ? (value as Exclude<SpendKind, "parent">) : "task";
}

function childRef(fold: EntryFold, data: Record<string, unknown>, usage: unknown, at: number): ChildRef {
	const auditDir = text(data.auditDir);
	const sessionFile = text(data.sessionFile);
	const verdict = text(data.verdict);
	return {
		kind: childKind(data.kind),
		id: text(data.id) ?? auditDir?.split("/").pop() ?? "child",
		...(auditDir ? { auditDir } : {}),
		...(sessionFile ? { sessionFile } : {}),
		at: Number.isFinite(at) ? at : fold.lastAt,
		tokens: tokensFromUsage(usage),
		dollars: dollarsFromUsage(usage),
		...(verdict ? { verdict } : {}),
	};
}

/** A message of any role: assistant turns, a tool's usage, the leading system message. */
function message(fold: EntryFold, m: Record<string, unknown>, at: unknown): void {
	if (m.role === "assistant") {
		assistant(fold, m);
		return;
	}
	if (m.role === "system" && fold.sentGroup === undefined) {
		const { timestamp: _t, ...content } = m;
		fold.sentGroup = hashValue(content);
		return;
	}
	if (m.role !== "toolResult" || !isRecord(m.usage)) return;
	const details = isRecord(m.details) ? m.details : {};
	const result = isRecord(details.result) && text(details.result.auditDir) ? details.result : undefined;
	// A fork call's result lists its children, each with its own usage; the tool result's usage is their sum.
	const results = Array.isArray(details.results) ? details.results.filter((r) => isRecord(r) && text(r.auditDir)) : [];
	const when = timeOf(fold, m.timestamp ?? at);
	if (result) fold.children.push(childRef(fold, result, m.usage, when));
	else if (results.length > 0) {
		// A call with several children (forks, or tasks in one call): each its own, with its own usage
		// (a fork's result carries it as usage, a task's as metrics.usage).
		for (const r of results as Record<string, unknown>[]) {
			const usage = r.usage ?? (isRecord(r.metrics) ? r.metrics.usage : undefined);
			fold.children.push(childRef(fold, r, usage, when));
		}
	} else usageRecord(fold, "other", `tool/${String(m.toolName ?? "?")}`, m.usage, when);
}

function custom(fold: EntryFold, entry: Record<string, unknown>): void {
	if (entry.customType === REQUEST_ENTRY_TYPE) {
		const parsed = parseRequestEntry(entry.data);
		if (!parsed) return;
		const prefix = decodeRequestEntry(parsed, fold.lastMessages);
		fold.lastMessages = prefix.messages;
		fold.pending = { model: parsed.model, prefix };
	} else if (entry.customType === CHILD_ENTRY_TYPE && isRecord(entry.data)) {
		fold.children.push(childRef(fold, entry.data, entry.data.usage, timeOf(fold, entry.timestamp)));
	}
}

/** The kind of the usage entry a workflow command records its run's dollars with (pi/workflow-run.ts). */
export const WORKFLOW_USAGE_KIND = "pi-delegate-workflow";

/** Folds one session entry (as a session file or an `entry_appended` event holds it). */
export function foldEntry(fold: EntryFold, entry: unknown): void {
	if (!isRecord(entry)) return;
	switch (entry.type) {
		case "message":
			if (isRecord(entry.message)) message(fold, entry.message, entry.timestamp);
			return;
		case "usage": {
			// A workflow run's total, recorded for Pi's footer: its children are counted from their records.
			if (entry.kind === WORKFLOW_USAGE_KIND) return;
			const model = `${String(entry.provider ?? "?")}/${String(entry.model ?? "?")}`;
			const at = timeOf(fold, entry.timestamp);
			usageRecord(fold, entry.kind === "cache_warm" ? "warm" : "other", model, entry.usage, at);
			return;
		}
		case "compaction":
		case "branch_summary": {
			const at = timeOf(fold, entry.timestamp);
			// A summary is made with the session's model; the entry does not say which.
			const model = fold.records.findLast((r) => r.purpose === "turn")?.model ?? "?/?";
			if (isRecord(entry.usage)) usageRecord(fold, "summary", model, entry.usage, at);
			fold.reset = entry.type;
			return;
		}
		case "custom":
			custom(fold, entry);
			return;
	}
}

/**
 * Folds one event of a child's log (Pi's JSON-mode events): assistant and system `message_end`,
 * `entry_appended` (extension entries and cache warming), and a finished `compaction_end`.
 */
export function foldEvent(fold: EntryFold, event: unknown): void {
	if (!isRecord(event)) return;
	if (event.type === "message_end" && isRecord(event.message)) message(fold, event.message, undefined);
	else if (event.type === "entry_appended") foldEntry(fold, event.entry);
	else if (event.type === "compaction_end" && event.aborted !== true && isRecord(event.result)) {
		foldEntry(fold, { type: "compaction", usage: event.result.usage });
	}
}
