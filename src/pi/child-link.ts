/**
 * Each finished child leaves a custom entry in the parent's session: its id, audit directory,
 * session file, usage and verdict (`CHILD_ENTRY_TYPE`, the entry the meter folds). The entry is
 * never sent to the model; it is what lets the spend view count a child whose audit directory has
 * moved, and what a person follows to open the child's own session (`pi --session <file>`).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { CHILD_ENTRY_TYPE } from "../meter/fold.ts";
import type { TaskResult } from "../run/outcome/result.ts";
import type { ChildUsage } from "../run/types.ts";

/** What the entry holds. */
export interface ChildLinkEntry {
	kind: "task";
	id: string;
	auditDir: string;
	/** The child's session file, when the run left one. */
	sessionFile?: string;
	usage: ChildUsage;
	verdict: string;
	/** The child's prompt-prefix key (plan.prefixKey): a later task of the session with the same key recurs. */
	prefixKey?: string;
}

/** The entry for a finished task; `exists` says whether its session file was written. */
export function childLinkEntry(
	result: TaskResult,
	exists: (path: string) => boolean = existsSync,
	prefixKey?: string,
): ChildLinkEntry {
	const sessionFile = join(result.auditDir, "session.jsonl");
	return {
		kind: "task",
		id: result.id,
		auditDir: result.auditDir,
		...(exists(sessionFile) && { sessionFile }),
		usage: result.metrics.usage,
		verdict: result.verdict,
		...(prefixKey !== undefined && { prefixKey }),
	};
}

/** The prefix keys of the children a session's entries link: the kinds this session has run. */
export function linkedPrefixKeys(entries: readonly unknown[]): Set<string> {
	const keys = new Set<string>();
	for (const entry of entries) {
		if (typeof entry !== "object" || entry === null) continue;
		const { type, customType, data } = entry as {
			type?: unknown;
			customType?: unknown;
			data?: { prefixKey?: unknown };
		};
		if (type === "custom" && customType === CHILD_ENTRY_TYPE && typeof data?.prefixKey === "string")
			keys.add(data.prefixKey);
	}
	return keys;
}

/** Appends the entry to the parent's session; a session that cannot take it must not fail the task. */
export function linkChild(
	pi: { appendEntry(type: string, data: unknown): void },
	result: TaskResult,
	options: { exists?: (path: string) => boolean; prefixKey?: string } = {},
): void {
	try {
		pi.appendEntry(CHILD_ENTRY_TYPE, childLinkEntry(result, options.exists, options.prefixKey));
	} catch {
		// The record on disk (result.json) still holds everything.
	}
}
