/**
 * What `pi-delegate apply RUN` works from: the run's audit directory (found by id in the runs
 * directory, or given as a path), its result.json's `apply` section, checked against its schema,
 * and its changes.patch, read with a ceiling. Every file is read as data from a directory a child
 * without the sandbox could have written: never through a symlink, never from a FIFO or device,
 * never without bound. Each thing wrong is a problem with the field, the value and the fix.
 */
import { statSync } from "node:fs";
import { basename, join } from "node:path";
import { readJson } from "../json/read.ts";
import type { Problem } from "../problems.ts";
import { InputTooLarge, readRecordTextSync } from "../read-input.ts";
import { runDirectory } from "../run/audit/run-directory.ts";
import { applyRecordOf, PATCH_FILE, type RecordedApply } from "../run/workspace/apply-record.ts";

/** The largest patch `apply` reads: far above any change a child makes, far below what would stall it. */
export const PATCH_LIMIT = 64 * 1024 * 1024;

export interface LoadedRun {
	/** The run's id: its audit directory's name. */
	id: string;
	dir: string;
	record: RecordedApply;
	patch: Buffer;
}

function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

/** Why a record's file could not be read, as a problem about it. */
function unreadable(file: string, error: unknown, missingFix: string): Problem {
	const place = { source: file, path: [] };
	const code = (error as NodeJS.ErrnoException).code;
	if (error instanceof InputTooLarge)
		return {
			...place,
			code: "too_big",
			value: file,
			message: error.message,
			fix: "apply it by hand with git apply after reading it",
		};
	if (code === "ENOENT")
		return { ...place, code: "not_found", value: file, message: "does not exist", fix: missingFix };
	if (code === "ELOOP") {
		const message = "is a symbolic link: a record's file is never read through one, it could lead anywhere";
		return { ...place, code: "unreadable", value: file, message, fix: "read the record as the run wrote it" };
	}
	const why = error instanceof Error ? error.message : String(error);
	return {
		...place,
		code: "unreadable",
		value: file,
		message: `cannot be read: ${why}`,
		fix: "read the record as the run wrote it",
	};
}

/** The record's apply section, or the problems that stop `apply`. */
function readRecord(dir: string): { record: RecordedApply } | { problems: Problem[] } {
	const file = join(dir, "result.json");
	let text: string;
	try {
		text = readRecordTextSync(file);
	} catch (error) {
		return { problems: [unreadable(file, error, "the run never finished: there is no result to apply")] };
	}
	const parsed = readJson(text);
	if (!parsed.ok) {
		const message = `is not JSON: ${parsed.error.reason} (line ${parsed.error.line})`;
		return {
			problems: [
				{
					source: file,
					path: [],
					code: "invalid_syntax",
					value: file,
					message,
					fix: "read the record as the run wrote it",
				},
			],
		};
	}
	const section = applyRecordOf(parsed.value, file);
	if (!section.ok) return { problems: section.problems };
	const { record } = section;
	if (record.mode === "direct") {
		const message = 'is "direct": the child wrote in the root itself, so there is no patch to apply';
		const fix = 'run the task with apply: "on-pass" to have its change kept as a patch';
		return {
			problems: [{ source: file, path: ["apply", "mode"], code: "invalid_value", value: record.mode, message, fix }],
		};
	}
	if (record.patch === undefined) {
		const message = `is missing: the run kept no patch${record.reason ? ` (${record.reason})` : " (it changed nothing)"}`;
		const fix = "nothing to apply; run the task again if a change was expected";
		return { problems: [{ source: file, path: ["apply", "patch"], code: "required", value: undefined, message, fix }] };
	}
	if (!isDirectory(record.base)) {
		const message = "is not a directory: the root the patch was made for is gone";
		const fix = "restore the root at that path, or apply changes.patch by hand with git apply in the root";
		return {
			problems: [{ source: file, path: ["apply", "base"], code: "not_found", value: record.base, message, fix }],
		};
	}
	return { record };
}

/** The run RUN names, with its record and patch, or every problem that stops `apply`. */
export function loadRun(run: string, cwd: string, runsDir: string): LoadedRun | Problem[] {
	const found = runDirectory(run, cwd, runsDir);
	if ("problem" in found) return [found.problem];
	const read = readRecord(found.dir);
	if ("problems" in read) return read.problems;
	const file = join(found.dir, PATCH_FILE);
	try {
		const patch = Buffer.from(readRecordTextSync(file, PATCH_LIMIT), "utf8");
		return { id: basename(found.dir), dir: found.dir, record: read.record, patch };
	} catch (error) {
		return [unreadable(file, error, "the record names a patch it does not hold; the record is incomplete")];
	}
}
