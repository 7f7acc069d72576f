/**
 * What became of a change made on private copies (apply on-pass): the patch kept in the record,
 * whether it reached the real roots, and, where a passed task's change could not, the problem that
 * fails it. Pure.
 */
import { plural } from "../../format/numbers.ts";
import type { RunProblem } from "./verdict.ts";

/** The files a patch touches, by what happens to each. */
export interface PatchFiles {
	added: number;
	modified: number;
	deleted: number;
	renamed: number;
}

/** result.json's `apply`: where the change went. */
export interface ApplyRecord {
	mode: "on-pass";
	/** The directory the patch's paths start from (the root, or the roots' common parent). */
	base: string;
	/** The record's file holding the change, applicable with `git apply`; absent when the child changed nothing. */
	patch?: "changes.patch";
	/** Whether the change is in the real roots. */
	applied: boolean;
	files: PatchFiles;
	/** Why it was not applied. */
	reason?: string;
}

/** "2 modified, 1 added", or "no files". */
export function filesText(files: PatchFiles): string {
	const parts = [
		files.modified > 0 && `${files.modified} modified`,
		files.added > 0 && `${files.added} added`,
		files.deleted > 0 && `${files.deleted} deleted`,
		files.renamed > 0 && `${files.renamed} renamed`,
	].filter(Boolean);
	return parts.length > 0 ? parts.join(", ") : "no files";
}

export const fileCount = (files: PatchFiles) => files.added + files.modified + files.deleted + files.renamed;

/** The problem of a passed task whose change could not be applied: the real root is as it was. */
export function applyProblem(record: ApplyRecord): RunProblem | undefined {
	if (record.applied || record.reason === undefined) return undefined;
	return {
		code: "apply",
		path: ["apply"],
		value: record.base,
		message: `the change (${plural(fileCount(record.files), "file")}) was not applied: ${record.reason}; the real root is as it was`,
		fix: "look at changes.patch in the audit record; `pi-delegate apply RUN` applies it once it fits, or run the task again",
	};
}
