/**
 * The command line's flags of a child request, generated from the request table: `run` takes its
 * set, `preview` takes every one of those (a preview is a run that stops before the child starts)
 * and its own, `workflow run` its set. A value outside a field's choices is a usage error.
 */
import { type RequestFlags, readRequestFlags } from "../request/flags.ts";
import { flagOptions, flagUsage } from "../request/generate.ts";
import type { EntryName } from "../request/types.ts";
import { UsageError } from "./command.ts";

export type { RequestFlags };

/** The flags of `run`, `preview` and `workflow run`, as parseArgs takes them. */
export const RUN_FLAGS = flagOptions(["run"]);
export const PREVIEW_FLAGS = flagOptions(["run", "preview"]);
export const WORKFLOW_FLAGS = flagOptions(["workflow-cli"]);

/** The usage lines of a command's request flags, text from `column` on. */
export function requestFlagUsage(entries: readonly EntryName[], column: number): string {
	return flagUsage(entries, column).join("\n");
}

/** The request flags among parsed values, checked; a refusal is a usage error. */
export function requestFlags(values: Record<string, string | boolean | string[] | undefined>): RequestFlags {
	const read = readRequestFlags(values);
	if (!read.ok) throw new UsageError(read.refused);
	return read.flags;
}
